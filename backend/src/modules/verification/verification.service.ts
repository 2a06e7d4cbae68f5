import { createHmac, randomInt } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../common/roles.js';
import type { DomainEvents } from '../../common/events.js';
import { badInput, conflict, tooMany, unauthenticated } from '../../common/errors.js';
import { assertStrongPassword, hashPassword } from '../../common/password.js';
import { newSecret, safeEqualHex, sha256 } from '../../common/tokens.js';
import { Role } from '../../common/roles.js';
import { User } from '../accounts/index.js';
import type { AccountService } from '../accounts/index.js';
import { normalizeEmail } from '../accounts/index.js';
import type { MailService } from '../mail/index.js';
import type { NotificationService } from '../mail/index.js';
import { AccountToken, TokenPurpose } from './account-token.entity.js';
import type { ResetPasswordInput } from './verification.inputs.js';
import { asciiDigits } from '../../common/digits.js';

export const VERIFY_LINK_TTL_HOURS = 24;
export const VERIFY_CODE_TTL_MINUTES = 30;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;
/** Verification mails a user may ask for in 24 hours (with the cooldown, this caps code guessing too). */
export const RESEND_DAILY_LIMIT = 10;
/** How asking for a new code is limited (its declared limit, common/limits.ts). */
export const RESEND_LIMIT = `one code a minute and ${RESEND_DAILY_LIMIT} a day per account (VerificationService.resend)`;
export const RESET_TTL_MINUTES = 15;
/** How using a reset link is limited (its declared limit, common/limits.ts). */
export const RESET_LINK_LIMIT = `the reset token is a 256-bit secret, single use, valid for ${RESET_TTL_MINUTES} minutes`;
export const RESET_COOLDOWN_SECONDS = 60;

export const ACTIVATED_MESSAGE = 'Your account has been created suceessfully!';
export const TOKEN_EXPIRED_MESSAGE = 'Your token is expired!';
export const RESET_SENT_MESSAGE = 'Reset Password Email Send';
export const PASSWORD_UPDATED_MESSAGE = 'Password Update Successfully';
export const RESET_TOKEN_INVALID_MESSAGE = 'Reset Password Token is invalid or has been expired';



/** Email verification (link and code) and password reset, both by one-time secrets sent by mail. */
export class VerificationService {
  constructor(
    private readonly config: Config,
    private readonly mail: MailService,
    private readonly notifications: NotificationService,
    /** The users table is accounts': a proved email and a reset password are written through it. */
    private readonly accounts: Pick<AccountService, 'markEmailVerified' | 'resetPassword'>,
  ) {}

  /** Retention: used or expired tokens older than `days` go (OutboxWorker's hourly purge runs this). */
  readonly purgeSpentTokens = async (em: EntityManager, days: number): Promise<Record<string, number>> => {
    const done = await em.execute(`delete from account_tokens where (used_at is not null or expires_at < now()) and created_at < now() - make_interval(days => ?)`, [days], 'run');
    return { tokens: (done as { affectedRows?: number }).affectedRows ?? 0 };
  };

  subscribe(events: DomainEvents): void {
    events.on('user.registered', (em, e) =>
      this.notifications.guarded(em, e.type, (tx) => this.issueVerification(tx, e.userId, 'verify-email')));
    events.on('doctor.registered', (em, e) =>
      this.notifications.guarded(em, e.type, (tx) => this.issueVerification(tx, e.userId, 'doctor-registered')));
  }

  private codeHash(tokenId: string, code: string): string {
    return createHmac('sha256', this.config.auth.jwtSecret).update(`${tokenId}:${code}`).digest('hex');
  }

  /**
   * A new link and code (the previous ones stop working) and the mail carrying them. Runs on the
   * caller's EntityManager, inside its transaction.
   */
  private async issueVerification(em: EntityManager, userId: string, template: 'verify-email' | 'doctor-registered'): Promise<void> {
    const user = await em.findOne(User, { id: userId, deletedAt: null });
    if (!user || user.emailVerifiedAt || !user.email) return;
    const now = new Date();
    await em.nativeUpdate(AccountToken, {
      user: user.id, purpose: { $in: [TokenPurpose.EmailLink, TokenPurpose.EmailCode] }, usedAt: null, expiresAt: { $gt: now },
    }, { expiresAt: now });
    const secret = newSecret();
    const link = em.create(AccountToken, {
      user, purpose: TokenPurpose.EmailLink, tokenHash: sha256(secret),
      expiresAt: new Date(now.getTime() + VERIFY_LINK_TTL_HOURS * 3_600_000),
    });
    const vars: Record<string, string> = {
      name: user.name,
      link: `${this.config.publicUrl}/activation/${secret}`,
      linkHours: String(VERIFY_LINK_TTL_HOURS),
      codeMinutes: String(VERIFY_CODE_TTL_MINUTES),
    };
    // Doctors cannot log in before approval, so the code screen is useless to them: link only.
    if (template === 'verify-email') {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeToken = em.create(AccountToken, {
        user, purpose: TokenPurpose.EmailCode, tokenHash: '',
        expiresAt: new Date(now.getTime() + VERIFY_CODE_TTL_MINUTES * 60_000),
      });
      codeToken.tokenHash = this.codeHash(codeToken.id, code);
      vars.code = code;
    }
    await em.flush();
    await this.mail.enqueue(em, `verify:${link.id}`, { email: user.email, language: user.language, userId: user.id }, template, vars);
  }

