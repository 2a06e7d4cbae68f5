import { timingSafeEqual } from 'node:crypto';
import type { IntegratorIdentity } from '../../common/scopes.js';
import { secretMatches } from './integrator.keys.js';

/**
 * Keys this process has seen authenticate, by key id, so that an app's request does not read its key
 * and app from the database each time (that SELECT was one of the round trips that made a request
 * with a key cost about twice one without: docs/performance.md).
 *
 * What stays per request: the secret is checked against the cached SHA-256 (a wrong secret for a
 * known key id is refused without asking the database), and a rotated key's end (expiresAt) is
 * compared with this process's clock (the database's is compared when the row is read; both are
 * NTP-synchronised in any deployment); a key whose end has passed is dropped and read again, so the
 * database words the refusal (API_KEY_EXPIRED) as before.
 *
 * What makes it safe:
 * - only a key that authenticated is kept, never a miss (unknown key ids cannot fill it);
 * - at most `maxEntries` keys (oldest out) for at most `ttlMs` each;
 * - it is used only while `listening()` says this process hears nirog_cache (common/coordination.ts):
 *   triggers (migration IntegratorKeysNotify) send it when a key or an app is revoked, rotated or
 *   expired, or an app's scopes, name or organisation change, whoever writes, and every process then
 *   clears this cache; a process that is not listening (coordinator stopped, connection lost) reads
 *   the database every time, as before;
 * - the admin's own revoke, rotate and update clear this process's cache as they return, so the
 *   replica that made the change never waits for its notification;
 * - a read under way when the cache is cleared is not kept (the generation counter), so a row read
 *   before a revocation committed can never be stored after the notification that revokes it.
 */
export interface CachedKey {
  secretHash: string;
  /**
   * The secret that last matched secretHash on this process (kept only as long as the entry): a
   * request presenting it again is compared with it in constant time instead of hashing it again
   * (SHA-256 per request was about a tenth of what a key added to a request: docs/performance.md).
   * The process sees the secret on every request anyway; it is never logged or written anywhere.
   */
  verified?: Buffer;
  /** ms since the epoch; null: no end. */
  expiresAt: number | null;
  identity: IntegratorIdentity;
}

export class KeyCache {
  private readonly entries = new Map<string, CachedKey & { until: number }>();
  private generation = 0;
  private listening: () => boolean = () => false;

  constructor(private readonly ttlMs = 30_000, private readonly maxEntries = 1000, private readonly now = () => Date.now()) {}

  /** The cache is used only while `listening()` is true (the process hears nirog_cache). */
  useWhile(listening: () => boolean): void {
    this.listening = listening;
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening();
  }

  /** The key's cached row while fresh and not past its end; undefined otherwise (read the database). */
  get(keyId: string): CachedKey | undefined {
    if (!this.enabled) return undefined;
    const hit = this.entries.get(keyId);
    if (!hit) return undefined;
    const at = this.now();
    if (hit.until <= at || (hit.expiresAt !== null && hit.expiresAt <= at)) {
      this.entries.delete(keyId);
      return undefined;
    }
    return hit;
  }

  /** A token to pass to set(): a clear() in between makes that set() keep nothing. */
  get token(): number {
    return this.generation;
  }

  set(keyId: string, row: CachedKey, token: number): void {
    if (!this.enabled || token !== this.generation) return;
    this.entries.delete(keyId);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyId, { ...row, until: this.now() + this.ttlMs });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Whether `secret` is the cached key's secret (see CachedKey.verified); a wrong one is always hashed and compared. */
export function cachedSecretMatches(entry: CachedKey, secret: string): boolean {
  const presented = Buffer.from(secret);
  if (entry.verified && entry.verified.length === presented.length && timingSafeEqual(entry.verified, presented)) return true;
  if (!secretMatches(secret, entry.secretHash)) return false;
  entry.verified = presented;
  return true;
}
