import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CombinedGraphQLErrors } from '@apollo/client';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { errors } from '@/i18n/errors';
import { describeServerError, errorInfo, formErrorParts } from '@/lib/errors';

/** The ErrorReason values the server publishes (schema.graphql, emitted by the backend build). */
function publishedReasons(): string[] {
  const schema = readFileSync(path.resolve(process.cwd(), '../schema.graphql'), 'utf8');
  const body = /enum ErrorReason \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? '';
  return body.split('\n').map((l) => l.trim()).filter((l) => /^[A-Z_]+$/.test(l));
}

const reasonsOf = (lang: 'en' | 'bn') => errors[lang].reasons as Record<string, string>;
const hasText = (lang: 'en' | 'bn', reason: string) => Object.keys(reasonsOf(lang)).some((k) => k === reason || k.startsWith(`${reason}_`));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('server refusals in both languages', () => {
  it('has an English and a Bangla text for every reason the schema publishes', () => {
    const reasons = publishedReasons();
    expect(reasons.length).toBeGreaterThan(60);
    expect(reasons.filter((r) => !hasText('en', r))).toEqual([]);
    expect(reasons.filter((r) => !hasText('bn', r))).toEqual([]);
  });

  it('shows the reason in Bangla, with its params, instead of the server\'s English', async () => {
    await i18n.changeLanguage('bn');
    const info = errorInfo(new CombinedGraphQLErrors({ errors: [{ message: 'Napa 500 mg is out of stock', extensions: { code: 'CONFLICT', reason: 'OUT_OF_STOCK', params: { medicine: 'Napa 500 mg' } } }] }));
    expect(info).toMatchObject({ message: 'Napa 500 mg স্টকে নেই।', reason: 'OUT_OF_STOCK', code: 'CONFLICT' });
  });

  it('words the broken password rule and a field by its rule', async () => {
    await i18n.changeLanguage('bn');
    const weak = describeServerError({ reason: 'WEAK_PASSWORD', params: { rule: 'tooShort' }, message: 'Password must be at least 8 characters', fields: { password: 'Password must be at least 8 characters' } });
    expect(weak.message).toBe('পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে।');
    expect(weak.fields).toEqual({ password: 'পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে।' });
    const form = describeServerError({ reason: 'INVALID_INPUT', message: 'Enter a valid email address', fields: { email: 'Enter a valid email address', note: 'Custom' }, fieldRules: { email: 'isEmail', note: 'someNewRule' } });
    expect(form.fields).toEqual({ email: 'একটি সঠিক ইমেইল ঠিকানা দিন', note: 'Custom' });
  });

  it('says the limit a field broke, in the reader\'s digits, and the plain word without one', async () => {
    const long = { reason: 'INVALID_INPUT', message: 'name must be shorter than or equal to 100 characters', fields: { name: 'x' }, fieldRules: { name: 'maxLength' } };
    expect(describeServerError({ ...long, fieldParams: { name: { max: 100 } } }).fields).toEqual({ name: 'Too long: at most 100 characters' });
    expect(describeServerError(long).fields).toEqual({ name: 'Too long' });
    await i18n.changeLanguage('bn');
    expect(describeServerError({ ...long, fieldParams: { name: { max: 2000 } } }).fields).toEqual({ name: 'খুব দীর্ঘ: সর্বোচ্চ ২,০০০ অক্ষর' });
  });

  it('puts a field error beside the form\'s field of that name, also for a nested server name; the message only when none is on screen', () => {
    const info = { message: 'Some fields are missing or not valid.', fields: { 'shippingInfo.phone': 'Enter a Bangladeshi mobile number', other: 'x' } };
    expect(formErrorParts(info, ['name', 'phone'])).toEqual({ fields: [{ name: 'phone', errors: ['Enter a Bangladeshi mobile number'] }], message: null });
    expect(formErrorParts(info, ['name'])).toEqual({ fields: [], message: 'Some fields are missing or not valid.' });
  });

  it('counts attempts with plural rules and falls back to the server for an unknown reason', () => {
    expect(describeServerError({ reason: 'WRONG_CODE', params: { count: 1 } }).message).toBe('Wrong code. 1 attempt left.');
    expect(describeServerError({ reason: 'WRONG_CODE', params: { count: 3 } }).message).toBe('Wrong code. 3 attempts left.');
    expect(describeServerError({ reason: 'SOMETHING_NEW', message: 'A new refusal' }).message).toBe('A new refusal');
  });
});
