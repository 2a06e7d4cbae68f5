import { describe, expect, it } from '@jest/globals';
import { Role, type AuthUser } from '../../../common/roles.js';
import { Gender, User } from '../user.entity.js';
import { answeredToHolder, userForViewer } from '../user.read.js';

/** What each viewer sees of an account (both doors publish userForViewer): the rule without the app. */
const account = () => Object.assign(new User(), {
  id: 'user-1', name: 'Rahima', email: 'rahima@example.com', phoneE164: '+8801712345678', birthdate: '1992-04-14', gender: Gender.Female, role: Role.User,
});
const HOLDER: AuthUser = { id: 'user-1', role: Role.User, sessionId: 's1' };
const OTHER: AuthUser = { id: 'user-2', role: Role.User, sessionId: 's2' };
const DOCTOR: AuthUser = { id: 'user-3', role: Role.Doctor, sessionId: 's3' };
const ADMIN: AuthUser = { id: 'admin-1', role: Role.Admin, sessionId: 's4' };
const FULL = { email: 'rahima@example.com', phone: '01712345678', birthdate: '1992-04-14', gender: Gender.Female };
const NOTHING = { email: '', phone: null, birthdate: null, gender: null };

describe('what each viewer sees of an account', () => {
  it('its holder and admins: contact details, birthdate and gender; anyone else none of them', () => {
    expect([HOLDER, ADMIN, OTHER, DOCTOR, null].map((v) => userForViewer(account(), v))).toEqual([FULL, FULL, NOTHING, NOTHING, NOTHING]);
  });

  it('the answer to a signup or login is its holder\'s, before any session is on the request', () => {
    expect(userForViewer(answeredToHolder(account()), null)).toEqual(FULL);
  });
});
