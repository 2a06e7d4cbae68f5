import { useMemo } from 'react';
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
  return (
    <div className="explorer">
      <GraphiQL fetcher={fetcher} schema={SCHEMA} defaultQuery={EXPLORER_QUERY} forcedTheme="light" isHeadersEditorEnabled={false} />
    </div>
  );
}