  private async markVerified(em: EntityManager, userId: string): Promise<void> {
    const now = new Date();
    await this.accounts.markEmailVerified(em, userId, now);
    await em.nativeUpdate(AccountToken, {
      user: userId, purpose: { $in: [TokenPurpose.EmailLink, TokenPurpose.EmailCode] }, usedAt: null,
    }, { usedAt: now });
  }

  /** The activation link: valid, unused and unexpired, once. */
  async activate(em: EntityManager, token: string): Promise<void> {
    const expired = () => badInput(TOKEN_EXPIRED_MESSAGE, undefined, 'LINK_EXPIRED', { kind: 'activation' });
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token ?? '')) throw expired();
    const row = await em.findOne(AccountToken, { tokenHash: sha256(token), purpose: TokenPurpose.EmailLink });
    if (!row) throw expired();
    await em.transactional(async (tx) => {
      // The conditional update is the single-use check: of two concurrent clicks only one changes the row.
      const claimed = await tx.nativeUpdate(AccountToken, { id: row.id, usedAt: null, expiresAt: { $gt: new Date() } }, { usedAt: new Date() });
      if (claimed !== 1) throw expired();
      await this.markVerified(tx, row.user.id);
    });
  }

  /**
   * The 6-digit code of the logged-in user. An attempt is spent (atomically) before the code is
   * compared, so however many requests run at once, at most CODE_MAX_ATTEMPTS codes are ever tried.
   */
  async confirmCode(em: EntityManager, actor: AuthUser, rawCode: string): Promise<User> {
    const code = asciiDigits(rawCode.trim()); // ৬৫৪৩২১ from a Bangla keyboard is 654321, for every client
    const user = await em.findOne(User, { id: actor.id, deletedAt: null });
    if (!user) throw unauthenticated();
    if (user.emailVerifiedAt) return user;
    const token = await em.findOne(AccountToken, { user: user.id, purpose: TokenPurpose.EmailCode, usedAt: null },
      { orderBy: { createdAt: 'desc' } });
    if (!token || token.expiresAt <= new Date()) {
      throw badInput('Your code has expired. Ask for a new code', { code: 'Expired' }, 'CODE_EXPIRED');
    }
    const spent = await em.execute<{ attempts: number }[]>(
      'update account_tokens set attempts = attempts + 1 where id = ? and attempts < ? and used_at is null returning attempts',
      [token.id, CODE_MAX_ATTEMPTS],
    );
    if (!spent.length) throw tooMany('Too many wrong codes. Ask for a new code', 'CODE_LOCKED');
    if (!/^\d{6}$/.test(code) || !safeEqualHex(this.codeHash(token.id, code), token.tokenHash)) {
      const left = CODE_MAX_ATTEMPTS - spent[0]!.attempts;
      if (left <= 0) throw tooMany('Too many wrong codes. Ask for a new code', 'CODE_LOCKED');
      throw badInput(`Wrong code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left`, { code: 'Wrong code' }, 'WRONG_CODE', { count: left });
    }
    await em.transactional(async (tx) => {
      const claimed = await tx.nativeUpdate(AccountToken, { id: token.id, usedAt: null, expiresAt: { $gt: new Date() } }, { usedAt: new Date() });
      if (claimed !== 1) throw badInput('Your code has expired. Ask for a new code', { code: 'Expired' }, 'CODE_EXPIRED');
      await this.markVerified(tx, user.id);
    });
    await em.refresh(user);
    return user;
  }

  /** A new link and code, at most once a minute and ten times a day. */
  async resend(em: EntityManager, actor: AuthUser): Promise<void> {
    await em.transactional(async (tx) => {
      // Locking the user row serialises concurrent resends, so the cooldown cannot be raced.
      const user = await tx.findOne(User, { id: actor.id, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw unauthenticated();
      if (user.emailVerifiedAt) throw conflict('Your email is already verified', 'ALREADY_VERIFIED');
      if (!user.email) throw conflict('This account has no email address: it was made with a mobile number', 'NO_EMAIL');
      const purposes = { $in: [TokenPurpose.EmailLink, TokenPurpose.EmailCode] };
      const last = await tx.findOne(AccountToken, { user: user.id, purpose: purposes }, { orderBy: { createdAt: 'desc' } });
      const waitMs = last ? last.createdAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000 - Date.now() : 0;
      if (waitMs > 0) {
        throw tooMany(`Please wait ${Math.ceil(waitMs / 1000)} seconds before asking for a new code`, 'RESEND_COOLDOWN', Math.ceil(waitMs / 1000), { seconds: Math.ceil(waitMs / 1000) });
      }
      const today = await tx.count(AccountToken, {
        user: user.id, purpose: TokenPurpose.EmailLink, createdAt: { $gt: new Date(Date.now() - 24 * 3_600_000) },
      });
      if (today >= RESEND_DAILY_LIMIT) throw tooMany('You asked for too many codes today. Please try again tomorrow', 'RESEND_LIMIT');
      // Only logged-in users ask (so a doctor here is approved and can use the code too): link and code for all.
      await this.issueVerification(tx, user.id, 'verify-email');
    });
  }

  /**
   * Mails a reset link when the address belongs to an account. The answer is the same either way,
   * so the form cannot be used to find out who has an account. A doctor gets the doctors' link
   * whichever form was used.
   */
  async requestPasswordReset(em: EntityManager, rawEmail: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    const found = await em.findOne(User, { email, deletedAt: null }, { fields: ['id'] });
    if (!found) return;
    await em.transactional(async (tx) => {
      const user = await tx.findOne(User, { id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) return;
      const last = await tx.findOne(AccountToken, { user: user.id, purpose: TokenPurpose.PasswordReset }, { orderBy: { createdAt: 'desc' } });
      // Within the cooldown the earlier mail is still on its way: send nothing new (and say nothing different).
      if (last && last.createdAt.getTime() > Date.now() - RESET_COOLDOWN_SECONDS * 1000) return;
      const now = new Date();
      await tx.nativeUpdate(AccountToken, { user: user.id, purpose: TokenPurpose.PasswordReset, usedAt: null }, { usedAt: now });
      const secret = newSecret();
      const token = tx.create(AccountToken, {
        user, purpose: TokenPurpose.PasswordReset, tokenHash: sha256(secret),
        expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
      });
      await tx.flush();
      const path = user.role === Role.Doctor ? '/forgot/password/reset/' : '/password/reset/';
      await this.mail.enqueue(tx, `reset:${token.id}`, { email: user.email!, language: user.language, userId: user.id }, 'password-reset', {
        name: user.name, link: `${this.config.publicUrl}${path}${secret}`, minutes: String(RESET_TTL_MINUTES),
      });
    });
  }

  /**
   * Sets a new password with a reset link: once, within 15 minutes. Every session of the account
   * ends (whoever had the old password is logged out), and the mailbox owner is told.
   * Following the link also proves the address, so the email counts as verified.
   */
  async resetPassword(em: EntityManager, rawToken: string, input: ResetPasswordInput): Promise<void> {
    const invalid = () => badInput(RESET_TOKEN_INVALID_MESSAGE, undefined, 'LINK_EXPIRED', { kind: 'reset' });
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(rawToken ?? '')) throw invalid();
    const token = await em.findOne(AccountToken, { tokenHash: sha256(rawToken), purpose: TokenPurpose.PasswordReset }, { populate: ['user'] });
    if (!token || token.usedAt || token.expiresAt <= new Date()) throw invalid();
    const user = token.user.getEntity();
    if (user.deletedAt) throw invalid();
    if (input.password !== input.confirmPassword) {
      throw badInput('Password does not match', { confirmPassword: 'Passwords do not match' }, 'PASSWORD_MISMATCH');
    }
    assertStrongPassword(input.password, { email: user.email ?? undefined, name: user.name });
    const passwordHash = await hashPassword(input.password);
    await em.transactional(async (tx) => {
      const now = new Date();
      const claimed = await tx.nativeUpdate(AccountToken, { id: token.id, usedAt: null, expiresAt: { $gt: now } }, { usedAt: now });
      if (claimed !== 1) throw invalid();
      await this.accounts.resetPassword(tx, user.id, passwordHash, now);
      await tx.nativeUpdate(AccountToken, { user: user.id, purpose: TokenPurpose.PasswordReset, usedAt: null }, { usedAt: now });
      await this.mail.enqueue(tx, `password.changed:${token.id}`, { email: user.email!, language: user.language, userId: user.id },
        'password-changed', { name: user.name });
    });
  }
}
