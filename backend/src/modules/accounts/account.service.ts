import { LockMode, type RequiredEntityData } from '@mikro-orm/core';
import { containsPattern } from '../../common/sql.js';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../common/roles.js';
import { Role } from '../../common/roles.js';
import { badInput, conflict, forbidden, notFound, unauthenticated } from '../../common/errors.js';
import { assertStrongPassword, burnPasswordCheck, hashPassword, verifyPassword } from '../../common/password.js';
import {
  formatRefreshToken, newSecret, parseRefreshToken, safeEqualHex, sha256, signAccessToken, successorSecret, verifyAccessToken,
} from '../../common/tokens.js';
import { normalizeBdPhone } from '../../common/phone.js';
import type { ImageService } from '../../common/images.js';
import type { DomainEvents } from '../../common/events.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { Language, User } from './user.entity.js';
import { Session } from './session.entity.js';
import type { ChangePasswordInput, LoginInput, SignupInput, UpdateProfileInput } from './account.inputs.js';
import type { AccountGate } from './account.gate.js';
import type { RateLimiter } from '../../common/rate-limit.js';
import type { NotificationService } from '../mail/index.js';
import { answeredToHolder } from './user.read.js';

export type LoginDoor = 'patient' | 'doctor';

export interface IssuedTokens {
  token: string;
  refreshToken: string;
  expiresIn: number;
  user: User;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** How logins and refreshes are limited (their declared limits, common/limits.ts). */
export const LOGIN_LIMIT = 'failed logins are counted per address (LOGIN_FAILURES_PER_IP) and per account, which then locks with a doubling wait (AccountService.login)';
export const REFRESH_LIMIT = 'a refresh token is a 256-bit secret, rotated at every use; a used one coming back ends its session';

export class AccountService {
  /** The gates of roles whose module vouches for their accounts (account.gate.ts), by role. */
  private readonly gates = new Map<Role, AccountGate>();
  private authSql?: string;

  constructor(
    private readonly config: Config,
    private readonly images: ImageService,
    private readonly events: DomainEvents,
    private readonly limiter: RateLimiter,
    /** Mails the owner of an email someone tried to sign up with (signupAttempted). */
    private readonly notifications: Pick<NotificationService, 'signupAttempted'>,
  ) {}

  /** A role's module vouches for that role's accounts (account.gate.ts); once per role, before the first request. */
  gate(role: Role, gate: AccountGate): void {
    if (this.gates.has(role)) throw new Error(`Accounts of role ${role} already have a gate`);
    this.gates.set(role, gate);
    this.authSql = undefined;
  }

  /** The session, its account and each gated role's own record of it, in one statement. */
  private authenticationSql(): string {
    if (this.authSql) return this.authSql;
    const gates = [...this.gates.values()];
    const columns = gates.map((g, i) => `, g${i}.id as g${i}_id, g${i}.${g.standingColumn} as g${i}_standing`).join('');
    const joins = gates.map((g, i) => ` left join ${g.table} g${i} on g${i}.user_id = u.id`).join('');
    this.authSql = `select u.role${columns} from auth_sessions s join users u on u.id = s.user_id${joins}
        where s.id = ? and s.user_id = ? and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`;
    return this.authSql;
  }

  /** Resolves an access token to the caller; a bad, expired or revoked token is UNAUTHENTICATED. */
  async authenticate(em: EntityManager, token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = verifyAccessToken(token, this.config.auth.jwtSecret);
    const rows = await em.getConnection().execute<Record<string, string | null>[]>(this.authenticationSql(), [claims.sid, claims.sub]);
    if (!rows.length) throw unauthenticated('Your session has ended, please log in again', 'SESSION_REVOKED');
    // The role comes from the database, so a demoted or deleted account loses access at once.
    const row = rows[0]!;
    const role = row.role as Role;
    // A gated role acts only while its module says so (a doctor only while approved): rejecting one
    // revokes their sessions, and this check holds even for a session that outlived that.
    const index = [...this.gates.keys()].indexOf(role);
    const refusal = index >= 0 ? this.gates.get(role)!.sessionRefusal(row[`g${index}_standing`] ?? null) : null;
    if (refusal) throw refusal;
    return { id: claims.sub, role, sessionId: claims.sid, doctorId: role === Role.Doctor && index >= 0 ? row[`g${index}_id`] ?? null : null };
  }

