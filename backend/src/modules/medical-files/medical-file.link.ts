import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../common/ids.js';
import { Role } from '../../common/roles.js';

/**
 * The kinds of private files, each a folder of the private store: prescription photos today; a
 * medical upload to come (a report, a scan) adds its kind here and is stored, linked and served the
 * same way.
 */
export const PRIVATE_FILE_KINDS = ['prescriptions'] as const;
export type PrivateFileKind = (typeof PRIVATE_FILE_KINDS)[number];

/** `<kind>/<name>.webp`: what Nirog stores (a random UUID, or a drawing's SHA-256 for the demo). */
const PRIVATE_KEY = new RegExp(`^(?:${PRIVATE_FILE_KINDS.join('|')})/[A-Za-z0-9_-]{1,80}\\.webp$`);
export const isPrivateKey = (key: unknown): key is string => typeof key === 'string' && PRIVATE_KEY.test(key);

/** Where the links point: the REST door's file route (medical-file.rest.ts). */
export const LINK_PATH = '/api/medical-files/';

/**
 * What a link grants, all of it signed: the file, until when, to whom it was handed (the viewer the
 * read model decided may see it) and the record it belongs to, so each read is audited by name.
 */
export interface FileGrant {
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  viewer: { id: string; role: Role };
  record: { type: string; id: string; patientId: string | null };
}

interface SignedPayload { k: string; e: number; v: string; r: string; t: string; i: string; p: string | null }

const ROLES = new Set<string>(Object.values(Role));
const PART = /^[A-Za-z0-9_-]{1,2000}$/;
/** Links made within the same minute are the same link (a refetch does not reload the picture). */
const ROUND_SECONDS = 60;

/**
 * Short-lived links to private files, in the manner of Medplum's Binary presigned URLs: the read model
 * hands a viewer `/api/medical-files/<payload>.<signature>`, an HMAC-SHA256 under a key derived for
 * this one purpose from JWT_SECRET (the same on every replica), so an <img> can load the file
 * without an Authorization header, and a link that leaks stops working within minutes. A link is a
 * bearer capability for its lifetime: who presents it is not known, so every read is audited under
 * the viewer it was handed to, with the reader's address.
 */
export class FileLinks {
  private readonly key: Buffer;

  constructor(rootSecret: string, private readonly lifetimeSeconds: number) {
    this.key = Buffer.from(hkdfSync('sha256', rootSecret, 'nirog', 'medical-file-links', 32));
  }

  /** A link to `grant.key` for `grant.viewer`, and when it stops working. */
  sign(grant: Omit<FileGrant, 'expiresAt'>, now = Date.now()): { url: string; expiresAt: Date } {
    if (!isPrivateKey(grant.key)) throw new Error(`not a private file key: ${grant.key}`);
    const expiresAt = Math.ceil((Math.floor(now / 1000) + this.lifetimeSeconds) / ROUND_SECONDS) * ROUND_SECONDS;
    const payload: SignedPayload = {
      k: grant.key, e: expiresAt, v: grant.viewer.id, r: grant.viewer.role, t: grant.record.type, i: grant.record.id, p: grant.record.patientId,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { url: `${LINK_PATH}${body}.${this.mac(body)}`, expiresAt: new Date(expiresAt * 1000) };
  }

  /**
   * What a link grants, or null for a link this server did not sign, one that was altered, or one
   * that has expired: callers answer all of them alike (404).
   */
  open(link: string, now = Date.now()): FileGrant | null {
    const dot = link.indexOf('.');
    const body = link.slice(0, dot);
    const mac = link.slice(dot + 1);
    if (dot < 1 || !PART.test(body) || !PART.test(mac)) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let p: SignedPayload;
    try {
      p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignedPayload;
    } catch {
      return null;
    }
    // Signed by us, so well formed; checked anyway, as anything that reaches storage is.
    if (!p || !isPrivateKey(p.k) || !Number.isSafeInteger(p.e) || !isUuid(p.v) || !ROLES.has(p.r) || typeof p.t !== 'string' || !isUuid(p.i)
      || (p.p !== null && !isUuid(p.p))) return null;
    if (p.e * 1000 <= now) return null;
    return { key: p.k, expiresAt: p.e, viewer: { id: p.v, role: p.r as Role }, record: { type: p.t, id: p.i, patientId: p.p } };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`nirog-medical-file-link.v1.${body}`).digest('base64url');
  }
}
