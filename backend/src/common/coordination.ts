import pg from 'pg';
import type { Config } from '../config.js';
import type { Orm } from './orm.js';
import type { Logger } from './logger.js';
import { nativeClient } from './sql.js';
import { LIVE_CHANNEL } from './live.js';

/**
 * What the API processes (replicas) on one database agree on, through PostgreSQL itself:
 *
 * - startup: migrations and the demo seed run under a session advisory lock, so replicas started at
 *   the same instant on an empty database migrate and seed once (the others wait, then find nothing
 *   to do);
 * - live updates: every process LISTENs on nirog_live too, on the same connection, and hands what it
 *   hears to its live bus (common/live.ts); after a reconnect the bus tells every subscriber to sync;
 * - caches: the per-process list caches (list-cache.ts) are cleared when any process commits a change
 *   they depend on: triggers send NOTIFY nirog_cache (migration CacheNotify), each process LISTENs on
 *   a dedicated connection that reconnects (and clears everything when it does: it may have missed one);
 * - periodic jobs that ask a provider (payment reconciliation) or sweep tables (retention) run in one
 *   process at a time: the one holding a session advisory lock on its dedicated connection. If it dies
 *   its connection closes, the lock goes with it and another process takes the next run.
 *
 * PGlite is one process with one connection: the same statements run on the ORM's connection (the
 * locks are then always granted) and NOTIFY reaches this process through PGlite's listen().
 */

/** Keys of the advisory locks (one bigint namespace per database; these are Nirog's). */
export const LOCKS = { startup: 7_301_001, jobs: 7_301_002 } as const;
export const CACHE_CHANNEL = 'nirog_cache';

interface Session {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Where the live channel's notifications go (common/live.ts's LiveBus). */
export interface LiveReceiver {
  receive(payload: string | undefined): void;
  resync(): void;
}

async function pgliteOf(orm: Orm): Promise<{ query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>; listen: (ch: string, cb: (payload: string) => void) => Promise<() => Promise<void>> }> {
  return nativeClient(orm);
}

/**
 * A connection of its own (PostgreSQL). PGlite has one connection shared with the ORM, which may be
 * inside a transaction: there the locks are not taken (one process: always granted).
 */
async function openSession(config: Config, hooks: { onError?: (err: Error) => void; onNotify?: (channel: string, payload?: string) => void } = {}): Promise<Session> {
  if (!config.db.url) return { query: async () => [{ got: true }], close: async () => {} };
  const client = new pg.Client({ connectionString: config.db.url, application_name: 'nirog-coordination' });
  client.on('error', (err) => hooks.onError?.(err));
  client.on('end', () => hooks.onError?.(new Error('connection ended')));
  client.on('notification', (msg) => hooks.onNotify?.(msg.channel, msg.payload));
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return {
    query: async (sql, params) => (await client.query(sql, params)).rows,
    close: () => client.end().catch(() => {}),
  };
}

/** Runs `fn` while holding the startup lock (waits for a replica that holds it). */
export async function withStartupLock<T>(config: Config, orm: Orm, fn: () => Promise<T>): Promise<T> {
  const session = await openSession(config);
  try {
    await session.query('select pg_advisory_lock($1)', [LOCKS.startup]);
    try {
      return await fn();
    } finally {
      await session.query('select pg_advisory_unlock($1)', [LOCKS.startup]).catch(() => {});
    }
  } finally {
    await session.close();
  }
}

export class Coordinator {
  private session?: Session;
  private unlisten: (() => Promise<void>)[] = [];
  private readonly listeners = new Set<(table?: string) => void>();
  private readonly live = new Set<LiveReceiver>();
  private leader = false;
  private stopped = true;
  private retry?: NodeJS.Timeout;
  private connecting?: Promise<void>;

  constructor(private readonly config: Config, private readonly orm: Orm, private readonly log: Logger, private readonly retryMs = 1000) {}

  /**
   * `fn` is called when another (or this) process changed what the caches hold, with the table the
   * change was made to (none after a reconnect: anything may have changed).
   */
  onCacheChange(fn: (table?: string) => void): void {
    this.listeners.add(fn);
  }

  private changed(table?: string): void {
    for (const fn of this.listeners) fn(table);
  }

  /** The live channel's notifications, from every replica, go to `receiver` (resynced after each reconnect). */
  carryLive(receiver: LiveReceiver): void {
    this.live.add(receiver);
  }

  private heard(channel: string, payload?: string): void {
    if (channel === LIVE_CHANNEL) for (const r of this.live) r.receive(payload);
    else this.changed(payload);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      try {
        if (!this.config.db.url) {
          const lite = await pgliteOf(this.orm);
          this.unlisten = [
            await lite.listen(CACHE_CHANNEL, (table) => this.changed(table)),
            await lite.listen(LIVE_CHANNEL, (payload) => this.heard(LIVE_CHANNEL, payload)),
          ];
          this.session = await openSession(this.config);
        } else {
          // The hooks may fire before openSession returns (a refused or dropped connect): only a
          // session that exists can be lost; a failed connect is retried by the catch below.
          let session: Session | undefined;
          // eslint-disable-next-line prefer-const -- declared first: the hooks may read it before this assignment
          session = await openSession(this.config, { onError: (err) => { if (session) this.lost(session, err); }, onNotify: (channel, payload) => this.heard(channel, payload) });
          this.session = session;
          await session.query(`listen ${CACHE_CHANNEL}`);
          await session.query(`listen ${LIVE_CHANNEL}`);
        }
        // Whatever happened while this process was not listening is unknown: start clean.
        this.changed();
        for (const r of this.live) r.resync();
      } catch (err) {
        this.log.warn({ err }, 'coordination connection failed; retrying');
        const half = this.session;
        this.session = undefined;
        await half?.close();
        this.scheduleReconnect();
      } finally {
        this.connecting = undefined;
      }
    })();
    return this.connecting;
  }

  private lost(session: Session, err: Error): void {
    if (this.session !== session) return;
    this.log.warn({ err: err.message }, 'coordination connection lost; reconnecting');
    this.session = undefined;
    this.leader = false;
    void session.close();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.stopped && !this.session) void this.connect();
    }, this.retryMs);
    this.retry.unref();
  }

  /**
   * Whether this process hears nirog_cache now: a cache that must drop what another replica revoked
   * (the integrators' key cache) is used only while this holds; a lost connection turns it off until
   * the reconnect, which clears everything.
   */
  get listening(): boolean {
    return !this.stopped && !!this.session;
  }

  /** Whether this process holds the jobs lock now (for /metrics: summed over the replicas, 1). */
  get holdsJobsLock(): boolean {
    return this.leader && !!this.session;
  }

  /**
   * Runs `fn` only in the process that holds the jobs lock (taking it if it is free); the others
   * skip this run. Returns undefined when skipped.
   */
  async asLeader<T>(fn: () => Promise<T>): Promise<T | undefined> {
    if (this.stopped) return undefined;
    if (!this.session) await this.connect();
    const session = this.session;
    if (!session) return undefined;
    if (!this.leader) {
      try {
        const [row] = await session.query('select pg_try_advisory_lock($1) as got', [LOCKS.jobs]);
        this.leader = row?.got === true;
      } catch (err) {
        this.lost(session, err as Error);
        return undefined;
      }
    }
    return this.leader ? fn() : undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    const session = this.session;
    this.session = undefined;
    if (session && this.leader) await session.query('select pg_advisory_unlock($1)', [LOCKS.jobs]).catch(() => {});
    this.leader = false;
    for (const unlisten of this.unlisten.splice(0)) await unlisten().catch(() => {});
    await session?.close();
  }
}
