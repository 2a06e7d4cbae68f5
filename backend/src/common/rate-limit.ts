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
  | 'sms-ip' | 'sms-number' | 'sms-resend';

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
  };
}

type Row = { hits: number; window_start: Date | string; locked_until: Date | string | null };

export class RateLimiter {
  private readonly limits: Record<LimitName, WindowLimit>;

  constructor(private readonly config: Config) {
    this.limits = windowLimits(config);
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

  /** Counts one hit; throws TOO_MANY_REQUESTS when the subject is over its limit for this window. */
  async hit(em: EntityManager, name: LimitName, subject: string): Promise<void> {
    const { hits, windowEndsAt } = await this.count(em, name, subject);
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
