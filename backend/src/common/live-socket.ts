import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GraphQLError, Kind, createSourceEventStream, execute, getOperationAST, getVariableValues, parse, specifiedRules, validate,
  type DocumentNode, type ExecutionArgs, type ExecutionResult, type FragmentDefinitionNode, type GraphQLFormattedError, type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { CloseCode, type Context as SocketContext } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import proxyaddr from 'proxy-addr';
import type { Config } from '../config.js';
import type { Context } from './context.js';
import type { AuthUser } from './roles.js';
import type { IntegratorIdentity } from './scopes.js';
import type { Logger } from './logger.js';
import { AppError, toAppError, wrongTransport } from './errors.js';
import { actualCost, measureOperation, queryLimitRules } from './graphql-limits.js';
import { requestContext } from './request-context.js';
import { liveConnections, liveRefusals, liveSubscriptions, liveUpdates } from './metrics.js';

/**
 * GraphQL subscriptions over WebSocket (the graphql-transport-ws protocol of graphql-ws), on the HTTP
 * server's own port at /graphql, beside the HTTP door. What they carry is common/live.ts's.
 *
 * - Who: connection_init's payload carries what a request's headers would (`{ "Authorization":
 *   "Bearer <token or app key>" }` or `{ "X-Api-Key": "nrg_live_…" }`), checked as a request is; a
 *   connection without one is a visitor's. The session or key is checked again every
 *   LIVE_SESSION_CHECK_SECONDS: logged out, revoked or rejected closes with 4401 (the client stops);
 *   an expired access token, or a caller whose role or scopes changed, with 4403 (the client connects
 *   again, with a refreshed token). Each subscription field has its access rule and app scope as a
 *   query does.
 * - By text, or, for the web app's own documents, by their registered hash (`extensions.persistedQuery.
 *   sha256Hash`, as its public reads go; an unknown one is PERSISTED_QUERY_NOT_FOUND).
 * - Only subscriptions: queries and mutations keep their HTTP door (its limits, quota and metrics);
 *   sent here they are refused (WRONG_TRANSPORT).
 * - Limits: per address (LIVE_CONNECTIONS_PER_IP, refused 429 at the upgrade), per account or app
 *   (LIVE_CONNECTIONS_PER_USER, closed 1013 "try again later"), subscriptions per connection
 *   (TOO_MANY_SUBSCRIPTIONS), each operation's cost (LIVE_MAX_COST, with the depth, alias and token
 *   limits of every document), an app's cost budget charged at subscribe and per event (THROTTLED
 *   ends the subscription), connection_init within LIVE_INIT_TIMEOUT_SECONDS. Counted per process:
 *   a process protects its own sockets and memory, and the proxy spreads clients over replicas.
 * - Heartbeats: a ping every LIVE_HEARTBEAT_SECONDS; a socket that did not answer the last one is
 *   dropped (a phone that lost its signal leaves no subscription behind).
 * - Stopping: new upgrades are refused (503) and every socket is closed with 1012 "service restart";
 *   clients reconnect through the proxy to another replica and start again with SYNC.
 * - Origins: a browser's socket must come from this site (its Host, PUBLIC_URL's origins, CORS_ORIGINS);
 *   apps send no Origin. Tokens travel in the payload, never in cookies, so another site's page
 *   could not act as a user anyway: this keeps it from even holding sockets open.
 */

/** Who a live connection is. */
export interface LiveCaller {
  user: AuthUser | null;
  integrator: IntegratorIdentity | null;
}

export interface LiveSocketOptions {
  schema: GraphQLSchema;
  limits: Config['live'];
  graphql: Pick<Config['graphql'], 'maxDepth' | 'maxAliases' | 'maxTokens' | 'hideSuggestions'>;
  log: Logger;
  /** Express's compiled "trust proxy" function (TRUST_PROXY): the client's address as a request's req.ip. */
  trustProxy: (address: string, hop: number) => boolean;
  /** Origins (besides the request's own Host) a browser's socket may come from. */
  origins: readonly string[];
  /** Who is calling, from connection_init's payload (the headers a request would carry); throws UNAUTHENTICATED. */
  identify(params: Record<string, unknown>): Promise<LiveCaller>;
  /** A context for this caller, as a request's. */
  contextFor(caller: LiveCaller, info: { requestId: string; ip: string; origin: string | null }): Context;
  /** The HTTP door's error shape (codes, reasons, masking). */
  formatError(error: GraphQLError): GraphQLFormattedError;
  /** The text of a document registered by the web app's build, by its hash (persisted queries), or undefined. */
  registered(hash: unknown): string | undefined;
  /** Takes `points` from an app's cost budget, or refuses (THROTTLED with retryAfter). */
  chargeApp(ctx: Context, points: number): Promise<void>;
  /** Set while the process stops: no new connection. */
  draining(): boolean;
}

