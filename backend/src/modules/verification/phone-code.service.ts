import { createHmac, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../common/roles.js';
import { Role } from '../../common/roles.js';
import { AppError, badInput, conflict, tooMany, unauthenticated } from '../../common/errors.js';
import { asciiDigits } from '../../common/digits.js';
import { localPhone, normalizeBdPhone } from '../../common/phone.js';
import type { RateLimiter } from '../../common/rate-limit.js';
import { safeEqualHex } from '../../common/tokens.js';
import { Language, NO_PASSWORD, User, type AccountService, type IssuedTokens } from '../accounts/index.js';
import type { SmsService } from '../mail/index.js';
import { PhoneCode, PhoneCodePurpose } from './phone-code.entity.js';

export const PHONE_CODE_TTL_MINUTES = 5;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** How often the owner of a number is told that someone else tried to claim it. */
export const CLAIM_NOTICE_EVERY_MS = 3_600_000;

/** How sending codes is limited (the declared limits of the operations, common/limits.ts). */
export const SEND_CODE_LIMIT = 'per address (SMS_CODES_PER_IP_PER_HOUR), and per number whoever asks: one code per SMS_CODE_RESEND_SECONDS, SMS_CODES_PER_NUMBER_PER_HOUR an hour';

/** What every request for a code answers, whether or not a code was sent: the same for every number. */
export interface CodeSent {
  phone: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

/** The text a request gets instead of a code, when no code may go out. */
interface Notice {
  /** Once per key; the code row's own key when absent. */
  dedupeKey?: string;
  to: { phone: string | null; language: Language; userId: string | null };
  template: string;
}

const expired = () => badInput('Your code has expired. Ask for a new code', { code: 'Expired' }, 'CODE_EXPIRED');

/**
 * Phone-first accounts: signup and login with a Bangladeshi mobile number and a 6-digit SMS code,
 * and a number added to an existing account from its profile. A verified number is one account's
 * (a partial unique index on users): asking to sign up with it, or to add it to another account,
 * sends no code and tells the number's owner by SMS instead (at most once an hour). Asking to log in
 * with a number no patient has verified sends no code either: the number gets a text saying so (only
 * whoever holds the phone reads it, and they asked). Every request, code or not, does the same work
 * in the same transaction (the older codes ended, a code row written and hashed, one SMS queued) and
 * answers the same; where no code went out the row is a decoy that every guess finds wrong, counted
 * like a real one. So neither an answer, its timing, nor a wrong code's "N attempts left" tells
 * whether a number has an account; only the person holding the phone learns it.
 */
export class PhoneCodeService {
  constructor(
    private readonly config: Config,
    private readonly limiter: RateLimiter,
    private readonly sms: SmsService,
    private readonly accounts: AccountService,
  ) {}

  private codeHash(id: string, code: string): string {
    return createHmac('sha256', this.config.auth.jwtSecret).update(`phone:${id}:${code}`).digest('hex');
  }

  private sent(phone: string): CodeSent {
    return { phone: localPhone(phone)!, expiresInSeconds: PHONE_CODE_TTL_MINUTES * 60, resendInSeconds: this.config.limits.smsCodeResendSeconds };
  }

  /**
   * Counts a code for this number before anything is looked up or sent, in the shared buckets (every
   * replica, every purpose, whether the number has an account or not): one per resend window, a
   * few an hour. Concurrent requests for one number: one gets through.
   */
  private async claimSend(em: EntityManager, phone: string): Promise<void> {
    try {
      await this.limiter.claim(em, 'sms-resend', phone);
    } catch (e) {
      if (!(e instanceof AppError) || e.reason !== 'RATE_LIMITED') throw e;
      const seconds = Math.max(1, e.retryAfterSeconds ?? this.config.limits.smsCodeResendSeconds);
      throw tooMany(`Please wait ${seconds} seconds before asking for a new code`, 'RESEND_COOLDOWN', seconds, { seconds });
    }
    await this.limiter.claim(em, 'sms-number', phone);
  }

  /** The account whose verified number this is (deleted accounts gave theirs up). */
  private async owner(em: EntityManager, phone: string): Promise<User | null> {
    return em.findOne(User, { phoneE164: phone, phoneVerifiedAt: { $ne: null }, deletedAt: null });
  }

  /**
   * A new code for the number (older unused ones end) and one SMS, in one transaction: the code
   * itself, or, when `instead` names a text, that text and a decoy row (a code made and hashed the
   * same way, never sent, never accepted). Both paths send the same statements.
   */
  private async issue(em: EntityManager, phone: string, purpose: PhoneCodePurpose, who: { userId?: string; name?: string; language: Language },
    instead?: Notice): Promise<void> {
    await em.transactional(async (tx) => {
      const now = new Date();
      await tx.nativeUpdate(PhoneCode, { phoneE164: phone, usedAt: null, expiresAt: { $gt: now } }, { expiresAt: now });
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const row = tx.create(PhoneCode, {
        phoneE164: phone, purpose, user: who.userId ?? null, name: who.name ?? null, language: who.language, decoy: !!instead,
        codeHash: '', createdAt: now, expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000),
      });
      row.codeHash = this.codeHash(row.id, code);
      await tx.flush();
      if (instead) await this.sms.enqueue(tx, instead.dedupeKey ?? `phone-code:${row.id}`, instead.to, instead.template, {});
      else {
        await this.sms.enqueue(tx, `phone-code:${row.id}`, { phone, language: who.language, userId: who.userId ?? null },
          'phone-code', { code, minutes: String(PHONE_CODE_TTL_MINUTES) });
      }
    });
  }

  /** The owner of a number learns that someone tried to claim it (no code: nothing to pass on), at most once an hour. */
  private ownerNotice(owner: User): Notice {
    const slot = Math.floor(Date.now() / CLAIM_NOTICE_EVERY_MS);
    return { dedupeKey: `phone.claimed:${owner.id}:${slot}`, to: { phone: owner.phoneE164 ?? null, language: owner.language, userId: owner.id }, template: 'phone-taken-attempt' };
  }

  async sendSignupCode(em: EntityManager, input: { name: string; phone: string; language?: Language | null }): Promise<CodeSent> {
    const phone = normalizeBdPhone(input.phone);
    await this.claimSend(em, phone);
    const owner = await this.owner(em, phone);
    await this.issue(em, phone, PhoneCodePurpose.Signup, { name: input.name.trim(), language: input.language ?? Language.en },
      owner ? this.ownerNotice(owner) : undefined);
    return this.sent(phone);
  }

  /**
   * Patients only: doctors and admins log in with their password at their own doors. A number no
   * patient verified gets a text instead of a code, saying that no patient account logs in with it.
   */
  async sendLoginCode(em: EntityManager, rawPhone: string, language?: Language | null): Promise<CodeSent> {
    const phone = normalizeBdPhone(rawPhone);
    await this.claimSend(em, phone);
    const owner = await this.owner(em, phone);
    const patient = owner?.role === Role.User ? owner : null;
    const lang = owner?.language ?? language ?? Language.en;
    await this.issue(em, phone, PhoneCodePurpose.Login, { userId: patient?.id, language: lang },
      patient ? undefined : { to: { phone, language: lang, userId: owner?.id ?? null }, template: 'phone-no-login' });
    return this.sent(phone);
  }

  /** A logged-in account proving a number for itself (its profile). */
  async sendVerifyCode(em: EntityManager, actor: AuthUser, rawPhone: string): Promise<CodeSent> {
    const phone = normalizeBdPhone(rawPhone);
    const me = await em.findOne(User, { id: actor.id, deletedAt: null });
    if (!me) throw unauthenticated();
    if (me.phoneE164 === phone && me.phoneVerified) throw conflict('This number is already verified on your account', 'ALREADY_VERIFIED');
    await this.claimSend(em, phone);
    const owner = await this.owner(em, phone);
    await this.issue(em, phone, PhoneCodePurpose.Verify, { userId: me.id, language: me.language },
      owner && owner.id !== me.id ? this.ownerNotice(owner) : undefined);
    return this.sent(phone);
  }

  /**
   * Checks a code: the newest unused one of `where`. A try is spent (atomically) before the code is
   * compared, so however many requests run at once, at most PHONE_CODE_MAX_ATTEMPTS codes are tried.
   */
  private async check(em: EntityManager, where: Record<string, unknown>, rawCode: string): Promise<PhoneCode> {
    const code = asciiDigits(rawCode.trim());
    const row = await em.findOne(PhoneCode, { ...where, usedAt: null }, { orderBy: { createdAt: 'desc' } });
    if (!row || row.expiresAt <= new Date()) throw expired();
    const spent = await em.execute<{ attempts: number }[]>(
      'update phone_codes set attempts = attempts + 1 where id = ? and attempts < ? and used_at is null returning attempts',
      [row.id, PHONE_CODE_MAX_ATTEMPTS],
    );
    if (!spent.length) throw tooMany('Too many wrong codes. Ask for a new code', 'CODE_LOCKED');
    const right = /^\d{6}$/.test(code) && safeEqualHex(this.codeHash(row.id, code), row.codeHash);
    // A decoy was never sent: even the one guess in a million that matches its hash is wrong.
    if (!right || row.decoy) {
      const left = PHONE_CODE_MAX_ATTEMPTS - spent[0]!.attempts;
      if (left <= 0) throw tooMany('Too many wrong codes. Ask for a new code', 'CODE_LOCKED');
      throw badInput(`Wrong code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left`, { code: 'Wrong code' }, 'WRONG_CODE', { count: left });
    }
    return row;
  }

  /** The one conditional update that uses a code: of two concurrent right answers, one wins. */
  private async use(tx: EntityManager, row: PhoneCode): Promise<void> {
    const claimed = await tx.nativeUpdate(PhoneCode, { id: row.id, usedAt: null, expiresAt: { $gt: new Date() } }, { usedAt: new Date() });
    if (claimed !== 1) throw expired();
  }

  /**
   * Signup and login by code: a signup code makes the account (its number verified, no email, no
   * password) and logs it in; a login code logs its patient in.
   */
  async loginWithCode(em: EntityManager, input: { phone: string; code: string }, ip?: string): Promise<IssuedTokens> {
    const phone = normalizeBdPhone(input.phone);
    const row = await this.check(em, { phoneE164: phone, purpose: { $in: [PhoneCodePurpose.Signup, PhoneCodePurpose.Login] } }, input.code);
    let user: User;
    try {
      user = await em.transactional(async (tx) => {
        await this.use(tx, row);
        if (row.purpose === PhoneCodePurpose.Login) {
          const found = await tx.findOne(User, { id: row.user!.id, role: Role.User, phoneE164: phone, phoneVerifiedAt: { $ne: null }, deletedAt: null });
          if (!found) throw expired(); // the number moved to another account meanwhile
          return found;
        }
        const created = this.accounts.createAccount(tx, {
          name: row.name ?? 'Nirog patient', email: null, passwordHash: NO_PASSWORD, role: Role.User, language: row.language ?? Language.en,
          phoneE164: phone, phoneVerifiedAt: new Date(),
        });
        await tx.flush();
        return created;
      });
    } catch (e) {
      // The partial unique index settles two signups of one number: the number is taken now, and
      // whoever holds this code holds the phone, so saying so tells them nothing new.
      if (e instanceof UniqueConstraintViolationException) throw conflict('This number already has an account: log in with it', 'PHONE_TAKEN');
      throw e;
    }
    return this.accounts.signIn(em, user, ip);
  }

  /** The number of the caller's newest verify code becomes the account's verified number. */
  async verifyPhone(em: EntityManager, actor: AuthUser, rawCode: string): Promise<User> {
    const row = await this.check(em, { user: actor.id, purpose: PhoneCodePurpose.Verify }, rawCode);
    try {
      await em.transactional(async (tx) => {
        await this.use(tx, row);
        await this.accounts.setVerifiedPhone(tx, actor.id, row.phoneE164);
      });
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw conflict('This number belongs to another account', 'PHONE_TAKEN');
      throw e;
    }
    const user = await em.findOne(User, { id: actor.id, deletedAt: null }, { refresh: true });
    if (!user) throw unauthenticated();
    return user;
  }
}