  /**
   * An account made inside another module's transaction (a doctor's signup, a mobile number's first
   * code): the users row is this module's to write. It is inserted with the caller's flush.
   */
  createAccount(tx: EntityManager, fields: RequiredEntityData<User>): User {
    return tx.create(User, fields);
  }

  /** The account's email is proved (a link or code it received); an earlier proof stays as it was. */
  async markEmailVerified(tx: EntityManager, userId: string, at: Date): Promise<void> {
    await tx.nativeUpdate(User, { id: userId, emailVerifiedAt: null }, { emailVerifiedAt: at });
  }

  /**
   * A password set from a reset link (in the caller's transaction): the mailbox that got the link is
   * the account's, so its email counts as proved, and every session of the old password ends.
   */
  async resetPassword(tx: EntityManager, userId: string, passwordHash: string, at: Date): Promise<void> {
    await tx.nativeUpdate(User, { id: userId }, { passwordHash });
    await this.markEmailVerified(tx, userId, at);
    await tx.nativeUpdate(Session, { user: userId, revokedAt: null }, { revokedAt: at });
  }

  /** A number proved by a code becomes the account's verified number (a unique index refuses one another account holds). */
  async setVerifiedPhone(tx: EntityManager, userId: string, phoneE164: string): Promise<void> {
    await tx.nativeUpdate(User, { id: userId, deletedAt: null }, { phoneE164, phoneVerifiedAt: new Date() });
  }

  /** The gated role's standing of an account (a doctor's status), read from the role's own table. */
  private async standingOf(em: EntityManager, gate: AccountGate, userId: string): Promise<string | null> {
    const rows = await em.getConnection().execute<{ standing: string | null }[]>(
      `select ${gate.standingColumn} as standing from ${gate.table} where user_id = ?`, [userId]);
    return rows[0]?.standing ?? null;
  }

  /**
   * Patient signup. An email that already has an account gets the answer a new one gets (same shape,
   * a fresh id that names no record, the same password hashing and avatar work) and nothing is
   * stored; its owner is mailed instead. So the answer never tells whether an email is registered.
   */
  async signupPatient(em: EntityManager, input: SignupInput, avatar?: Buffer): Promise<User> {
    const email = normalizeEmail(input.email);
    assertStrongPassword(input.password, { email, name: input.name });
    const ownerId = await this.accountWithEmail(em, email);
    // Hashed (and the avatar stored) whether or not the email is free, so that both answers take as long.
    const passwordHash = await hashPassword(input.password);
    const identity = {
      name: input.name.trim(),
      email,
      role: Role.User,
      language: input.language ?? Language.en,
      avatarUrl: avatar ? await this.images.store(avatar, 'avatars') : null,
    };
    if (ownerId) return answeredToHolder(await this.signupWithTakenEmail(em, ownerId, identity));
    const user = em.create(User, { ...identity, passwordHash });
    await em.transactional(async (tx) => {
      tx.persist(user);
      await this.events.publish(tx, { type: 'user.registered', userId: user.id });
    });
    return answeredToHolder(user);
  }

  /** The id of the account holding this email, if any (a deleted account gave its email up when anonymised). */
  async accountWithEmail(em: EntityManager, email: string): Promise<string | null> {
    const rows = await em.getConnection().execute<{ id: string }[]>('select id from users where email = ? limit 1', [email]);
    return rows[0]?.id ?? null;
  }

  /**
   * A self-service signup (patient or doctor) with an email that already has an account: the owner
   * is told by mail (at most once an hour), nothing is stored, and the caller gets a user built like
   * a new one but never persisted, with a fresh random id, to answer exactly as a success does.
   * The attacker's password is never written anywhere.
   */
  async signupWithTakenEmail(em: EntityManager, ownerId: string, identity: Partial<Pick<User,
    'name' | 'email' | 'role' | 'language' | 'avatarUrl' | 'gender' | 'phoneE164'>>): Promise<User> {
    await this.notifications.signupAttempted(em, ownerId);
    // new User(), not em.create(): the object is not managed, so no flush can ever insert it.
    const unsaved = Object.assign(new User(), identity);
    unsaved.passwordHash = '!';
    return unsaved;
  }

