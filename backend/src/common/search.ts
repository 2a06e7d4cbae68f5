import { selectRows, SqlParams, type SqlReader } from './sql.js';

/**
 * Search as Bangladesh types (docs/search.md). What a person typed is folded by the database into a
 * search key (nirog_search_key: Latin letters, Banglish and Bangla script meet in one spelling) and
 * split into words. Each word is looked up in the vocabulary of words the catalogue holds
 * (search_words, a few thousand rows kept by triggers): the word itself, words it begins, and words a
 * letter or two away. The catalogue's rows are then found by exact words (a GIN index on each row's
 * words), so the fuzzy part never touches the large tables, and every predicate has an index.
 *
 * A row's tier says how it matched, and orders the results before the list's own order:
 *   0 its name is what was typed (or the whole text names a speciality),
 *   1 every word is one of its words, or names its speciality, or is a word or complaint whose first
 *     speciality is its ("heart", "chest pain": cardiologists),
 *   2 every word begins one of those,
 *   3 some word is a close spelling (a letter or two off),
 *   4 related: a further speciality of a word or complaint named exactly ("chest pain": physicians),
 *     a medicine of the same generic as the brand named,
 *   5 related through a word or complaint begun, contained or misspelt.
 */
export const TIERS = [0, 1, 2, 3, 4, 5] as const;
export type Tier = (typeof TIERS)[number];

/** Words of a text looked at (the rest is ignored): a search is a few words, not a paragraph. */
export const MAX_SEARCH_WORDS = 6;
/** Vocabulary candidates kept per word (exact, then prefixes and close spellings by likeness). */
const CANDIDATES_PER_WORD = 40;

export type Catalogue = 'doctors' | 'medicines';

/** One typed word and what the vocabulary offers for it. */
export interface WordMatch {
  /** The word's search key, as typed (after folding). */
  key: string;
  exact: string[];
  prefix: string[];
  /** Close spellings: a letter off for words of 4–6 letters, two for longer ones. */
  close: string[];
  /** Further off (trigram likeness ≥ 0.3), for "did you mean": best first, with the spelling to show. */
  maybe: { key: string; display: string }[];
  /** How the catalogue spells the word's best candidate (exact, else a prefix or close spelling), or null. */
  shown: string | null;
  /**
   * How many of the catalogue's searchable rows hold each candidate of `exact`, `prefix` and `close`
   * (the vocabulary's own count, kept by triggers): what tells a search whose rows are few (read them
   * by the word index, then sort) from one whose rows are many (walk the list order's index).
   */
  rows: Record<string, number>;
}

/** Edits a word may be off by and still count as a close spelling ("misspellings of a letter or two"). */
export function allowedEdits(key: string): number {
  if (key.length >= 7) return 2;
  if (key.length >= 4) return 1;
  return 0;
}

/** A row of a search statement: a typed word (`ord` from 1; 0 is the whole text) and one candidate, or none (nulls). */
export interface VocabularyRow {
  /** 'word' for the vocabulary's rows; a catalogue's own unions name theirs. */
  source: string;
  ord: number;
  typed: string;
  value: string | null;
  display: string | null;
  level: number | null;
  distance: number | null;
  /** The catalogue's rows holding the candidate (the vocabulary's count); null on other unions' rows. */
  n: number | string | null;
}

/**
 * The CTEs of a search statement: `search_q` (the folded text: `key`) and `search_w` (its words in
 * order, `ord` from 1, without `stopKeys`), and a select of `search_vocab` rows (one per word and
 * candidate; a word without any has one row of nulls). Other catalogues' statements add their own
 * unions (the doctors' specialities) over the same CTEs.
 */
