import { describe, expect, it } from '@jest/globals';
import { doctorQueryOf, fewAt, FEW_DOCTORS, tierCondition, tiersOf } from '../doctor.search.js';
import { SqlParams } from '../../../common/sql.js';

/**
 * How a search's page is read, from the vocabulary's counts (doctor.search.ts fewAt): a tier whose
 * words few approved doctors hold is read by the word index first; one with many, or with a
 * speciality in it, walks the list order's index. Pure: the rows a resolution statement returns.
 */
type Row = Parameters<typeof doctorQueryOf>[1][number];
const word = (ord: number, typed: string, value: string, level: 0 | 1 | 2, n: number, distance = level === 2 ? 1 : 0): Row =>
  ({ source: 'word', ord, typed, value, display: value, level, distance, specialities: null, n });
const speciality = (ord: number, typed: string, title: string, level: 0 | 1 | 2): Row =>
  ({ source: 'speciality', ord, typed, value: title, display: title, level, distance: 0, specialities: [title], n: null });

describe('the shape of a search page, from the vocabulary\'s counts', () => {
  it('reads a word four doctors hold by the word index, at every tier it reaches', () => {
    const q = doctorQueryOf('arta', [word(1, 'arta', 'arta', 0, 4)]);
    expect(q.words[0]!.rows).toEqual({ arta: 4 });
    expect(tiersOf(q)).toEqual([0, 1]);
    expect(fewAt(q, 0)).toBe(false); // the name alone: PostgreSQL's own plan
    expect(fewAt(q, 1)).toBe(true);
  });

  it('walks the order\'s index for a word most doctors hold', () => {
    const q = doctorQueryOf('mbbs', [word(1, 'mbs', 'mbs', 0, 88_000)]);
    expect(fewAt(q, 1)).toBe(false);
  });

  it('adds up the words a tier takes in: a rare word whose prefixes are common is not few from the prefix tier on', () => {
    const q = doctorQueryOf('rah', [word(1, 'rah', 'rah', 0, 3), word(1, 'rah', 'rahman', 1, 2_400), word(1, 'rah', 'rahim', 1, 500)]);
    expect(fewAt(q, 1)).toBe(true);
    expect(fewAt(q, 2)).toBe(false);
  });

  it('counts up to the limit and no further', () => {
    const at = (n: number) => fewAt(doctorQueryOf('karim', [word(1, 'karim', 'karim', 0, n)]), 1);
    expect(at(FEW_DOCTORS)).toBe(true);
    expect(at(FEW_DOCTORS + 1)).toBe(false);
  });

  it('is few when any one word is: every word must match', () => {
    const q = doctorQueryOf('bangabandhu hospital', [word(1, 'bangabandu', 'bangabandu', 0, 3), word(2, 'haspital', 'haspital', 0, 60_000)]);
    expect(fewAt(q, 1)).toBe(true);
  });

  it('never for a tier with a speciality in it (a speciality\'s doctors are counted nowhere)', () => {
    const rows = [word(1, 'arta', 'arta', 0, 4), word(1, 'arta', 'artapidiks', 1, 3), speciality(0, 'arta', 'Orthopedics', 1)];
    const q = doctorQueryOf('arta', rows);
    expect(fewAt(q, 1)).toBe(true);
    expect(fewAt(q, 2)).toBe(false);
    const p = new SqlParams();
    expect(tierCondition(p, q, 2)).toMatch(/specialities &&/);
  });

  it('nothing found: no branch to read', () => {
    const q = doctorQueryOf('zzqq', []);
    expect(tiersOf(q)).toEqual([]);
    expect(fewAt(q, 1)).toBe(false);
  });
});
