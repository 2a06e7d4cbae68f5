import { execute, GraphQLError, Source, valueFromASTUntyped, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';

/**
 * Every query runs compiled (graphql-jit), whoever wrote it: the web app's registered documents and
 * an integrator's own alike. A compiled operation is a function that reads its fields directly,
 * instead of graphql-js walking the document for every row and field (a page of 20 doctor cards:
 * about 250 µs of execution in graphql-js, 45 µs compiled). Compiling costs about as much as parsing
 * and validating the document (0.5–1 ms for the doctors card), so it pays from the second run on.
 *
 * What is kept is bounded however many documents callers invent (`CompiledDocuments`):
 * - a document is compiled the second time it runs, not the first: a one-off (a fuzzer's, an
 *   attacker's stream of unique documents, a developer trying a query once) runs in graphql-js and
 *   costs no compile; an application's query repeats and is compiled from its second request on;
 * - compiled documents are kept least recently used first out, at most `maxDocuments` and at most
 *   `maxCodeChars` characters of generated code in all (about 1.5 bytes of heap each before it runs);
 * - a document whose compiled code is larger than `maxDocumentCodeChars` (many aliases of large
 *   fragments) is not kept: it is remembered as not worth compiling and keeps graphql-js;
 * - the documents seen once are remembered by key only, at most `maxSeen` of them.
 * Apollo parses and validates before this (its own document cache, 30 MiB) and the shape limits
 * (common/graphql-limits.ts) bound every document that gets here.
 *
 * The key is Apollo's hash of the document's text (`queryHash`, SHA-256, computed for every request
 * anyway) with the operation's name: one document may hold several operations.
 *
 * Mutations keep graphql-js: each runs once per action and spends its time in its writes.
 *
 * Apollo Server lets an executor in only through its gateway seam: this is a gateway that serves
 * Nirog's own schema (Apollo still parses, validates, runs every plugin hook and formats the errors).
 */
export function compiledQueriesGateway(schema: GraphQLSchema, limits: Partial<CompiledDocumentLimits> = {}): GatewayInterface & { compiled: CompiledDocuments } {
  const compiled = new CompiledDocuments(schema, limits);

  const executor: GatewayExecutor = async (rc) => {
    const query = rc.operation.operation === 'query' ? compiled.get(rc.queryHash, rc.operation, rc.document) : null;
    const result = query && (await query.run(rc.context, rc.request.variables ?? {}));
    if (result) return result.errors ? { ...result, errors: result.errors.map((e) => asGraphQLError(e, rc.source)) } : result;
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
    compiled,
  };
}

export interface CompiledDocumentLimits {
  /** Compiled documents kept, at most. */
  maxDocuments: number;
  /** Characters of generated code kept in all, at most. */
  maxCodeChars: number;
  /** A document compiling to more than this is not kept (it keeps graphql-js). */
  maxDocumentCodeChars: number;
  /** Documents remembered as seen once (by key), at most. */
  maxSeen: number;
}

/**
 * The web app's whole set of 70 queries compiles to 1.4 M characters (the largest 65 k); an
 * integrator's doctors card to 19 k. These limits keep about three times the web app's set, 6–12 MB of
 * heap with the functions' bytecode, and nothing a caller sends can make them hold more.
 */
export const COMPILED_DOCUMENT_LIMITS: CompiledDocumentLimits = {
  maxDocuments: 500,
  maxCodeChars: 4_000_000,
  maxDocumentCodeChars: 256_000,
  maxSeen: 2_000,
};

/**
 * A compiled operation, ready to run with a request's context and variables. Its answer, or null
 * when it refused the variables (a string for an Int, a missing one) before any resolver ran:
 * graphql-js then words that refusal as it always does (BAD_USER_INPUT).
 */
export interface CompiledOperation {
  run(context: unknown, variables: Record<string, unknown>): Promise<ExecutionResult | null>;
}

interface Kept {
  operation: CompiledOperation | null;
  weight: number;
}

/** What a document that is not kept compiled weighs in the cache (its key, roughly). */
const MARKER_WEIGHT = 100;

export class CompiledDocuments {
  private readonly limits: CompiledDocumentLimits;
  /** Least recently used first (a Map keeps insertion order; a hit moves its entry to the end). */
  private readonly kept = new Map<string, Kept>();
  private readonly seen = new Set<string>();
  private weight = 0;
  private compilations = 0;
  private refusedVariables = 0;

  constructor(private readonly schema: GraphQLSchema, limits: Partial<CompiledDocumentLimits> = {}) {
    this.limits = { ...COMPILED_DOCUMENT_LIMITS, ...limits };
  }

  /**
   * The compiled operation for this document and operation, or null: the document's first run, a
   * document graphql-jit cannot compile or that compiles too large. `hash` is Apollo's hash of the
   * document's text.
   */
  get(hash: string, operation: OperationDefinitionNode, document: DocumentNode): CompiledOperation | null {
    const key = `${hash}:${operation.name?.value ?? ''}`;
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.operation;
    }
    if (!this.seen.has(key)) {
      this.remember(key);
      return null;
    }
    this.seen.delete(key);
    const entry = this.compile(document, operation);
    this.keep(key, entry);
    return entry.operation;
  }

  /** What the cache holds now (tests, and the figures in docs/performance.md). */
  stats(): { documents: number; compiled: number; codeChars: number; seen: number; compilations: number; refusedVariables: number } {
    let compiled = 0;
    for (const entry of this.kept.values()) if (entry.operation) compiled++;
    return {
      documents: this.kept.size, compiled, codeChars: this.weight - (this.kept.size - compiled) * MARKER_WEIGHT, seen: this.seen.size,
      compilations: this.compilations, refusedVariables: this.refusedVariables,
    };
  }

  private remember(key: string): void {
    this.seen.add(key);
    // The oldest first out (a Set keeps insertion order).
    if (this.seen.size > this.limits.maxSeen) this.seen.delete(this.seen.values().next().value!);
  }

  private compile(document: DocumentNode, operation: OperationDefinitionNode): Kept {
    this.compilations++;
    // `debug` makes graphql-jit hand back the generated code's text, the one measure of what the
    // compiled functions hold; only its length is kept.
    const result = compileQuery(this.schema, document, operation.name?.value, { debug: true } as never);
    if (!isCompiledQuery(result)) return { operation: null, weight: MARKER_WEIGHT };
    const code = (result as { __DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation?: string }).__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation;
    const weight = code?.length ?? document.loc?.source.body.length ?? 0;
    if (weight > this.limits.maxDocumentCodeChars) return { operation: null, weight: MARKER_WEIGHT };
    const query = result.query;
    const defaults = defaultsOf(operation);
    const run = async (context: unknown, variables: Record<string, unknown>) => {
      const result = (await query(undefined, context, withDefaults(defaults, variables))) as ExecutionResult;
      // An execution always answers `data` (null at worst); refused variables answer errors alone.
      if ('data' in result) return result;
      this.refusedVariables++;
      return null;
    };
    return { weight, operation: { run } };
  }

  private keep(key: string, entry: Kept): void {
    this.kept.set(key, entry);
    this.weight += entry.weight;
    const { maxDocuments, maxCodeChars } = this.limits;
    for (const [oldest, old] of this.kept) {
      if (this.kept.size <= maxDocuments && this.weight <= maxCodeChars) break;
      this.kept.delete(oldest);
      this.weight -= old.weight;
    }
  }
}

type Defaults = [string, unknown][];

/** The operation's defaults for its variables (`$includeInactive: Boolean! = false`), read once. */
function defaultsOf(operation: OperationDefinitionNode): Defaults {
  return (operation.variableDefinitions ?? []).filter((d) => d.defaultValue).map((d) => [d.variable.name.value, valueFromASTUntyped(d.defaultValue!)]);
}

/**
 * The variables with the document's defaults for those left out, as a caller would write them:
 * graphql-jit refuses a non-null variable with a default that is not sent.
 */
function withDefaults(defaults: Defaults, given: Record<string, unknown>): Record<string, unknown> {
  let variables = given;
  for (const [name, value] of defaults) {
    if (variables[name] !== undefined) continue;
    if (variables === given) variables = { ...given };
    variables[name] = value;
  }
  return variables;
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
