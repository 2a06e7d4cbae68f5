import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a delivery's timestamp may be from this machine's clock. */
export const TOLERANCE_SECONDS = 300;

/**
 * Was this delivery signed by Nirog with the subscription's secret, a moment ago? The signature is
 * `v1=` + hex HMAC-SHA256 of `<id>.<timestamp>.<raw body>`, keyed with the `whsec_…` secret. Check the
 * raw bytes as they arrived (before parsing JSON), in constant time, and refuse old timestamps (a
 * replay of a captured delivery).
 */
export function verifyDelivery(secret: string, headers: { id?: string; timestamp?: string; signature?: string }, rawBody: string, nowSeconds = Date.now() / 1000): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${id}.${timestamp}.${rawBody}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
