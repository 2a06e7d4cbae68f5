import net from 'node:net';
import path from 'node:path';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Every environment variable Nirog reads, parsed and defaulted here, once. Nothing else reads
 * process.env. A bad value stops the start with a message naming the variable.
 * The README's table of variables mirrors this file.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root: backend/src (tests) or backend/dist (build) sit two levels below it. */
export const REPO_ROOT = path.resolve(here, '..', '..');

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

function optional(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = str(env, name, fallback);
  if (!allowed.includes(raw as T)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function url(env: Env, name: string, fallback?: string): string | undefined {
  const raw = optional(env, name) ?? fallback;
  if (raw === undefined) return undefined;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  return raw;
}

function fromRoot(p: string): string {
  return path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p);
}

const DEV_JWT_SECRET = 'nirog-development-secret-do-not-use-in-production';

/**
 * A secret copied from an example (docker-compose.yml's "change-me-…", "your-secret-here") or typed
 * by hand ("xxxxxxxx…") is long enough and still known: production refuses it. A random one
 * (`openssl rand -hex 32`) passes.
 */
function refusePlaceholderSecret(name: string, value: string): void {
  const placeholder = /change[-_ .]?me|placeholder|example|your[-_ .]?(jwt[-_ .]?)?secret|replace[-_ .]?(me|this|with)|do[-_ .]?not[-_ .]?use|secret[-_ .]?here/i;
  if (placeholder.test(value) || new Set(value).size < 10) {
    throw new ConfigError(`${name} looks like a placeholder: set a random value in production (e.g. openssl rand -hex 32)`);
  }
}

export function loadConfig(env: Env = process.env) {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const port = int(env, 'PORT', 4000, 0, 65535);
  const jwtSecret = str(env, 'JWT_SECRET', DEV_JWT_SECRET);
  if (nodeEnv === 'production' && jwtSecret === DEV_JWT_SECRET) {
    throw new ConfigError('JWT_SECRET must be set in production (at least 32 characters)');
  }
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  if (nodeEnv === 'production') refusePlaceholderSecret('JWT_SECRET', jwtSecret);
  const webhookKey = str(env, 'WEBHOOK_KEY', jwtSecret);
  if (nodeEnv === 'production' && env.WEBHOOK_KEY !== undefined) {
    if (webhookKey.length < 32) throw new ConfigError('WEBHOOK_KEY must be at least 32 characters');
    refusePlaceholderSecret('WEBHOOK_KEY', webhookKey);
  }

  const s3Bucket = optional(env, 'S3_BUCKET');
  const s3 = s3Bucket
    ? {
        bucket: s3Bucket,
        endpoint: url(env, 'S3_ENDPOINT')!,
        region: str(env, 'S3_REGION', 'us-east-1'),
        accessKeyId: str(env, 'S3_ACCESS_KEY_ID', ''),
        secretAccessKey: str(env, 'S3_SECRET_ACCESS_KEY', ''),
        publicUrl: url(env, 'S3_PUBLIC_URL'),
      }
    : undefined;
  if (s3 && (!s3.endpoint || !s3.accessKeyId || !s3.secretAccessKey)) {
    throw new ConfigError('S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }

  const uploadDir = fromRoot(str(env, 'UPLOAD_DIR', 'data/uploads'));
  const privateDir = fromRoot(str(env, 'PRIVATE_UPLOAD_DIR', 'data/medical-files'));
  // /uploads serves UPLOAD_DIR to anyone: a medical file inside it (or the pictures inside the private folder) would be public.
  const inside = (a: string, b: string) => a === b || a.startsWith(b.endsWith(path.sep) ? b : `${b}${path.sep}`);
  if (inside(privateDir, uploadDir) || inside(uploadDir, privateDir)) {
    throw new ConfigError(`PRIVATE_UPLOAD_DIR (${privateDir}) and UPLOAD_DIR (${uploadDir}) must be apart: UPLOAD_DIR is served to anyone`);
  }

  const smtpUrl = url(env, 'SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}"`);
  // The development mailbox shows a user their own mail, verification codes and reset links included,
  // on screen: whoever signs up with someone else's address would read its code. Like SMS_DEV_INBOX,
  // production refuses it whatever else is set.
  const mailDevInbox = bool(env, 'MAIL_DEV_INBOX', !smtpUrl && nodeEnv !== 'production');
  if (mailDevInbox && nodeEnv === 'production') {
    throw new ConfigError('MAIL_DEV_INBOX shows verification codes and reset links on screen: never in production');
  }

  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    host: str(env, 'HOST', '0.0.0.0'),
    /** Express "trust proxy": which proxies may set X-Forwarded-For (the client IP for logs and limits). */
    trustProxy: trustProxy(env),
    port,
    publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${port}`)!.replace(/\/$/, ''),
    /**
     * A request must arrive whole within these (Node's default lets a slow body hold a connection
     * for 300 s): headers in 15 s, the whole request, a 5 MB upload on a slow phone included, in 120 s.
     */
    http: httpTimeouts(env),
    /** GET /metrics: with METRICS_TOKEN only for `Authorization: Bearer <token>`; without it off in production, this machine only otherwise. */
    metrics: { token: metricsToken(env) },
    /** OpenTelemetry tracing (common/tracing.ts): off unless OTEL_EXPORTER_OTLP_ENDPOINT (an OTLP/HTTP collector) is set. */
    tracing: {
      endpoint: url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT'),
      serviceName: str(env, 'OTEL_SERVICE_NAME', 'nirog-api'),
      instanceId: str(env, 'OTEL_SERVICE_INSTANCE_ID', `${hostname()}:${process.pid}`),
      headers: otlpHeaders(env),
    },
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      nodeEnv === 'test' ? 'silent' : 'info'),
    db: {
      /** With DATABASE_URL: that PostgreSQL. Without: embedded PGlite persisted in dataDir. */
      url: url(env, 'DATABASE_URL'),
      pgliteDataDir: optional(env, 'PGLITE_DATA_DIR') === 'memory://'
        ? 'memory://'
        : fromRoot(str(env, 'PGLITE_DATA_DIR', 'data/pglite')),
      poolMax: int(env, 'DATABASE_POOL_MAX', 10, 1, 200),
      /**
       * The read models' statements as named prepared statements (common/sql.ts). Off behind a pooler
       * that hands one client's statements to other server connections (PgBouncer in transaction mode
       * before 1.21, or without max_prepared_statements).
       */
      preparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', true),
      debugSql: bool(env, 'DATABASE_DEBUG', false),
    },
    /** Seconds a public list's total is kept per filter (common/count-cache.ts); 0 counts every time. */
    listCountCacheSeconds: int(env, 'LIST_COUNT_CACHE_SECONDS', nodeEnv === 'production' ? 10 : 0, 0, 3600),
    /** How long a public answer already declared shareable is sent again without running (common/answer-cache.ts); 0 = off. */
    answerCacheSeconds: int(env, 'ANSWER_CACHE_SECONDS', nodeEnv === 'production' ? 5 : 0, 0, 300),
    /**
     * Seconds an integrator's key that authenticated is kept by a process (modules/integrators/integrator.key-cache.ts),
     * used only while the process hears nirog_cache, which revocations clear at once; 0 = read every time.
     */
    integratorKeyCacheSeconds: int(env, 'INTEGRATOR_KEY_CACHE_SECONDS', 30, 0, 300),
    seedDemoData: demoData(env, nodeEnv).seed,
    /** Whether the demo accounts and their published password may log in here (never in production unless a public demo). */
    allowDemoLogins: demoData(env, nodeEnv).allowLogins,
    auth: {
      jwtSecret,
      accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 30, 24 * 3600),
      refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 60, 365 * 24 * 3600),
      /** The token a refresh just replaced gets the same new pair for this long (two tabs, a retried request); 0: reuse at once. */
      refreshGraceSeconds: int(env, 'REFRESH_GRACE_SECONDS', 10, 0, 60),
    },
    uploads: {
      dir: uploadDir,
      /** Medical files (prescription photos) without S3: a folder nothing serves statically. */
      privateDir,
      /** How long a link to a private file works (the read model hands viewers a new one each time they ask). */
      privateLinkSeconds: int(env, 'PRIVATE_FILE_LINK_SECONDS', 300, 30, 3600),
      maxBytes: int(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024, 1024, 50 * 1024 * 1024),
      maxFiles: int(env, 'UPLOAD_MAX_FILES', 6, 1, 20),
      s3,
    },
    payments: paymentsConfig(env, nodeEnv, url(env, 'PUBLIC_URL', `http://localhost:${port}`)!.replace(/\/$/, '')),
    /**
     * Origins (scheme://host[:port]) of other sites whose browser code may call /api (CORS) and show
     * /uploads images: the earlier app's own client deployed on its own origin. None by default.
     */
    cors: { origins: corsOrigins(env) },
    frontendDist: fromRoot(str(env, 'FRONTEND_DIST', 'frontend/dist')),
    consultations: {
      /** Where a consultation gets its own room when the doctor has set no link (Jitsi needs no account). */
      meetingBaseUrl: url(env, 'MEETING_BASE_URL', 'https://meet.jit.si')!.replace(/\/$/, ''),
      /** An unpaid video consultation is released after this many minutes. */
      unpaidHoldMinutes: int(env, 'CONSULTATION_UNPAID_HOLD_MINUTES', 30, 1, 24 * 60),
      /** A paid video consultation its doctor has not started this long after payment is cancelled and refunded. */
      noShowMinutes: int(env, 'CONSULTATION_NO_SHOW_MINUTES', 15, 1, 24 * 60),
    },
    mail: {
      /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465. Without it mail stays in the outbox. */
      smtpUrl,
      from: str(env, 'MAIL_FROM', 'Nirog <no-reply@nirog.test>'),
      /** Reject self-signed certificates unless told otherwise (a local mail catcher). */
      smtpTlsRejectUnauthorized: bool(env, 'SMTP_TLS_REJECT_UNAUTHORIZED', true),
      smtpTimeoutMs: int(env, 'SMTP_TIMEOUT_MS', 20_000, 100, 120_000),
      /** Users may read their own outbox (to see a code) only when no mail can really be sent, and never in production. */
      devInbox: mailDevInbox,
      /** The outbox worker (mail, SMS, reminders) runs inside the API process; off in tests, which drive it. */
      workerEnabled: bool(env, 'OUTBOX_WORKER', nodeEnv !== 'test'),
      pollMs: int(env, 'OUTBOX_POLL_MS', 2000, 10, 60_000),
      /** A row being sent is leased this long, renewed every third of it while the send lasts (mail/outbox.ts). */
      leaseMs: int(env, 'OUTBOX_LEASE_SECONDS', 30, 1, 3600) * 1000,
      maxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 50),
      /** First retry after this; doubles per attempt, capped at an hour. */
      retryBaseMs: int(env, 'MAIL_RETRY_BASE_MS', 30_000, 1, 3_600_000),
      /** Delivered mail and SMS, spent tokens and fired reminders are deleted after this many days. */
      retentionDays: int(env, 'OUTBOX_RETENTION_DAYS', 90, 1, 3650),
    },
    webhooks: {
      /** Seals webhook signing secrets (a key is derived from it for that purpose); JWT_SECRET when unset. */
      secretKey: webhookKey,
      /** A receiver must answer within this, or the attempt counts as failed. */
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
      maxAttempts: int(env, 'WEBHOOK_MAX_ATTEMPTS', 8, 1, 50),
      /** First retry after this; doubles per attempt, capped at an hour. */
      retryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 30_000, 1, 3_600_000),
    },
    sms: smsConfig(env, nodeEnv),
    /** Blood requests one address may send per hour: each shows donors' phone numbers, so it is throttled. */
    bloodRequestsPerHour: int(env, 'BLOOD_REQUESTS_PER_HOUR', 10, 1, 10000),
    /**
     * Abuse limits, counted in PostgreSQL (shared by every replica). Logins count failures only, so
     * a busy office behind one address is not slowed by its own successful logins.
     */
    limits: {
      loginFailuresPerIp: int(env, 'LOGIN_FAILURES_PER_IP', 50, 1, 1_000_000),
      loginLockThreshold: int(env, 'LOGIN_LOCK_THRESHOLD', 5, 1, 1000),
      loginLockBaseSeconds: int(env, 'LOGIN_LOCK_BASE_SECONDS', 30, 1, 3600),
      loginLockMaxSeconds: int(env, 'LOGIN_LOCK_MAX_SECONDS', 15 * 60, 1, 24 * 3600),
      signupsPerIpPerHour: int(env, 'SIGNUPS_PER_IP_PER_HOUR', 50, 1, 1_000_000),
      resetsPerIpPerHour: int(env, 'PASSWORD_RESETS_PER_IP_PER_HOUR', 30, 1, 1_000_000),
      codeAttemptsPerIpPerHour: int(env, 'CODE_ATTEMPTS_PER_IP_PER_HOUR', 60, 1, 1_000_000),
      formsPerIpPerHour: int(env, 'FORMS_PER_IP_PER_HOUR', 30, 1, 1_000_000),
      cartQuotesPerIpPerMinute: int(env, 'CART_QUOTES_PER_IP_PER_MINUTE', 300, 1, 1_000_000),
      /**
       * Doctor and medicine searches (the lists, their REST paths, suggestions as one types) per
       * address, and every public read per address. Generous: a mobile operator's carrier-grade NAT
       * puts many phones behind one address. Counted in memory, shared through PostgreSQL each second.
       */
      searchesPerIpPerMinute: int(env, 'SEARCHES_PER_IP_PER_MINUTE', 1200, 1, 100_000_000),
      publicReadsPerIpPerMinute: int(env, 'PUBLIC_READS_PER_IP_PER_MINUTE', 3000, 1, 100_000_000),
      /** Unpaid orders (each holds its stock until paid or abandoned) one patient may have open at once. */
      openUnpaidOrdersPerPatient: int(env, 'OPEN_UNPAID_ORDERS_PER_PATIENT', 3, 1, 1_000_000),
      /** Places one account may hold in one doctor's hospital slot: the patient and one family member. */
      hospitalPlacesPerPatientSlot: int(env, 'HOSPITAL_PLACES_PER_PATIENT_SLOT', 2, 1, 1_000_000),
      /** Upcoming hospital visits (not yet finished or cancelled) one account may hold at once. */
      openHospitalVisitsPerPatient: int(env, 'OPEN_HOSPITAL_VISITS_PER_PATIENT', 4, 1, 1_000_000),
      /** SMS codes (signup, login, a number added to a profile) one address may ask for per hour. */
      smsCodesPerIpPerHour: int(env, 'SMS_CODES_PER_IP_PER_HOUR', 20, 1, 1_000_000),
      /** SMS codes one mobile number may be sent per hour, whoever asks. */
      smsCodesPerNumberPerHour: int(env, 'SMS_CODES_PER_NUMBER_PER_HOUR', 5, 1, 1_000_000),
      /** Seconds before a number may be sent another code (the screens count them down). */
      smsCodeResendSeconds: int(env, 'SMS_CODE_RESEND_SECONDS', 60, 1, 3600),
    },
    /**
     * Idempotency keys (common/idempotency.ts): how long a key's answer is kept (and the key refused
     * for another request), how long a repeat of a request still running waits for its answer before
     * it is told 409, and the claim of a running request, renewed while it runs (after a crash, a
     * repeat takes the key over this soon).
     */
    idempotency: {
      keyHours: int(env, 'IDEMPOTENCY_KEY_HOURS', 24, 1, 24 * 30),
      waitMs: int(env, 'IDEMPOTENCY_WAIT_SECONDS', 10, 0, 60) * 1000,
      leaseMs: int(env, 'IDEMPOTENCY_LEASE_SECONDS', 10, 1, 600) * 1000,
    },
    /** The third-party chat bubble: off unless a provider and its property id are set. */
    chatWidget: {
      provider: oneOf(env, 'CHAT_WIDGET_PROVIDER', ['none', 'tawk', 'crisp'] as const, 'none'),
      id: optional(env, 'CHAT_WIDGET_ID'),
    },
    /** GraphQL subscriptions over the WebSocket at /graphql (common/live-socket.ts): each process counts its own connections. */
    live: {
      /** Open live connections of one account or app (its tabs and devices). */
      connectionsPerUser: int(env, 'LIVE_CONNECTIONS_PER_USER', 10, 1, 100_000),
      /** Open live connections from one address: generous, since a mobile carrier's NAT puts many people behind one. */
      connectionsPerIp: int(env, 'LIVE_CONNECTIONS_PER_IP', 100, 1, 1_000_000),
      subscriptionsPerConnection: int(env, 'LIVE_SUBSCRIPTIONS_PER_CONNECTION', 20, 1, 1000),
      /** A subscription's selection runs again at every change: its cost (as GRAPHQL_MAX_COST measures it) is capped lower. */
      maxCost: int(env, 'LIVE_MAX_COST', 1000, 10, 10_000_000),
      /** The server pings every connection this often and drops one that did not answer the previous ping. */
      heartbeatSeconds: int(env, 'LIVE_HEARTBEAT_SECONDS', 25, 1, 600),
      /** A connection's session or key is checked again this often: logged out, revoked or expired, it is closed. */
      sessionCheckSeconds: int(env, 'LIVE_SESSION_CHECK_SECONDS', 60, 1, 3600),
      /** A socket must say who it is (connection_init) within this, or it is closed. */
      initTimeoutSeconds: int(env, 'LIVE_INIT_TIMEOUT_SECONDS', 10, 1, 600),
      /** The admin dashboard's figures are computed again at most this often while changes come in. */
      dashboardSeconds: int(env, 'LIVE_DASHBOARD_SECONDS', 10, 0, 3600),
    },
    graphql: {
      /** Integrators use the published schema.graphql; introspection is on outside production. */
      introspection: bool(env, 'GRAPHQL_INTROSPECTION', nodeEnv !== 'production'),
      /** "Did you mean …?" hints name schema fields: shown in development only. */
      hideSuggestions: bool(env, 'GRAPHQL_HIDE_SUGGESTIONS', nodeEnv === 'production'),
      maxDepth: int(env, 'GRAPHQL_MAX_DEPTH', 10, 2, 100),
      maxAliases: int(env, 'GRAPHQL_MAX_ALIASES', 30, 1, 10_000),
      maxTokens: int(env, 'GRAPHQL_MAX_TOKENS', 3000, 100, 1_000_000),
      /** One point per field, times the page size of list fields that take one (first/pageSize/limit). */
      maxCost: int(env, 'GRAPHQL_MAX_COST', 20_000, 10, 10_000_000),
      /** The documents accepted by hash (persisted queries): written by codegen from the client's documents. */
      persistedDocumentsFile: fromRoot(str(env, 'GRAPHQL_PERSISTED_DOCUMENTS', 'frontend/src/gql/persisted-documents.json')),
      /** Cache-Control of a public read sent by hash (GET, anonymous): short, then served stale while refreshed. */
      publicMaxAgeSeconds: int(env, 'GRAPHQL_PUBLIC_MAX_AGE', 30, 0, 86_400),
      publicStaleWhileRevalidateSeconds: int(env, 'GRAPHQL_PUBLIC_STALE_WHILE_REVALIDATE', 60, 0, 86_400),
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

/** The configuration, or exit code 2 and a message naming the variable (the server's start and the commands). */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`Configuration error: ${e.message}`);
    process.exit(2);
  }
}

/** CORS_ORIGINS: a comma-separated list of exact origins; a path, '*' or anything but http(s) stops the start. */
function appOrigins(env: Env, nodeEnv: string, publicUrl: string): string[] {
  const own = new URL(publicUrl);
  const twins = [own.origin];
  if (nodeEnv !== 'production' && (own.hostname === 'localhost' || own.hostname === '127.0.0.1')) {
    twins.push(`${own.protocol}//${own.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}${own.port ? `:${own.port}` : ''}`);
  }
  return [...new Set([...twins, ...corsOrigins(env, 'APP_ORIGINS')])];
}

function corsOrigins(env: Env, name = 'CORS_ORIGINS'): string[] {
  const raw = optional(env, name);
  if (!raw) return [];
  const origins = raw.split(',').map((s) => s.trim()).filter(Boolean).map((item) => {
    let u: URL;
    try {
      u = new URL(item);
    } catch {
      throw new ConfigError(`${name} must list origins like https://app.example.com, got "${item}"`);
    }
    if (!/^https?:$/.test(u.protocol) || u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) {
      throw new ConfigError(`${name} must list origins like https://app.example.com (scheme, host and port only), got "${item}"`);
    }
    return u.origin;
  });
  return [...new Set(origins)];
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Express means it, parsed here because Express reads a string as an address list
 * ("1" would trust the address 0.0.0.1, i.e. nobody): a whole number is a hop count (the proxies in
 * front of us: "1" behind one nginx), "true"/"false" trust every or no hop, anything else is a comma
 * list of addresses, subnets (10.0.0.0/8) and Express's names (loopback, linklocal, uniquelocal).
 */
function trustProxy(env: Env): boolean | number | string[] {
  const raw = str(env, 'TRUST_PROXY', 'loopback').trim();
  if (/^\d+$/.test(raw)) return int(env, 'TRUST_PROXY', 0, 0, 100);
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address, bits, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits) || (family === 4 && net.isIPv4(bits));
    if (!family || !validBits || rest.length) {
      throw new ConfigError(`TRUST_PROXY must be a hop count, true/false, or a comma list of addresses, subnets and loopback/linklocal/uniquelocal, got "${entry}"`);
    }
  }
  if (!entries.length) throw new ConfigError('TRUST_PROXY is empty');
  return entries;
}

