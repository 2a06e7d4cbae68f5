import { describe, expect, it } from 'vitest';
import i18n from '@/test/all-words';

type Dict = { [key: string]: unknown };

/** key → placeholders, plural forms folded into their base key (bn has fewer forms than en). */
function flatten(d: Dict, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(d)) {
    const key = `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (v && typeof v === 'object') flatten(v as Dict, `${key}.`, out);
    else out.set(key, [...String(v).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort().join(','));
  }
  return out;
}

describe('the English and Bangla dictionaries', () => {
  const namespaces = Object.keys(i18n.store.data.en);

  it('cover every feature', () => {
    expect(namespaces.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(i18n.store.data.bn).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s: have the same keys and the same placeholders in both languages', (ns) => {
    const en = flatten(i18n.store.data.en[ns] as Dict);
    const bn = flatten(i18n.store.data.bn[ns] as Dict);
    expect([...bn.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !bn.has(k))).toEqual([]);
    const differ = [...en].filter(([k, p]) => bn.get(k) !== p && !PLACEHOLDERS_LEFT_OUT.includes(`${ns}:${k}`)).map(([k, p]) => `${k}: en {${p}} bn {${bn.get(k)}}`);
    expect(differ).toEqual([]);
  });

  it('say nothing in Bangla that is still the English text, but for names and codes', () => {
    const same: string[] = [];
    for (const ns of namespaces) {
      const en = i18n.store.data.en[ns] as Dict;
      const bn = i18n.store.data.bn[ns] as Dict;
      const walk = (e: Dict, b: Dict, path: string) => {
        for (const [k, v] of Object.entries(e)) {
          const w = b?.[k];
          if (v && typeof v === 'object') walk(v as Dict, w as Dict, `${path}${k}.`);
          // a word of three or more Latin letters said the same in Bangla is an untranslated string
          else if (typeof v === 'string' && v === w && /[A-Za-z]{3,}/.test(v.replace(/\{\{[^}]*\}\}/g, ''))) same.push(`${ns}:${path}${k} = ${v}`);
        }
      };
      walk(en, bn, '');
    }
    expect(same.filter((s) => !ALLOWED_SAME.some((re) => re.test(s)))).toEqual([]);
  });

  it('put no English word into a Bangla text, but names, formats and codes', () => {
    const english: string[] = [];
    const walk = (b: Dict, path: string) => {
      for (const [k, v] of Object.entries(b)) {
        if (v && typeof v === 'object') walk(v as Dict, `${path}${k}.`);
        else if (typeof v === 'string') {
          const words = withoutCode(v).replace(/\{\{[^}]*\}\}/g, ' ').match(/[A-Za-z][A-Za-z_'-]{2,}/g) ?? [];
          for (const w of words.filter((x) => !LATIN_IN_BANGLA.includes(x))) english.push(`${path}${k}: ${w} in ${v}`);
        }
      }
    };
    for (const ns of namespaces) walk(i18n.store.data.bn[ns] as Dict, `${ns}:`);
    expect(english).toEqual([]);
  });

  it('write numbers in Bangla texts in Bangla digits (০-৯), but inside codes and formats like A-12345', () => {
    const ascii: string[] = [];
    const walk = (b: Dict, path: string) => {
      for (const [k, v] of Object.entries(b)) {
        if (v && typeof v === 'object') walk(v as Dict, `${path}${k}.`);
        else if (typeof v === 'string' && asciiNumbers(v).length) ascii.push(`${path}${k} = ${v}`);
      }
    };
    for (const ns of namespaces) walk(i18n.store.data.bn[ns] as Dict, `${ns}:`);
    expect(ascii).toEqual([]);
    // the rule itself: a number among Bangla words is found, a code or a placeholder is not
    expect(asciiNumbers('মোট দাম 30.00 টাকা')).toEqual(['30.00']);
    expect(asciiNumbers(`যেমন 5'2" বা ১৫৭ সেমি`)).toEqual([`5'2`]);
    expect(asciiNumbers('যেমন A-12345, {{count}}টি, SMTP_URL দিন')).toEqual([]);
  });
});

/**
 * A text without what is code, not words: `code` spans (the developer guide's operation names, headers
 * and codes), URL paths (/graphql) and integrator scope names (catalog:read).
 */
function withoutCode(text: string): string {
  return text.replace(/`[^`]*`/g, ' ').replace(/(^|\s)\/[\w/.-]+/g, ' ').replace(/\b[a-z]+:(?:read|write|manage)\b/g, ' ');
}

/** Words of a text that are numbers in ASCII digits: digits not inside a word with Latin letters, placeholders left out. */
function asciiNumbers(text: string): string[] {
  return withoutCode(text).replace(/\{\{[^}]*\}\}/g, ' ').split(/[\s\u00a0·,;()[\]{}"“”]+/).filter((w) => /[0-9]/.test(w) && !/[A-Za-z@]/.test(w));
}

/**
 * Placeholders the Bangla text leaves out on purpose: ILLEGAL_TRANSITION's from/to are the server's
 * English status codes, which would put English words into a Bangla sentence.
 */
const PLACEHOLDERS_LEFT_OUT = ['errors:reasons.ILLEGAL_TRANSITION'];

/** Brand and provider names, units and codes that read the same in both languages. */
const ALLOWED_SAME = [/= (bKash|Nagad|Bkash|BMDC|NID|CSV|PDF|Nirog|English|Google Meet|Zoom|SMS|OTP|ID)$/, /= 01X+$/];

/**
 * Latin words a Bangla text may hold: the language switch's own name, the brand in the splash, file
 * formats and codes, degrees and the English speciality names a doctor types, a placeholder's Xs.
 */
const LATIN_IN_BANGLA = ['English', 'Nirog', 'JPEG', 'PNG', 'WebP', 'GIF', 'CSV', 'XLSX', 'MBBS', 'FCPS', 'Cardiology', 'Medicine', 'SMTP', 'SMTP_URL', 'XXXXXXXXX', 'BMDC', 'MB-',
  // the integrators' guide and screens (issue 18): names of the protocols, languages and headers an integrator types as they are
  'GraphQL', 'REST', 'URL', 'https', 'JSON', 'POST', 'HTTP', 'HMAC-SHA', 'Node', 'TypeScript', 'THROTTLED', 'Authorization', 'Bearer', 'X-Api-Key', 'Idempotency-Key'];
