import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { unauthenticated } from './errors.js';
import { Role } from './roles.js';

/**
 * Access tokens: short-lived JWTs, HS256 only (the algorithm is pinned on verify, so "none" and
 * RS/HS confusion are refused), with issuer and audience. They name the session (`sid`) so that
 * logout and refresh-token reuse revoke them at once.
 *
 * Refresh tokens: opaque `<sessionId>.<generation>.<secret>`; only a hash of the secret is stored.
 * Each refresh rotates to generation+1; presenting an older generation is reuse and revokes the
 * whole session, except the token just replaced within REFRESH_GRACE_SECONDS of its rotation, which
 * gets the same new pair again (AccountService.refresh).
 */
const ISSUER = 'nirog';
const AUDIENCE = 'nirog-api';

export interface AccessClaims {
  sub: string;
  role: Role;
  sid: string;
  /**
   * 'rest': issued to the REST door's logins (the earlier app's clients, which never refresh): it
   * lives as long as its session. Every request still checks the session, so logout, revocation, a
   * rejected doctor or a deleted account end it at once, as for any token.
   */
  door?: 'rest';
}

/** `issuedAt` (Unix seconds) fixes the token's iat: the same claims and time sign the same token (HS256). */
export function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number, issuedAt?: number): string {
  return jwt.sign({ role: claims.role, sid: claims.sid, ...(claims.door ? { door: claims.door } : {}), ...(issuedAt ? { iat: issuedAt } : {}) }, secret, {
    algorithm: 'HS256',
    subject: claims.sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

export function verifyAccessToken(token: string, secret: string): AccessClaims {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload === 'string' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string'
      || !Object.values(Role).includes(payload.role)) {
      throw new Error('bad claims');
    }
    return { sub: payload.sub, sid: payload.sid, role: payload.role as Role, ...(payload.door === 'rest' ? { door: 'rest' as const } : {}) };
  } catch (e) {
    if (e instanceof jwt.TokenExpiredError) throw unauthenticated('Your session has expired, please log in again', 'TOKEN_EXPIRED');
    throw unauthenticated('Invalid token, please log in again', 'INVALID_TOKEN');
  }
}

/** Accepts `Authorization: <token>` (the earlier app's form) and `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const m = /^Bearer\s+(.+)$/i.exec(trimmed);
  const token = (m ? m[1]! : trimmed).trim();
  return token && token.toLowerCase() !== 'null' && token.toLowerCase() !== 'undefined' ? token : undefined;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export interface ParsedRefreshToken {
  sessionId: string;
  generation: number;
  secret: string;
}

export function formatRefreshToken(t: ParsedRefreshToken): string {
  return `${t.sessionId}.${t.generation}.${t.secret}`;
}

/**
 * The secret that follows `previous` at `generation`: an HMAC of it under a key derived from the
 * server's secret. Whoever presents the previous token can be given its successor again (two tabs
 * refreshing at once get the same pair); nobody can compute one without the server's key.
 */
export function successorSecret(serverSecret: string, sessionId: string, generation: number, previous: string): string {
  const key = createHmac('sha256', serverSecret).update('nirog refresh-token successor').digest();
  return createHmac('sha256', key).update(`${sessionId}.${generation}.${previous}`).digest('base64url');
}

export function parseRefreshToken(token: string): ParsedRefreshToken {
  const m = /^([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{20,100})$/.exec(token ?? '');
  if (!m) throw unauthenticated('Invalid refresh token', 'INVALID_REFRESH_TOKEN');
  return { sessionId: m[1]!, generation: Number(m[2]), secret: m[3]! };
}