interface ConnectionState {
  id: string;
  ip: string;
  origin: string | null;
  caller: LiveCaller;
  params: Record<string, unknown>;
  /** What the per-caller count was raised under (account or app id). */
  countedAs?: string;
  check?: NodeJS.Timeout;
}

type Extra = { socket: WebSocket; request: http.IncomingMessage & { nirogLive?: { ip: string; id: string } }; state?: ConnectionState };

const isAsyncIterable = (v: unknown): v is AsyncIterator<unknown> & AsyncIterable<unknown> =>
  !!v && typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

const callerKind = (c: LiveCaller) => (c.integrator ? 'app' : c.user ? 'person' : 'visitor');
const sameCaller = (a: LiveCaller, b: LiveCaller) =>
  a.user?.id === b.user?.id && a.user?.role === b.user?.role && a.user?.sessionId === b.user?.sessionId
  && a.integrator?.appId === b.integrator?.appId && [...(a.integrator?.scopes ?? [])].sort().join() === [...(b.integrator?.scopes ?? [])].sort().join()
  && a.integrator?.organisationName === b.integrator?.organisationName;

/** A coded GraphQL error, shaped as the HTTP door shapes it (formatError reads the AppError). */
const appGraphqlError = (e: AppError) => new GraphQLError(e.message, { originalError: e });

export class LiveSocket {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly perIp = new Map<string, number>();
  private readonly perCaller = new Map<string, number>();
  private closing = false;

