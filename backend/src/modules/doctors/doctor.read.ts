import type { EntityManager } from '@mikro-orm/sql';
import { OptionalProps, Reference } from '@mikro-orm/core';
import type { ListCache } from '../../common/list-cache.js';
import { containsPattern, selectCount, selectRows, SqlParams, toDate } from '../../common/sql.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import type { Gender, User } from '../accounts/user.entity.js';
import { averageRating, type Doctor } from './doctor.entity.js';
import { DoctorStatus, type DoctorTitle, type DoctorType } from './doctor.enums.js';
import { DoctorSort, FEE_RANGE_BOUNDS, type DoctorSearchArgs } from './doctor.inputs.js';

/** The identity fields a doctor shows, from the users row. */
export interface DoctorIdentity {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  gender: Gender | null;
  phoneE164: string | null;
}

/**
 * A doctor as the public list reads it: the Doctor entity's fields as plain data, with the user's
 * identity fields joined in. The GraphQL Doctor type and the REST mapper accept it beside the entity
 * (`identityOf`), so the published shapes are the same whichever read produced the doctor.
 */
export type DoctorCard = Omit<Doctor, 'user' | typeof OptionalProps> & { user: DoctorIdentity };

/**
 * One identity field of a doctor: from the card's joined row at once, or through an entity's user
 * reference (Reference.load() is batched by MikroORM's dataloader: one query for a whole list).
 */
export function identityField<K extends keyof DoctorIdentity>(d: Doctor | DoctorCard, key: K): DoctorIdentity[K] | Promise<DoctorIdentity[K]> {
  return Reference.isReference<User>(d.user) ? d.user.load().then((u) => toIdentity(u!)[key]) : d.user[key];
}

/** The same, for a doctor whose user is already loaded (REST mappers). */
export function loadedIdentityOf(d: Doctor | DoctorCard): DoctorIdentity {
  return Reference.isReference<User>(d.user) ? toIdentity(d.user.getEntity()) : d.user;
}

const toIdentity = (u: User): DoctorIdentity => ({
  id: u.id, name: u.name, email: u.email, avatarUrl: u.avatarUrl ?? null, gender: u.gender ?? null, phoneE164: u.phoneE164 ?? null,
});

/** Average in half stars per review, 0 without reviews; the same expression as the list's indexes. */
const AVERAGE_SQL = 'case when d.review_count = 0 then 0 else d.rating_half_stars_total::float / d.review_count end';

const ORDER_SQL: Record<DoctorSort, string> = {
  [DoctorSort.Recommended]: `d.is_online desc, ${AVERAGE_SQL} desc, d.review_count desc, d.id asc`,
  [DoctorSort.Rating]: `${AVERAGE_SQL} desc, d.review_count desc, d.id asc`,
  [DoctorSort.FeeLowToHigh]: 'd.fee_poisha asc, d.id asc',
  [DoctorSort.FeeHighToLow]: 'd.fee_poisha desc, d.id asc',
  [DoctorSort.Experience]: 'd.experience_years desc, d.id asc',
};

interface DoctorRow {
  id: string; title: DoctorTitle; degree: string; specialities: string[]; work: string; experience_years: number; fee_poisha: number;
  location: string; description: string; nid_no: string; bmdc_no: string; type: DoctorType; meeting_url: string | null; is_online: boolean;
  status: DoctorStatus; approved_at: Date | string | null; rating_half_stars_total: number; review_count: number; hospital_slot_capacity: number;
  created_at: Date | string; updated_at: Date | string;
  user_id: string; u_name: string; u_email: string; u_avatar_url: string | null; u_gender: Gender | null; u_phone_e164: string | null;
}

const COLUMNS = `d.id, d.title, d.degree, d.specialities, d.work, d.experience_years, d.fee_poisha, d.location, d.description, d.nid_no,
  d.bmdc_no, d.type, d.meeting_url, d.is_online, d.status, d.approved_at, d.rating_half_stars_total, d.review_count,
  d.hospital_slot_capacity, d.created_at, d.updated_at, d.user_id,
  u.name as u_name, u.email as u_email, u.avatar_url as u_avatar_url, u.gender as u_gender, u.phone_e164 as u_phone_e164`;

