import { existsSync, readFileSync } from 'node:fs';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { AppError, HTTP_STATUS } from './errors.js';
import { accessRuleOf } from './access.js';
import { executedRootFields, takesSecret } from './limits.js';
import type { Context } from './context.js';
import type { Logger } from './logger.js';

/**
 * Persisted queries: a registered document may be sent by its hash instead of its text, and a read
 * of public data by an anonymous caller is then answered to a GET with Cache-Control: public, so the
 * browser or a CDN serves repeats.
 *
 * How a request by hash reaches Apollo: persistedQueryRequests (below) checks the hash against the
 * manifest and hands Apollo the request in its own spelling, the hash alone in
 * `extensions.persistedQuery`; Apollo then takes the text from `registeredDocumentsCache`, the
 * manifest itself, which nobody can add to. The text is never put into the request: a GET by hash is
 * passed on as the caller sent it (the web app's spelling), not rewritten to a URL carrying the whole
 * document that Apollo would decode and hash again (about 10 µs of a GET of the doctors list; #22).
 *
 * - Registered = in frontend/src/gql/persisted-documents.json, written by codegen from the client's
 *   documents (`persistedDocuments` of the client preset): `{ "sha256:<hex>": "<document>" }`. Nothing
 *   else is accepted by hash (Apollo's own automatic registration is off), an unknown hash answers
 *   404 PERSISTED_QUERY_NOT_FOUND.
 * - Two spellings: Apollo's `extensions={"persistedQuery":{"version":1,"sha256Hash":"<hex>"}}` and the
 *   GraphQL-over-HTTP `documentId=sha256:<hex>`, with `variables` and `operationName` as usual; by GET
 *   or POST. A GET of a mutation is refused (405): GET never changes anything.
 * - Cache-Control (publicReadCaching): `public, max-age, stale-while-revalidate` only for a GET by hash
 *   of a query whose every root field is @Public() and takes no secret, from a caller without a user or
 *   a key, answered without errors; every other GET by hash gets `private, no-store`.
 */
export interface PersistedDocument {
  text: string;
  operation: OperationDefinitionNode['operation'];
  name: string | undefined;
}

export type PersistedDocuments = Map<string, PersistedDocument>;

const HEX = /^[0-9a-f]{64}$/;
/** "sha256:<hex>" or "<hex>" → "<hex>"; anything else → null. */
const hexOf = (id: unknown): string | null => {
  if (typeof id !== 'string') return null;
  const hex = id.startsWith('sha256:') ? id.slice(7) : id;
  return HEX.test(hex) ? hex : null;
};

/** The text of a registered document by its id ("sha256:<hex>" or "<hex>"), or undefined (the live socket takes the web app's subscriptions by hash too). */
export const registeredText = (documents: PersistedDocuments, id: unknown): string | undefined => {
  const hex = hexOf(id);
  return hex ? documents.get(hex)?.text : undefined;
};

/** Reads the manifest written by codegen; none (a backend built alone) means nothing is registered. */
export function loadPersistedDocuments(file: string, log?: Logger): PersistedDocuments {
  const documents: PersistedDocuments = new Map();
  if (!existsSync(file)) {
    log?.warn({ file }, 'no persisted documents manifest: queries by hash are refused');
    return documents;
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  for (const [id, text] of Object.entries(manifest)) {
    const hex = hexOf(id);
    if (!hex) throw new Error(`persisted documents manifest ${file}: "${id}" is not a sha256 hash`);
    const operation = parse(text).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (!operation) throw new Error(`persisted documents manifest ${file}: ${id} holds no operation`);
    documents.set(hex, { text, operation: operation.operation, name: operation.name?.value });
  }
  return documents;
}

function refuse(res: Response, status: number, error: AppError): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ errors: [{ message: error.message, extensions: { code: error.code, reason: error.reason } }] });
}

const jsonParam = (value: unknown): Record<string, unknown> | null => {
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? parsed as Record<string, unknown> : null;
  } catch {
    return null;
  }
};

/** The hash a request names, in either spelling, or undefined when it names none. */
function requestedId(source: Record<string, unknown> | undefined, extensions: Record<string, unknown> | null): unknown {
  const persisted = extensions?.persistedQuery as Record<string, unknown> | undefined;
  return source?.documentId ?? persisted?.sha256Hash;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The registered documents as Apollo's persisted-query cache (its `persistedQueries.cache`): Apollo
 * asks it for the text of a request by hash. Read-only: Apollo's automatic registration (a text sent
 * with its hash) stores nothing, and persistedQueryRequests refuses an unregistered hash before Apollo.
 * Apollo puts its own prefix before the hash in the key; the hash is the key's last 64 characters.
 */
