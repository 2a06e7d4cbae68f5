import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../config.js';
import { tooMany } from './errors.js';
import { rateLimitRefusals } from './metrics.js';

/**
 * The one rate limiter of Nirog, kept in PostgreSQL (table rate_limit_buckets) so that every API
 * replica counts into the same buckets. Each check is a single atomic `INSERT … ON CONFLICT DO
 * UPDATE … RETURNING`: concurrent requests cannot both slip under a limit.
 *
 * Two shapes:
 * - window limits: at most `max` hits per `windowSeconds` per subject (an IP, an email);
 * - lockouts (login per account): after `threshold` failures in a row the account is refused for
 *   base·2^(failures − threshold) seconds, capped (15 minutes by default) — even with the right
 *   password — and the lock always expires, so an attacker can slow a victim down but never lock them
 *   out for good. Attempts made while locked are refused without counting (they do not extend it).
 */
export const THROTTLED_MESSAGE = 'Too many attempts. Please wait a little and try again.';

/** The refusal of a limit; counted by limit name for /metrics when the name is given. */
export const throttled = (retryAfterSeconds: number, limit?: LimitName | 'login-account') => {
  if (limit) rateLimitRefusals.inc({ limit });
  return tooMany(THROTTLED_MESSAGE, 'RATE_LIMITED', Math.max(1, Math.ceil(retryAfterSeconds)));
};

export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Per address ('…-ip', counted by @Throttle) or per mobile number ('sms-number', 'sms-resend',
 * counted by the phone code service before it sends anything).
 */
export type LimitName = 'login-ip' | 'signup-ip' | 'reset-ip' | 'code-ip' | 'form-ip' | 'quote-ip' | 'blood-ip'
  | 'sms-ip' | 'sms-number' | 'sms-resend' | 'search-ip' | 'read-ip';

export function windowLimits(config: Config): Record<LimitName, WindowLimit> {
  const l = config.limits;
  return {
    'login-ip': { max: l.loginFailuresPerIp, windowSeconds: 15 * 60 },
    'signup-ip': { max: l.signupsPerIpPerHour, windowSeconds: 3600 },
    'reset-ip': { max: l.resetsPerIpPerHour, windowSeconds: 3600 },
    'code-ip': { max: l.codeAttemptsPerIpPerHour, windowSeconds: 3600 },
    'form-ip': { max: l.formsPerIpPerHour, windowSeconds: 3600 },
    'quote-ip': { max: l.cartQuotesPerIpPerMinute, windowSeconds: 60 },
    'blood-ip': { max: config.bloodRequestsPerHour, windowSeconds: 3600 },
    'sms-ip': { max: l.smsCodesPerIpPerHour, windowSeconds: 3600 },
    'sms-number': { max: l.smsCodesPerNumberPerHour, windowSeconds: 3600 },
    'sms-resend': { max: 1, windowSeconds: l.smsCodeResendSeconds },
    'search-ip': { max: l.searchesPerIpPerMinute, windowSeconds: 60 },
    'read-ip': { max: l.publicReadsPerIpPerMinute, windowSeconds: 60 },
  };
}

/**
 * The limits on public reads, counted in memory and shared through PostgreSQL once a second
 * (SharedCounts): the searches (`search-ip`) and the blanket limit on every public read (`read-ip`).
 * One more statement per read would cost the public lists a round trip each (the lists run at a few
 * thousand requests a second on two cores); one statement a second per process costs nothing.
 */
export const SHARED_LIMITS: ReadonlySet<LimitName> = new Set<LimitName>(['search-ip', 'read-ip']);

/** Marks a statement a process sends on its own timer, not for a request (tests counting a request's statements leave it out). */
export const BACKGROUND_STATEMENT = 'nirog:background';

/** What SharedCounts needs of the database: one statement on a connection of its own (never a request's transaction). */
export type SharedCountsConnection = () => { execute(sql: string, params: unknown[], method: 'all'): Promise<unknown> };

/**
 * Window limits kept in this process and in rate_limit_buckets alike. A hit is refused at once, in
 * memory, when the address's hits known from the table plus this process's hits since then reach the
 * limit; refused hits are not counted. Every `everyMs` the hits since are added to the table in one
 * upsert (keys in order, so replicas lock rows in one order), which answers each key's count across
 * every replica. So the limit holds across replicas to within what they admit in one interval, and
 * a process never waits for the database to count a read.
 */
export class SharedCounts {
  private pending = new Map<string, { name: LimitName; hits: number }>();
  private readonly known = new Map<string, { hits: number; endsAt: number }>();
  private timer: NodeJS.Timeout | null = null;
  private connection: SharedCountsConnection | null = null;

  constructor(
    private readonly limits: Record<LimitName, WindowLimit>,
    private readonly everyMs = 1000,
    private readonly now = () => Date.now(),
    /** Keys remembered at most (addresses × limits); the oldest are forgotten first. */
    private readonly maxKeys = 100_000,
  ) {}

  /** Shares the counts through this database (without it they stay in this process). */
  shareThrough(connection: SharedCountsConnection): void {
    this.connection = connection;
  }

