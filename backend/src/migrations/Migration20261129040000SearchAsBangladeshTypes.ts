import { Migration } from '@mikro-orm/migrations';

/** Letters written as one code point here (NFC leaves ড়, ঢ় and য় as two: they are composition exclusions). */
const RRA = '\u09DC';
const RHA = '\u09DD';
const YYA = '\u09DF';
const CONSONANTS = `কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ${RRA}${RHA}${YYA}`;

/**
 * The search key: one spelling for what a person may type in Latin letters, in Banglish or in Bangla
 * script, so "Napa", "napa" and "নাপা" are one word, "omiprazole" and "Omeprazole" too, and
 * "হৃদরোগ" meets "hridrog". Lower case, no accents; Latin digraphs and letters that sound alike
 * folded (ph→f, sh→s, kh→k, c→k or s, z→j, v→b, y→i, e→i, o→a: Bangla has no short e/i or o/a
 * contrast a Latin speller keeps); Bangla transliterated letter by letter into the same letters, its
 * inherent vowel written where it is spoken (after a word's first consonant, before its last one,
 * before ং), ্য and ্ব dropped as Banglish drops them; doubled letters single; Bangla digits ASCII.
 * Immutable, so generated columns and indexes keep it; tests pin it down (search-key.test.ts).
 */
const SEARCH_KEY = String.raw`create or replace function nirog_search_key(input text) returns text
language plpgsql immutable strict parallel safe as $fn$
declare
  t text := lower(normalize(input, NFC));
  c constant text := '${CONSONANTS}';
begin
  t := translate(t, 'áàâäãåāéèêëēíìîïīóòôöõōúùûüūñçß', 'aaaaaaaeeeeeiiiiiooooooouuuuuncs');
  t := regexp_replace(t, '[^a-z0-9\u0980-\u09ff]+', ' ', 'g');
  t := replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(t,
    'ph', 'f'), 'sh', 's'), 'kh', 'k'), 'gh', 'g'), 'th', 't'), 'dh', 'd'), 'bh', 'b'), 'jh', 'j'), 'ck', 'k'), 'ch', 'ç'), 'qu', 'ku');
  t := regexp_replace(t, '([a-z]{4,})e(?![a-z])', '\1', 'g');
  t := regexp_replace(t, 'c(?=[eiy])', 's', 'g');
  t := replace(translate(t, 'cçqzvwyeo', 'kckjbuiia'), 'x', 'ks');
  -- Bangla script (most names and brands have none: they skip this part)
  if t ~ '[\u0980-\u09ff]' then
    t := replace(replace(replace(t, E'\u09A1\u09BC', '${RRA}'), E'\u09A2\u09BC', '${RHA}'), E'\u09AF\u09BC', '${YYA}');
    t := regexp_replace(t, '[\u200c\u200d\u0981\u0983\u09bc]', '', 'g');
    t := regexp_replace(replace(t, E'\u09CD\u09AF', ''), E'(?<!\u09AE)\u09CD\u09AC', '', 'g');
    t := regexp_replace(t, '(^|[^\u0980-\u09ff])([' || c || '])(?=[' || c || '])', '\1\2a', 'g');
    t := regexp_replace(t, '([' || c || '])(?=[' || c || ']([^\u0980-\u09ff]|$))', '\1a', 'g');
    t := regexp_replace(t, '([' || c || '])(?=\u0982)', '\1a', 'g');
    t := replace(t, E'\u09CD', '');
    t := replace(replace(replace(replace(replace(replace(replace(replace(t,
      'ঋ', 'ri'), 'ৃ', 'ri'), 'ঐ', 'ai'), 'ৈ', 'ai'), 'ঔ', 'au'), 'ৌ', 'au'), 'ং', 'ng'), 'ঙ', 'ng');
    t := translate(t, 'অআইঈউঊএওািীুূেোকখগঘচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ${RRA}${RHA}${YYA}ৎ০১২৩৪৫৬৭৮৯',
                      'aaiiuuiaaiiuuiakkggccjjnttddnttddnpfbbmjrlssshrrit0123456789');
    t := regexp_replace(t, '[\u0980-\u09ff]', '', 'g');
  end if;
  t := regexp_replace(t, '([a-z])\1+', '\1', 'g');
  return btrim(regexp_replace(t, '\s+', ' ', 'g'));
end
$fn$`;

/**
 * Searchable words of a row, and the vocabulary they form (table search_words): each row keeps the
 * search keys of its words (a GIN index finds rows by exact word), and search_words keeps every word
 * once, with the display spelling first met and how many listed doctors and medicines carry it
 * (a trigram index finds close spellings and prefixes among a few thousand words, not in 100k rows).
 */
