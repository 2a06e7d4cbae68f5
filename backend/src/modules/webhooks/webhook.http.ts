import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * POSTs one webhook. In production a receiver must be a public address: a name that resolves to
 * this machine, the private network, link-local (cloud metadata) or another reserved range is
 * refused at connection time (the check runs on the address actually dialled, so a name that
 * changes its answer between subscription and delivery gains nothing). Redirects are not followed.
 * Outside production any address is allowed (tests and the example integrator listen on 127.0.0.1).
 */
const RESERVED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) RESERVED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96]] as const) {
  RESERVED.addSubnet(net, bits, 'ipv6');
}

/** Is this address one a production server must not call on an app's behalf? */
export function isReservedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return RESERVED.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return RESERVED.check(bare, 'ipv4');
  if (family === 6) return RESERVED.check(bare, 'ipv6');
  return false;
}

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
