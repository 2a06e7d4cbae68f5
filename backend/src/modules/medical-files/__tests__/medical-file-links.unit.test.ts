import { describe, expect, it } from '@jest/globals';
import { Role } from '../../../common/roles.js';
import { FileLinks, LINK_PATH } from '../medical-file.link.js';

/** The signed links to private files (medical-file.link.ts), without a server. */
const SECRET = 'a-server-secret-of-at-least-32-characters';
const grant = {
  key: 'prescriptions/3f2b8c1e-0a4d-4c6e-9b7a-1d2e3f4a5b6c.webp',
  viewer: { id: '0b7c2e4a-1111-4222-8333-944455566677', role: Role.Pharmacist },
  record: { type: 'Order', id: '7d1e2f3a-aaaa-4bbb-8ccc-ddddeeeeffff', patientId: '5a6b7c8d-1234-4567-89ab-cdef01234567' },
};
const T0 = Date.UTC(2026, 10, 29, 8, 0, 30);
const linkOf = (url: string) => url.slice(LINK_PATH.length);

describe('links to private files', () => {
  it('open to what they were signed for, until they expire (the lifetime, rounded up to the minute)', () => {
    const links = new FileLinks(SECRET, 300);
    const { url, expiresAt } = links.sign(grant, T0);
    expect(expiresAt.toISOString()).toBe('2026-11-29T08:06:00.000Z');
    expect(links.open(linkOf(url), T0)).toEqual({ ...grant, expiresAt: expiresAt.getTime() / 1000 });
    expect(links.open(linkOf(url), expiresAt.getTime() - 1)).not.toBeNull();
    expect(links.open(linkOf(url), expiresAt.getTime())).toBeNull();
    // Made in the same minute: the same link, so a refetch does not reload the picture.
    expect(links.sign(grant, T0 + 20_000).url).toBe(url);
  });

  it('are refused when altered, signed with another secret, or not links at all', () => {
    const links = new FileLinks(SECRET, 300);
    const link = linkOf(links.sign(grant, T0).url);
    const [body, mac] = link.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = (p: Record<string, unknown>) => `${Buffer.from(JSON.stringify(p)).toString('base64url')}.${mac}`;
    for (const bad of [
      forged({ ...payload, e: (payload.e as number) + 3600 }), forged({ ...payload, v: grant.record.patientId }), forged({ ...payload, k: 'prescriptions/x.webp' }),
      `${body}.${mac.slice(1)}`, `${body}.${mac}x`, `${body}x.${mac}`, body, `.${mac}`, '', 'a.b', `${body}.${mac}.${mac}`,
      linkOf(new FileLinks(`${SECRET}!`, 300).sign(grant, T0).url),
    ]) expect([bad, links.open(bad, T0)]).toEqual([bad, null]);
  });

  it('are made only for private keys', () => {
    const links = new FileLinks(SECRET, 300);
    for (const key of ['avatars/x.webp', '../prescriptions/x.webp', 'prescriptions/../x.webp', '/uploads/prescriptions/x.webp', 'prescriptions/x.png']) {
      expect(() => links.sign({ ...grant, key }, T0)).toThrow('not a private file key');
    }
  });
});
