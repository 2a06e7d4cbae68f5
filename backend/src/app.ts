import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type NextFunction } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import { ApolloServer, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import type { Config } from './config.js';
import { poolUse, type Orm } from './db.js';
import { lazyRequestLog, type Logger } from './common/logger.js';
import { RequestContext, type Context } from './common/context.js';
import { AppError, HTTP_STATUS, MASKED_MESSAGE, toAppError, unauthenticated, wrongTransport } from './common/errors.js';
import { tokenFromHeader } from './common/tokens.js';
import { precompressedFiles } from './common/precompressed.js';
import { parsedByApi, restRouteRegistrar, sendRestError, type RestRouteInfo } from './common/rest.js';
import { assertRestLimitsDeclared, declaredLimitsPlugin } from './common/limits.js';
import { idempotencyPlugin } from './common/idempotency.js';
import { queryLimitRules } from './common/graphql-limits.js';
import { loadPersistedDocuments, persistedQueryRequests, publicReadCaching, registeredDocumentsCache, registeredText } from './common/persisted-queries.js';
import { compiledQueriesGateway, type CompiledDocuments } from './common/compiled-queries.js';
import { graphqlHandler, searchOf } from './common/graphql-http.js';
import { createServices, type Services } from './services.js';
import { requestContext } from './common/request-context.js';
import { buildNirogSchema } from './schema.js';
import { auditAdminMutations } from './modules/audit/index.js';
import { OutboxWorker, outboxBacklog } from './modules/mail/index.js';
import { httpMetrics, initialiseKnownSeries, metricsEndpoint, observeGraphqlOperation, operationLabel, setScrapeSources } from './common/metrics.js';
import { windowLimits } from './common/rate-limit.js';
import { PaymentProvider } from './modules/payments/index.js';
import { startTracing } from './common/tracing.js';
import { MODULES } from './modules.js';
import { chatWidgetCsp } from './modules/site/index.js';
import { chargeLive, integratorAccessPlugin, introspectionGate, looksLikeKey } from './modules/integrators/index.js';
import { apiCors, crossOriginPictures } from './common/cors.js';
import { securityHeaders } from './common/security-headers.js';
import { weakEtag } from './common/etag.js';
import { DEFAULT_IMAGES_DIR, DEFAULT_IMAGES_PATH } from './common/rest-images.js';
import { PUBLIC_FOLDERS } from './common/storage.js';
import { Coordinator } from './common/coordination.js';
import { AnswerCache } from './common/answer-cache.js';
import { firstReadAnswer, SpaPages } from './common/spa-preloads.js';
import { LiveSocket, type LiveCaller } from './common/live-socket.js';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    /** Adds bindings to the request's logger (made when first used: lazyRequestLog below). */
    bindLog(bindings: Record<string, string>): void;
  }
}

const PASS_THROUGH_CODES = new Set([
  'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED', 'OPERATION_RESOLUTION_FAILURE',
]);

const clip = (message: string) => (message.length > 300 ? `${message.slice(0, 300)}…` : message);

/** The names of the root fields a selection set executes, through inline fragments and fragment spreads. */
/**
 * The HTTP server for the app, with its timeouts: a request whose headers or body arrive too slowly
 * is answered 408 and its connection closed, so slow senders cannot hold connections open.
 * Node checks for expired requests every connectionsCheckingInterval (30 s by default): tightened here.
 */
export function createHttpServer(app: express.Express, config: Config): http.Server {
  const { requestTimeoutMs, headersTimeoutMs } = config.http;
  return http.createServer({
    requestTimeout: requestTimeoutMs,
    headersTimeout: headersTimeoutMs,
    connectionsCheckingInterval: Math.min(5000, Math.max(250, Math.floor(headersTimeoutMs / 2))),
  }, app);
}