const WORDS = String.raw`create or replace function nirog_search_words(parts text[]) returns text[]
language sql immutable parallel safe as $fn$
  select coalesce(array_agg(distinct w order by w), '{}') from unnest(string_to_array(nirog_search_key(array_to_string(parts, ' ')), ' ')) w where w <> ''
$fn$`;

/**
 * A row's words with the spelling each was written in (the display the vocabulary keeps for "did you
 * mean"): the text is folded once and its words paired with the written ones by place; a text whose
 * words do not pair up (a letter the key drops or splits) folds word by word.
 */
const PAIRS = String.raw`create or replace function nirog_search_pairs(parts text[]) returns table(word text, display text)
language plpgsql immutable parallel safe as $fn$
declare
  written text[] := array(select w from regexp_split_to_table(array_to_string(parts, ' '), '[^[:alnum:]ঀ-৿]+') w where w <> '');
  keys text[] := string_to_array(nirog_search_key(array_to_string(parts, ' ')), ' ');
begin
  if coalesce(array_length(written, 1), 0) = coalesce(array_length(keys, 1), 0) then
    return query select distinct on (x.k) x.k, left(x.w, 120) from unnest(keys, written) as x(k, w) where x.k <> '' order by x.k, x.w;
  else
    return query select distinct on (y.k) y.k, left(y.w, 120) from (
      select v.w, unnest(string_to_array(nirog_search_key(v.w), ' ')) as k from unnest(written) as v(w)
    ) y where y.k <> '' order by y.k, y.w;
  end if;
end
$fn$`;

/**
 * Adds (or takes back, delta -1) one row's words to the vocabulary, in word order, so that concurrent
 * writers lock vocabulary rows in one order. Inserts count many rows at once (see the triggers).
 */
const COUNT = String.raw`create or replace function nirog_search_count(catalogue text, parts text[], delta int) returns void
language plpgsql as $fn$
begin
  if catalogue = 'doctors' then
    insert into search_words (word, display, doctors) select word, display, delta from nirog_search_pairs(parts) order by word
      on conflict (word) do update set doctors = search_words.doctors + excluded.doctors;
  else
    insert into search_words (word, display, medicines) select word, display, delta from nirog_search_pairs(parts) order by word
      on conflict (word) do update set medicines = search_words.medicines + excluded.medicines;
  end if;
end $fn$`;

const DOCTOR_PARTS = (r: string) => `array[${r}.user_name, ${r}.degree, ${r}.work, ${r}.location] || ${r}.specialities`;
const MEDICINE_PARTS = (r: string) => `array[${r}.name, ${r}.generic_name, ${r}.company, ${r}.strength, ${r}.form, ${r}.name_bn]`;

/**
 * Search as Bangladesh types: search keys on doctors, medicines, specialities and the speciality terms
 * (the curated words and complaints that lead to a speciality), the vocabulary of searchable words,
 * and the indexes behind every search predicate (pg_trgm for close spellings; PGlite ships it too).
 * The medicine's Bangla name joins the catalogue. The full-text index of medicines is replaced by
 * the word index.
 */
