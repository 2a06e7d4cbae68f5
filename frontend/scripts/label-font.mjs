// The English pages' Bengali label face (frontend/src/app/fonts.css, 'Nirog Bengali Label'): the few
// Bengali characters an English page shows (the language switch's বাংলা, the brand's নীরোগ, the ৳ of
// every price, the home page's অ), cut from the Noto Sans Bengali we ship, one small file per weight. Its characters are
// the label face's unicode-range in fonts.css; `npm run fonts -w frontend` writes the files again after
// that range changes, and src/app/__tests__/label-font.test.ts fails until it has.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import subsetFont from 'subset-font';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
export const FONTS_CSS = path.join(here, '../src/app/fonts.css');
export const WEIGHTS = [400, 700];
export const labelFile = (weight) => path.join(here, `../src/app/fonts/nirog-bengali-label-${weight}.woff2`);

/** The unicode-range of every @font-face of a family in fonts.css (one string per rule). */
function rangesOf(family, css = readFileSync(FONTS_CSS, 'utf8')) {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1])
    .filter((rule) => new RegExp(`font-family:\\s*'${family}'\\s*;`).test(rule))
    .map((rule) => /unicode-range:\s*([^;]+);/.exec(rule)?.[1].trim());
}

/** U+0982 or U+0980-09FE → [first, last] code points. */
function bounds(item) {
  const m = /^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i.exec(item);
  if (!m) throw new Error(`fonts.css: ${item} is not a code point or a range`);
  return [parseInt(m[1], 16), parseInt(m[2] ?? m[1], 16)];
}

/** Whether a family of fonts.css draws a character, by its unicode-range (the same for every weight). */
export function faceCovers(family, css) {
  const ranges = rangesOf(family, css);
  if (!ranges.length || new Set(ranges).size !== 1 || !ranges[0]) throw new Error(`fonts.css: one unicode-range for every weight of '${family}'`);
  const spans = ranges[0].split(/\s*,\s*/).map(bounds);
  return (c) => spans.some(([first, last]) => c.codePointAt(0) >= first && c.codePointAt(0) <= last);
}

/** The characters of the label face: its unicode-range in fonts.css, single code points, as written there. */
export function labelCharacters(css = readFileSync(FONTS_CSS, 'utf8')) {
  const ranges = rangesOf('Nirog Bengali Label', css);
  if (ranges.length !== WEIGHTS.length || new Set(ranges).size !== 1 || !ranges[0]) throw new Error('fonts.css: one unicode-range for every weight of the label face');
  return ranges[0].split(/\s*,\s*/).map((item) => {
    const [first, last] = bounds(item);
    if (first !== last) throw new Error(`fonts.css: the label face lists single code points, not ${item}`);
    return String.fromCodePoint(first);
  }).join('');
}

/** The label face of one weight: the shipped face cut to those characters (harfbuzz's subsetter, deterministic). */
export function labelFont(weight, text = labelCharacters()) {
  const source = readFileSync(require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`));
  return subsetFont(source, text, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const weight of WEIGHTS) {
    const bytes = await labelFont(weight);
    writeFileSync(labelFile(weight), bytes);
    console.log(`${path.relative(process.cwd(), labelFile(weight))}: ${bytes.length} bytes`);
  }
}
