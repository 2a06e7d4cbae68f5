import { selectRows, SqlParams, type SqlReader } from '../../common/sql.js';
import {
  allOf, allowedEdits, anyOf, didYouMeanOf, overlaps, TIERS, vocabularySql, wordMatches, wordsUpTo, type Tier, type VocabularyRow, type WordMatch,
} from '../../common/search.js';

/**
 * How a doctor search is read (docs/search.md): the typed words against the vocabulary of doctors'
 * words (common/search.ts), and the whole text and each word against the specialities (English and
 * Bangla titles, slugs) and the speciality terms (plain words and complaints that lead to
 * specialities, SpecialityTerm). One statement answers all of it.
 */

/**
 * Words a patient adds that name no doctor ("heart doctor", "শিশু বিশেষজ্ঞ", "Dr. Karim"): their
 * search keys (nirog_search_key of dr, doctor(s), daktar, ডাক্তার, ডাঃ, specialist(s), বিশেষজ্ঞ,
 * expert, prof, professor, অধ্যাপক, consultant, and, of, the, ও, এর; search-key.test.ts checks them).
 */
export const DOCTOR_STOP_KEYS = ['dr', 'daktar', 'daktars', 'da', 'spisialist', 'spisialists', 'bisisjn', 'ikspirt', 'praf', 'prafisar',
  'adapak', 'kansultant', 'and', 'af', 'ti', 'a', 'ir'];

/** Speciality titles a text leads to, by how (per tier for the whole text, per level for one word). */
type SpecialitySets = Record<Tier, string[]>;
const emptySets = (): SpecialitySets => ({ 0: [], 1: [], 2: [], 3: [], 4: [], 5: [] });

export interface DoctorQuery {
  /** The folded text ('' when nothing searchable was typed). */
  key: string;
  words: WordMatch[];
  /** Per typed word (same order as `words`): specialities its title names (1 exact, 2 prefix, 3 close) or its terms lead to (4 exact, 5 otherwise). */
  wordSpecialities: SpecialitySets[];
  /** The whole text: a speciality named exactly (0), begun (2), misspelt (3), or reached through a term (4 named exactly, 5 begun, contained or misspelt). */
  phraseSpecialities: SpecialitySets;
  /** A spelling that would find something, for when nothing is found. */
  didYouMean: string | null;
  /** The specialities the text leads to, best first, with the term that led there (null: the title itself). */
  ways: { title: string; tier: Tier; term: string | null }[];
}

/** The vocabulary's rows, and the specialities' and terms' (with the specialities each leads to). */
interface ResolutionRow extends VocabularyRow {
  source: 'word' | 'speciality' | 'term';
  specialities: string[] | null;
}

const hasBangla = (s: string) => /[\u0980-\u09ff]/.test(s);

/** The resolution statement: vocabulary candidates of each word, and the specialities and terms the text and its words name. */
export async function resolveDoctorQuery(em: SqlReader, text: string): Promise<DoctorQuery> {
  const p = new SqlParams();
  const vocab = vocabularySql(p, text, 'doctors', DOCTOR_STOP_KEYS);
  const sql = `with ${vocab.ctes},
    search_x as (select 0 as ord, key as typed from search_q where key <> '' union all select ord, word from search_w),
    title_keys as (select s.title, s.title_bn, k from specialities s, unnest(s.search_keys) k where k <> '')
    ${vocab.select}
    union all
    select 'speciality', x.ord, x.typed, t.title, t.title_bn,
      min(case when t.k = x.typed then 0 when t.k like x.typed || '%' then 1 else 2 end),
      min(levenshtein(left(t.k, 255), left(x.typed, 255))), array[t.title], null::int
    from search_x x join title_keys t on t.k = x.typed or (length(x.typed) >= 2 and t.k like x.typed || '%') or similarity(t.k, x.typed) >= 0.3
    group by x.ord, x.typed, t.title, t.title_bn
    union all
    select 'term', x.ord, x.typed, t.term, t.term,
      case when t.search_key = x.typed then 0
        when t.search_key like x.typed || '%' or (' ' || x.typed || ' ') like ('% ' || t.search_key || ' %') then 1 else 2 end,
      levenshtein(left(t.search_key, 255), left(x.typed, 255)), t.specialities, null::int
    from search_x x join speciality_terms t on t.search_key = x.typed or (length(x.typed) >= 3 and t.search_key like x.typed || '%')
      or similarity(t.search_key, x.typed) >= 0.3 or (length(t.search_key) >= 3 and (' ' || x.typed || ' ') like ('% ' || t.search_key || ' %'))`;
  const rows = await selectRows<ResolutionRow>(em, sql, p, { planEach: true });
  return doctorQueryOf(text, rows);
}