  /** At a graceful stop: the hits since the last flush are shared, and nothing is sent after. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush().catch(() => {});
    this.connection = null;
  }

  /** Takes one hit of the subject's window, or throws TOO_MANY_REQUESTS (429) without counting it. */
  take(name: LimitName, subject: string): void {
    const { max, windowSeconds } = this.limits[name];
    const key = `${name}:${subject}`.slice(0, 300);
    const at = this.now();
    let known = this.known.get(key);
    if (known && known.endsAt <= at) {
      this.known.delete(key);
      known = undefined;
    }
    const pending = this.pending.get(key);
    if ((known?.hits ?? 0) + (pending?.hits ?? 0) >= max) throw throttled(((known?.endsAt ?? at + windowSeconds * 1000) - at) / 1000, name);
    if (pending) pending.hits += 1;
    else this.pending.set(key, { name, hits: 1 });
    if (!known) {
      if (this.known.size >= this.maxKeys) this.known.delete(this.known.keys().next().value!);
      this.known.set(key, { hits: 0, endsAt: at + windowSeconds * 1000 });
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || !this.connection) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // A database that is away loses these hits (the limit is then this process's alone for a moment), never a request.
      this.flush().catch(() => {});
    }, this.everyMs);
    this.timer.unref();
  }

  /** Adds the hits since the last flush to the table and learns each key's count across replicas. */
  async flush(): Promise<void> {
    const connection = this.connection;
    if (!connection || !this.pending.size) return;
    const batch = [...this.pending.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    this.pending = new Map();
    const at = this.now();
    for (const [key, k] of this.known) if (k.endsAt <= at) this.known.delete(key);
    // Counted here at once, so this process stays exact while the table answers.
    for (const [key, { hits }] of batch) {
      const known = this.known.get(key);
      if (known) known.hits += hits;
    }
    const byWindow = new Map<number, [string, number][]>();
    for (const [key, { name, hits }] of batch) {
      const w = this.limits[name].windowSeconds;
      byWindow.set(w, [...(byWindow.get(w) ?? []), [key, hits]]);
    }
    for (const [windowSeconds, rows] of byWindow) {
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const counted = await connection().execute(`/* ${BACKGROUND_STATEMENT} */
          insert into rate_limit_buckets as b (key, window_start, hits, locked_until, updated_at)
          values ${chunk.map(() => '(?, now(), ?::int, null, now())').join(', ')}
          on conflict (key) do update set
            hits = case when b.window_start > now() - make_interval(secs => ?) then b.hits + excluded.hits else excluded.hits end,
            window_start = case when b.window_start > now() - make_interval(secs => ?) then b.window_start else now() end,
            updated_at = now()
          returning key, hits, window_start`, [...chunk.flat(), windowSeconds, windowSeconds], 'all') as { key: string; hits: number; window_start: Date | string }[];
        for (const r of counted) {
          // Hits taken here since this flush began stay pending on top of the count learnt.
          this.known.set(r.key, { hits: Number(r.hits), endsAt: new Date(r.window_start).getTime() + windowSeconds * 1000 });
        }
      }
    }
  }
}

type Row = { hits: number; window_start: Date | string; locked_until: Date | string | null };

export class RateLimiter {
  private readonly limits: Record<LimitName, WindowLimit>;
  /** The public reads' limits (SHARED_LIMITS), counted in memory and shared once a second. */
  readonly shared: SharedCounts;

  constructor(private readonly config: Config) {
    this.limits = windowLimits(config);
    this.shared = new SharedCounts(this.limits);
  }

  private async upsert(em: EntityManager, sql: string, params: unknown[]): Promise<Row> {
    // Outside any transaction of the caller: a refused request must still be counted.
    const rows = await em.getConnection().execute<Row[]>(sql, params, 'all');
    return rows[0];
  }

  /** Retention: a bucket is only useful while its window or lock lasts (OutboxWorker's hourly purge runs this). */
  readonly purgeExpired = async (em: EntityManager): Promise<Record<string, number>> => {
    const done = await em.execute(`delete from rate_limit_buckets where updated_at < now() - interval '2 days' and (locked_until is null or locked_until < now())`, [], 'run');
    return { rateLimits: (done as { affectedRows?: number }).affectedRows ?? 0 };
  };

  /** Counts one hit of the subject in its current window; answers the hits so far and when the window ends. */
  async count(em: EntityManager, name: LimitName, subject: string): Promise<{ hits: number; windowEndsAt: number }> {
    const { windowSeconds } = this.limits[name];
    const row = await this.upsert(em, `
      insert into rate_limit_buckets (key, window_start, hits, locked_until, updated_at)
      values (?, now(), 1, null, now())
      on conflict (key) do update set
        hits = case when rate_limit_buckets.window_start > now() - make_interval(secs => ?) then rate_limit_buckets.hits + 1 else 1 end,
        window_start = case when rate_limit_buckets.window_start > now() - make_interval(secs => ?) then rate_limit_buckets.window_start else now() end,
        updated_at = now()
      returning hits, window_start, locked_until`, [`${name}:${subject}`.slice(0, 300), windowSeconds, windowSeconds]);
    return { hits: row.hits, windowEndsAt: new Date(row.window_start).getTime() + windowSeconds * 1000 };
  }