  /**
   * An admin account, made by whoever runs the server (`npm run admin:create`): the first admin of a
   * production database, which has no other way to get one. The operator vouches for the email.
   */
  async createAdmin(em: EntityManager, input: { email: string; name: string; password: string }): Promise<User> {
    const email = input.email.trim().toLowerCase();
    const name = input.name.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw badInput('Enter a valid email address', { email: 'Invalid email' });
    if (!name || name.length > 100) throw badInput('Enter a name of at most 100 characters', { name: 'Invalid name' });
    assertStrongPassword(input.password, { email, name });
    const passwordHash = await hashPassword(input.password);
    return em.transactional(async (tx) => {
      await this.assertEmailFree(tx, email);
      const user = tx.create(User, { name, email, passwordHash, role: Role.Admin, emailVerifiedAt: new Date() });
      await tx.flush();
      return user;
    });
  }

  /** Admin-side creation (trusted callers) still says plainly that an email is taken. */
  async assertEmailFree(em: EntityManager, email: string): Promise<void> {
    if ((await em.count(User, { email })) > 0) {
      throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
    }
  }

  /**
   * `opts.rest`: a login through the REST door (POST /api/login, /api/login/doctor), whose clients
   * (the earlier app's) keep one token and never refresh: its access token lives as long as the
   * session (claim door: 'rest'). GraphQL logins get the short access token and refresh.
   */
  async login(em: EntityManager, input: LoginInput, door: LoginDoor, ip?: string, opts: { rest?: boolean } = {}): Promise<IssuedTokens> {
    const email = normalizeEmail(input.email);
    // Throttles first, before any password is checked: an address that failed too often, an
    // account locked after failures in a row (even the right password waits until the lock ends).
    // Each attempt is counted as a failure atomically before its password is checked (concurrent
    // guesses cannot all slip under the limits), and given back when it succeeds: only failures
    // count, so an office behind one address is not slowed by its own good logins.
    if (ip) await this.limiter.claim(em, 'login-ip', ip);
    try {
      await this.limiter.claimLoginAttempt(em, email);
    } catch (locked) {
      // Refused while locked: not a failure of this address.
      if (ip) await this.limiter.release(em, 'login-ip', ip);
      throw locked;
    }
    const failed = async () => unauthenticated('Invalid email or password', 'BAD_CREDENTIALS');
    const user = await em.findOne(User, { email, deletedAt: null });
    if (!user) {
      await burnPasswordCheck(input.password);
      throw await failed();
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw await failed();
    }
    await this.limiter.clearFailures(em, email);
    if (ip) await this.limiter.release(em, 'login-ip', ip);
    if (door === 'doctor' && user.role !== Role.Doctor) {
      throw forbidden('This is the doctors\' login. Patients log in at the patient login.', 'WRONG_LOGIN');
    }
    if (door === 'patient' && user.role === Role.Doctor) {
      throw forbidden('Doctors log in at the doctor login.', 'WRONG_LOGIN');
    }
    const gate = this.gates.get(user.role);
    if (gate) {
      const refusal = gate.loginRefusal(await this.standingOf(em, gate, user.id));
      if (refusal) throw refusal;
      await gate.loggedIn(em, user.id);
    }
    return this.openSession(em, user, ip, opts.rest);
  }

  /**
   * A session for an account that has just proved itself another way than a password (an SMS code
   * to its verified number: verification/phone-code.service.ts).
   */
  signIn(em: EntityManager, user: User, ip?: string): Promise<IssuedTokens> {
    return this.openSession(em, user, ip);
  }

  private async openSession(em: EntityManager, user: User, ip?: string, rest = false): Promise<IssuedTokens> {
    const secret = newSecret();
    const session = em.create(Session, {
      user,
      generation: 0,
      secretHash: sha256(secret),
      expiresAt: new Date(Date.now() + this.config.auth.refreshTokenTtlSeconds * 1000),
      ip: ip?.slice(0, 64) ?? null,
    });
    await em.flush();
    return this.issue(user, session, secret, rest);
  }

  /** A REST-door token ends with its session; any other, after ACCESS_TOKEN_TTL_SECONDS. Refreshes issue the short kind. */
  private issue(user: User, session: Session, secret: string, rest = false, issuedAt?: Date): IssuedTokens {
    const ttl = rest
      ? Math.max(1, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000))
      : this.config.auth.accessTokenTtlSeconds;
    const iat = issuedAt ? Math.floor(issuedAt.getTime() / 1000) : undefined;
    return {
      token: signAccessToken({ sub: user.id, role: user.role, sid: session.id, ...(rest ? { door: 'rest' as const } : {}) }, this.config.auth.jwtSecret, ttl, iat),
      refreshToken: formatRefreshToken({ sessionId: session.id, generation: session.generation, secret }),
      expiresIn: ttl,
      user: answeredToHolder(user),
    };
  }

