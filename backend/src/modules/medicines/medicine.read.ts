import type { EntityManager } from '@mikro-orm/sql';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { ListCache } from '../../common/list-cache.js';
import { selectCount, selectRows, SqlParams, toDate, type SqlReader } from '../../common/sql.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { LOW_STOCK_THRESHOLD, MEDICINE_SEARCH_VECTOR, MedicineForm, MedicineUnit } from './medicine.entity.js';
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
  id: string; name: string; generic_name: string; company: string; strength: string; form: MedicineForm; unit: MedicineUnit;
  price_poisha: number; stock: number; image_url: string | null; description: string; is_active: boolean; created_at: Date | string;
  prescription_required: boolean; doses_per_unit: number | null;
}

const COLUMNS = 'id, name, generic_name, company, strength, form, unit, price_poisha, stock, image_url, description, is_active, created_at, prescription_required, doses_per_unit';

/** The one mapper: a medicines row → the read model. */
const toMedicineView = (r: MedicineRow): MedicineView => Object.assign(new MedicineView(), {
  id: r.id, createdAt: toDate(r.created_at), name: r.name, genericName: r.generic_name, company: r.company, strength: r.strength,
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

/** "napa ext" → "napa:* & ext:*": every word must start a word of the brand, generic or company. */
export function toPrefixQuery(keyword: string | null | undefined): string | null {
  const words = (keyword ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.slice(0, 8).map((w) => `${w}:*`).join(' & ') : null;
}

/** Public keyword searches with more matches than this are not kept (memory: ids × entries). */
export const MAX_KEPT_MATCHES = 2000;

/**
 * The catalogue: active medicines (admins may include hidden ones and ask for low stock), by form
 * and keyword, by name; two statements (page and count, which `counts` may answer from memory for
 * the public) side by side.
 *
 * Keyword matches come from the GIN index first and are sorted afterwards (a materialized CTE). Left
 * to itself the planner walks the name index and tests every medicine before the first match when a
 * common prefix sorts late (EXPLAIN at 20,000 medicines: 43 ms instead of 3 ms).
 *
 * A public keyword search keeps its matches' ids in name order (`matches`, up to MAX_KEPT_MATCHES)
 * for as long as the totals are kept: "napa" matches 1,600 products at 20,000 medicines, and
 * gathering and sorting them all was most of each request (2 ms). The page's rows are then read
 * fresh by id (price, stock and whether it is still listed are always current); a new or renamed
 * medicine joins a kept search's results when the entry expires.
 */
export async function searchMedicines(
  em: SqlReader, args: MedicineSearchArgs, opts: { admin?: boolean }, counts: ListCache, matches: ListCache<string[]>,
): Promise<PageResult<MedicineView>> {
  const query = toPrefixQuery(args.keyword);
  // A keyword with nothing to search by (😀, "?!") matches nothing: it is not "no keyword", which
  // answered the whole catalogue as if it matched.
  if (!query && args.keyword?.trim()) return pageOf([], 0, args);
  const p = new SqlParams();
  const where: string[] = [];
  if (query) where.push(`${MEDICINE_SEARCH_VECTOR} @@ to_tsquery('simple'::regconfig, ${p.add(query)})`);
  if (!(opts.admin && args.includeInactive)) where.push('is_active = true');
  if (args.form) where.push(`form = ${p.add(args.form)}`);
  if (opts.admin && args.lowStock) where.push(`stock <= ${p.add(LOW_STOCK_THRESHOLD)}`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';

  if (query && !opts.admin) {
    const ranked = await matches.get(`medicine-matches:${filter}:${JSON.stringify(p.values)}`, async () => {
      const limit = p.clone();
      const rows = await selectRows<{ id: string }>(em, `with matched as materialized (select id, name from medicines ${filter})
        select id from matched order by name asc, id asc limit ${limit.add(MAX_KEPT_MATCHES + 1)}`, limit);
      return rows.map((r) => r.id);
    });
    if (ranked.length <= MAX_KEPT_MATCHES) {
      const ids = ranked.slice(offsetOf(args), offsetOf(args) + args.pageSize);
      const byId = new Map<string, MedicineRow>();
      if (ids.length) {
        const q = new SqlParams();
        const rows = await selectRows<MedicineRow>(em, `select ${COLUMNS} from medicines where id in (${ids.map((id) => q.add(id)).join(', ')}) and is_active = true`, q);
        for (const row of rows) byId.set(row.id, row);
      }
      return pageOf(ids.flatMap((id) => (byId.has(id) ? [toMedicineView(byId.get(id)!)] : [])), ranked.length, args);
    }
  }

  const page = p.clone();
  const window = `order by name asc, id asc ${page.window(args)}`;
  // With a keyword only the matches' ids and names are gathered and sorted; the page's 20 rows are
  // read whole afterwards (at 20,000 medicines "napa" matches 1,600: 5.3 ms → about 2 ms).
  const pageSql = query
    ? `with matched as materialized (select id, name from medicines ${filter}),
        chosen as (select id, name from matched ${window})
      select ${COLUMNS.split(', ').map((c) => `m.${c}`).join(', ')} from chosen join medicines m on m.id = chosen.id order by chosen.name asc, chosen.id asc`
    : `select ${COLUMNS} from medicines ${filter} ${window}`;
  const countSql = `select count(*) as count from medicines ${filter}`;
  // Admins (stock filters, hidden medicines) always get an exact total.
  const total = opts.admin ? selectCount(em, countSql, p) : counts.get(`medicines:${countSql}:${JSON.stringify(p.values)}`, () => selectCount(em, countSql, p));
  const [rows, counted] = await Promise.all([selectRows<MedicineRow>(em, pageSql, page), total]);
  return pageOf(rows.map(toMedicineView), counted, args);
}
