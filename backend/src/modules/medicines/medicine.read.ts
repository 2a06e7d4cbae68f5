import type { EntityManager } from '@mikro-orm/sql';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { ListCache } from '../../common/list-cache.js';
import { selectCount, selectRows, SqlParams, toDate, type SqlReader } from '../../common/sql.js';
import { allOf, anyOf, didYouMeanOf, overlaps, vocabularySql, wordMatches, wordsUpTo, type Tier, type WordMatch } from '../../common/search.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { LOW_STOCK_THRESHOLD, MedicineForm, MedicineUnit } from './medicine.entity.js';
import type { MedicineSearchArgs } from './medicine.inputs.js';

/**
 * The medicine read model: the catalogue, a medicine's page, a cart quote's lines and the admin
 * table all show this, through one mapper (toMedicineView), one GraphQL type (`Medicine`) and one
 * REST mapper (medicine.rest.ts toSpecMedicine). The Medicine entity is for writes only.
 */
@ObjectType('Medicine')
export class MedicineView {
  @Field(() => ID)
  id!: string;

  @Field()
  createdAt!: Date;

  /** Brand, e.g. Napa. */
  @Field()
  name!: string;

  @Field({ description: "The brand in Bangla script (নাপা), for the Bangla screens; '' when nobody has written it (show name)" })
  nameBn!: string;

  @Field()
  genericName!: string;

  @Field()
  company!: string;

  @Field()
  strength!: string;

  @Field(() => MedicineForm)
  form!: MedicineForm;

  @Field(() => MedicineUnit)
  unit!: MedicineUnit;

  @Field(() => Int, { description: 'Price of one unit in poisha (1 BDT = 100 poisha)' })
  pricePoisha!: number;

  @Field(() => Float, { description: 'Price of one unit in BDT, for display; pricePoisha is exact' })
  price!: number;

  @Field(() => Int)
  stock!: number;

  @Field()
  inStock!: boolean;

  @Field(() => String, { nullable: true })
  imageUrl!: string | null;

  @Field()
  description!: string;

  @Field()
  isActive!: boolean;

  @Field({ description: 'Sold only with a prescription: a Nirog prescription that lists it, or a photo a pharmacist checks' })
  prescriptionRequired!: boolean;

  @Field(() => Int, { nullable: true, description: 'Doses in one unit (tablets in a strip); null when one unit lasts a course' })
  dosesPerUnit!: number | null;
}

interface MedicineRow {
  id: string; name: string; name_bn: string; generic_name: string; company: string; strength: string; form: MedicineForm; unit: MedicineUnit;
  price_poisha: number; stock: number; image_url: string | null; description: string; is_active: boolean; created_at: Date | string;
  prescription_required: boolean; doses_per_unit: number | null;
}

const COLUMNS = 'id, name, name_bn, generic_name, company, strength, form, unit, price_poisha, stock, image_url, description, is_active, created_at, prescription_required, doses_per_unit';

/** The one mapper: a medicines row → the read model. */
const toMedicineView = (r: MedicineRow): MedicineView => Object.assign(new MedicineView(), {
  id: r.id, createdAt: toDate(r.created_at), name: r.name, nameBn: r.name_bn, genericName: r.generic_name, company: r.company, strength: r.strength,
  form: r.form, unit: r.unit, pricePoisha: r.price_poisha, price: r.price_poisha / 100, stock: r.stock, inStock: r.stock > 0,
  imageUrl: r.image_url, description: r.description, isActive: r.is_active, prescriptionRequired: r.prescription_required,
  dosesPerUnit: r.doses_per_unit === null ? null : Number(r.doses_per_unit),
});

/** Medicines by id, in one statement (`activeOnly`: those still sold). */
export async function medicineViewsByIds(em: EntityManager, ids: readonly string[], opts: { activeOnly?: boolean } = {}): Promise<MedicineView[]> {
  if (!ids.length) return [];
  const p = new SqlParams();
  const sql = `select ${COLUMNS} from medicines where id in (${ids.map((id) => p.add(id)).join(', ')})${opts.activeOnly ? ' and is_active = true' : ''}`;
  return (await selectRows<MedicineRow>(em, sql, p)).map(toMedicineView);
}

