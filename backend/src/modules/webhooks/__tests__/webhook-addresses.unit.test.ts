import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ipv6Groups, isReservedAddress } from '../webhook.addresses.js';
import { postWebhook } from '../webhook.http.js';
import { assertWebhookUrl } from '../webhook.policy.js';

/**
 * The receivers a production server refuses to call, walked block by block through IANA's IPv4 and
 * IPv6 special-purpose address registries (and the IPv6 address space: only 2000::/3 is global
 * unicast). Each row is one address inside a block; the public rows must stay reachable.
 */
const REFUSED: [string, string][] = [
  // IPv4 special-purpose registry
  ['0.0.0.0', 'this network 0.0.0.0/8'], ['0.1.2.3', 'this network 0.0.0.0/8'],
  ['10.1.2.3', 'private 10/8'], ['172.20.0.5', 'private 172.16/12'], ['172.31.255.255', 'private 172.16/12'], ['192.168.1.1', 'private 192.168/16'],
  ['100.64.0.1', 'CGNAT 100.64/10'], ['100.127.255.254', 'CGNAT 100.64/10'],
  ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local, cloud metadata'],
  ['192.0.0.1', 'IETF protocol assignments 192.0.0.0/24 (DS-Lite)'], ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.10', 'TEST-NET-1'], ['198.51.100.7', 'TEST-NET-2'], ['203.0.113.9', 'TEST-NET-3'],
  ['192.88.99.1', '6to4 relay anycast, deprecated'],
  ['198.18.0.1', 'benchmarking 198.18/15'], ['198.19.255.1', 'benchmarking 198.18/15'],
  ['224.0.0.251', 'multicast'], ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved 240/4'], ['255.255.255.255', 'limited broadcast'],
  // IPv6 special-purpose registry and address space
  ['::', 'unspecified'], ['::1', 'loopback'], ['[::1]', 'loopback, as a URL writes it'],
  ['::7f00:1', 'IPv4-compatible ::/96 (deprecated), 127.0.0.1'], ['::127.0.0.1', 'IPv4-compatible, dotted'],
  ['::808:808', 'IPv4-compatible ::/96 even of a public address'], ['::a00:1', 'IPv4-compatible 10.0.0.1'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'], ['::ffff:7f00:1', 'IPv4-mapped loopback, as the URL parser writes it'],
  ['::ffff:a00:1', 'IPv4-mapped 10.0.0.1'], ['::ffff:169.254.169.254', 'IPv4-mapped metadata'], ['[::ffff:a9fe:a9fe]', 'IPv4-mapped metadata, in brackets'],
  ['::ffff:0:7f00:1', 'IPv4-translated ::ffff:0:0:0/96'],
  ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'], ['64:ff9b::10.0.0.1', 'NAT64 of 10.0.0.1'], ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
  ['64:ff9b:1::808:808', 'local-use NAT64 64:ff9b:1::/48'],
  ['100::1', 'discard-only 100::/64'],
  ['2001::1', 'Teredo 2001::/32'], ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo, a real-looking one'],
  ['2001:2::1', 'benchmarking 2001:2::/48'], ['2001:10::1', 'ORCHID'], ['2001:20::1', 'ORCHIDv2'], ['2001:1ff::1', 'IETF protocol assignments 2001::/23'],
  ['2001:db8::1', 'documentation 2001:db8::/32'], ['3fff::1', 'documentation 3fff::/20'], ['3fff:fff::1', 'documentation 3fff::/20'],
  ['2002:7f00:1::1', '6to4 of 127.0.0.1'], ['2002:c0a8:101::1', '6to4 of 192.168.1.1'], ['2002:808:808::1', '6to4, deprecated whole'],
  ['5f00::1', 'segment routing SIDs 5f00::/16'],
  ['fc00::1', 'unique-local'], ['fd12:3456:789a::1', 'unique-local'],
  ['fe80::1', 'link-local'], ['fe80::1%eth0', 'link-local with a zone'], ['febf::1', 'link-local fe80::/10'],
  ['fec0::1', 'site-local, deprecated'], ['ff02::1', 'multicast'], ['ff0e::1', 'multicast, global scope'],
  ['4000::1', 'outside global unicast 2000::/3'], ['e000::1', 'outside global unicast 2000::/3'],
];

const PUBLIC: [string, string][] = [
  ['8.8.8.8', 'a public resolver'], ['1.1.1.1', 'a public resolver'], ['103.4.145.2', 'a Bangladeshi network'],
  ['100.63.255.255', 'just below CGNAT'], ['100.128.0.0', 'just above CGNAT'], ['172.15.255.255', 'just below 172.16/12'], ['172.32.0.1', 'just above 172.16/12'],
  ['192.31.196.1', 'AS112 (globally reachable)'], ['192.52.193.1', 'AMT (globally reachable)'], ['192.175.48.1', 'AS112 direct delegation (globally reachable)'],
  ['2001:4860:4860::8888', 'a public resolver'], ['2606:4700:4700::1111', 'a public resolver'], ['2620:4f:8000::1', 'AS112 direct delegation (globally reachable)'],
  ['2001:200::1', 'just above 2001::/23'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public (a dual-stack socket writes IPv4 peers so)'], ['::ffff:808:808', 'the same, as the URL parser writes it'],
  ['64:ff9b::808:808', 'NAT64 of a public address (DNS64 on an IPv6-only network)'],
  ['hooks.example.com', 'a name: judged on the address it resolves to'],
];

describe('receivers a production server refuses to call', () => {
  it.each(REFUSED)('%s is refused (%s)', (address) => {
    expect(isReservedAddress(address)).toBe(true);
  });

  it.each(PUBLIC)('%s stays reachable (%s)', (address) => {
    expect(isReservedAddress(address)).toBe(false);
  });

  it('reads IPv6 in every way it may be written, and refuses what does not parse', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('2001:db8:0:0:0:0:0:1')).toEqual(ipv6Groups('2001:db8::1'));
    expect(ipv6Groups('1::2::3')).toBeNull();
    expect(ipv6Groups('1:2:3:4:5:6:7')).toBeNull();
    expect(ipv6Groups('1:2:3:4:5:6:7:8:9')).toBeNull();
  });
});

