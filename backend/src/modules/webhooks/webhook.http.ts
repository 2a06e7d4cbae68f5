import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isReservedAddress } from './webhook.addresses.js';

export { isReservedAddress } from './webhook.addresses.js';

/**
 * POSTs one webhook. In production a receiver must be a public address (webhook.addresses.ts: IANA's
 * special-purpose registries): a name that resolves to this machine, the private network,
 * link-local (cloud metadata) or another reserved range is refused at connection time (the check
 * runs on the address actually dialled, so a name that changes its answer between subscription and
 * delivery gains nothing). Redirects are not followed. Outside production any address is allowed
 * (tests and the example integrator listen on 127.0.0.1).
 */
export class ReservedAddressError extends Error {
  readonly permanent = true;
  constructor(host: string) {
    super(`${host} is not a public address`);
  }
}

/** dns.lookup that refuses reserved addresses (both of its callback shapes: one address, or all). */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as LookupAddress[];
    if (!list.length || list.some((a) => isReservedAddress(a.address))) return callback(new ReservedAddressError(hostname), '');
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}

export interface WebhookResponse {
  status: number;
}

export function postWebhook(url: string, body: string, headers: Record<string, string>, opts: { timeoutMs: number; publicOnly: boolean }): Promise<WebhookResponse> {
  const target = new URL(url);
  if (opts.publicOnly && isIP(target.hostname.replace(/^\[|\]$/g, '')) && isReservedAddress(target.hostname)) {
    return Promise.reject(new ReservedAddressError(target.hostname));
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      signal: AbortSignal.timeout(opts.timeoutMs),
      ...(opts.publicOnly ? { lookup: publicOnlyLookup as never } : {}),
    }, (res: IncomingMessage) => {
      // Only the status matters; the body is read and dropped so the socket is freed.
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', (err: Error & { cause?: unknown }) => reject(err.cause instanceof ReservedAddressError ? err.cause : err));
    req.end(body);
  });
}