/** Medicines matching a condition built on the statement's parameters (`where(p)`), by name, in one statement. */
export async function medicineViewsWhere(em: EntityManager, where: (p: SqlParams) => string, limit = 200): Promise<MedicineView[]> {
  const p = new SqlParams();
  const condition = where(p);
  return (await selectRows<MedicineRow>(em, `select ${COLUMNS} from medicines where ${condition} order by name asc, id asc limit ${p.add(limit)}`, p)).map(toMedicineView);
}

/** Public keyword searches with more matches than this are not kept (memory: ids × entries). */
export const MAX_KEPT_MATCHES = 2000;

/** A page of the catalogue, and for a search that found nothing, a spelling that would find something. */
export interface MedicineSearchResult extends PageResult<MedicineView> {
  didYouMean: string | null;
}

/** Whether a text holds anything to search by (letters or digits in any script). */
const searchable = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** The words of a keyword and their candidates in the catalogue's vocabulary (common/search.ts), in one statement. */
async function resolveKeyword(em: SqlReader, keyword: string): Promise<WordMatch[]> {
  const p = new SqlParams();
  const vocab = vocabularySql(p, keyword, 'medicines');
  return wordMatches(await selectRows(em, `with ${vocab.ctes} ${vocab.select}`, p, { planEach: true }));
}

/**
 * "In tier `tier` or better" for a medicine (docs/search.md): its brand, in either script, is the
 * keyword (0), or every word of the keyword is one of its words (1), begins one (2), or is a close
 * spelling of one (3). Tier 4 (a medicine of the same generic as a brand named exactly) is added by
 * the statement. Written into `p` in text order.
 */
function medicineTier(p: SqlParams, words: readonly WordMatch[], tier: Tier, alias = ''): string {
  const name = overlaps(p, `${alias}search_names`, [words.map((w) => w.key).join(' ')]);
  if (tier === 0 || !words.every((w) => wordsUpTo(w, tier).length)) return name;
  return anyOf([name, allOf(words.map((w) => overlaps(p, `${alias}search_words`, wordsUpTo(w, tier))))]);
}

/**
 * The catalogue: active medicines (admins may include hidden ones and ask for low stock), by form
 * and keyword, by name; two statements (page and count, which `counts` may answer from memory for
 * the public) side by side.
 *
 * A keyword is read against the vocabulary first (brand, generic, company, strength, form and the
 * Bangla name, in Latin letters, Banglish or Bangla script, misspellings of a letter or two), then the
 * matches are ranked in one statement: the brand named exactly, every word exact, prefixes, close
 * spellings, then other brands of the same generic as a brand named exactly ("napa" also finds Ace and
 * Renova, after every Napa), by name within each. The matches are gathered from the word index first
 * and sorted afterwards (a materialized CTE): left to itself the planner walks the name index and tests
 * every medicine before the first match when a common word sorts late.
 *
 * A public keyword search keeps its ranked ids (`matches`: the first MAX_KEPT_MATCHES, and the total
 * counted by the same statement) for as long as the totals are kept: gathering and sorting every
 * match was most of each request. The page's rows are then read fresh by id (price, stock and whether
 * it is still listed are always current); a new or renamed medicine joins a kept search's results when
 * the entry expires, or at once when any replica commits a catalogue change (NOTIFY nirog_cache).
 */
/** A keyword search's ranked ids (the first MAX_KEPT_MATCHES) and how many it found. */
export interface KeptMatches {
  ids: string[];
  total: number;
}

