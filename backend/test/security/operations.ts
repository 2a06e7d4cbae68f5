import { randomUUID } from 'node:crypto';
import {
  getNamedType, isCompositeType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType,
  type GraphQLArgument, type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import request from 'supertest';
import type { TestApp } from '../app.js';
import type { RestRouteInfo } from '../../src/common/rest.js';
import { LiveTestClient } from '../live.js';
import { ERROR_REASONS, type ErrorReason } from '../../src/common/error-reasons.js';

/**
 * Every operation of the API, enumerated from the built schema and the REST route registry (never
 * from a hand-kept list), and a way to call each one: used by the authorization matrix and the fuzzer.
 */
export type OpKind = 'Query' | 'Mutation' | 'Subscription';
export interface GraphqlOp {
  key: string; // "Query.me"
  kind: OpKind;
  name: string;
  field: GraphQLField<unknown, unknown>;
}

export function graphqlOperations(schema: GraphQLSchema): GraphqlOp[] {
  const out: GraphqlOp[] = [];
  for (const kind of ['Query', 'Mutation', 'Subscription'] as const) {
    const type = kind === 'Query' ? schema.getQueryType() : kind === 'Mutation' ? schema.getMutationType() : schema.getSubscriptionType();
    for (const [name, field] of Object.entries(type?.getFields() ?? {})) out.push({ key: `${kind}.${name}`, kind, name, field });
  }
  return out;
}

export const restKey = (r: RestRouteInfo) => `${r.method.toUpperCase()} ${r.path}`;

/** The marker for an Upload value: sent as a real file part of a multipart request. */
export const UPLOAD = Symbol('upload');

/** The smallest well-typed value of an input type (required fields only). */
export function minimalValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return minimalValue(type.ofType);
  if (isListType(type)) return [minimalValue(type.ofType)];
  if (isInputObjectType(type)) {
    const obj: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(type.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined) obj[name] = minimalValue(f.type);
    }
    return obj;
  }
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID': return randomUUID();
      case 'Int': return 1;
      case 'Float': return 1.5;
      case 'Boolean': return true;
      case 'DateTimeISO': return new Date(Date.now() + 86_400_000).toISOString();
      case 'Upload': return UPLOAD;
      default: return 'x';
    }
  }
  throw new Error(`no value for ${String(type)}`);
}

export function requiredArgs(field: GraphQLField<unknown, unknown>): GraphQLArgument[] {
  return field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
}

/** `mutation Op($a: T!) { name(a: $a) { __typename } }` over the given arguments. */
export function documentFor(op: GraphqlOp, args: GraphQLArgument[] = requiredArgs(op.field)): string {
  const defs = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isCompositeType(getNamedType(op.field.type)) ? ' { __typename }' : '';
  return `${op.kind.toLowerCase()} Op${defs ? `(${defs})` : ''} { ${op.name}${call ? `(${call})` : ''}${selection} }`;
}

export function minimalVariables(op: GraphqlOp): Record<string, unknown> {
  return Object.fromEntries(requiredArgs(op.field).map((a) => [a.name, minimalValue(a.type)]));
}

export interface CallResult {
  status: number;
  body: any;
  /** extensions.code of the first GraphQL error, or the REST body's code. */
  code?: string;
  reason?: string;
  message?: string;
}

/** Finds UPLOAD markers; answers the paths for the multipart "map". */
function uploadPaths(value: unknown, prefix: string, out: string[]): unknown {
  if (value === UPLOAD) {
    out.push(prefix);
    return null;
  }
  if (Array.isArray(value)) return value.map((v, i) => uploadPaths(v, `${prefix}.${i}`, out));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, uploadPaths(v, `${prefix}.${k}`, out)]));
  }
  return value;
}

const CLOSES: Record<number, { status: number; code: string }> = {
  4401: { status: 401, code: 'UNAUTHENTICATED' }, 4403: { status: 403, code: 'FORBIDDEN' }, 1009: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
};

/** One live socket per credential (and test app): subscriptions are called over it, one at a time. */
const sockets = new WeakMap<TestApp, Map<string, LiveTestClient>>();