export class Migration20261129040000SearchAsBangladeshTypes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql('create extension if not exists fuzzystrmatch');
    this.addSql(SEARCH_KEY);
    this.addSql(WORDS);
    this.addSql(PAIRS);

    this.addSql(`alter table "medicines" add column if not exists "name_bn" varchar(120) not null default ''`);

    // Byte order (collate "C"): a prefix is a range of the primary key.
    this.addSql(`create table "search_words" ("word" text collate "C" primary key, "display" varchar(120) not null,
      "doctors" int not null default 0, "medicines" int not null default 0)`);
    this.addSql('create index "search_words_trgm_index" on "search_words" using gin ("word" gin_trgm_ops)');
    this.addSql(COUNT);

    this.addSql(`alter table "doctors"
      add column "search_words" text[] generated always as (nirog_search_words(${DOCTOR_PARTS('doctors')})) stored,
      add column "search_names" text[] generated always as (array[nirog_search_key("user_name")]) stored`);
    this.addSql('create index "doctors_search_words_index" on "doctors" using gin ("search_words")');
    this.addSql('create index "doctors_search_names_index" on "doctors" using gin ("search_names")');

    this.addSql(`alter table "medicines"
      add column "search_words" text[] generated always as (nirog_search_words(${MEDICINE_PARTS('medicines')})) stored,
      add column "search_names" text[] generated always as (array[nirog_search_key("name"), nirog_search_key("name_bn")]) stored,
      add column "search_generic" text generated always as (nirog_search_key("generic_name")) stored`);
    this.addSql('create index "medicines_search_words_index" on "medicines" using gin ("search_words")');
    this.addSql('create index "medicines_search_names_index" on "medicines" using gin ("search_names")');
    this.addSql('create index "medicines_search_generic_index" on "medicines" ("search_generic")');
    this.addSql('drop index if exists "medicines_search_index"');

    this.addSql(`alter table "specialities" add column "search_keys" text[]
      generated always as (array[nirog_search_key("title"), nirog_search_key("title_bn"), nirog_search_key("slug")]) stored`);

    this.addSql(`create table "speciality_terms" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(),
      "term" varchar(80) not null, "kind" text check ("kind" in ('word', 'complaint')) not null, "specialities" text[] not null,
      constraint "speciality_terms_pkey" primary key ("id"))`);
    this.addSql(`alter table "speciality_terms" add column "search_key" text generated always as (nirog_search_key("term")) stored`);
    this.addSql('create unique index "speciality_terms_search_key_unique" on "speciality_terms" ("search_key")');

    // The vocabulary follows listed doctors (approved) and listed medicines (active), whoever writes.
    this.addSql(`create or replace function nirog_doctor_words() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'INSERT' then
          insert into search_words (word, display, doctors)
            select w.word, min(w.display), count(*) from new_rows n, nirog_search_pairs(${DOCTOR_PARTS('n')}) w where n.status = 'approved'
            group by w.word order by w.word
            on conflict (word) do update set doctors = search_words.doctors + excluded.doctors;
        else
          if old.status = 'approved' then perform nirog_search_count('doctors', ${DOCTOR_PARTS('old')}, -1); end if;
          if tg_op = 'UPDATE' and new.status = 'approved' then perform nirog_search_count('doctors', ${DOCTOR_PARTS('new')}, 1); end if;
        end if;
        return null;
      end $fn$`);
    this.addSql(`create or replace function nirog_medicine_words() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'INSERT' then
          insert into search_words (word, display, medicines)
            select w.word, min(w.display), count(*) from new_rows n, nirog_search_pairs(${MEDICINE_PARTS('n')}) w where n.is_active
            group by w.word order by w.word
            on conflict (word) do update set medicines = search_words.medicines + excluded.medicines;
        else
          if old.is_active then perform nirog_search_count('medicines', ${MEDICINE_PARTS('old')}, -1); end if;
          if tg_op = 'UPDATE' and new.is_active then perform nirog_search_count('medicines', ${MEDICINE_PARTS('new')}, 1); end if;
        end if;
        return null;
      end $fn$`);
    this.addSql('create trigger doctors_words_inserted after insert on "doctors" referencing new table as new_rows for each statement execute function nirog_doctor_words()');
    this.addSql(`create trigger doctors_words_changed after update on "doctors" for each row
      when (old.search_words is distinct from new.search_words or old.status is distinct from new.status) execute function nirog_doctor_words()`);
    this.addSql('create trigger doctors_words_deleted after delete on "doctors" for each row execute function nirog_doctor_words()');
    this.addSql('create trigger medicines_words_inserted after insert on "medicines" referencing new table as new_rows for each statement execute function nirog_medicine_words()');
    this.addSql(`create trigger medicines_words_changed after update on "medicines" for each row
      when (old.search_words is distinct from new.search_words or old.is_active is distinct from new.is_active) execute function nirog_medicine_words()`);
    this.addSql('create trigger medicines_words_deleted after delete on "medicines" for each row execute function nirog_medicine_words()');
    this.addSql(`insert into search_words (word, display, doctors, medicines)
      select word, min(display), sum(d)::int, sum(m)::int from (
        select w.word, w.display, 1 as d, 0 as m from doctors x, nirog_search_pairs(${DOCTOR_PARTS('x')}) w where x.status = 'approved'
        union all
        select w.word, w.display, 0, 1 from medicines x, nirog_search_pairs(${MEDICINE_PARTS('x')}) w where x.is_active
      ) v group by word`);

    // The list caches (CacheNotify) follow what a search reads: a medicine's Bangla name, specialities and their terms.
    this.addSql('drop trigger if exists medicines_cache_changed on "medicines"');
    this.addSql(`create trigger medicines_cache_changed after insert or delete or update of "name", "generic_name", "company", "is_active", "form", "strength", "name_bn" on "medicines"
      for each statement execute function nirog_cache_changed()`);
    this.addSql('create trigger specialities_cache_changed after insert or update or delete on "specialities" for each statement execute function nirog_cache_changed()');
    this.addSql('create trigger speciality_terms_cache_changed after insert or update or delete on "speciality_terms" for each statement execute function nirog_cache_changed()');
  }
}