export function registeredDocumentsCache(documents: PersistedDocuments) {
  return {
    async get(key: string): Promise<string | undefined> {
      return documents.get(key.slice(-64))?.text;
    },
    async set(): Promise<void> {},
    async delete(): Promise<boolean> {
      return false;
    },
  };
}

/**
 * Express middleware before Apollo's on /graphql: a request that names a hash, in either spelling,
 * is refused here unless the hash is registered, and otherwise reaches Apollo as the hash alone in
 * `extensions.persistedQuery` (version 1), any text or documentId it also carried dropped.
 */
export function persistedQueryRequests(documents: PersistedDocuments): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const isGet = req.method === 'GET';
    const query = req.query as Record<string, unknown>;
    const body = (req.body && typeof req.body === 'object' ? req.body : undefined) as Record<string, unknown> | undefined;
    const source = isGet ? query : body;
    const extensions = isGet ? jsonParam(query.extensions) : (body?.extensions as Record<string, unknown> | undefined) ?? null;
    const id = requestedId(source, extensions);
    if (id === undefined) return next();

    const hex = hexOf(id);
    const document = hex ? documents.get(hex) : undefined;
    if (!hex || !document) {
      return refuse(res, HTTP_STATUS.NOT_FOUND, new AppError('PERSISTED_QUERY_NOT_FOUND',
        'No registered operation has this hash: send the document itself by POST, or a hash from this build\'s persisted-documents.json'));
    }
    const persisted = extensions?.persistedQuery as Record<string, unknown> | undefined;
    const asApollo = { ...(isObject(extensions) ? extensions : {}), persistedQuery: { version: 1, sha256Hash: hex } };
    if (isGet) {
      if (document.operation !== 'query') {
        res.setHeader('Allow', 'POST');
        return refuse(res, 405, new AppError('MUTATION_OVER_GET', 'Only queries may be sent by GET; send this operation by POST'));
      }
      // The web app's spelling (the hash alone, in `extensions`) is passed on as it came; any other
      // is rewritten to it, with the caller's variables and operation name.
      const asSent = query.query === undefined && query.documentId === undefined && persisted?.version === 1 && persisted.sha256Hash === hex;
      if (!asSent) {
        const params = new URLSearchParams({ extensions: JSON.stringify(asApollo) });
        for (const name of ['variables', 'operationName'] as const) if (typeof query[name] === 'string') params.set(name, query[name]);
        req.url = `${req.path}?${params}`;
      }
      // Apollo's CSRF guard wants a header a plain cross-site GET cannot carry. A registered read-only
      // document changes nothing and credentials travel in a header, never a cookie: let it through.
      req.headers['x-apollo-operation-name'] = document.name ?? 'persisted';
    } else if (body) {
      delete body.query;
      delete body.documentId;
      body.extensions = asApollo;
    }
    next();
  };
}

export interface PublicCacheOptions {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/** Apollo plugin: the Cache-Control of a GET by hash (see the top of this file). */
export function publicReadCaching(options: PublicCacheOptions): ApolloServerPlugin<Context> {
  const publicValue = `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=${options.staleWhileRevalidateSeconds}`;
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, contextValue, operation, document, schema }) {
          const http = request.http;
          // A GET that named a registered hash in either spelling reaches Apollo with the hash alone in
          // `extensions.persistedQuery` (persistedQueryRequests; an unregistered hash never gets here).
          if (http?.method !== 'GET' || !request.extensions?.persistedQuery) return;
          const body = response.body;
          const clean = body.kind === 'single' && !body.singleResult.errors?.length;
          const anonymous = !contextValue?.user && !(contextValue as { integrator?: unknown } | undefined)?.integrator
            && !http.headers.get('authorization') && !http.headers.get('x-api-key');
          const publicRead = clean && anonymous && operation?.operation === 'query' && !!document
            && executedRootFields(operation.selectionSet, document, request.variables).every((name) => {
              if (name === '__typename') return true;
              const field = schema.getQueryType()?.getFields()[name];
              return !!field && accessRuleOf(schema, 'Query', name) === 'public' && !takesSecret(field.args);
            });
          response.http.headers.set('cache-control', publicRead ? publicValue : 'private, no-store');
        },
      };
    },
  };
}