function metricsToken(env: Env): string | undefined {
  const token = optional(env, 'METRICS_TOKEN');
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) throw new ConfigError('METRICS_TOKEN must be at least 16 characters, without spaces');
  return token;
}

/** OTEL_EXPORTER_OTLP_HEADERS as OpenTelemetry writes it: key=value pairs, comma-separated, values URL-encoded. */
function otlpHeaders(env: Env): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (optional(env, 'OTEL_EXPORTER_OTLP_HEADERS') ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at < 1) throw new ConfigError(`OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs separated by commas, got "${pair}"`);
    headers[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

/**
 * The SMS gateway: the sandbox (texts stay in the SMS outbox, "delivered" by Nirog itself) or
 * sms.net.bd (Alpha SMS, modules/mail/sms-netbd.gateway.ts), which needs its API key. Reading the
 * sandbox's texts on the code screens (SMS_DEV_INBOX) is for development: never with a real gateway
 * (anyone could read anyone's code) and never in production.
 */
function smsConfig(env: Env, nodeEnv: string) {
  const provider = oneOf(env, 'SMS_PROVIDER', ['sandbox', 'smsnetbd'] as const, 'sandbox');
  const apiKey = optional(env, 'SMS_API_KEY');
  if (provider === 'smsnetbd' && !apiKey) throw new ConfigError('SMS_PROVIDER=smsnetbd needs SMS_API_KEY (from the sms.net.bd panel)');
  const devInbox = bool(env, 'SMS_DEV_INBOX', provider === 'sandbox' && nodeEnv !== 'production');
  if (devInbox && (provider !== 'sandbox' || nodeEnv === 'production')) {
    throw new ConfigError('SMS_DEV_INBOX shows one-time codes on screen: only with SMS_PROVIDER=sandbox and outside production');
  }
  return {
    provider,
    /** The sender id (masking name): the sandbox writes NIROG; sms.net.bd takes an approved one, or the account's default without it. */
    sender: optional(env, 'SMS_SENDER') ?? (provider === 'sandbox' ? 'NIROG' : undefined),
    apiKey,
    apiUrl: url(env, 'SMS_API_URL', 'https://api.sms.net.bd')!.replace(/\/$/, ''),
    timeoutMs: int(env, 'SMS_HTTP_TIMEOUT_MS', 15_000, 100, 120_000),
    /** Sent texts whose delivery the gateway can report are asked about this often, for a day. */
    deliveryCheckSeconds: int(env, 'SMS_DELIVERY_CHECK_SECONDS', 120, 1, 86_400),
    devInbox,
  };
}

function httpTimeouts(env: Env) {
  const requestTimeoutMs = int(env, 'HTTP_REQUEST_TIMEOUT_SECONDS', 120, 1, 3600) * 1000;
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeoutMs = Math.min(int(env, 'HTTP_HEADERS_TIMEOUT_SECONDS', 15, 1, 600) * 1000, requestTimeoutMs);
  return { requestTimeoutMs, headersTimeoutMs };
}

/**
 * Demo data brings accounts (an admin among them) that share one published password: never in
 * production, unless the instance declares itself a public demo (ALLOW_DEMO_LOGINS=true: the
 * docker-compose demo stack and the benchmark, which run production builds on demo data).
 */
function demoData(env: Env, nodeEnv: string): { seed: boolean; allowLogins: boolean } {
  const allowLogins = bool(env, 'ALLOW_DEMO_LOGINS', nodeEnv !== 'production');
  const seed = bool(env, 'SEED_DEMO_DATA', nodeEnv !== 'production');
  if (seed && !allowLogins) {
    throw new ConfigError('SEED_DEMO_DATA cannot be on in production: the demo accounts share a published password (set ALLOW_DEMO_LOGINS=true only for a public demo)');
  }
  return { seed, allowLogins };
}

/**
 * Payment providers. By default both point at the sandbox gateway that Nirog serves itself under
 * /sandbox (same request and response shapes as the real ones), so checkout works offline; set the
 * base URLs and credentials to talk to bKash and Nagad instead. The sandbox is off in production
 * unless asked for: it lets anyone approve a payment.
 */
function paymentsConfig(env: Env, nodeEnv: string, publicUrl: string) {
  const sandboxEnabled = bool(env, 'PAYMENT_SANDBOX', nodeEnv !== 'production');
  const sandboxBase = `${publicUrl}/sandbox`;
  if (sandboxEnabled && nodeEnv === 'production' && str(env, 'PAYMENT_SANDBOX_SECRET', '') === '') {
    throw new ConfigError('PAYMENT_SANDBOX_SECRET must be set when PAYMENT_SANDBOX is on in production');
  }
  if (sandboxEnabled && nodeEnv === 'production') refusePlaceholderSecret('PAYMENT_SANDBOX_SECRET', str(env, 'PAYMENT_SANDBOX_SECRET', ''));
  const trim = (u: string | undefined) => u?.replace(/\/$/, '');
  return {
    /** Where the browser comes back to (the single-page app) and where providers call back (the API). */
    publicUrl,
    /**
     * Every origin this same app answers at (APP_ORIGINS: www and the bare domain; in development
     * PUBLIC_URL's localhost and 127.0.0.1 twins too): a payer who started there comes back there,
     * still logged in, instead of to PUBLIC_URL's origin where the browser holds no session.
     */
    appOrigins: appOrigins(env, nodeEnv, publicUrl),
    sandbox: {
      enabled: sandboxEnabled,
      baseUrl: sandboxBase,
      /** Signs the sandbox's own tokens and callback signatures. */
      secret: str(env, 'PAYMENT_SANDBOX_SECRET', 'nirog-payment-sandbox-secret'),
    },
    httpTimeoutMs: int(env, 'PAYMENT_HTTP_TIMEOUT_MS', 15000, 100, 120000),
    /** A payment still 'initiated' after this long is checked with the provider, then given up. */
    abandonAfterMinutes: int(env, 'PAYMENT_ABANDON_MINUTES', 30, 1, 24 * 60),
    /** The server reconciles stuck payments itself this often (0: only by the reconcile-payments command). */
    reconcileEveryMinutes: int(env, 'PAYMENT_RECONCILE_EVERY_MINUTES', nodeEnv === 'test' ? 0 : 5, 0, 24 * 60),
    /**
     * The money jobs run this often (0: only by `npm run jobs -w backend`): refunds due or whose answer
     * was lost, paid consultations never started (refunded 15 minutes after payment), approved orders
     * never paid. One replica runs them at a time (the jobs lock).
     */
    jobsEverySeconds: int(env, 'JOBS_EVERY_SECONDS', nodeEnv === 'test' ? 0 : 60, 0, 3600),
    bkash: {
      baseUrl: trim(url(env, 'BKASH_BASE_URL', `${sandboxBase}/bkash/v1.2.0-beta/tokenized/checkout`))!,
      appKey: str(env, 'BKASH_APP_KEY', 'sandbox-app-key'),
      appSecret: str(env, 'BKASH_APP_SECRET', 'sandbox-app-secret'),
      username: str(env, 'BKASH_USERNAME', 'sandboxTokenizedUser'),
      password: str(env, 'BKASH_PASSWORD', 'sandbox-password'),
    },
    nagad: {
      baseUrl: trim(url(env, 'NAGAD_BASE_URL', `${sandboxBase}/nagad/api/dfs`))!,
      merchantId: str(env, 'NAGAD_MERCHANT_ID', '683002007104225'),
      merchantNumber: str(env, 'NAGAD_MERCHANT_NUMBER', '01711428036'),
      /** PEM. Without them a key pair for each side is generated at start (sandbox only). */
      merchantPrivateKey: optional(env, 'NAGAD_MERCHANT_PRIVATE_KEY')?.replace(/\\n/g, '\n'),
      nagadPublicKey: optional(env, 'NAGAD_PUBLIC_KEY')?.replace(/\\n/g, '\n'),
      /** The sandbox's own "Nagad" private key (its public half goes in NAGAD_PUBLIC_KEY). */
      sandboxPrivateKey: optional(env, 'NAGAD_SANDBOX_PRIVATE_KEY')?.replace(/\\n/g, '\n'),
    },
  };
}
