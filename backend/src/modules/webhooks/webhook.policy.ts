import { badInput, forbidden } from '../../common/errors.js';
import { IntegratorScope, type IntegratorIdentity } from '../../common/scopes.js';
import { WebhookEvent } from './webhook.entity.js';
import { isReservedAddress } from './webhook.addresses.js';

/** The scope an app needs to receive an event: the one that reads the object it names. */
export const SCOPE_OF_EVENT: Record<WebhookEvent, IntegratorScope> = {
  [WebhookEvent.ORDER_PLACED]: IntegratorScope.ORDERS_READ,
  [WebhookEvent.ORDER_PAID]: IntegratorScope.ORDERS_READ,
  [WebhookEvent.ORDER_STATUS_CHANGED]: IntegratorScope.ORDERS_READ,
  [WebhookEvent.PAYMENT_REFUNDED]: IntegratorScope.ORDERS_READ,
  [WebhookEvent.APPOINTMENT_BOOKED]: IntegratorScope.APPOINTMENTS_READ,
  [WebhookEvent.APPOINTMENT_STATUS_CHANGED]: IntegratorScope.APPOINTMENTS_READ,
  [WebhookEvent.DOCTOR_APPROVED]: IntegratorScope.CATALOG_READ,
  [WebhookEvent.MEDICINE_STOCK_LOW]: IntegratorScope.CATALOG_READ,
};

export function assertMayReceive(app: IntegratorIdentity, events: readonly WebhookEvent[]): void {
  const missing = events.filter((e) => !app.scopes.includes(SCOPE_OF_EVENT[e]));
  if (!missing.length) return;
  const scopes = [...new Set(missing.map((e) => SCOPE_OF_EVENT[e]))].join(', ');
  throw forbidden(`Receiving ${missing.join(', ')} needs the scope that reads it (${scopes})`, 'EVENT_SCOPE_MISSING', { events: missing.join(', '), scopes });
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * https only; plain http to this machine (a local receiver, the example integrator) outside production.
 * In production an address written in the URL must be public (webhook.addresses.ts).
 */
export function assertWebhookUrl(raw: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badInput('Enter a valid URL', { url: 'Enter a valid URL' });
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname) && !production;
  if (url.protocol !== 'https:' && !loopbackHttp) throw badInput('The URL must use https', { url: 'The URL must use https' });
  if (url.username || url.password) throw badInput('The URL must not carry a user name or password', { url: 'The URL must not carry a user name or password' });
  // A literal address is judged at once (a name is judged on the address dialled, at each delivery).
  if (production && isReservedAddress(url.hostname)) throw badInput('The URL must point to a public address', { url: 'The URL must point to a public address' });
  return url.toString();
}
