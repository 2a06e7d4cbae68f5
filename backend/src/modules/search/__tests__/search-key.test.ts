import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { searchKey } from '../../../common/search.js';
import { DOCTOR_STOP_KEYS } from '../../doctors/doctor.search.js';

/**
 * The search key (nirog_search_key, Migration20261129040000SearchAsBangladeshTypes): one spelling for
 * Latin letters, Banglish and Bangla script, so that what a person types meets what the catalogue holds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const key = (text: string) => searchKey(t.orm.em.fork(), text);

describe('the search key', () => {
  it.each([
    ['Napa', 'নাপা'],
    ['Paracetamol', 'প্যারাসিটামল'],
    ['Omeprazole', 'omiprazole'],
    ['Omeprazole', 'ওমিপ্রাজল'],
    ['Seclo', 'সেকলো'],
    ['Rahman', 'রহমান'],
    ['Karim', 'করিম'],
    ['Mosharraf', 'মোশাররফ'],
    ['hridrog', 'হৃদরোগ'],
    ['hriday', 'হৃদয়'],
    ['shishu', 'শিশু'],
    ['chokh', 'চোখ'],
    ['jor', 'জ্বর'],
    ['Napa Extra', 'নাপা এক্সট্রা'],
    ['Abdul Karim', 'আব্দুল করিম'],
    ['Fexo 120', 'ফেক্সো ১২০'],
    ['Mizanur', 'মিজানুর'],
  ])('reads %s and %s as one word', async (a, b) => {
    expect(await key(a)).toBe(await key(b));
    expect(await key(a)).toMatch(/^[a-z0-9 ]+$/);
  });

  it('keeps words apart, drops punctuation, and folds what the eye reads as one letter', async () => {
    expect(await key('MBBS, FCPS (Medicine)')).toBe('mbs fkps midisin');
    expect(await key('  ---  ')).toBe('');
    // ড়, ঢ় and য় written as one code point or as two (NFC writes them as two) are one letter.
    expect(await key('\u09AA\u09A1\u09BC\u09BE')).toBe(await key('\u09AA\u09DC\u09BE'));
  });

  it('knows the words a patient adds that name no doctor', async () => {
    const raw = ['dr', 'doctor', 'doctors', 'daktar', 'ডাক্তার', 'ডাঃ', 'specialist', 'specialists', 'বিশেষজ্ঞ', 'expert', 'prof', 'professor',
      'অধ্যাপক', 'consultant', 'and', 'of', 'the', 'ও', 'এর'];
    const keys = new Set(await Promise.all(raw.map(key)));
    expect([...keys].sort()).toEqual([...DOCTOR_STOP_KEYS].sort());
  });
});
