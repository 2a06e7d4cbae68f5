import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import StateView from './StateView';

/** The error boundary of every route: a chunk that failed to load, a 404, or a crash. Part of the shell, so it works offline. */
export default function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof Error && /dynamically imported module|Loading chunk|Failed to fetch/i.test(error.message);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StateView code="404" title={t('state.notFound')} hint={t('state.notFoundHint')} action={<a className="btn" href="/">{t('state.backHome')}</a>} />;
  }
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <StateView
      title={chunk ? t('state.chunkFailed') : t('state.unexpected')}
      hint={chunk ? undefined : detail}
      action={<button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>{t('state.reload')}</button>}
    />
  );
}