/**
 * A subscription over the live socket: its first answer is SYNC once it got past its checks, or its
 * refusal (errors, or the socket's close when the credential itself was refused). Then completed.
 */
async function callSubscription(t: TestApp, credential: string | undefined, query: string, variables: Record<string, unknown>): Promise<CallResult> {
  let byApp = sockets.get(t);
  if (!byApp) sockets.set(t, (byApp = new Map()));
  const key = credential ?? '';
  let socket = byApp.get(key);
  if (!socket || socket.closes.length) {
    socket = new LiveTestClient(await t.liveUrl(), credential ? { Authorization: `Bearer ${credential}` } : {});
    byApp.set(key, socket);
  }
  const sub = socket.subscribe(query, variables);
  try {
    const first = await sub.first(20_000);
    const err = first.errors?.[0];
    // A refusal of the socket itself: its close code as the HTTP door would answer (a message over
    // the socket's size limit is closed 1009, "message too big").
    const closeCode = err?.extensions?.closeCode as number | undefined;
    if (closeCode === undefined) return { status: 200, body: first, code: err?.extensions?.code, reason: err?.extensions?.reason, message: err?.message };
    const reason = err?.extensions?.reason || undefined;
    // The server's close reasons are its error reasons (TOKEN_EXPIRED on a 4403 is still UNAUTHENTICATED).
    const known = reason && reason in ERROR_REASONS ? ERROR_REASONS[reason as ErrorReason].code : undefined;
    const closed = { ...(CLOSES[closeCode] ?? { status: 500, code: `CLOSED_${closeCode}` }), ...(known ? { code: known } : {}) };
    const message = `The socket was closed (${closeCode}${reason ? ` ${reason}` : ''})`;
    return { status: closed.status, body: { errors: [{ message, extensions: { code: closed.code, reason } }] }, code: closed.code, reason, message };
  } finally {
    sub.stop();
  }
}

export async function callGraphql(t: TestApp, token: string | undefined, query: string, variables: Record<string, unknown>, opts: { ip?: string; file?: Buffer } = {}): Promise<CallResult> {
  if (/^\s*subscription\b/.test(query)) return callSubscription(t, token, query, variables);
  const paths: string[] = [];
  const vars = uploadPaths(variables, 'variables', paths) as Record<string, unknown>;
  let req = t.http().post('/graphql');
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  if (opts.ip) req = req.set('X-Forwarded-For', opts.ip);
  let res: request.Response;
  if (paths.length) {
    req = req.set('apollo-require-preflight', 'true')
      .field('operations', JSON.stringify({ query, variables: vars }))
      .field('map', JSON.stringify(Object.fromEntries(paths.map((p, i) => [String(i), [p]]))));
    paths.forEach((_, i) => { req = req.attach(String(i), opts.file ?? Buffer.from('not really an image'), `f${i}.png`); });
    res = await req;
  } else {
    res = await req.set('Content-Type', 'application/json').send({ query, variables: vars });
  }
  const err = res.body?.errors?.[0];
  return { status: res.status, body: res.body, code: err?.extensions?.code, reason: err?.extensions?.reason, message: err?.message };
}

export function pathWithParams(path: string, value: (name: string) => string = (n) => (n === 'token' ? 'x'.repeat(43) : randomUUID())): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value(name)));
}

export async function callRest(t: TestApp, token: string | undefined, route: RestRouteInfo, path: string, body?: unknown, opts: { ip?: string; raw?: string; contentType?: string } = {}): Promise<CallResult> {
  let req = t.http()[route.method](`/api${path}`);
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  if (opts.ip) req = req.set('X-Forwarded-For', opts.ip);
  let res: request.Response;
  if (opts.raw !== undefined) res = await req.set('Content-Type', opts.contentType ?? 'application/json').send(opts.raw);
  else if (route.method === 'get' || route.method === 'delete') res = await req;
  else res = await req.send((body ?? {}) as object);
  const json = typeof res.body === 'object' && res.body !== null ? res.body : {};
  return { status: res.status, body: json, code: json.code, reason: json.reason, message: json.message };
}