/** The rows of the resolution statement → the query's sets (pure: unit-tested without a database). */
export function doctorQueryOf(text: string, rows: readonly ResolutionRow[]): DoctorQuery {
  const words = wordMatches(rows);
  const wordSpecialities = words.map(() => emptySets());
  const phraseSpecialities = emptySets();
  let phraseMaybe: { display: string; distance: number } | null = null;
  const ways: (DoctorQuery['ways'][number] & { rank: number })[] = [];
  for (const r of rows) {
    if (r.source === 'word' || r.value === null) continue;
    const level = Number(r.level);
    const distance = Number(r.distance);
    const close = level === 2 && distance <= allowedEdits(r.typed);
    const specialities = r.specialities ?? [];
    // A title: named exactly (the whole text: tier 0; one word of it: as good as the doctor's own word),
    // begun, or misspelt. A term (a plain word or a complaint) leads to its first speciality as a match
    // of the same kind, and to its further specialities as related ones ("chest pain": cardiologists,
    // then physicians).
    const kind: 1 | 2 | 3 | null = level === 0 ? 1 : level === 1 ? 2 : close ? 3 : null;
    const tierOf = (rank: number): Tier | null => {
      if (kind === null) return null;
      if (r.source === 'speciality') return r.ord === 0 && kind === 1 ? 0 : kind;
      return rank === 0 ? kind : kind === 1 ? 4 : 5;
    };
    const tier = tierOf(0);
    if (tier === null) {
      // Too far off to count, near enough to offer: "did you mean" (the title in the script typed).
      const display = r.source === 'speciality' && hasBangla(text) && r.display ? r.display : r.value;
      if (r.ord === 0 && (!phraseMaybe || distance < phraseMaybe.distance)) phraseMaybe = { display, distance };
      continue;
    }
    specialities.forEach((title, rank) => {
      const t = tierOf(rank)!;
      if (r.ord === 0) {
        phraseSpecialities[t].push(title);
        ways.push({ title, tier: t, term: r.source === 'term' ? r.value : null, rank });
      } else wordSpecialities[r.ord - 1]?.[t === 0 ? 1 : t].push(title);
    });
  }
  // One word that is the whole text: the text's own ways in (its tiers are as good or better) say it all.
  const phrase = rows.find((r) => r.ord === 0)?.typed;
  if (words.length === 1 && phrase === words[0]!.key) wordSpecialities[0] = emptySets();
  const wordSuggestion = didYouMeanOf(words);
  return {
    // The name is matched without the stop words ("Dr. Selina Parveen" is her name).
    key: words.map((w) => w.key).join(' '),
    words,
    wordSpecialities,
    phraseSpecialities,
    didYouMean: phraseMaybe?.display ?? wordSuggestion,
    // Best way first: its tier, then the title itself, then the longer term (on the way to "chest pain",
    // that rather than "chest"), then the term's own order.
    ways: ways.sort((a, b) => a.tier - b.tier || (a.term === null ? -1 : b.term === null ? 1 : b.term.length - a.term.length) || a.rank - b.rank)
      .filter((w, i, all) => all.findIndex((x) => x.title === w.title) === i).map(({ title, tier, term }) => ({ title, tier, term })),
  };
}

const upTo = (sets: SpecialitySets, tier: Tier) => TIERS.filter((t) => t <= tier).flatMap((t) => sets[t]);

/** Whether a doctor could be in this tier or better at all (no parameters are written for a tier that cannot). */
function reachable(q: DoctorQuery, tier: Tier): boolean {
  if (!q.key) return false;
  if (upTo(q.phraseSpecialities, tier).length) return true;
  if (tier === 0) return true; // the name
  return q.words.length > 0 && q.words.every((w, i) => wordsUpTo(w, tier).length > 0 || upTo(q.wordSpecialities[i]!, tier).length > 0);
}