  /**
   * Counts one hit; throws TOO_MANY_REQUESTS when the subject is over its limit for this window. `em`
   * may be given as a function: a shared limit never needs one, and a visitor's public read forks none.
   */
  async hit(em: EntityManager | (() => EntityManager), name: LimitName, subject: string): Promise<void> {
    if (SHARED_LIMITS.has(name)) return this.shared.take(name, subject);
    const { hits, windowEndsAt } = await this.count(typeof em === 'function' ? em() : em, name, subject);
    if (hits > this.limits[name].max) throw throttled((windowEndsAt - Date.now()) / 1000, name);
  }

  /**
   * Takes one attempt of the subject's window BEFORE the work it limits, in one statement: refused
   * (and not counted) once the window is used up, so N concurrent callers get at most `max` through.
   * `release` gives the attempt back (a login that succeeded: only failures count).
   */
  async claim(em: EntityManager, name: LimitName, subject: string): Promise<void> {
    const { max, windowSeconds } = this.limits[name];
    const key = `${name}:${subject}`.slice(0, 300);
    const rows = await em.getConnection().execute<Row[]>(`
      insert into rate_limit_buckets as b (key, window_start, hits, locked_until, updated_at)
      values (?, now(), 1, null, now())
      on conflict (key) do update set
        hits = case when b.window_start > now() - make_interval(secs => ?) then b.hits + 1 else 1 end,
        window_start = case when b.window_start > now() - make_interval(secs => ?) then b.window_start else now() end,
        updated_at = now()
      where b.window_start <= now() - make_interval(secs => ?) or b.hits < ?
      returning hits, window_start, locked_until`, [key, windowSeconds, windowSeconds, windowSeconds, max], 'all');
    if (rows.length) return;
    const current = await em.getConnection().execute<{ window_start: Date | string }[]>(
      `select window_start from rate_limit_buckets where key = ?`, [key], 'all');
    const endsAt = current[0] ? new Date(current[0].window_start).getTime() + windowSeconds * 1000 : Date.now();
    throw throttled((endsAt - Date.now()) / 1000, name);
  }

  /** Gives back an attempt taken by `claim`. */
  async release(em: EntityManager, name: LimitName, subject: string): Promise<void> {
    await em.getConnection().execute(`update rate_limit_buckets set hits = hits - 1 where key = ? and hits > 0`,
      [`${name}:${subject}`.slice(0, 300)], 'run');
  }

  /**
   * Counts a login attempt on the account as a failure BEFORE its password is checked, in one
   * statement (a row lock in PostgreSQL orders concurrent attempts): refused, without counting, while
   * the account is locked; the attempt that reaches the threshold sets the lock at once. So of any
   * number of concurrent guesses at most `threshold` get their password checked, on any number of
   * replicas. A right password then ends the streak, its lock included (clearFailures).
   */
  async claimLoginAttempt(em: EntityManager, subject: string): Promise<void> {
    const { loginLockThreshold: threshold, loginLockBaseSeconds: base, loginLockMaxSeconds: cap } = this.config.limits;
    const key = `login-account:${subject}`.slice(0, 300);
    // A streak older than a day is forgotten.
    const rows = await em.getConnection().execute<Row[]>(`
      insert into rate_limit_buckets as b (key, window_start, hits, locked_until, updated_at)
      values (?, now(), 1, case when 1 >= ? then now() + make_interval(secs => least(?, ?)) else null end, now())
      on conflict (key) do update set
        hits = case when b.updated_at > now() - interval '1 day' then b.hits + 1 else 1 end,
        window_start = case when b.updated_at > now() - interval '1 day' then b.window_start else now() end,
        locked_until = case
          when (case when b.updated_at > now() - interval '1 day' then b.hits + 1 else 1 end) >= ?
          then now() + make_interval(secs => least(?::float8, ?::float8 * power(2, (case when b.updated_at > now() - interval '1 day' then b.hits + 1 else 1 end) - ?)))
          else null end,
        updated_at = now()
      where b.locked_until is null or b.locked_until <= now()
      returning hits, window_start, locked_until`,
    [key, threshold, cap, base, threshold, cap, base, threshold], 'all');
    if (rows.length) return;
    const locked = await em.getConnection().execute<{ locked_until: Date | string | null }[]>(
      `select locked_until from rate_limit_buckets where key = ?`, [key], 'all');
    throw throttled(locked[0]?.locked_until ? (new Date(locked[0].locked_until).getTime() - Date.now()) / 1000 : 1, 'login-account');
  }

  /** A successful login ends the streak. */
  async clearFailures(em: EntityManager, subject: string): Promise<void> {
    await em.getConnection().execute(`delete from rate_limit_buckets where key = ?`, [`login-account:${subject}`.slice(0, 300)], 'run');
  }
}
