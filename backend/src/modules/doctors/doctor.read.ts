import type { EntityManager } from '@mikro-orm/sql';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { ListCache } from '../../common/list-cache.js';
import { containsPattern, offsetOf, selectCount, selectRows, SqlParams, toDate, type SqlReader } from '../../common/sql.js';
import { fewAt, resolveDoctorQuery, tierCondition, tiersOf, type DoctorQuery } from './doctor.search.js';
import { createdOrderSql, pageOf, type PageResult } from '../../common/pagination.js';
import { Gender, type User } from '../accounts/index.js';
import { Role, type AuthUser } from '../../common/roles.js';
import { doctorAverageSql, type Doctor } from './doctor.entity.js';
import { DoctorStatus, DoctorTitle, DoctorType } from './doctor.enums.js';
import { DoctorSort, FEE_RANGE_BOUNDS, type AdminDoctorListArgs, type DoctorSearchArgs } from './doctor.inputs.js';

/**
 * The doctor read model: what every screen and both doors show of a doctor (the /doctors list, a
 * doctor's page, the doctor's own profile, the admin tables, an appointment's or a prescription's
 * doctor). One SQL row shape → one mapper (toDoctorView) → this one GraphQL type (`Doctor`) and one
 * REST mapper (doctor.rest.ts toSpecDoctor). The Doctor entity is for writes only.
 *
 * Contact and private fields (login email, personal phone, NID, the doctor's own meeting link) are
 * carried here for the doctor and admins (seesDoctorPrivate); the GraphQL resolver and the REST
 * mappers hand them out only to those.
 */
@ObjectType('Doctor')
export class DoctorView {
  @Field(() => ID)
  id!: string;

  @Field()
  createdAt!: Date;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  avatarUrl!: string | null;

  @Field(() => Gender, { nullable: true })
  gender!: Gender | null;

  @Field(() => DoctorTitle)
  title!: DoctorTitle;

  @Field()
  degree!: string;

  @Field(() => [String])
  specialities!: string[];

  /** Hospital or chamber. */
  @Field()
  work!: string;

  @Field(() => Int)
  experienceYears!: number;

  @Field(() => Int, { description: 'Consultation fee in poisha (1 BDT = 100 poisha)' })
  feePoisha!: number;

  @Field(() => Float, { description: 'Fee in whole BDT, for display; feePoisha is exact' })
  fees!: number;

  @Field()
  location!: string;

  @Field()
  description!: string;

  @Field()
  bmdcNo!: string;

  @Field(() => DoctorType)
  type!: DoctorType;

  @Field()
  isOnline!: boolean;

  @Field(() => DoctorStatus)
  status!: DoctorStatus;

  @Field(() => Float, { description: 'Average rating out of 5, to one decimal; 0 with no reviews' })
  rating!: number;

  @Field(() => Int)
  reviewCount!: number;

  @Field(() => Int)
  hospitalSlotCapacity!: number;

  /** The doctor's account (not published: the resolver compares it with the caller). */
  userId!: string;
  /**
   * For the doctor and admins only (see above). `contact` (login email, personal phone) lives on the
   * account: null when the doctor was read without it (the public list's cards), and the resolver
   * loads it then for the few callers who may see it.
   */
  private!: { nidNo: string; meetingUrl: string | null; contact: DoctorContact | null };
}

export interface DoctorContact { email: string | null; phoneE164: string | null }

/**
 * Who sees a doctor's contact and private fields (login email, personal phone, NID, own meeting
 * link): that doctor and admins, nobody else. Decided here once for every door and every record
 * that shows a doctor (the doctor's own type, an appointment's REST shape).
 */
export const seesDoctorPrivate = (viewer: AuthUser | null, doctorUserId: string): boolean =>
  !!viewer && (viewer.role === Role.Admin || viewer.id === doctorUserId);

/** Average rating out of 5, to one decimal; 0 with no reviews (the list sorts by doctorAverageSql). */
export const averageRating = (halfStarsTotal: number, reviewCount: number): number =>
  reviewCount ? Math.round((halfStarsTotal / 2 / reviewCount) * 10) / 10 : 0;

/** A doctors row as the reads select it (kept as it came by the search's page cache, mapped per request). */
export interface DoctorRow {
  id: string; title: DoctorTitle; degree: string; specialities: string[]; work: string; experience_years: number; fee_poisha: number;
  location: string; description: string; nid_no: string; bmdc_no: string; type: DoctorType; meeting_url: string | null; is_online: boolean;
  status: DoctorStatus; rating_half_stars_total: number; review_count: number; hospital_slot_capacity: number; created_at: Date | string;
  user_id: string; user_name: string; user_avatar_url: string | null; user_gender: Gender | null;
  /** Only in a row read with the account (WITH_CONTACT). */
  u_email?: string | null; u_phone_e164?: string | null;
}