function toCard(r: DoctorRow): DoctorCard {
  return {
    id: r.id, title: r.title, degree: r.degree, specialities: r.specialities, work: r.work, experienceYears: r.experience_years,
    feePoisha: r.fee_poisha, location: r.location, description: r.description, nidNo: r.nid_no, bmdcNo: r.bmdc_no, type: r.type,
    meetingUrl: r.meeting_url, isOnline: r.is_online, status: r.status, approvedAt: r.approved_at === null ? null : toDate(r.approved_at),
    ratingHalfStarsTotal: r.rating_half_stars_total, reviewCount: r.review_count, hospitalSlotCapacity: r.hospital_slot_capacity,
    rating: averageRating({ ratingHalfStarsTotal: r.rating_half_stars_total, reviewCount: r.review_count }),
    createdAt: toDate(r.created_at), updatedAt: toDate(r.updated_at),
    user: { id: r.user_id, name: r.u_name, email: r.u_email, avatarUrl: r.u_avatar_url, gender: r.u_gender, phoneE164: r.u_phone_e164 },
  };
}

/**
 * The public /doctors list: approved doctors only, every filter in SQL, two statements whatever the
 * page size (the page with its users joined, and the count, which `counts` may answer from memory),
 * run side by side. The sort orders walk
 * `doctors_recommended_index` / `doctors_rating_index` (EXPLAIN at 100k doctors).
 */
export async function searchDoctors(em: EntityManager, args: DoctorSearchArgs, counts: ListCache): Promise<PageResult<DoctorCard>> {
  const p = new SqlParams();
  const where = [`d.status = ${p.add(DoctorStatus.Approved)}`];
  let needsUser = false;
  if (args.specialities?.length) where.push(`d.specialities && ${p.textArray(args.specialities)}`);
  if (args.feeRanges?.length) {
    where.push(`(${[...new Set(args.feeRanges)].map((r) => {
      const [min, max] = FEE_RANGE_BOUNDS[r];
      return max === null ? `d.fee_poisha >= ${p.add(min)}` : `(d.fee_poisha >= ${p.add(min)} and d.fee_poisha <= ${p.add(max)})`;
    }).join(' or ')})`);
  }
  if (args.genders?.length) {
    needsUser = true;
    where.push(`u.gender in (${args.genders.map((g) => p.add(g)).join(', ')})`);
  }
  if (args.minRating) where.push(`${AVERAGE_SQL} >= ${p.add(args.minRating * 2)}`);
  if (args.online !== null && args.online !== undefined) where.push(`d.is_online = ${p.add(args.online)}`);
  if (args.search?.trim()) {
    needsUser = true;
    const like = containsPattern(args.search);
    where.push(`(u.name ilike ${p.add(like)} or d.degree ilike ${p.add(like)} or d.work ilike ${p.add(like)}`
      + ` or array_to_string(d.specialities, ' ') ilike ${p.add(like)})`);
  }
  const filter = `where ${where.join(' and ')}`;
  const page = p.clone();
  const pageSql = `select ${COLUMNS} from doctors d join users u on u.id = d.user_id ${filter}
    order by ${ORDER_SQL[args.sort] ?? ORDER_SQL[DoctorSort.Recommended]} limit ${page.add(args.pageSize)} offset ${page.add(offsetOf(args))}`;
  // The count joins users only when a filter reads them.
  const countSql = `select count(*) as count from doctors d${needsUser ? ' join users u on u.id = d.user_id' : ''} ${filter}`;
  const total = counts.get(`doctors:${countSql}:${JSON.stringify(p.values)}`, () => selectCount(em, countSql, p));
  const [rows, counted] = await Promise.all([selectRows<DoctorRow>(em, pageSql, page), total]);
  return pageOf(rows.map(toCard), counted, args);
}