  constructor(private readonly opts: LiveSocketOptions) {
    const { limits } = opts;
    useServer({
      schema: opts.schema,
      connectionInitWaitTimeout: limits.initTimeoutSeconds * 1000,
      onConnect: (ctx) => this.connect(ctx as SocketContext<Record<string, unknown>, Extra>),
      onSubscribe: (ctx, id, payload) => this.prepare(ctx as SocketContext<Record<string, unknown>, Extra>, id, payload),
      subscribe: (args) => this.subscribe(args),
      onNext: (_ctx, _id, _payload, args, result) => {
        const field = rootFieldOf(args.document, args.operationName);
        const type = result.errors?.length ? 'error' : (Object.values(result.data ?? {})[0] as { type?: string } | undefined)?.type ?? 'event';
        liveUpdates.inc({ subscription: field ?? 'unknown', type });
        return result.errors?.length ? { ...result, errors: result.errors.map((e) => this.opts.formatError(e as GraphQLError)) } : undefined;
      },
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => this.opts.formatError(e)),
      onOperation: () => {
        liveSubscriptions.inc();
      },
      onComplete: () => {
        liveSubscriptions.dec();
      },
      onClose: (ctx) => this.disconnected(ctx as SocketContext<Record<string, unknown>, Extra>),
    }, this.wss, limits.heartbeatSeconds * 1000);
  }

  /** Takes the WebSocket upgrades of `server`'s /graphql. */
  attach(server: http.Server): void {
    server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  get connections(): number {
    return this.wss.clients.size;
  }

  private upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    if ((req.url ?? '').split('?')[0] !== '/graphql') return refuseUpgrade(socket, 404, 'Not Found');
    if (this.closing || this.opts.draining()) return refuseUpgrade(socket, 503, 'Service Unavailable');
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : null;
    if (origin && !this.originAllowed(origin, req.headers.host)) {
      liveRefusals.inc({ reason: 'origin' });
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    const ip = proxyaddr(req, this.opts.trustProxy);
    if ((this.perIp.get(ip) ?? 0) >= this.opts.limits.connectionsPerIp) {
      liveRefusals.inc({ reason: 'connections-per-ip' });
      return refuseUpgrade(socket, 429, 'Too Many Requests');
    }
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    const id = `live-${randomBytes(6).toString('hex')}`;
    (req as Extra['request']).nirogLive = { ip, id };
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      liveConnections.inc({ caller: 'visitor' });
      ws.once('close', () => this.release(this.perIp, ip));
      this.wss.emit('connection', ws, req);
    });
  }

  private originAllowed(origin: string, host: string | undefined): boolean {
    try {
      if (host && new URL(origin).host === host) return true;
    } catch {
      return false;
    }
    return this.opts.origins.includes(origin);
  }

  private release(counts: Map<string, number>, key: string): void {
    const n = (counts.get(key) ?? 1) - 1;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
  }

  /** connection_init: who is calling, and whether they may hold one more connection. */
  private async connect(ctx: SocketContext<Record<string, unknown>, Extra>): Promise<boolean> {
    const { socket, request } = ctx.extra;
    const live = request.nirogLive ?? { ip: request.socket.remoteAddress ?? '', id: `live-${randomBytes(6).toString('hex')}` };
    const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
    let caller: LiveCaller;
    try {
      caller = await this.opts.identify(params);
    } catch (err) {
      const e = toAppError(err);
      if (!e) this.opts.log.error({ err }, 'live: identifying a connection failed');
      liveRefusals.inc({ reason: e?.reason ?? 'INTERNAL' });
      socket.close(this.closeCodeFor(e), e?.reason ?? 'INTERNAL');
      return false;
    }
    const state: ConnectionState = { id: live.id, ip: live.ip, origin: typeof request.headers.origin === 'string' ? request.headers.origin : null, caller, params };
    const who = caller.integrator ? `app:${caller.integrator.appId}` : caller.user ? `user:${caller.user.id}` : undefined;
    if (who) {
      if ((this.perCaller.get(who) ?? 0) >= this.opts.limits.connectionsPerUser) {
        liveRefusals.inc({ reason: 'connections-per-user' });
        socket.close(CLOSE_TRY_AGAIN_LATER, 'TOO_MANY_CONNECTIONS');
        return false;
      }
      this.perCaller.set(who, (this.perCaller.get(who) ?? 0) + 1);
      state.countedAs = who;
    }
    liveConnections.dec({ caller: 'visitor' });
    liveConnections.inc({ caller: callerKind(caller) });
    ctx.extra.state = state;
    if (who) {
      state.check = setInterval(() => void this.recheck(ctx), this.opts.limits.sessionCheckSeconds * 1000);
      state.check.unref();
    }
    return true;
  }

  /** 4403 (retried by clients) where a new token or a new connection helps; 4401 (final) where the session or key is over. */
  private closeCodeFor(e: AppError | null): number {
    if (!e) return CloseCode.InternalServerError;
    return e.reason === 'TOKEN_EXPIRED' ? CloseCode.Forbidden : e.code === 'UNAUTHENTICATED' ? CloseCode.Unauthorized : CloseCode.Forbidden;
  }

  private async recheck(ctx: SocketContext<Record<string, unknown>, Extra>): Promise<void> {
    const state = ctx.extra.state;
    if (!state || ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) return;
    try {
      const again = await this.opts.identify(state.params);
      if (!sameCaller(again, state.caller)) {
        liveRefusals.inc({ reason: 'caller-changed' });
        ctx.extra.socket.close(CloseCode.Forbidden, 'CALLER_CHANGED');
      }
    } catch (err) {
      const e = toAppError(err);
      // The database away for a moment is no reason to drop everyone: the next check decides.
      if (e?.code === 'SERVICE_UNAVAILABLE' || !e) return;
      liveRefusals.inc({ reason: e.reason });
      ctx.extra.socket.close(this.closeCodeFor(e), e.reason);
    }
  }

  private disconnected(ctx: SocketContext<Record<string, unknown>, Extra>): void {
    const state = ctx.extra.state;
    if (!state) {
      liveConnections.dec({ caller: 'visitor' });
      return;
    }
    if (state.check) clearInterval(state.check);
    if (state.countedAs) this.release(this.perCaller, state.countedAs);
    liveConnections.dec({ caller: callerKind(state.caller) });
  }

  /** A subscribe message: parsed, checked and given its context, or refused with coded errors. */
  private async prepare(ctx: SocketContext<Record<string, unknown>, Extra>, id: string,
    payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null; extensions?: Record<string, unknown> | null }): Promise<ExecutionArgs | readonly GraphQLError[]> {
    const state = ctx.extra.state!;
    const { limits, graphql, schema } = { limits: this.opts.limits, graphql: this.opts.graphql, schema: this.opts.schema };
    if (Object.keys(ctx.subscriptions).length > limits.subscriptionsPerConnection) {
      liveRefusals.inc({ reason: 'TOO_MANY_SUBSCRIPTIONS' });
      return [appGraphqlError(new AppError('TOO_MANY_SUBSCRIPTIONS', `One connection follows at most ${limits.subscriptionsPerConnection} subscriptions`,
        { params: { max: limits.subscriptionsPerConnection } }))];
    }
    // The web app sends its registered documents by hash, as it sends its public reads (persisted queries).
    let text = typeof payload.query === 'string' ? payload.query : '';
    const hash = (payload.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined)?.sha256Hash;
    if (!text && hash !== undefined) {
      const registered = this.opts.registered(hash);
      if (!registered) return [appGraphqlError(new AppError('PERSISTED_QUERY_NOT_FOUND', 'No registered operation has this hash'))];
      text = registered;
    }
    let document: DocumentNode;
    try {
      document = parse(text, { maxTokens: graphql.maxTokens });
    } catch (err) {
      return [new GraphQLError(clip((err as Error).message), { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
    }
    const operation = getOperationAST(document, payload.operationName ?? undefined);
    if (!operation) return [new GraphQLError('Name the operation to run (one subscription per message)', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })];
    if (operation.operation !== 'subscription') return [appGraphqlError(wrongTransport())];
    const rules = [...specifiedRules, ...queryLimitRules({ maxDepth: graphql.maxDepth, maxAliases: graphql.maxAliases, maxCost: limits.maxCost })];
    const invalid = validate(schema, document, rules);
    if (invalid.length) {
      return invalid.map((e) => new GraphQLError(clip(graphql.hideSuggestions ? e.message.replace(/ Did you mean .*$/, '') : e.message), {
        nodes: e.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', ...e.extensions },
      }));
    }
    const variables = payload.variables && typeof payload.variables === 'object' && !Array.isArray(payload.variables) ? payload.variables : {};
    // Variables of the wrong type are the caller's mistake, coded as the HTTP door codes them
    // (BAD_USER_INPUT), not an uncoded error from inside the subscription.
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 10 });
    if (coerced.errors) return coerced.errors.map((e) => new GraphQLError(clip(e.message), { nodes: e.nodes, extensions: { code: 'BAD_USER_INPUT' } }));
    const requestId = `${state.id}.${String(id).slice(0, 40)}`;
    // Audit lines and logs written while this subscription runs name its connection and address.
    requestContext.enterWith({ requestId, ip: state.ip });
    const contextValue = this.opts.contextFor(state.caller, { requestId, ip: state.ip, origin: state.origin });
    if (state.caller.integrator) {
      const cost = measureOperation(schema, operation, fragmentsOf(document), variables)?.cost ?? 1;
      try {
        await this.opts.chargeApp(contextValue, cost);
      } catch (err) {
        const e = toAppError(err);
        if (!e) throw err;
        liveRefusals.inc({ reason: e.reason });
        return [appGraphqlError(e)];
      }
    }
    return { schema, document, operationName: payload.operationName ?? undefined, variableValues: variables, contextValue };
  }

  /**
   * graphql-js's subscribe, with one difference: each event's selection is resolved with the fresh
   * context the live feed read its record with (common/live.ts), not the subscription's first one.
   * An app pays each event's actual cost; an event it cannot pay for ends the subscription (THROTTLED).
   */
  private async subscribe(args: ExecutionArgs): Promise<ExecutionResult | AsyncGenerator<ExecutionResult>> {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source as ExecutionResult;
    const operation = getOperationAST(args.document, args.operationName)!;
    const fragments = fragmentsOf(args.document);
    const charge = this.opts.chargeApp;
    let ended = false;
    const stream: AsyncGenerator<ExecutionResult> = {
      async next() {
        if (ended) return { done: true, value: undefined };
        const got = await source.next();
        if (got.done) return { done: true, value: undefined };
        const update = got.value as { context?: Context };
        const contextValue = update?.context ?? (args.contextValue as Context);
        const result = await execute({ ...args, rootValue: update, contextValue });
        if (contextValue.integrator) {
          try {
            await charge(contextValue, actualCost(operation, fragments, result.data));
          } catch (err) {
            const e = toAppError(err);
            if (!e) throw err;
            ended = true;
            await source.return?.();
            liveRefusals.inc({ reason: e.reason });
            return { done: false, value: { errors: [appGraphqlError(e)] } };
          }
        }
        return { done: false, value: result };
      },
      async return() {
        ended = true;
        await source.return?.();
        return { done: true, value: undefined };
      },
      async throw(err: unknown) {
        ended = true;
        await source.return?.();
        throw err;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
      async [Symbol.asyncDispose]() {
        ended = true;
        await source.return?.();
      },
    };
    return stream;
  }

  /**
   * The process stops: no new socket, and every open one closed with 1012 (service restart), which
   * clients answer by connecting again, through the proxy, to a replica that runs.
   */
  async close(): Promise<void> {
    this.closing = true;
    for (const ws of this.wss.clients) ws.close(CLOSE_SERVICE_RESTART, 'SERVICE_RESTART');
    const until = Date.now() + 2000;
    while (this.wss.clients.size && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

/** WebSocket close codes (RFC 6455) that graphql-ws clients answer by connecting again. */
const CLOSE_SERVICE_RESTART = 1012;
const CLOSE_TRY_AGAIN_LATER = 1013;

const clip = (message: string) => (message.length > 300 ? `${message.slice(0, 300)}…` : message);

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  return fragments;
}

/** The subscription field an operation follows (one root field: graphql's rule for subscriptions). */
function rootFieldOf(document: DocumentNode, operationName?: string | null): string | undefined {
  const op = getOperationAST(document, operationName ?? undefined) as OperationDefinitionNode | null;
  const first = op?.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? first.name.value : undefined;
}