/**
 * Two reads of one row shape: the card reads doctors alone (the account's name, photo and gender are
 * kept on the doctor by the database: Migration20261128020000DoctorCardCopies), and a read that shows
 * the contact joins the account for it.
 */
const CARD = `select d.id, d.title, d.degree, d.specialities, d.work, d.experience_years, d.fee_poisha, d.location, d.description, d.nid_no,
  d.bmdc_no, d.type, d.meeting_url, d.is_online, d.status, d.rating_half_stars_total, d.review_count, d.hospital_slot_capacity,
  d.created_at, d.user_id, d.user_name, d.user_avatar_url, d.user_gender`;
const CARD_FROM = `${CARD} from doctors d`;
const WITH_CONTACT_FROM = `${CARD}, u.email as u_email, u.phone_e164 as u_phone_e164 from doctors d join users u on u.id = d.user_id`;

/** The one mapper: a doctors row (with or without its account's contact) → the read model. */
function toDoctorView(r: DoctorRow): DoctorView {
  return Object.assign(new DoctorView(), {
    id: r.id, createdAt: toDate(r.created_at), name: r.user_name, avatarUrl: r.user_avatar_url, gender: r.user_gender, title: r.title,
    degree: r.degree, specialities: r.specialities, work: r.work, experienceYears: r.experience_years, feePoisha: r.fee_poisha,
    fees: r.fee_poisha / 100, location: r.location, description: r.description, bmdcNo: r.bmdc_no, type: r.type, isOnline: r.is_online,
    status: r.status, rating: averageRating(r.rating_half_stars_total, r.review_count), reviewCount: r.review_count,
    hospitalSlotCapacity: r.hospital_slot_capacity, userId: r.user_id,
    private: {
      nidNo: r.nid_no, meetingUrl: r.meeting_url,
      contact: r.u_email === undefined ? null : { email: r.u_email, phoneE164: r.u_phone_e164 ?? null },
    },
  });
}

/**
 * The same view of a doctor already in memory, through the same mapper (from the row the database
 * returned or would return): an appointment list that loaded its doctors with it, or the answer a
 * signup with a registered email gets (an unsaved doctor, so the answer never tells who is registered).
 */
export function doctorViewOfEntity(d: Doctor, u: User): DoctorView {
  return toDoctorView({
    id: d.id, title: d.title, degree: d.degree, specialities: d.specialities, work: d.work, experience_years: d.experienceYears,
    fee_poisha: d.feePoisha, location: d.location, description: d.description, nid_no: d.nidNo, bmdc_no: d.bmdcNo, type: d.type,
    meeting_url: d.meetingUrl ?? null, is_online: d.isOnline, status: d.status, rating_half_stars_total: d.ratingHalfStarsTotal,
    review_count: d.reviewCount, hospital_slot_capacity: d.hospitalSlotCapacity, created_at: d.createdAt, user_id: u.id,
    user_name: u.name, user_avatar_url: u.avatarUrl ?? null, user_gender: u.gender ?? null, u_email: u.email ?? '', u_phone_e164: u.phoneE164 ?? null,
  });
}

/** Doctors by id, in one statement (the request loader batches an appointment list's doctors here). */
export async function doctorViewsByIds(em: EntityManager, ids: readonly string[]): Promise<DoctorView[]> {
  if (!ids.length) return [];
  const p = new SqlParams();
  return (await selectRows<DoctorRow>(em, `${WITH_CONTACT_FROM} where d.id in (${ids.map((id) => p.add(id)).join(', ')})`, p)).map(toDoctorView);
}

/** The doctor of an account, or null. */
export async function doctorViewOfUser(em: EntityManager, userId: string): Promise<DoctorView | null> {
  const p = new SqlParams();
  const rows = await selectRows<DoctorRow>(em, `${WITH_CONTACT_FROM} where d.user_id = ${p.add(userId)}`, p);
  return rows[0] ? toDoctorView(rows[0]) : null;
}

/** The list's orders (`alias` like 'd.'): walked in index order where an index holds them. */
const orderSql = (sort: DoctorSort, alias: string): string => {
  switch (sort) {
    case DoctorSort.Rating: return `${doctorAverageSql(alias)} desc, ${alias}review_count desc, ${alias}id asc`;
    case DoctorSort.FeeLowToHigh: return `${alias}fee_poisha asc, ${alias}id asc`;
    case DoctorSort.FeeHighToLow: return `${alias}fee_poisha desc, ${alias}id asc`;
    case DoctorSort.Experience: return `${alias}experience_years desc, ${alias}id asc`;
    default: return `${alias}is_online desc, ${doctorAverageSql(alias)} desc, ${alias}review_count desc, ${alias}id asc`;
  }
};

