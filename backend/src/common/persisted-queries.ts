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
  /**
   * `documentId=sha256%3A<hex>&query=<the text, encoded>`: the query string a GET by this hash is
   * rewritten to, encoded once here rather than on every request (about 8 µs a request for the
   * doctors document; issue #22).
   */
  search: string;
}

export type PersistedDocuments = Map<string, PersistedDocument>;

const HEX = /^[0-9a-f]{64}$/;
/** "sha256:<hex>" or "<hex>" → "<hex>"; anything else → null. */
const hexOf = (id: unknown): string | null => {
  if (typeof id !== 'string') return null;
  const hex = id.startsWith('sha256:') ? id.slice(7) : id;
  return HEX.test(hex) ? hex : null;
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
    const search = new URLSearchParams({ documentId: `sha256:${hex}`, query: text }).toString();
    documents.set(hex, { text, operation: operation.operation, name: operation.name?.value, search });
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

/**
 * Express middleware before Apollo's on /graphql: a request by hash becomes the registered document's
 * text (GET: in the URL Apollo reads; POST: in the body), or is refused here.
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
    if (isGet) {
      if (document.operation !== 'query') {
        res.setHeader('Allow', 'POST');
        return refuse(res, 405, new AppError('MUTATION_OVER_GET', 'Only queries may be sent by GET; send this operation by POST'));
      }
      // documentId comes first: publicReadCaching tells a GET by hash by that prefix alone.
      const params = new URLSearchParams();
      for (const name of ['variables', 'operationName'] as const) if (typeof query[name] === 'string') params.set(name, query[name]);
      req.url = `${req.path}?${document.search}${params.size ? `&${params}` : ''}`;
      // Apollo's CSRF guard wants a header a plain cross-site GET cannot carry. A registered read-only
      // document changes nothing and credentials travel in a header, never a cookie: let it through.
      req.headers['x-apollo-operation-name'] = document.name ?? 'persisted';
    } else if (body) {
      body.query = document.text;
      delete body.documentId;
      if (extensions && typeof extensions === 'object') delete extensions.persistedQuery;
    }
    next();
  };
}

export interface PublicCacheOptions {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/** How every rewritten GET by hash begins (`?documentId=sha256%3A`), spelled by the same encoder. */
const BY_HASH = `?${new URLSearchParams({ documentId: 'sha256:' })}`;

/** Apollo plugin: the Cache-Control of a GET by hash (see the top of this file). */
export function publicReadCaching(options: PublicCacheOptions): ApolloServerPlugin<Context> {
  const publicValue = `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=${options.staleWhileRevalidateSeconds}`;
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, contextValue, operation, document, schema }) {
          const http = request.http;
          // A GET that named a hash in either spelling reaches Apollo rewritten by persistedQueryRequests,
          // its query string starting with documentId (a GET naming a hash that is not registered never
          // gets here); a GET with the document's text never starts so. One prefix test rather than a
          // third parse of a query string that holds the whole document.
          if (http?.method !== 'GET' || !http.search.startsWith(BY_HASH)) return;
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
