// @vitest-environment node
// (harfbuzz's and woff2's wasm bindings check their arrays against the global Uint8Array, which jsdom replaces.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/all-words';
import { formatTaka } from '@/lib/money';
import { faceCovers, labelCharacters, labelFile, labelFont, WEIGHTS } from '../../../scripts/label-font.mjs';

/** A character the whole Bengali face draws (its unicode-range in fonts.css). */
const bengali = faceCovers('Nirog Bengali') as (c: string) => boolean;

function englishTexts(): string[] {
  const texts: string[] = [];
  const walk = (d: unknown) => {
    for (const v of Object.values(d as object)) {
      if (v && typeof v === 'object') walk(v);
      else texts.push(String(v));
    }
  };
  for (const ns of Object.keys(i18n.store.data.en)) walk(i18n.store.data.en[ns]);
  // every price on an English page: ৳ and the digits of every length, with and without poisha
  for (const poisha of [0, 5, 250, 1_234_567_89, 99_999_999_999]) texts.push(formatTaka(poisha, 'en'));
  return texts;
}

describe("the English pages' Bengali label face (fonts.css, scripts/label-font.mjs)", () => {
  const label = labelCharacters() as string;

  it('covers every Bengali character of the English words and prices', () => {
    const shown = new Set(englishTexts().flatMap((t) => [...t].filter(bengali)));
    expect(shown.size).toBeGreaterThan(3); // বাংলা, নীরোগ, ৳ at least: the test reads the words
    expect([...shown].filter((c) => !label.includes(c))).toEqual([]);
  });

  it('holds what the shaper splits its characters into: ো is drawn as ে and া (without ে the brand read নীর◌োগ)', () => {
    const parts = [...label].flatMap((c) => [...c.normalize('NFD')]);
    expect(parts.filter((c) => !label.includes(c))).toEqual([]);
  });

  it.each(WEIGHTS as number[])('weight %i: the file is the shipped face cut to those characters (run `npm run fonts -w frontend` after changing them)', async (weight) => {
    const made = Buffer.from(await labelFont(weight, label));
    expect(made.length).toBeLessThan(4096); // a cut of the face, not the whole (44 and 48 kB)
    expect(made.equals(readFileSync(labelFile(weight)))).toBe(true);
  });
});
