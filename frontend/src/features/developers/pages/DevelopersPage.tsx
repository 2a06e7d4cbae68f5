import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRATOR_SCOPES, scopeCode } from '@/lib/integratorScopes';
import Prose from '../components/Prose';
import SchemaReference from '../components/SchemaReference';
import { COST_EXTENSION, DELIVERY, ERROR_CODES, FIRST_REQUEST, LIVE_FOLLOW, SUBSCRIBE, THROTTLED_ANSWER, VERIFY, WEBHOOK_EVENTS } from '../snippets';
import '../i18n';
import '../developers.css';

// GraphiQL and its stylesheet: a chunk of their own, fetched when the reader opens the explorer.
const Explorer = lazy(() => import('../components/Explorer'));
const KEY_FORMAT = 'nrg_live_…';
const SECTIONS = ['key', 'auth', 'scopes', 'quotas', 'webhooks', 'live', 'errors', 'reference', 'explorer', 'example'] as const;

/** A failed download of the explorer's chunk says so, instead of taking the page down. */
class ExplorerBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Code({ children, label }: { children: string; label?: string }) {
  return <pre className="dev-code" tabIndex={0} aria-label={label}><code>{children}</code></pre>;
}

function Section({ id, children }: { id: (typeof SECTIONS)[number]; children: ReactNode }) {
  const { t } = useTranslation('developers');
  return (
    <section className="dev-section" aria-labelledby={`dev-${id}`}>
      <h2 id={`dev-${id}`}>{t(`nav.${id}`)}</h2>
      {children}
    </section>
  );
}

/**
 * /developers: the integrator's guide. Getting a key, authentication, scopes, quotas, webhooks and
 * their signatures, live updates (subscriptions), errors, a searchable reference read from schema.graphql, and an explorer
 * (GraphiQL) that runs queries against this server with the reader's key.
 */
export default function DevelopersPage() {
  const { t } = useTranslation('developers');
  const [apiKey, setApiKey] = useState('');
  const [explorerOpen, setExplorerOpen] = useState(false);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="dev-page">
      <header className="dev-head">
        <h1>{t('title')}</h1>
        <Prose text={t('lead')} />
      </header>
      <nav className="dev-toc" aria-label={t('contents')}>
        <ol>{SECTIONS.map((s) => <li key={s}><a href={`#dev-${s}`}>{t(`nav.${s}`)}</a></li>)}</ol>
      </nav>

      <Section id="key">
        <Prose text={t('key.p1')} />
        <Prose text={t('key.p2')} />
      </Section>

      <Section id="auth">
        <Prose text={t('auth.p1')} />
        <Prose text={t('auth.p2')} />
        <h3>{t('auth.sample')}</h3>
        <Code label={t('auth.sample')}>{FIRST_REQUEST(origin)}</Code>
      </Section>

      <Section id="scopes">
        <Prose text={t('scopes.p1')} />
        <Prose text={t('scopes.p2')} />
        <Prose text={t('scopes.p3')} />
        <div className="dev-table-wrap" tabIndex={0} role="region" aria-label={t('nav.scopes')}>
          <table className="dev-table">
            <thead><tr><th scope="col">{t('scopes.scope')}</th><th scope="col">{t('scopes.opens')}</th></tr></thead>
            <tbody>
              {INTEGRATOR_SCOPES.map((s) => <tr key={s}><td><code>{scopeCode(s)}</code></td><td>{t(`scopes.list.${s}`)}</td></tr>)}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="quotas">
        <Prose text={t('quotas.p1')} />
        <Prose text={t('quotas.p2')} />
        <Prose text={t('quotas.p3')} />
        <Code label={t('quotas.p3')}>{COST_EXTENSION}</Code>
        <Prose text={t('quotas.p4')} />
        <Code label={t('quotas.p4')}>{THROTTLED_ANSWER}</Code>
      </Section>

      <Section id="webhooks">
        <Prose text={t('webhooks.p1')} />
        <Code label={t('webhooks.p1')}>{SUBSCRIBE}</Code>
        <h3>{t('webhooks.events')}</h3>
        <div className="dev-table-wrap" tabIndex={0} role="region" aria-label={t('webhooks.events')}>
          <table className="dev-table">
            <thead><tr><th scope="col">{t('webhooks.event')}</th><th scope="col">{t('webhooks.object')}</th><th scope="col">{t('webhooks.scope')}</th></tr></thead>
            <tbody>
              {WEBHOOK_EVENTS.map((e) => (
                <tr key={e.event}>
                  <td><code>{e.event}</code><div className="muted">{t(`webhooks.list.${e.event}`)}</div></td>
                  <td><code>{e.object}</code></td>
                  <td><code>{e.scope}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Prose text={t('webhooks.p2')} />
        <h3>{t('webhooks.body')}</h3>
        <Code label={t('webhooks.body')}>{DELIVERY}</Code>
        <Prose text={t('webhooks.p3')} />
        <h3>{t('webhooks.verify')}</h3>
        <Code label={t('webhooks.verify')}>{VERIFY}</Code>
        <Prose text={t('webhooks.p4')} />
      </Section>

      <Section id="live">
        <Prose text={t('live.p1')} />
        <h3>{t('live.sample')}</h3>
        <Code label={t('live.sample')}>{LIVE_FOLLOW(origin)}</Code>
        <Prose text={t('live.p2')} />
        <Prose text={t('live.p3')} />
      </Section>

      <Section id="errors">
        <Prose text={t('errors.p1')} />
        <div className="dev-table-wrap" tabIndex={0} role="region" aria-label={t('nav.errors')}>
          <table className="dev-table">
            <thead><tr><th scope="col">{t('errors.code')}</th><th scope="col">{t('errors.status')}</th><th scope="col">{t('errors.when')}</th></tr></thead>
            <tbody>
              {ERROR_CODES.map((e) => <tr key={e.code}><td><code>{e.code}</code></td><td><code>{e.status}</code></td><td>{t(`errors.codes.${e.code}`)}</td></tr>)}
            </tbody>
          </table>
        </div>
        <Prose text={t('errors.p2')} />
      </Section>

      <Section id="reference">
        <p>{t('reference.intro')}</p>
        <SchemaReference />
      </Section>

      <Section id="explorer">
        <p>{t('explorer.intro')}</p>
        <form className="dev-explorer-form" noValidate onSubmit={(e) => { e.preventDefault(); setExplorerOpen(true); }}>
          <label>
            <span>{t('explorer.key')}</span>
            <input type="password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder={KEY_FORMAT}
              autoComplete="off" spellCheck={false} name="nirog-app-key" />
          </label>
          {!explorerOpen && <button type="submit" className="btn btn-primary">{t('explorer.open')}</button>}
        </form>
        {explorerOpen && (
          <ExplorerBoundary fallback={<p role="alert">{t('explorer.failed')}</p>}>
            <Suspense fallback={<p role="status">{t('explorer.loading')}</p>}>
              <section aria-label={t('explorer.title')}>
                <Explorer apiKey={apiKey} />
              </section>
            </Suspense>
          </ExplorerBoundary>
        )}
      </Section>

      <Section id="example">
        <Prose text={t('example.p1')} />
      </Section>
    </div>
  );
}