export async function searchMedicines(
  em: SqlReader, args: MedicineSearchArgs, opts: { admin?: boolean }, counts: ListCache, matches: ListCache<KeptMatches>,
  readings: ListCache<WordMatch[]> | null = null,
): Promise<MedicineSearchResult> {
  const filters = (p: SqlParams, alias = ''): string[] => {
    const where: string[] = [];
    if (!(opts.admin && args.includeInactive)) where.push(`${alias}is_active = true`);
    if (args.form) where.push(`${alias}form = ${p.add(args.form)}`);
    if (opts.admin && args.lowStock) where.push(`${alias}stock <= ${p.add(LOW_STOCK_THRESHOLD)}`);
    return where;
  };
  const keyword = args.keyword?.trim() ?? '';
  if (!keyword) {
    const p = new SqlParams();
    const where = filters(p);
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const page = p.clone();
    const pageSql = `select ${COLUMNS} from medicines ${filter} order by name asc, id asc ${page.window(args)}`;
    const countSql = `select count(*) as count from medicines ${filter}`;
    // Admins (stock filters, hidden medicines) always get an exact total.
    const total = opts.admin ? selectCount(em, countSql, p) : counts.get(`medicines:${countSql}:${JSON.stringify(p.values)}`, () => selectCount(em, countSql, p));
    const [rows, counted] = await Promise.all([selectRows<MedicineRow>(em, pageSql, page), total]);
    return { ...pageOf(rows.map(toMedicineView), counted, args), didYouMean: null };
  }
  // What the keyword means is kept for the public like its matches (admins read it fresh).
  const words = !searchable(keyword) ? []
    : opts.admin || !readings ? await resolveKeyword(em, keyword)
    : await readings.get(`medicine-words:${keyword.toLowerCase().replace(/\s+/g, ' ')}`, () => resolveKeyword(em, keyword));
  if (!words.length) return { ...pageOf([], 0, args), didYouMean: null };

  // Every match's id, best first: tiers 0–3 from the word indexes, then tier 4 by generic; and how many.
  const rankedSql = (p: SqlParams) => {
    const where = (alias = '') => filters(p, alias).map((f) => `${f} and `).join('');
    return `with matched as materialized (
        select id, name, search_generic, case when ${medicineTier(p, words, 0)} then 0 when ${medicineTier(p, words, 1)} then 1
          when ${medicineTier(p, words, 2)} then 2 else 3 end as tier
        from medicines where ${where()}${medicineTier(p, words, 3)}),
      related as (select x.id, x.name, 4 as tier from medicines x
        where ${where('x.')}x.search_generic = any(array(select distinct search_generic from matched where tier = 0))
          and not exists (select 1 from matched where matched.id = x.id))
      select id, count(*) over () as total from (select id, name, tier from matched union all select id, name, tier from related) z order by tier, name, id`;
  };
  const p = new SqlParams();
  const ranked = rankedSql(p);
  const gather = async () => {
    const rows = await selectRows<{ id: string; total: string | number }>(em, `${ranked} limit ${MAX_KEPT_MATCHES}`, p, { planEach: true });
    return { ids: rows.map((r) => r.id), total: rows.length ? Number(rows[0]!.total) : 0 };
  };
  const kept = opts.admin ? await gather() : await matches.get(`medicine-matches:${ranked}:${JSON.stringify(p.values)}`, gather);
  let pageRows: MedicineRow[];
  if (offsetOf(args) + args.pageSize <= kept.ids.length || kept.ids.length === kept.total) {
    // The page's rows, read fresh by id (price, stock, whether it is still listed).
    const pageIds = kept.ids.slice(offsetOf(args), offsetOf(args) + args.pageSize);
    const byId = new Map<string, MedicineRow>();
    if (pageIds.length) {
      const q = new SqlParams();
      const rows = await selectRows<MedicineRow>(em, `select ${COLUMNS} from medicines where id in (${pageIds.map((id) => q.add(id)).join(', ')})`, q);
      for (const row of rows) byId.set(row.id, row);
    }
    // A medicine hidden since the ids were kept drops out of its page (the public sees listed ones only).
    pageRows = pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row && (row.is_active || (opts.admin && args.includeInactive)) ? [row] : [];
    });
  } else {
    // A page past the kept ids (more than MAX_KEPT_MATCHES matches): ranked again, cut at the page.
    const q = new SqlParams();
    pageRows = await selectRows<MedicineRow>(em, `select ${COLUMNS.split(', ').map((col) => `m.${col}`).join(', ')}
      from (select id, row_number() over () as n from (${rankedSql(q)} limit ${args.pageSize} offset ${offsetOf(args)}) r) chosen
      join medicines m on m.id = chosen.id order by chosen.n`, q, { planEach: true });
  }
  return { ...pageOf(pageRows.map(toMedicineView), kept.total, args), didYouMean: kept.total ? null : didYouMeanOf(words) };
}