/** What a tier's rows have (sets of words and specialities per piece), to tell a tier that adds nobody from the one before. */
function signature(q: DoctorQuery, tier: Tier): string {
  const set = (xs: string[]) => [...new Set(xs)].sort();
  return JSON.stringify([set(upTo(q.phraseSpecialities, tier)), tier >= 1 ? q.words.map((w, i) => [set(wordsUpTo(w, tier)), set(upTo(q.wordSpecialities[i]!, tier))]) : null]);
}

/**
 * The condition "this doctor (alias `d.`) is in `tier` or a better one": the name is what was typed, or
 * the text names one of its specialities well enough, or every word is one of its words or names one of
 * its specialities well enough. Each piece is an index predicate (GIN on search_names, search_words,
 * specialities). Written into `p` in text order.
 */
export function tierCondition(p: SqlParams, q: DoctorQuery, tier: Tier, alias = 'd.'): string {
  if (!reachable(q, tier)) return 'false';
  const parts: string[] = [overlaps(p, `${alias}search_names`, [q.key])];
  const phrase = upTo(q.phraseSpecialities, tier);
  if (phrase.length) parts.push(overlaps(p, `${alias}specialities`, phrase));
  if (tier >= 1 && q.words.length && q.words.every((w, i) => wordsUpTo(w, tier).length > 0 || upTo(q.wordSpecialities[i]!, tier).length > 0)) {
    parts.push(allOf(q.words.map((w, i) => {
      const words = wordsUpTo(w, tier);
      const specialities = upTo(q.wordSpecialities[i]!, tier);
      return anyOf([...(words.length ? [overlaps(p, `${alias}search_words`, words)] : []),
        ...(specialities.length ? [overlaps(p, `${alias}specialities`, specialities)] : [])]);
    })));
  }
  return anyOf(parts);
}

/**
 * At most this many approved doctors hold a word for its branch to be read "few first": by the word
 * index, then sorted. Walking the list order's index instead reads about end × (doctors ÷ matches)
 * rows before the page is full, and all of them when fewer than a page match; reading by the word
 * index reads the matches once. They cost the same near √(20 × 100,000) ≈ 1,400 matches at 100k
 * doctors (measured at 100k: "rahman", 2,400 doctors, 1.5–2.2 ms by the word index; "mbs", 88,000,
 * 48 ms by the word index against 0.14 ms by the walk), so a thousand keeps both sides in a few ms.
 */
export const FEW_DOCTORS = 1000;

/**
 * Whether the vocabulary's counts say a tier's rows are few (at most FEW_DOCTORS approved doctors):
 * no speciality in its condition (a speciality's doctors are counted nowhere, and are many), and some
 * typed word whose words in this tier are held by few doctors (every word must match, so that word
 * bounds them all). The name is a whole name typed exactly: a few doctors share one. The planner
 * cannot tell this itself: its statistics see a word's frequency in every row, not among the
 * approved doctors, and guess a rare word's frequency from the least common one it keeps, so it
 * walked the whole order's index for a word four doctors have (about 100 ms at 100k).
 */
export function fewAt(q: DoctorQuery, tier: Tier): boolean {
  // Without the text's own specialities, a tier is reachable only when every word has something in it.
  if (tier < 1 || upTo(q.phraseSpecialities, tier).length || !reachable(q, tier)) return false;
  return q.words.some((w, i) => {
    if (upTo(q.wordSpecialities[i]!, tier).length) return false;
    const held = [...new Set(wordsUpTo(w, tier))].reduce((sum, word) => sum + (w.rows[word] ?? FEW_DOCTORS + 1), 0);
    return held <= FEW_DOCTORS;
  });
}

/** The tiers worth a statement branch: reachable, and adding some way in that the tier before did not. */
export function tiersOf(q: DoctorQuery): Tier[] {
  return TIERS.filter((t) => reachable(q, t) && (t === 0 || !reachable(q, (t - 1) as Tier) || signature(q, t) !== signature(q, (t - 1) as Tier)));
}