export function vocabularySql(p: SqlParams, text: string, catalogue: Catalogue, stopKeys: readonly string[] = []): { ctes: string; select: string } {
  const count = catalogue === 'doctors' ? 'doctors' : 'medicines';
  const ctes = `search_q as (select nirog_search_key(${p.add(text)}::text) as key),
    search_w as (select t.word collate "C" as word, t.ord::int as ord,
        -- the words it begins: a range of the vocabulary's key (words are [a-z0-9]; one letter begins too many)
        (case when length(t.word) >= 2 then t.word || '~' else t.word end) collate "C" as below
      from search_q, unnest(string_to_array(search_q.key, ' ')) with ordinality as t(word, ord)
      where t.word <> '' and t.word <> all(${p.textArray(stopKeys)}) order by t.ord limit ${MAX_SEARCH_WORDS})`;
  // Each way of meeting a word is its own join on an index (the key, a range of it, the trigram
  // index): one condition OR-ing them, or a lateral subquery, read the whole vocabulary.
  const candidates = `select w.ord, s.word, s.display, s.${count} as n from search_w w join search_words s on s.word = w.word
      union select w.ord, s.word, s.display, s.${count} from search_w w join search_words s on s.word > w.word and s.word < w.below
      union select w.ord, s.word, s.display, s.${count} from search_w w join search_words s on s.word % w.word`;
  const select = `select 'word' as source, search_w.ord, search_w.word as typed, v.word as value, v.display, v.level, v.distance, null::text[] as specialities, v.n
    from search_w left join (
      select c.*, row_number() over (partition by c.ord order by c.level, c.likeness desc, c.n desc, c.word) as rank from (
        select m.ord, m.word, m.display, m.n, similarity(m.word, w.word) as likeness,
          case when m.word = w.word then 0 when m.word > w.word and m.word < w.below then 1 else 2 end as level,
          levenshtein(left(m.word, 255), left(w.word, 255)) as distance
        from (${candidates}) m join search_w w on w.ord = m.ord where m.n > 0
      ) c
    ) v on v.ord = search_w.ord and v.rank <= ${CANDIDATES_PER_WORD}`;
  return { ctes, select };
}

/** The vocabulary rows of a search statement → each typed word's candidates, in order. */
export function wordMatches(rows: readonly VocabularyRow[]): WordMatch[] {
  const byOrd = new Map<number, WordMatch>();
  for (const r of rows) {
    if (r.source !== 'word') continue;
    const ord = Number(r.ord);
    let m = byOrd.get(ord);
    if (!m) byOrd.set(ord, (m = { key: r.typed, exact: [], prefix: [], close: [], maybe: [], shown: null, rows: {} }));
    if (r.value === null) continue;
    const level = Number(r.level);
    const matched = level === 0 || level === 1 || Number(r.distance) <= allowedEdits(m.key);
    if (level === 0) m.exact.push(r.value);
    else if (level === 1) m.prefix.push(r.value);
    else if (matched) m.close.push(r.value);
    else m.maybe.push({ key: r.value, display: r.display ?? r.value });
    if (matched) m.rows[r.value] = Number(r.n ?? 0);
    if (matched && m.shown === null) m.shown = r.display ?? r.value;
  }
  return [...byOrd.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m);
}

/** The words of each tier and below: what a row's words must overlap, per typed word, to be in that tier or better. */
export function wordsUpTo(m: WordMatch, tier: Tier): string[] {
  if (tier < 1) return [];
  return [...m.exact, ...(tier >= 2 ? m.prefix : []), ...(tier >= 3 ? m.close : [])];
}

/**
 * A boolean SQL condition that is true when any of `parts` is (false when none): the pieces of a
 * tier's condition, each an index predicate.
 */
export const anyOf = (parts: readonly string[]): string => (parts.length ? `(${parts.join(' or ')})` : 'false');
export const allOf = (parts: readonly string[]): string => (parts.length ? `(${parts.join(' and ')})` : 'true');

/** `alias.column && array[...]` over the values, or false with none. */
export function overlaps(p: SqlParams, column: string, values: readonly string[]): string {
  return values.length ? `${column} && ${p.textArray([...new Set(values)])}` : 'false';
}

/**
 * "Did you mean": the words again as the catalogue spells them, each word that found nothing replaced
 * by its likeliest spelling in the vocabulary; null unless some word was replaced and every word has
 * a spelling.
 */
export function didYouMeanOf(words: readonly WordMatch[]): string | null {
  let changed = false;
  const out = words.map((w) => {
    if (w.shown !== null) return w.shown;
    const best = w.maybe[0];
    if (!best) return null;
    changed = true;
    return best.display;
  });
  return changed && out.every((x) => x !== null) ? out.join(' ') : null;
}

/** The search key of a text, as the database folds it (for tests and tools; searches fold inside their statement). */
export async function searchKey(em: SqlReader, text: string): Promise<string> {
  const p = new SqlParams();
  const [row] = await selectRows<{ key: string }>(em, `select nirog_search_key(${p.add(text)}::text) as key`, p);
  return row?.key ?? '';
}
