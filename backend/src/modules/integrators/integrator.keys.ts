import { randomBytes } from 'node:crypto';
import { newSecret, safeEqualHex, sha256 } from '../../common/tokens.js';

/**
 * Integrator keys: `nrg_live_<keyId>_<secret>`. The prefix makes a leaked key recognisable (in logs,
 * in a secret scanner); the key id finds its row; only SHA-256 of the 256-bit secret is stored, which
 * is enough for a random secret (no password stretching needed) and keeps checking a key cheap.
 */
export const KEY_PATTERN = /^nrg_live_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface NewKey {
  keyId: string;
  prefix: string;
  secretHash: string;
  /** The whole key, shown once. */
  key: string;
}

export function makeKey(keyId = randomBytes(8).toString('hex'), secret = newSecret(32)): NewKey {
  const prefix = `nrg_live_${keyId}`;
  return { keyId, prefix, secretHash: sha256(secret), key: `${prefix}_${secret}` };
}

/** A presented key split into its id and secret, or null when it is not in the key format. */
export function parseKey(key: string): { keyId: string; secret: string } | null {
  const m = KEY_PATTERN.exec(key);
  return m ? { keyId: m[1]!, secret: m[2]! } : null;
}

export const looksLikeKey = (token: string | undefined): token is string => !!token && token.startsWith('nrg_');

export const secretMatches = (secret: string, secretHash: string) => safeEqualHex(sha256(secret), secretHash);
