import { execute, getVariableValues, GraphQLError, Source, valueFromASTUntyped, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import type { PersistedDocuments } from './persisted-queries.js';

/**
 * The web app's registered queries (persisted-documents.json, common/persisted-queries.ts) run
 * compiled (graphql-jit): each operation is turned once into a function that reads its fields
 * directly, instead of graphql-js walking the document for every row and field (a page of 20 doctor
 * cards: 250 µs of execution → 45 µs). Everything else (mutations, and any document the web app did
 * not register: integrators' own queries) runs through graphql-js as before. Only registered
 * documents are compiled, so what is kept is bounded by the build, never by callers.
 *
 * Apollo Server lets an executor in only through its gateway seam: this is a gateway that serves
 * Nirog's own schema (Apollo still parses, validates, runs every plugin hook and formats the errors).
 * Mutations keep graphql-js, where Apollo's per-field hooks (the admin audit) run.
 */
export function compiledQueriesGateway(schema: GraphQLSchema, registered: PersistedDocuments): GatewayInterface & { compiledOperations(): number } {
  const compiled = new Map<string, CompiledQuery | null>();

  const compiledFor = (hash: string, rc: Parameters<GatewayExecutor>[0]): CompiledQuery | null => {
    const key = `${hash}:${rc.operationName ?? ''}`;
    let query = compiled.get(key);
    if (query === undefined) {
      const result = compileQuery(schema, rc.document, rc.operationName ?? undefined);
      // A document graphql-jit cannot compile simply keeps graphql-js.
      query = isCompiledQuery(result) ? result : null;
      compiled.set(key, query);
    }
    return query;
  };

  // The document's defaults for variables left out (`$includeInactive: Boolean! = false`), as a caller
  // would write them: graphql-jit refuses a non-null variable with a default that is not sent.
  const withDefaults = (rc: Parameters<GatewayExecutor>[0]) => {
    const given = rc.request.variables ?? {};
    const defaults = (rc.operation.variableDefinitions ?? [])
      .filter((d) => d.defaultValue && given[d.variable.name.value] === undefined)
      .map((d) => [d.variable.name.value, valueFromASTUntyped(d.defaultValue!)]);
    return defaults.length ? { ...Object.fromEntries(defaults), ...given } : given;
  };

  // Variables graphql-js would refuse go to graphql-js, which words the refusal as always (BAD_USER_INPUT).
  const variablesAccepted = (rc: Parameters<GatewayExecutor>[0]) =>
    !getVariableValues(schema, rc.operation.variableDefinitions ?? [], rc.request.variables ?? {}).errors;

  const executor: GatewayExecutor = async (rc) => {
    const query = rc.operation.operation === 'query' && registered.has(rc.queryHash) && variablesAccepted(rc) ? compiledFor(rc.queryHash, rc) : null;
    if (query) {
      const result = (await query.query(undefined, rc.context, withDefaults(rc))) as ExecutionResult;
      return result.errors ? { ...result, errors: result.errors.map((e) => asGraphQLError(e, rc.source)) } : result;
    }
    return execute({ schema, document: rc.document, contextValue: rc.context, variableValues: rc.request.variables, operationName: rc.request.operationName });
  };

  return {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async stop() {},
    /** How many registered operations have run compiled so far (tests; a document graphql-jit refused is not counted). */
    compiledOperations: () => [...compiled.values()].filter(Boolean).length,
  };
}

/**
 * graphql-jit's errors carry the message, path, locations and the resolver's own error, but not all
 * of a graphql-js GraphQLError (no `extensions` object when the error has none, no source): the same
 * error as graphql-js makes it, so Apollo and formatError (app.ts) treat both executions alike.
 */
function asGraphQLError(error: GraphQLError, text: string): GraphQLError {
  const lines = text.split('\n');
  const positions = (error.locations ?? []).map(({ line, column }) => lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1);
  return new GraphQLError(error.message, {
    source: positions.length ? new Source(text) : undefined,
    positions: positions.length ? positions : undefined,
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions ?? undefined,
  });
}