/** What the orders read (a branch read "few first" hands them on from behind its fence). */
const ORDER_COLUMNS = 'd.id, d.is_online, d.rating_half_stars_total, d.review_count, d.fee_poisha, d.experience_years';

/** A page and its total, side by side: two statements whatever the page size. */
async function pageOfViews(
  em: SqlReader, where: string[], p: SqlParams, order: string, args: { page: number; pageSize: number },
  opts: { withContact: boolean; countJoinsUsers: boolean; total?: (sql: string, params: SqlParams) => Promise<number> },
): Promise<PageResult<DoctorView>> {
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const page = p.clone();
  const pageSql = `${opts.withContact ? WITH_CONTACT_FROM : CARD_FROM} ${filter} order by ${order} ${page.window(args)}`;
  // The count joins users only when a filter reads them.
  const countSql = `select count(*) as count from doctors d${opts.countJoinsUsers ? ' join users u on u.id = d.user_id' : ''} ${filter}`;
  const [rows, total] = await Promise.all([selectRows<DoctorRow>(em, pageSql, page), (opts.total ?? ((s, q) => selectCount(em, s, q)))(countSql, p)]);
  return pageOf(rows.map(toDoctorView), total, args);
}

/** The public list's filters but the search (each call writes its parameters into `p`, in text order). */
function listFilters(p: SqlParams, args: DoctorSearchArgs): string[] {
  const where = [`d.status = ${p.add(DoctorStatus.Approved)}`];
  if (args.specialities?.length) where.push(`d.specialities && ${p.textArray(args.specialities)}`);
  if (args.feeRanges?.length) {
    where.push(`(${[...new Set(args.feeRanges)].map((r) => {
      const [min, max] = FEE_RANGE_BOUNDS[r];
      return max === null ? `d.fee_poisha >= ${p.add(min)}` : `(d.fee_poisha >= ${p.add(min)} and d.fee_poisha <= ${p.add(max)})`;
    }).join(' or ')})`);
  }
  if (args.genders?.length) where.push(`d.user_gender in (${args.genders.map((g) => p.add(g)).join(', ')})`);
  if (args.minRating) where.push(`${doctorAverageSql('d.')} >= ${p.add(args.minRating * 2)}`);
  if (args.online !== null && args.online !== undefined) where.push(`d.is_online = ${p.add(args.online)}`);
  return where;
}

/** A page of search results, with what was found and how (docs/search.md). */
export interface DoctorSearchResult extends PageResult<DoctorView> {
  /** Nothing found: a spelling that would find something, or null. */
  didYouMean: string | null;
}

/** Whether a text holds anything to search by (letters or digits in any script). */
const searchable = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * The public /doctors list: approved doctors only, every filter in SQL, two statements whatever the
 * page size (the count may come from `counts`, kept a few seconds per filter in production). The sort
 * orders walk `doctors_recommended_index` / `doctors_rating_index`, and the cards read doctors alone:
 * 23 buffers for a page at 100k doctors, against 103 with the join to users (EXPLAIN ANALYZE).
 *
 * With a search, one more statement reads what the text means (doctor.search.ts), and the page is one
 * branch per tier (name, exact words, prefixes, close spellings, related specialities), each in the
 * list's own order and cut at the page's end: a common word walks the order's index, and a word the
 * vocabulary counts few doctors for reads them by the word index (fewAt); the tiers come first, the
 * chosen order within each.
 */
export async function searchDoctors(
  em: SqlReader, args: DoctorSearchArgs, counts: ListCache, readings: ListCache<DoctorQuery> | null = null, pages: ListCache<DoctorRow[]> | null = null,
): Promise<DoctorSearchResult> {
  const text = args.search?.trim() ?? '';
  const query = text ? await readDoctorQuery(em, text, readings) : null;
  if (!query || !query.key) {
    // Nothing to search by: no text, or only words that name no doctor ("doctor", "ডাক্তার").
    if (text && !searchable(text)) return { ...pageOf([], 0, args), didYouMean: null };
    const p = new SqlParams();
    const page = await pageOfViews(em, listFilters(p, args), p, orderSql(args.sort ?? DoctorSort.Recommended, 'd.'), args, {
      withContact: false, countJoinsUsers: false,
      total: (sql, params) => counts.get(`doctors:${sql}:${JSON.stringify(params.values)}`, () => selectCount(em, sql, params)),
    });
    return { ...page, didYouMean: null };
  }
  return searchPage(em, query, args, counts, pages);
}

/**
 * What a text means (doctor.search.ts), kept by `readings` like the totals (a few seconds, cleared when
 * any replica commits a change to doctors, specialities or their terms): the vocabulary's candidates
 * are the same for everyone who types the same words, and reading them was a statement per request.
 * Keyed by the text in lower case with its spaces collapsed (the search key folds both anyway).
 */
