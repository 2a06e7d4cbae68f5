import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GraphiQL } from 'graphiql';
import { buildSchema } from 'graphql';
import 'graphiql/style.css';
import sdl from '../../../../../schema.graphql?raw';
import { EXPLORER_QUERY } from '../snippets';
import { explorerFetcher } from './explorerFetcher';

const SCHEMA = buildSchema(sdl);

/**
 * GraphiQL, in its own chunk (with its stylesheet), loaded only when a reader opens it on
 * /developers. It knows the schema from schema.graphql (no introspection needed); answers show
 * everything the server sends, extensions.cost included.
 */
export default function Explorer({ apiKey }: { apiKey: string }) {
  const fetcher = useMemo(() => explorerFetcher(apiKey), [apiKey]);
  const root = useRef<HTMLDivElement>(null);
  const { t } = useTranslation('developers');
  // GraphiQL's editors (CodeMirror, created a moment later) come without names for screen readers:
  // each gets one in the reader's language, and each scrolling pane a keyboard stop.
  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    const names: [string, string][] = [
      ['.graphiql-query-editor', t('explorer.queryEditor')], ['.graphiql-editor-tool', t('explorer.variablesEditor')], ['.graphiql-response', t('explorer.answerEditor')],
    ];
    const name = () => {
      for (const [where, label] of names) {
        el.querySelectorAll(`${where} textarea`).forEach((area) => area.setAttribute('aria-label', label));
        el.querySelectorAll<HTMLElement>(`${where} .CodeMirror-scroll`).forEach((pane) => {
          if (pane.tabIndex !== 0) pane.tabIndex = 0;
          pane.setAttribute('aria-label', label);
        });
      }
    };
    name();
    const watch = new MutationObserver(name);
    watch.observe(el, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [t]);
  return (
    <div className="explorer" ref={root}>
      <GraphiQL fetcher={fetcher} schema={SCHEMA} defaultQuery={EXPLORER_QUERY} forcedTheme="light" isHeadersEditorEnabled={false} />
    </div>
  );
}
