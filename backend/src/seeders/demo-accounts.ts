import type { EntityManager } from '@mikro-orm/sql';
import { verifyPassword } from '../common/password.js';
import { User } from '../modules/accounts/user.entity.js';
import { Role } from '../common/roles.js';

/** The demo logins printed at start and listed in the README. One password for every demo account. */
export const DEMO_PASSWORD = 'nirog2026';

export const DEMO_LOGINS = [
  { role: 'admin', email: 'admin@nirog.test', screen: '/user-signin' },
  { role: 'patient', email: 'patient@nirog.test', screen: '/user-signin' },
  { role: 'doctor', email: 'doctor@nirog.test', screen: '/doctor/login' },
  { role: 'pharmacist', email: 'pharmacist@nirog.test', screen: '/user-signin' },
] as const;

/** The demo patient who signed up with a mobile number alone (Bangla screens): logs in at /user-signin/mobile with the SMS sandbox's code. */
export const PHONE_ONLY_PATIENT = { name: 'Jamal Hossain', phone: '+8801911223344', local: '01911223344' } as const;

/** The demo data's accounts all live under this domain (nirog.test is reserved, it never receives mail). */
export const DEMO_EMAIL_DOMAIN = '@nirog.test';

/**
 * Demo accounts that still open with the published demo password. Production refuses to start
 * while there is one (an admin among them would hand the site to anyone who read the README): the
 * demo data was loaded into this database, or copied from a development one.
 */
export async function openDemoLogins(em: EntityManager, sample = 10): Promise<string[]> {
  const underDomain = { email: { $like: `%${DEMO_EMAIL_DOMAIN}` }, deletedAt: null };
  // The printed demo logins and every admin of the demo domain, then a sample of the other demo accounts.
  const named = await em.find(User, { ...underDomain, $or: [{ email: { $in: DEMO_LOGINS.map((l) => l.email) } }, { role: Role.Admin }] }, { orderBy: { email: 'asc' } });
  const others = await em.find(User, { ...underDomain, id: { $nin: named.map((u) => u.id) } }, { orderBy: { email: 'asc' }, limit: sample });
  const open: string[] = [];
  for (const u of [...named, ...others]) if (await verifyPassword(u.passwordHash, DEMO_PASSWORD)) open.push(u.email!);
  return open;
}