export function readDoctorQuery(em: SqlReader, text: string, readings: ListCache<DoctorQuery> | null): Promise<DoctorQuery> {
  if (!readings) return resolveDoctorQuery(em, text);
  return readings.get(`doctor-query:${text.toLowerCase().replace(/\s+/g, ' ')}`, () => resolveDoctorQuery(em, text));
}

/**
 * A page of doctors a resolved search finds (doctor.search.ts), best tier first; `counts: null` skips
 * the total (suggestions as one types show a few, not how many).
 *
 * `pages` keeps a search page's rows as the statement returned them, per statement and values, as the
 * totals are kept (LIST_COUNT_CACHE_SECONDS: 10 s in production, none in development and tests; at most
 * 200 pages; cleared in every replica when any commits a change to doctors, their accounts' names and
 * photos, specialities or their terms: common/list-cache.ts). People search the same few things
 * ("medicine", "gynae", "heart"): a page asked again within seconds is not planned and read again. The
 * medicine search keeps its ranked ids the same way. The plain list is not kept: it is one walk of
 * an index, cheaper than the lookup's bookkeeping is worth.
 */
export async function searchPage(
  em: SqlReader, query: DoctorQuery, args: DoctorSearchArgs, counts: ListCache | null, pages: ListCache<DoctorRow[]> | null = null,
): Promise<DoctorSearchResult> {
  const sort = args.sort ?? DoctorSort.Recommended;
  const tiers = tiersOf(query);
  if (!tiers.length) return { ...pageOf([], 0, args), didYouMean: query.didYouMean };
  const end = offsetOf(args) + args.pageSize;
  const p = new SqlParams();
  // One branch per tier, each "in this tier or a better one" in the list's order, cut at the page's
  // end; a doctor found by several branches keeps its best tier (distinct on). The page is exact: a
  // doctor of tier t among the first `end` overall is among the first `end` of "tier t or better".
  // Branches say nothing of the tiers above them ("and not …"): PostgreSQL cannot tell how few rows
  // such a branch keeps, and walked the whole order's index for a branch that kept none (1 s at 100k).
  // The branches carry ids alone (their order reads the heap rows anyway); the page's cards are read
  // once, for the few ids kept: a shorter statement to parse and plan, and narrow rows to sort.
  //
  // A branch whose rows the vocabulary says are few (fewAt) reads them by the word index and sorts
  // them: its filter sits behind `offset 0`, which PostgreSQL plans on its own (no order asked of it),
  // so the order's index is not walked for matches that may never fill the page.
  const branches = tiers.map((tier) => {
    const where = `${listFilters(p, args).join(' and ')} and ${tierCondition(p, query, tier)}`;
    return fewAt(query, tier)
      ? `(select d.id, ${tier} as tier from (select ${ORDER_COLUMNS} from doctors d where ${where} offset 0) d order by ${orderSql(sort, 'd.')} limit ${end})`
      : `(select d.id, ${tier} as tier from doctors d where ${where} order by ${orderSql(sort, 'd.')} limit ${end})`;
  });
  const pageSql = `${CARD} from (select distinct on (x.id) x.id, x.tier from (${branches.join(' union all ')}) x order by x.id, x.tier) y
    join doctors d on d.id = y.id order by y.tier, ${orderSql(sort, 'd.')} limit ${args.pageSize} offset ${offsetOf(args)}`;
  const c = new SqlParams();
  const countSql = `select count(*) as count from doctors d where ${listFilters(c, args).join(' and ')} and ${tierCondition(c, query, tiers[tiers.length - 1]!)}`;
  const read = () => selectRows<DoctorRow>(em, pageSql, p, { planEach: true });
  const [rows, total] = await Promise.all([
    pages ? pages.get(`doctor-page:${pageSql}:${JSON.stringify(p.values)}`, read) : read(),
    counts ? counts.get(`doctor-search:${countSql}:${JSON.stringify(c.values)}`, () => selectCount(em, countSql, c, { planEach: true })) : Promise.resolve(-1),
  ]);
  const found = counts ? total : rows.length;
  return { ...pageOf(rows.map(toDoctorView), found, args), didYouMean: found ? null : query.didYouMean };
}

/** Every doctor for admins (any status, search over name, email and BMDC), newest or oldest first; exact totals. */
export function adminDoctorViews(em: EntityManager, args: AdminDoctorListArgs): Promise<PageResult<DoctorView>> {
  const p = new SqlParams();
  const where: string[] = [];
  if (args.status) where.push(`d.status = ${p.add(args.status)}`);
  const search = args.search?.trim();
  if (search) {
    const like = containsPattern(search);
    where.push(`(u.name ilike ${p.add(like)} or u.email ilike ${p.add(like)} or d.bmdc_no ilike ${p.add(like)})`);
  }
  return pageOfViews(em, where, p, createdOrderSql(args.sort, 'd.'), args, { withContact: true, countJoinsUsers: !!search });
}
