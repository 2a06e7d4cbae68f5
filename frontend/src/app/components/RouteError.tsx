import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import StateView from './StateView';

/** What a page that failed shows: a chunk that failed to load (a redeploy, a lost connection) or a crash. Part of the shell, so it works offline. */
export default function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = error instanceof Error && /dynamically imported module|Loading chunk|Failed to fetch/i.test(error.message);
  const detail = error instanceof Error ? error.message : '';
  return (
    <StateView
      title={chunk ? t('state.chunkFailed') : t('state.unexpected')}
      hint={chunk ? undefined : detail}
      action={<button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>{t('state.reload')}</button>}
    />
  );
}

/**
 * The error boundary of every route: the page that threw (or whose chunk failed) is replaced by
 * RouteError; moving to another address (`resetKey`, the path) tries again.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; failedAt: string | null }> {
  state = { error: undefined as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; failedAt: string | null }) {
    if (state.failedAt === null && state.error !== undefined) return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: undefined, failedAt: null };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.error !== undefined ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