export interface NirogApp {
  app: express.Express;
  apollo: ApolloServer<Context>;
  services: Services;
  restRoutes: RestRouteInfo[];
  /** Delivers mail and SMS and fires reminders; main.ts starts it after the coordinator unless OUTBOX_WORKER is off (tests drive it). */
  worker: OutboxWorker;
  /** What replicas agree on (cache invalidation, periodic jobs in one process); main.ts starts it. */
  coordinator: Coordinator;
  /** Readiness: /healthz answers 503 once this is set (a replica shutting down), so proxies stop sending. */
  draining: { value: boolean };
  /** The queries kept compiled (common/compiled-queries.ts). */
  compiledDocuments: CompiledDocuments;
  /** GraphQL subscriptions over WebSocket (common/live-socket.ts): main.ts attaches it to the HTTP server and closes it first when stopping. */
  live: LiveSocket;
}

/** The end of a static folder: the file is not there. Not cached, so a redeploy that brings it is seen. */
function missingFile(_req: Request, res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(404).type('text/plain').send('Not found');
}

export async function createApp(config: Config, orm: Orm, log: Logger): Promise<NirogApp> {
  const services = createServices(config, log);
  const schema = await buildNirogSchema();
  // Documents accepted by hash (GET of public reads, common/persisted-queries.ts): this build's client's.
  const persistedDocuments = loadPersistedDocuments(config.graphql.persistedDocumentsFile, log);
  // Off (nothing loaded) unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
  const tracer = await startTracing(config.tracing);
  tracer?.wrapRootFields(schema);
  auditAdminMutations(schema);
  tracer?.wrapServices(services);
  const coordinator = new Coordinator(config, orm, log);
  setScrapeSources({
    outbox: () => outboxBacklog(orm.em.fork(), ['mail_outbox', 'sms_outbox', 'webhook_deliveries']),
    pool: () => poolUse(orm, config),
    jobsLock: () => coordinator.holdsJobsLock,
  });
  initialiseKnownSeries({ paymentProviders: Object.values(PaymentProvider), rateLimits: [...Object.keys(windowLimits(config)), 'login-account'] });
  // Public answers already declared shareable, sent again for a few seconds (common/answer-cache.ts).
  const answers = new AnswerCache(config.answerCacheSeconds * 1000);
  coordinator.onCacheChange((table) => {
    // A key or an app revoked, rotated or changed (migration IntegratorKeysNotify): only the key cache holds them.
    if (!table || table.startsWith('integrator_')) services.integrators.keys.clear();
    if (table?.startsWith('integrator_')) return;
    for (const cache of services.listCaches) cache.clear();
    answers.clear();
  });
  services.integrators.keys.useWhile(() => coordinator.listening);
  // Live updates from every replica (common/live.ts), heard on the coordinator's connection.
  coordinator.carryLive(services.live);
  const draining = { value: false };
  const worker = new OutboxWorker(orm, log, services, config.mail.pollMs, config.mail.retentionDays, (fn) => coordinator.asLeader(fn),
    [services.verification.purgeSpentTokens, services.limiter.purgeExpired, services.webhooks.purge, services.idempotency.purgeExpired]);

  /**
   * Who calls: a person by their access token, or an integrator app by its key (`Authorization:
   * Bearer nrg_live_…` or `X-Api-Key`), which opens /graphql only (the REST door is the earlier app's).
   */
  async function contextFor(req: Request, door: 'rest' | 'graphql' = 'rest'): Promise<Context> {
    const token = tokenFromHeader(req.headers.authorization);
    const apiKey = typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'].trim() : looksLikeKey(token) ? token : undefined;
    if (apiKey && door !== 'graphql') throw unauthenticated('App keys open /graphql only', 'INVALID_API_KEY');
    const ctx = visitorContext(req);
    ctx.integrator = apiKey ? await services.integrators.authenticate(ctx.reads, apiKey) : null;
    if (ctx.integrator) req.bindLog({ app: ctx.integrator.keyPrefix });
    // A visitor (no token) never asks the database who they are: their public list may then fork nothing (RequestContext).
    ctx.user = ctx.integrator || !token ? null : await services.accounts.authenticate(ctx.em, token);
    return ctx;
  }

  /** A visitor's context for a request, whatever it carries (a page's first read, below); its EntityManager is forked when first used. */
  function visitorContext(req: Request): RequestContext {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : null;
    return new RequestContext(orm.em as unknown as Context['em'], { requestId: req.id, ip: req.ip ?? '', origin, log: () => req.log, services });
  }

  // Status 503 (not 200 or 500) while the database is away, so proxies and clients retry.
  const outagePlugin: ApolloServerPlugin<Context> = {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          const body = response.body;
          if (body.kind === 'single' && body.singleResult.errors?.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) {
            response.http.status = 503;
          }
        },
      };
    },
  };

  // Subscriptions are served by the live socket (common/live-socket.ts), never by an HTTP request.
  const subscriptionsOverWebSocket: ApolloServerPlugin<Context> = {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          const e = wrongTransport();
          throw new GraphQLError(e.message, { extensions: { code: e.code, reason: e.reason, http: { status: HTTP_STATUS[e.code] } } });
        },
      };
    },
  };

  // GraphQL operations by name, type and outcome (the first error's code) for /metrics.
  const operationMetrics: ApolloServerPlugin<BaseContext> = {
    async requestDidStart({ request }) {
      const started = process.hrtime.bigint();
      let type = 'unknown';
      return {
        async didResolveOperation({ operation }) {
          type = operation?.operation ?? 'unknown';
        },
        async willSendResponse({ response, operationName }) {
          const body = response.body;
          const errors = body.kind === 'single' ? body.singleResult.errors : undefined;
          const outcome = errors?.length ? String(errors[0].extensions?.code ?? 'INTERNAL_SERVER_ERROR') : 'ok';
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          observeGraphqlOperation(operationLabel(operationName ?? request.operationName), type, outcome, seconds);
        },
      };
    },
  };

  /** Every GraphQL error a caller sees, through HTTP and the live socket: coded, its message cut, anything unexpected masked. */
  function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
    const appError = toAppError(unwrapResolverError(error));
    if (appError) {
      return {
        message: clip(appError.message),
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: appError.code, reason: appError.reason, params: appError.params, fields: appError.fields, fieldRules: appError.fieldRules, fieldParams: appError.fieldParams, retryAfter: appError.retryAfterSeconds },
      };
    }
    const code = formatted.extensions?.code as string | undefined;
    // graphql-js quotes the whole rejected value in its message: cut it, a caller's 200 kB string is not echoed back.
    if (code && PASS_THROUGH_CODES.has(code)) return { message: clip(formatted.message), locations: formatted.locations, extensions: { code } };
    log.error({ err: unwrapResolverError(error) }, 'unexpected GraphQL error');
    return { message: MASKED_MESSAGE, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }

  // The schema, with every query that repeats compiled, registered or not (common/compiled-queries.ts).
  const gateway = compiledQueriesGateway(schema);
  const apollo = new ApolloServer<Context>({
    gateway,
    // Decided per caller by introspectionGate: GRAPHQL_INTROSPECTION for people, always for integrator apps.
    introspection: true,
    // Shape limits (depth, aliases, cost), a token cap at parse time, one operation per request.
    validationRules: queryLimitRules(config.graphql),
    parseOptions: { maxTokens: config.graphql.maxTokens },
    allowBatchedHttpRequests: false,
    // Only registered documents go by hash (persistedQueryRequests), their text read from the manifest
    // itself: no registration by any caller (common/persisted-queries.ts).
    persistedQueries: { cache: registeredDocumentsCache(persistedDocuments) },
    hideSchemaDetailsFromClientErrors: config.graphql.hideSuggestions,
    includeStacktraceInErrorResponses: false,
    // After the throttles and the integrator checks: a refused request claims no Idempotency-Key.
    plugins: [ApolloServerPluginCacheControlDisabled(), outagePlugin, subscriptionsOverWebSocket, introspectionGate(config.graphql.introspection), integratorAccessPlugin, declaredLimitsPlugin, idempotencyPlugin,
      publicReadCaching({ maxAgeSeconds: config.graphql.publicMaxAgeSeconds, staleWhileRevalidateSeconds: config.graphql.publicStaleWhileRevalidateSeconds }),
      operationMetrics, ...(tracer ? [tracer.graphql as ApolloServerPlugin<BaseContext>] : [])],
    formatError,
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  // Express's weak ETag, without its copies of the body (common/etag.ts).
  app.set('etag fn', weakEtag);
  app.set('trust proxy', config.trustProxy);

  app.use((req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    lazyRequestLog(req, log);
    res.setHeader('X-Request-Id', req.id);
    requestContext.enterWith({ requestId: req.id, ip: req.ip ?? '' });
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (log.isLevelEnabled('info')) req.log.info({ method: req.method, url: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms) }, 'request');
    });
    next();
  });
  app.use(httpMetrics);
  if (tracer) app.use(tracer.http);
  // Every public read counts against its address's limit (read-ip), whoever answers it.
  services.limiter.shared.shareThrough(() => orm.em.getConnection());
  const admitRead = (req: Request, res: Response): boolean => {
    try {
      services.limiter.shared.take('read-ip', req.ip ?? '');
      return true;
    } catch (err) {
      const e = toAppError(err);
      if (!e) throw err;
      if (req.baseUrl === '/graphql') {
        res.setHeader('Retry-After', String(e.retryAfterSeconds ?? 1));
        res.status(HTTP_STATUS[e.code]).json({ errors: [{ message: e.message, extensions: { code: e.code, reason: e.reason, retryAfter: e.retryAfterSeconds } }] });
      } else sendRestError(res, e, req.log);
      return false;
    }
  };
  // Before the headers and compression below: a hit replays the headers and bytes they wrote.
  app.use(['/graphql', '/api'], answers.middleware(admitRead));

  const https = config.publicUrl.startsWith('https://');
  const chat = chatWidgetCsp(config);
  // Pages and files: helmet's full set; the API's answers: the REST set (common/security-headers.ts).
  app.use(securityHeaders(helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...chat.scriptSrc],
        // antd writes its styles into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...chat.styleSrc],
        imgSrc: ["'self'", 'data:', 'blob:', ...chat.imgSrc, ...(config.uploads.s3?.publicUrl ? [new URL(config.uploads.s3.publicUrl).origin] : [])],
        // The live socket at PUBLIC_URL (browsers that do not count ws: as 'self' ask for it by name).
        connectSrc: ["'self'", new URL(config.publicUrl).origin.replace(/^http/, 'ws'), ...chat.connectSrc],
        frameSrc: chat.frameSrc.length ? chat.frameSrc : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  }), { https }));
  app.use(compression());

  app.get('/healthz', async (_req, res) => {
    if (draining.value) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    try {
      await orm.em.getConnection().execute('select 1');
      res.json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable', database: 'unreachable' });
    }
  });

  // Prometheus figures (common/metrics.ts): behind METRICS_TOKEN, or this machine only in development.
  app.get('/metrics', metricsEndpoint({ token: config.metrics.token, production: config.isProduction, log }));

  // Pictures: other origins (CORS_ORIGINS: the earlier app's client) may show them too.
  app.use('/uploads', crossOriginPictures(config.cors.origins));
  // The REST door's stand-in pictures (common/rest-images.ts), beside the uploads (and with S3 too).
  app.use(DEFAULT_IMAGES_PATH, express.static(DEFAULT_IMAGES_DIR, { maxAge: '1d', index: false, dotfiles: 'deny' }), (_req: Request, res: Response) => {
    res.status(404).end();
  });
  // The public pictures' folders only, as the bucket's policy (deploy/storage-policy.json): anything
  // else in UPLOAD_DIR (prescription photos kept there before they were private) is never served.
  const publicFolder = new RegExp(`^/(?:${PUBLIC_FOLDERS.join('|')})/`);
  if (!config.uploads.s3) {
    app.use('/uploads', (req: Request, res: Response, next: NextFunction) => (publicFolder.test(req.path) ? next() : missingFile(req, res)));
    app.use('/uploads', express.static(config.uploads.dir, { immutable: true, maxAge: '365d', index: false, dotfiles: 'deny' }));
  }
  // A missing file is missing: never the single-page app's index.html with a 200.
  app.use('/uploads', missingFile);

  // The built-in payment sandbox (bKash and Nagad look-alikes with a hosted Approve/Fail/Cancel page).
  if (config.payments.sandbox.enabled) {
    services.payments.sandbox.attach(orm);
    app.use('/sandbox', services.payments.sandbox.router());
  }

  // An answer to a signed-in caller is theirs alone (profile, bookings, orders, records): no browser
  // or proxy cache may keep it. Visitors' answers (the public lists) are left to the default.
  const personalAnswers = (req: Request, res: Response, next: NextFunction) => {
    res.vary('Authorization');
    res.vary('X-Api-Key');
    if (req.headers.authorization || req.headers['x-api-key']) res.setHeader('Cache-Control', 'private, no-store');
    next();
  };
  app.use(['/api', '/graphql'], personalAnswers);
  // CORS for /api from CORS_ORIGINS only (common/cors.ts); preflights answer here.
  app.use('/api', apiCors(config.cors.origins));

  // REST compatibility layer
  const restRoutes: RestRouteInfo[] = [];
  const api = express.Router();
  // Routes that take pictures read their own bodies after the access check (RouteOptions.pictures).
  api.use(express.json({ limit: '1mb', type: parsedByApi(restRoutes) }));
  api.use(express.urlencoded({ extended: false, limit: '1mb' }));
  const route = restRouteRegistrar(api, contextFor, restRoutes);
  for (const m of MODULES) m.routes?.(route);
  assertRestLimitsDeclared(restRoutes);
  api.use((req, res) => res.status(404).json({ success: false, code: 'NOT_FOUND', reason: 'NOT_FOUND', message: `No API path ${req.method} ${req.path}` }));
  api.use((err: unknown, req: Request, res: Response, _next: NextFunction) => sendRestError(res, err, req.log));
  app.use('/api', api);

  app.use(
    '/graphql',
    graphqlUploadExpress({ maxFileSize: config.uploads.maxBytes, maxFiles: config.uploads.maxFiles }),
    express.json({ limit: '1mb' }),
    // A refused upload or body (too many files, too large, unreadable) answers in GraphQL's shape, coded.
    (err: unknown, req: Request, res: Response, next: NextFunction) => {
      if (res.headersSent) return next(err);
      const e = toAppError(err) ?? new AppError('BAD_REQUEST', 'The request could not be read');
      if (!toAppError(err)) req.log.warn({ err }, 'unreadable GraphQL request');
      res.status(HTTP_STATUS[e.code]).json({ errors: [{ message: clip(e.message), extensions: { code: e.code, reason: e.reason, params: e.params } }] });
    },
    persistedQueryRequests(persistedDocuments),
    graphqlHandler(apollo, async (req) => {
      try {
        return await contextFor(req, 'graphql');
      } catch (err) {
        const appError = toAppError(err);
        if (!appError) throw err;
        throw new GraphQLError(appError.message, {
          extensions: { code: appError.code, reason: appError.reason, http: { status: HTTP_STATUS[appError.code] } },
        });
      }
    }),
  );

  // The single-page app: hashed assets cached for a year, index.html never cached.
  const dist = config.frontendDist;
  if (existsSync(path.join(dist, 'index.html'))) {
    // A chunk of another build (a rolling deploy, an old tab) answers 404, which the client's lazy
    // import sees as a failed load, not index.html parsed as JavaScript.
    // The build's Brotli and gzip copies first (common/precompressed.ts), then the files themselves.
    app.use('/assets', precompressedFiles(path.join(dist, 'assets'), { maxAge: '365d' }),
      express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false }), missingFile);
    // The service worker (frontend/scripts/service-worker.js) is asked for again at every visit, so a new
    // build's worker is found at once.
    app.get('/sw.js', (_req, res, next) => res.sendFile(path.join(dist, 'sw.js'), { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } }, (err) => err && next()));
    app.use(express.static(dist, { index: false, maxAge: '1h' }));
    // index.html, with the chunks of the page asked for named in its head and its first screen
    // rendered from its first read, or the home page prerendered in the reader's language
    // (common/spa-preloads.ts).
    const pages = new SpaPages(dist, config.answerCacheSeconds * 1000);
    coordinator.onCacheChange(() => pages.clearScreens());
    app.get('/{*path}', async (req, res) => {
      const found = pages.pageFor(req.path, req.headers.cookie, searchOf(req.url));
      let page = found.html;
      if (found.read) {
        try {
          const read = found.read;
          page = await pages.withFirstScreen(found, () => firstReadAnswer(apollo, persistedDocuments, read, visitorContext(req)));
        } catch (err) {
          // The page without it: the client renders and asks, as it would have.
          req.log.warn({ err, operation: found.read.operationName }, 'first screen failed');
        }
      }
      res.setHeader('Cache-Control', 'no-cache');
      if (found.varies) res.setHeader('Vary', 'Cookie');
      res.type('html').send(page);
    });
  }

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => sendRestError(res, err, req.log));

  // Subscriptions over WebSocket on /graphql, with the same tokens and keys as a request's headers.
  const headerOf = (params: Record<string, unknown>, name: string) => {
    const key = Object.keys(params).find((k) => k.toLowerCase() === name);
    const value = key ? params[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const live = new LiveSocket({
    schema,
    limits: config.live,
    graphql: config.graphql,
    log,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    origins: [...config.payments.appOrigins, ...config.cors.origins],
    async identify(params): Promise<LiveCaller> {
      const token = tokenFromHeader(headerOf(params, 'authorization'));
      const apiKey = headerOf(params, 'x-api-key')?.trim() || (looksLikeKey(token) ? token : undefined);
      const em = orm.em.fork();
      if (apiKey) return { user: null, integrator: await services.integrators.authenticate(em, apiKey) };
      return { user: token ? await services.accounts.authenticate(em, token) : null, integrator: null };
    },
    contextFor(caller, { requestId, ip, origin }) {
      const ctx = new RequestContext(orm.em as unknown as Context['em'], { requestId, ip, origin, log: log.child({ requestId }), services });
      ctx.user = caller.user;
      ctx.integrator = caller.integrator;
      return ctx;
    },
    formatError(error) {
      // Errors raised outside a resolver (the socket's own checks, a feed that failed) carry theirs as originalError.
      const formatted = formatError(error.toJSON(), !error.path && error.originalError ? error.originalError : error);
      // As on the HTTP door (integrator.plugin.ts): an app's spent budget reads THROTTLED.
      if (formatted.extensions?.reason === 'THROTTLED') return { ...formatted, extensions: { ...formatted.extensions, code: 'THROTTLED' } };
      return formatted;
    },
    registered: (hash) => registeredText(persistedDocuments, hash),
    chargeApp: (ctx, points) => chargeLive(ctx.reads, ctx.integrator!.appId, points, services.integrators.refunds),
    draining: () => draining.value,
  });

  return { app, apollo, services, restRoutes, worker, coordinator, draining, compiledDocuments: gateway.compiled, live };
}