  /**
   * Rotation with reuse detection; the compare-and-set update settles concurrent refreshes. The
   * token just replaced, presented again within REFRESH_GRACE_SECONDS of its rotation, gets the
   * same new pair (its successor is derived from it, and the access token is signed at the
   * rotation's time): two tabs refreshing with one token, or a retry after a lost answer, keep the
   * session. Later, or any older token, is reuse: the whole session ends.
   */
  async refresh(em: EntityManager, refreshToken: string): Promise<IssuedTokens> {
    const parsed = parseRefreshToken(refreshToken);
    let session = await em.findOne(Session, { id: parsed.sessionId }, { populate: ['user'] });
    const invalid = () => unauthenticated('Your session has ended, please log in again', 'INVALID_REFRESH_TOKEN');
    if (!session || session.revokedAt || session.expiresAt < new Date() || session.user.getEntity().deletedAt) throw invalid();
    const gate = this.gates.get(session.user.getEntity().role);
    const refusal = gate?.sessionRefusal(await this.standingOf(em, gate, session.user.id));
    if (refusal) throw refusal;
    const successor = (generation: number) => successorSecret(this.config.auth.jwtSecret, parsed.sessionId, generation, parsed.secret);
    if (parsed.generation === session.generation && safeEqualHex(sha256(parsed.secret), session.secretHash)) {
      const secret = successor(session.generation + 1);
      // Whole seconds: the answer given again later is signed at the same instant, so it is the same token.
      const rotatedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      const updated = await em.nativeUpdate(
        Session,
        { id: session.id, generation: session.generation, revokedAt: null },
        { generation: session.generation + 1, secretHash: sha256(secret), rotatedAt },
      );
      if (updated === 1) {
        session.generation += 1;
        return this.issue(session.user.getEntity(), session, secret, false, rotatedAt);
      }
      // A concurrent refresh with the same token rotated it first: answered below, as its repeat.
      session = await em.findOne(Session, { id: parsed.sessionId }, { populate: ['user'], refresh: true });
      if (!session || session.revokedAt) throw invalid();
    }
    const graceMs = this.config.auth.refreshGraceSeconds * 1000;
    if (parsed.generation === session.generation - 1 && session.rotatedAt && Date.now() - session.rotatedAt.getTime() <= graceMs) {
      const secret = successor(session.generation);
      if (safeEqualHex(sha256(secret), session.secretHash)) return this.issue(session.user.getEntity(), session, secret, false, session.rotatedAt);
    }
    if (parsed.generation < session.generation) {
      // An old token came back: someone kept a copy. End the session for everyone holding it.
      await em.nativeUpdate(Session, { id: session.id }, { revokedAt: new Date() });
    }
    throw invalid();
  }

  /** Ends every session of a user at once: their access tokens die with them (authenticate checks the session). */
  async revokeSessions(em: EntityManager, userId: string): Promise<void> {
    await em.nativeUpdate(Session, { user: userId, revokedAt: null }, { revokedAt: new Date() });
  }

  async logout(em: EntityManager, actor: AuthUser): Promise<void> {
    await em.nativeUpdate(Session, { id: actor.sessionId, revokedAt: null }, { revokedAt: new Date() });
    await this.gates.get(actor.role)?.loggedOut(em, actor.id);
  }

  async me(em: EntityManager, actor: AuthUser): Promise<User> {
    const user = await em.findOne(User, { id: actor.id, deletedAt: null });
    if (!user) throw unauthenticated();
    return user;
  }

  /** Name, gender, phone and birthdate; a birthdate left out (the REST door's other profile form) stays as it is. */
  async updateProfile(em: EntityManager, actor: AuthUser, input: Omit<UpdateProfileInput, 'birthdate'> & { birthdate?: string | null }): Promise<User> {
    const user = await this.me(em, actor);
    if (input.birthdate != null) {
      const birth = new Date(`${input.birthdate}T00:00:00Z`);
      if (Number.isNaN(birth.getTime()) || birth > new Date() || birth.getUTCFullYear() < 1900) {
        throw badInput('Enter a real birthdate in the past', { birthdate: 'Invalid birthdate' });
      }
      user.birthdate = input.birthdate;
    }
    const phone = normalizeBdPhone(input.phone);
    if (phone !== user.phoneE164 && user.phoneVerifiedAt) {
      // A number proved with a code is how an account made with a mobile number logs in: it may
      // only move to a number proved the same way. Any other account just stops being texted.
      if (!user.hasPassword && !user.emailVerifiedAt) {
        throw badInput('To change your mobile number, verify the new one with a code from your profile', { phone: 'Verify the new number first' }, 'PHONE_CHANGE_NEEDS_CODE');
      }
      user.phoneVerifiedAt = null;
    }
    user.name = input.name.trim();
    user.gender = input.gender ?? null;
    user.phoneE164 = phone;
    await em.flush();
    return user;
  }

