import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Nirog webhooks: what a receiver gets and how it checks it (the /developers page and README link here).
 *
 * Each delivery is one HTTP POST to the subscription's URL, `Content-Type: application/json`, body:
 *
 *     {"id":"<event id, a UUID>","type":"order.statusChanged","createdAt":"2026-11-25T06:30:00.000Z",
 *      "object":{"type":"Order","id":"<the order's id>"}}
 *
 * `type` is one of order.placed, order.paid, order.statusChanged, appointment.booked,
 * appointment.statusChanged, payment.refunded, doctor.approved, medicine.stockLow (a medicine's stock
 * fell to LOW_STOCK_THRESHOLD = 10 or below); `object.type` is Order, Appointment, Payment, Doctor or
 * Medicine. The payload carries only the id: the receiver reads the rest with its key (so it sees
 * only what its scopes allow, as of now). The same event sent again (a retry or an admin's resend)
 * has the same id and body: receivers should ignore an id they have already handled.
 *
 * Headers:
 *   Nirog-Webhook-Id:        the event id (as in the body)
 *   Nirog-Webhook-Timestamp: Unix seconds when this attempt was signed
 *   Nirog-Signature:         v1=<hex HMAC-SHA256 of "<id>.<timestamp>.<raw body>" keyed with the
 *                            subscription's secret (the whsec_… string shown once on subscribe)>
 *
 * To verify: take the raw body bytes as received (before any JSON parsing), compute the HMAC above,
 * compare it with the v1 value in constant time, and refuse a timestamp more than 5 minutes away from
 * your clock (a replayed request). Answer any 2xx within 10 seconds to acknowledge; anything else
 * (or no answer) is retried with exponential backoff (30 s doubling, at most an hour apart, 8 attempts).
 */
export const SIGNATURE_HEADER = 'Nirog-Signature';
export const ID_HEADER = 'Nirog-Webhook-Id';
export const TIMESTAMP_HEADER = 'Nirog-Webhook-Timestamp';
/** How far a receiver should let a signature's timestamp be from its clock. */
export const TOLERANCE_SECONDS = 300;

export function signature(secret: string, id: string, timestamp: number | string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('hex')}`;
}

/** The receiver's check (used by the tests and mirrored in examples/integrator). */
export function verifySignature(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string, nowSeconds = Date.now() / 1000): boolean {
  if (Math.abs(nowSeconds - Number(headers.timestamp)) > TOLERANCE_SECONDS) return false;
  const want = Buffer.from(signature(secret, headers.id, headers.timestamp, body));
  const got = Buffer.from(headers.signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * The demo subscription's secret (seeded in development and tests only, like the demo key): stored
 * as the DEMO_SEALED marker, which only opens outside production.
 */
export const DEMO_WEBHOOK_SECRET = 'whsec_development-only-demo-secret';
export const DEMO_SEALED = 'demo';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Secrets are needed to sign, so they are kept encrypted (AES-256-GCM), never hashed, with a key
 * derived for this one purpose from WEBHOOK_KEY (or JWT_SECRET when it is not set).
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(rootSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', rootSecret, 'nirog', 'webhook-subscription-secret', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  open(sealed: string, production: boolean): string {
    if (sealed === DEMO_SEALED) {
      if (production) throw Object.assign(new Error('the demo webhook secret is refused in production'), { permanent: true });
      return DEMO_WEBHOOK_SECRET;
    }
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