describe('a subscription in production', () => {
  it.each([
    'https://127.0.0.1/hook', 'https://[::1]/hook', 'https://[::127.0.0.1]/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://[::ffff:a9fe:a9fe]/latest/meta-data',
    'https://[64:ff9b::a00:1]/hook', 'https://[2002:c0a8:101::1]/hook', 'https://[2001::1]/hook', 'https://[fd00::1]/hook',
    'https://2130706433/hook', 'https://0x7f.1/hook', 'https://169.254.169.254/latest/meta-data',
  ])('refuses %s at once, as an invalid URL', (url) => {
    expect(() => assertWebhookUrl(url, true)).toThrow(/public address/);
  });

  it('takes a public address or a name (a name is judged when each delivery dials it)', () => {
    expect(assertWebhookUrl('https://8.8.8.8/hook', true)).toBe('https://8.8.8.8/hook');
    expect(assertWebhookUrl('https://hooks.example.com/nirog', true)).toBe('https://hooks.example.com/nirog');
  });
});

describe('a delivery in production', () => {
  let server: Server;
  let port: number;
  let calls = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      calls++;
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '::', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::127.0.0.1]', '[::1]'])('is never sent to this machine written as %s', async (host) => {
    const url = `http://${host}:${port}/hook`;
    await expect(postWebhook(url, '{}', {}, { timeoutMs: 2000, publicOnly: true })).rejects.toThrow(/not a public address/);
    expect(calls).toBe(0);
  });

  it('reaches the same receiver outside production (the listener is real)', async () => {
    expect(await postWebhook(`http://[::ffff:127.0.0.1]:${port}/hook`, '{}', {}, { timeoutMs: 2000, publicOnly: false })).toEqual({ status: 200 });
    expect(calls).toBe(1);
  });
});