  async updateAvatar(em: EntityManager, actor: AuthUser, image: Buffer): Promise<User> {
    const user = await this.me(em, actor);
    user.avatarUrl = await this.images.store(image, 'avatars');
    await em.flush();
    return user;
  }

  async changePassword(em: EntityManager, actor: AuthUser, input: ChangePasswordInput): Promise<void> {
    const user = await this.me(em, actor);
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
      throw badInput('Old password is incorrect', { oldPassword: 'Old password is incorrect' }, 'WRONG_PASSWORD');
    }
    if (input.newPassword !== input.confirmPassword) {
      throw badInput('Passwords do not match', { confirmPassword: 'Passwords do not match' }, 'PASSWORD_MISMATCH');
    }
    if (input.newPassword === input.oldPassword) {
      throw badInput('The new password must differ from the old one', { newPassword: 'Same as the old password' }, 'PASSWORD_UNCHANGED');
    }
    assertStrongPassword(input.newPassword, { email: user.email ?? undefined, name: user.name }, 'newPassword');
    user.passwordHash = await hashPassword(input.newPassword);
    // Every other device is logged out; this one keeps its session.
    await em.nativeUpdate(Session, { user: user.id, id: { $ne: actor.sessionId }, revokedAt: null }, { revokedAt: new Date() });
    await em.flush();
  }

  async listUsers(em: EntityManager, args: { page: number; pageSize: number; search?: string | null; role?: Role | null; status?: 'verified' | 'unverified' | null; sort?: string | null }): Promise<PageResult<User>> {
    const where: Record<string, unknown> = { deletedAt: null };
    if (args.role) where.role = args.role;
    const and: Record<string, unknown>[] = [];
    // Verified: an email or a mobile number proved (what booking, hiring and ordering need).
    if (args.status === 'verified') and.push({ $or: [{ emailVerifiedAt: { $ne: null } }, { phoneVerifiedAt: { $ne: null } }] });
    if (args.status === 'unverified') Object.assign(where, { emailVerifiedAt: null, phoneVerifiedAt: null });
    if (args.search?.trim()) {
      const like = containsPattern(args.search);
      and.push({ $or: [{ name: { $ilike: like } }, { email: { $ilike: like } }, { phoneE164: { $ilike: like } }] });
    }
    if (and.length) where.$and = and;
    const orderBy = ({
      oldest: { createdAt: 'asc', id: 'desc' }, name: { name: 'asc', id: 'asc' }, email: { email: 'asc' },
    } as Record<string, Record<string, 'asc' | 'desc'>>)[args.sort ?? ''] ?? { createdAt: 'desc', id: 'asc' };
    const [items, total] = await em.findAndCount(User, where, { orderBy, limit: args.pageSize, offset: offsetOf(args) });
    return pageOf(items, total, args);
  }

  /**
   * Deleting an account keeps the row (orders and prescriptions still point at it) and removes the
   * personal data. An admin cannot delete itself or the last admin.
   */
  async deleteUser(em: EntityManager, actor: AuthUser, userId: string): Promise<void> {
    if (userId === actor.id) throw forbidden('You cannot delete your own account here', 'SELF_DELETE');
    await em.transactional(async (tx) => {
      const user = await tx.findOne(User, { id: userId, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw notFound('User');
      if (user.role === Role.Admin) {
        // Lock every admin row so that two admins deleting each other cannot both succeed.
        const admins = await tx.find(User, { role: Role.Admin, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (admins.length <= 1) throw forbidden('The last admin cannot be deleted', 'LAST_ADMIN');
      }
      user.deletedAt = new Date();
      user.name = 'Deleted user';
      user.email = `deleted+${user.id}@nirog.invalid`;
      user.phoneE164 = null;
      user.phoneVerifiedAt = null;
      user.avatarUrl = null;
      user.birthdate = null;
      user.gender = null;
      user.passwordHash = '!';
      await this.revokeSessions(tx, user.id);
      await this.gates.get(user.role)?.deleted(tx, user.id);
    });
  }
}
