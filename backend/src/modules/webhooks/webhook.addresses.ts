import { isIP } from 'node:net';

/**
 * Which addresses a production server must not call on an app's behalf (SSRF), checked against
 * IANA's special-purpose address registries (iana-ipv4-special-registry, iana-ipv6-special-registry)
 * and its IPv6 address space (only 2000::/3 is global unicast; the rest is reserved or special).
 *
 * IPv4: every block the registry says is not globally reachable, plus multicast and the deprecated
 * 6to4 relay anycast (RFC 7526). The registry's globally reachable exceptions (AS112, AMT) stay open.
 *
 * IPv6: a positive rule first, 2000::/3 or nothing (loopback, unspecified, IPv4-compatible ::/96,
 * the discard prefix 100::/64, unique-local, link-local, site-local, multicast and segment-routing
 * SIDs all fall outside it), then the special blocks inside 2000::/3: IETF protocol assignments
 * 2001::/23 (Teredo 2001::/32 among them), documentation 2001:db8::/32 and 3fff::/20, and 6to4
 * 2002::/16 (deprecated; it reaches the IPv4 address it embeds through whatever relay answers).
 * Addresses that carry an IPv4 address are judged by that address: IPv4-mapped ::ffff:0:0/96 (how a
 * dual-stack socket writes an IPv4 peer) and the well-known NAT64 prefix 64:ff9b::/96 (how DNS64
 * writes an IPv4-only host on an IPv6-only network), so a public receiver stays reachable from
 * either while 127.0.0.1 or 10.0.0.1 written that way is refused. The local-use NAT64 prefix
 * 64:ff9b:1::/48 and the IPv4-translated ::ffff:0:0:0/96 are refused whole.
 */

type V4Block = readonly [string, number, string];

export const RESERVED_IPV4: readonly V4Block[] = [
  ['0.0.0.0', 8, '"this network" (RFC 791)'],
  ['10.0.0.0', 8, 'private use (RFC 1918)'],
  ['100.64.0.0', 10, 'shared address space, CGNAT (RFC 6598)'],
  ['127.0.0.0', 8, 'loopback (RFC 1122)'],
  ['169.254.0.0', 16, 'link-local, cloud metadata (RFC 3927)'],
  ['172.16.0.0', 12, 'private use (RFC 1918)'],
  ['192.0.0.0', 24, 'IETF protocol assignments (RFC 6890), DS-Lite 192.0.0.0/29, NAT64 discovery'],
  ['192.0.2.0', 24, 'documentation TEST-NET-1 (RFC 5737)'],
  ['192.88.99.0', 24, 'deprecated 6to4 relay anycast (RFC 7526)'],
  ['192.168.0.0', 16, 'private use (RFC 1918)'],
  ['198.18.0.0', 15, 'benchmarking (RFC 2544)'],
  ['198.51.100.0', 24, 'documentation TEST-NET-2 (RFC 5737)'],
  ['203.0.113.0', 24, 'documentation TEST-NET-3 (RFC 5737)'],
  ['224.0.0.0', 4, 'multicast (RFC 5771)'],
  ['240.0.0.0', 4, 'reserved (RFC 1112), 255.255.255.255 limited broadcast'],
];

/** Special blocks inside global unicast 2000::/3 (everything outside it is refused by the positive rule). */
export const RESERVED_IPV6_IN_GLOBAL: readonly (readonly [string, number, string])[] = [
  ['2001::', 23, 'IETF protocol assignments (RFC 2928): Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID'],
  ['2001:db8::', 32, 'documentation (RFC 3849)'],
  ['2002::', 16, '6to4, deprecated (RFC 3056, RFC 7526)'],
  ['3fff::', 20, 'documentation (RFC 9637)'],
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4Block(value: number, [net, bits]: V4Block): boolean {
  const size = 2 ** (32 - bits);
  const start = v4ToInt(net);
  return value >= start && value < start + size;
}

function reservedV4(value: number): boolean {
  return RESERVED_IPV4.some((block) => inV4Block(value, block));
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad and a zone id allowed), or null. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    if (isIP(quad[1]!) !== 4) return null;
    const n = v4ToInt(quad[1]!);
    text = `${text.slice(0, -quad[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)) : []);
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some((g) => Number.isNaN(g)) ? null : groups;
}

function inV6Block(groups: number[], net: string, bits: number): boolean {
  const base = ipv6Groups(net)!;
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((groups[i]! & mask) !== (base[i]! & mask)) return false;
  }
  return true;
}

const embeddedV4 = (groups: number[]) => groups[6]! * 65536 + groups[7]!;

function reservedV6(groups: number[]): boolean {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // IPv4-mapped ::ffff:a.b.c.d: the IPv4 address decides.
  if (zeros(0, 5) && groups[5] === 0xffff) return reservedV4(embeddedV4(groups));
  // Well-known NAT64 64:ff9b::a.b.c.d (RFC 6052): the IPv4 address decides.
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return reservedV4(embeddedV4(groups));
  // Global unicast is 2000::/3; everything else (::/96 IPv4-compatible, ::1, fc00::/7, fe80::/10, ff00::/8, ...) is not.
  if ((groups[0]! & 0xe000) !== 0x2000) return true;
  return RESERVED_IPV6_IN_GLOBAL.some(([net, bits]) => inV6Block(groups, net, bits));
}

/** Is this address (IPv4, or IPv6 with or without brackets) one a production server must not call? A name is not an address: false. */
export function isReservedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.replace(/%.*$/, ''));
  if (family === 4) return reservedV4(v4ToInt(bare));
  if (family === 6) {
    const groups = ipv6Groups(bare);
    return groups === null || reservedV6(groups);
  }
  return false;
}
