import argon2 from 'argon2';
import { badInput } from './errors.js';

/** argon2id with OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => argon2.hash(plain, OPTIONS);

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** Spent on unknown emails so that a login's timing does not tell whether an account exists. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(plain: string): Promise<void> {
  dummyHash ??= hashPassword('nirog-timing-equaliser');
  await verifyPassword(await dummyHash, plain);
}

const COMMON = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwerty123', 'qwertyui',
  '11111111', '00000000', 'abcd1234', 'iloveyou', 'bangladesh', 'bangladesh1', 'dhaka123', 'admin123', 'nirog123',
]);

/** A sane strength rule, the same for signup, change and reset: 8–128 characters, a letter and a digit, not common. */
export function assertStrongPassword(password: string, context: { email?: string; name?: string } = {}, field = 'password'): void {
  // params.rule names the broken rule, so clients can say it in their own language.
  const fail = (rule: string, msg: string) => {
    throw badInput(msg, { [field]: msg }, 'WEAK_PASSWORD', { rule });
  };
  if (password.length < 8) fail('tooShort', 'Password must be at least 8 characters');
  if (password.length > 128) fail('tooLong', 'Password must be at most 128 characters');
  if (!/[A-Za-z\u0980-\u09FF]/.test(password) || !/\d/.test(password)) fail('letterAndDigit', 'Password must contain a letter and a digit');
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) fail('common', 'This password is too common');
  if (context.email && lower === context.email.toLowerCase()) fail('isEmail', 'Password must not be your email');
  if (context.email && lower.includes(context.email.split('@')[0]!.toLowerCase()) && context.email.split('@')[0]!.length >= 4) {
    fail('containsEmailName', 'Password must not contain your email name');
  }
}
