import type { RouteFn } from '../../common/rest.js';
import { prefixedPhone, readMultipart } from '../../common/rest.js';
import { picture, pictures } from '../../common/rest-images.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import { PageArgs } from '../../common/pagination.js';
import { seesDoctorPrivate, type DoctorContact, type DoctorView } from './doctor.read.js';
import type { AuthUser } from '../../common/roles.js';
import { DoctorStatus } from './doctor.enums.js';
import type { Request } from 'express';
import { randomBytes } from 'node:crypto';
import { IsOptional } from 'class-validator';
import { Gender } from '../accounts/index.js';
import type { Context } from '../../common/context.js';
import {
  AdminCreateDoctorInput, AdminDoctorListArgs, AdminUpdateDoctorInput, DoctorSearchArgs, DoctorSignupInput, MeetingUrlInput,
} from './doctor.inputs.js';
import { BMDC_UNSET_PREFIX, FEE_OPTIONS, GENDER_OPTIONS, RATING_OPTIONS, STATUS_OPTIONS, type FilterOption } from './doctor.service.js';
import { bdt, csvExport } from '../../common/csv-export.js';

/**
 * A doctor as the earlier app's clients read it, from the read model (doctor.read.ts), for one viewer:
 * the contact and private fields (login email, personal phone, NID, own meeting link) are there when
 * seesDoctorPrivate lets the viewer see them (that doctor and admins, as GraphQL's Doctor fields),
 * whichever route asks. `contact` is the doctor's contact when the view was read without it
 * (doctorContactsFor).
 */
export function toSpecDoctor(d: DoctorView, viewer: AuthUser | null, contact: DoctorContact | null = d.private.contact) {
  const seesPrivate = seesDoctorPrivate(viewer, d.userId);
  return {
    _id: d.id,
    id: d.id,
    title: d.title,
    name: d.name,
    // A doctor's login email and personal phone are for the doctor and admins only (the earlier
    // server listed them to everyone): the keys stay, with null, so the earlier client's shape holds.
    email: seesPrivate ? contact?.email ?? null : null,
    phone: seesPrivate ? prefixedPhone(contact?.phoneE164 ?? null) : null,
    gender: d.gender ?? null,
    avatar: picture(d.avatarUrl, 'doctor'),
    images: pictures([d.avatarUrl], 'doctor'),
    degree: d.degree,
    expert: d.specialities,
    work: d.work,
    experience: d.experienceYears,
    fees: d.fees,
    location: d.location,
    description: d.description,
    bmdc_No: isBmdcPlaceholder(d.bmdcNo) ? null : d.bmdcNo,
    type: d.type,
    isActive: d.isOnline,
    status: d.status,
    ratings: d.rating,
    numOfReviews: d.reviewCount,
    role: 'doctor',
    ...(seesPrivate ? { nid_No: d.private.nidNo, url: d.private.meetingUrl } : {}),
  };
}

/**
 * The doctors as the caller sees them: lists read without the accounts (the public search) get the
 * contact of the doctors the caller may see read in one statement, as GraphQL's Doctor.email does.
 */
export async function toSpecDoctorsFor(ctx: Context, views: DoctorView[]) {
  const missing = views.filter((d) => !d.private.contact && seesDoctorPrivate(ctx.user, d.userId)).map((d) => d.id);
  const contacts = new Map(missing.length ? (await ctx.services.doctors.viewsByIds(ctx.em, missing)).map((d) => [d.id, d.private.contact]) : []);
  return views.map((d) => toSpecDoctor(d, ctx.user, contacts.get(d.id) ?? d.private.contact));
}

/**
 * The earlier doctor registration form has no location and no description fields: in the REST door
 * both may be left out (stored empty; the doctor page shows its placeholder text, and the doctor or an
 * admin fills them in later). Every other rule of DoctorSignupInput holds.
 */
class EarlierDoctorSignupInput extends DoctorSignupInput {
  @IsOptional() declare location: string;
  @IsOptional() declare description: string;
}

/**
 * The earlier admin form (POST /doctor) has no BMDC field. An admin-created doctor is approved at
 * once (the admin is the one who checks), so the REST door accepts the form without it and records a
 * placeholder that can never pass for a number (UNSET-…, unique): admins find these doctors by
 * searching "UNSET", the REST door answers bmdc_No null for them, the prescription check tells a
 * pharmacist that no BMDC number is on record, and PUT /doctor/:id with bmdc_No records the number
 * (once; a number on record is not replaced). A BMDC number the form does send is checked as always.
 */
class EarlierAdminCreateDoctorInput extends AdminCreateDoctorInput {
  @IsOptional() declare bmdcNo: string;
}
export const isBmdcPlaceholder = (bmdc: string | null | undefined) => !!bmdc && bmdc.startsWith(BMDC_UNSET_PREFIX);
const bmdcPlaceholder = () => `${BMDC_UNSET_PREFIX}${randomBytes(6).toString('hex').toUpperCase()}`;

/** 'male', ' Female ' → the Gender value; anything else as it is (refused by the input's rule). */
function genderOf(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return Object.values(Gender).find((g) => g.toLowerCase() === v.trim().toLowerCase()) ?? v;
}

/** The earlier app's field names, accepted beside Nirog's (expert, experience, nid_No, bmdc_No). */
function earlierDoctorFields(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...fields };
  if (fields.expert !== undefined && fields.specialities === undefined) body.specialities = fields.expert;
  if (fields.experience !== undefined && fields.experienceYears === undefined) body.experienceYears = fields.experience;
  if (fields.bmdc_No !== undefined && fields.bmdcNo === undefined) body.bmdcNo = fields.bmdc_No;
  if (fields.nid_No !== undefined && fields.nidNo === undefined) body.nidNo = fields.nid_No;
  if (body.gender !== undefined) body.gender = genderOf(body.gender);
  return body;
}

const pictureLimits = (ctx: Context, maxFiles = ctx.services.config.uploads.maxFiles) => ({ maxBytes: ctx.services.config.uploads.maxBytes, maxFiles });

export function registerDoctorAccountRoutes(route: RouteFn): void {
  route('post', '/register/doctor', 'public', async (ctx, req) => {
    // The earlier form sends JSON with its photo as a data URL (multipart works too).
    const { fields, files } = await readMultipart(req, pictureLimits(ctx, 1));
    const body = earlierDoctorFields(fields);
    for (const k of ['location', 'description'] as const) if (body[k] === '' || body[k] === null) delete body[k];
    const input = await parseInput(EarlierDoctorSignupInput, body);
    input.location ??= '';
    input.description ??= '';
    const doctor = await ctx.services.doctors.signup(ctx.em, input, files[0]?.data);
    // userId: what the earlier client's signup slice reads (as after a patient signup).
    return { success: true, userId: doctor.userId, doctor: toSpecDoctor(doctor, ctx.user), message: 'Your registration was received; an admin will review it' };
  }, { pictures: true, throttle: 'signup-ip', idempotent: true });

  route('get', '/current/Doctor/Details', [Role.Doctor], async (ctx) =>
    ({ success: true, doctor: toSpecDoctor(await ctx.services.doctors.myProfile(ctx.em, ctx.user!), ctx.user) }));

  route('get', '/admin/pending/doctors', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.doctors.listByStatus(ctx.em, DoctorStatus.Pending, await parseInput(PageArgs, req.query));
    return { success: true, Doctors: await toSpecDoctorsFor(ctx, page.items), resultPerPage: page.pageSize, doctorCount: page.total };
  });

  route('put', '/admin/doctor/:id/approve', [Role.Admin], async (ctx, req) =>
    ({ success: true, doctor: (await toSpecDoctorsFor(ctx, [await ctx.services.doctors.review(ctx.em, String(req.params.id), DoctorStatus.Approved)]))[0] }));

  route('put', '/admin/doctor/:id/reject', [Role.Admin], async (ctx, req) =>
    ({ success: true, doctor: (await toSpecDoctorsFor(ctx, [await ctx.services.doctors.review(ctx.em, String(req.params.id), DoctorStatus.Rejected)]))[0] }));
}

/** A repeated query parameter (?expert=A&expert=B) or a comma list, as an array; undefined when absent. */
export function listParam(v: unknown): string[] | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const values = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter(Boolean);
  return values.length ? values : undefined;
}

/**
 * A filter value as a client sends it → the option's id. The earlier client sends the option's
 * title back (`fees=Up to 500`, `isActive=Online Now`, `ratings=4`); Nirog's earlier titles ("Up to
 * 500 BDT", "4 stars & up", which arrives cut at its unencoded '&' as "4 stars ") are read too. Ids,
 * titles and titles cut at an '&' are all read, case and spaces aside. Anything else is passed on as
 * it is (and refused or ignored below, as before).
 */
export function optionIds(list: FilterOption[], values: string[] | undefined): string[] | undefined {
  if (!values) return undefined;
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return values.map((v) => {
    const want = norm(v);
    const hit = list.find((o) => norm(o.id) === want || norm(o.title) === want || norm(o.title.split('&')[0]!) === want);
    return hit ? hit.id : v;
  });
}

/**
 * The option lists of /fees, /ratings and /status as the earlier client's filter components show
 * them: FilterFees.js prints `{title} BDT` (so a fee's title carries no "BDT"), Rating.js draws the
 * title as stars (a number), and FilterStatuses.js prints "Online Now" whatever the option (so only
 * the online one is offered). Each title comes back as the filter's value. Nirog's own app reads
 * doctorFilterOptions over GraphQL and words the options itself.
 */
const REST_FEE_OPTIONS: FilterOption[] = FEE_OPTIONS.map((o) => ({ id: o.id, title: o.title.replace(/\s*BDT$/, '') }));
const REST_RATING_OPTIONS = RATING_OPTIONS.map((o) => ({ _id: o.id, title: Number(o.id) }));
const REST_STATUS_OPTIONS = STATUS_OPTIONS.filter((o) => o.id === 'true');

/** The earlier client's query string (expert, fees, gender, ratings, isActive, keyword) → DoctorSearchArgs. */
export function doctorSearchBody(q: Record<string, unknown>) {
  const ratings = optionIds(RATING_OPTIONS, listParam(q.ratings))?.map(Number).filter((n) => Number.isFinite(n));
  const active = optionIds(STATUS_OPTIONS, listParam(q.isActive ?? q.online));
  const body: Record<string, unknown> = {
    specialities: listParam(q.expert ?? q.specialities),
    // the titles /fees publishes and Nirog's own ("Up to 500 BDT"), both read
    feeRanges: optionIds([...REST_FEE_OPTIONS, ...FEE_OPTIONS], listParam(q.fees ?? q.feeRanges)),
    genders: optionIds(GENDER_OPTIONS, listParam(q.gender ?? q.genders)),
    // several rating boxes ticked: the lowest one is the floor
    minRating: ratings?.length ? Math.min(...ratings) : undefined,
    // both Online and Offline ticked means everyone
    online: active && active.length === 1 ? active[0] : undefined,
    search: q.search ?? q.keyword,
    page: q.page,
    pageSize: q.pageSize ?? q.limit,
    sort: q.sort,
  };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
}

const options = (list: FilterOption[]) => list.map((o) => ({ _id: o.id, title: o.title }));

/**
 * POST /doctor and PUT /doctor/:id: the earlier app's field names beside Nirog's. The earlier update
 * form sends every field; one left empty (it cannot clear a required one) means "unchanged".
 */
function adminDoctorBody(fields: Record<string, unknown>, update: boolean) {
  const body = earlierDoctorFields(fields);
  for (const [k, v] of Object.entries(body)) if ((v === '' && (update || k === 'bmdcNo')) || v === null) delete body[k];
  return body;
}

export function registerDoctorRoutes(route: RouteFn): void {
  route('get', '/doctors', 'public', async (ctx, req) => {
    const args = await parseInput(DoctorSearchArgs, doctorSearchBody(req.query as Record<string, unknown>));
    const page = await ctx.services.doctors.search(ctx.reads, args);
    return {
      success: true, doctors: await toSpecDoctorsFor(ctx, page.items), doctorsCount: page.total, filteredDoctorsCount: page.total,
      resultPerPage: page.pageSize, page: page.page, pageCount: page.pageCount, didYouMean: page.didYouMean,
    };
  }, { shareable: true, throttle: 'search-ip' });

  route('get', '/fees', 'public', async () => ({ success: true, fees: options(REST_FEE_OPTIONS) }));
  // `genders` and `categories` are what the earlier client reads; `gender` and `category` stay for Nirog's own callers.
  route('get', '/gender', 'public', async () => ({ success: true, genders: options(GENDER_OPTIONS), gender: options(GENDER_OPTIONS) }));
  route('get', '/ratings', 'public', async () => ({ success: true, ratings: REST_RATING_OPTIONS }));
  route('get', '/status', 'public', async () => ({ success: true, status: options(REST_STATUS_OPTIONS) }));
  route('get', '/category', 'public', async (ctx) => {
    const categories = (await ctx.services.doctors.specialities(ctx.em))
      .map((s) => ({ _id: s.id, title: s.title, slug: s.slug, image: picture(s.imageUrl, 'speciality') }));
    return { success: true, categories, category: categories };
  });

  route('get', '/admin/doctors', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.doctors.adminList(ctx.em, await parseInput(AdminDoctorListArgs, req.query));
    return { success: true, Doctors: await toSpecDoctorsFor(ctx, page.items), resultPerPage: page.pageSize, doctorCount: page.total, page: page.page };
  });

  route('put', '/doctor/update/url', [Role.Doctor], async (ctx, req) => {
    const input = await parseInput(MeetingUrlInput, req.body);
    const doctor = await ctx.services.doctors.setMeetingUrl(ctx.em, ctx.user!, input.url);
    return { success: true, message: 'Url updated', url: doctor.private.meetingUrl };
  });

  // The earlier admin forms send JSON with the photos as data URLs (`images`); a doctor has one photo: the first.
  const upload = async (ctx: Context, req: Request, update: boolean) => {
    const { fields, files } = await readMultipart(req, pictureLimits(ctx));
    return { body: adminDoctorBody(fields, update), image: files.find((f) => ['images', 'image', 'avatar'].includes(f.field))?.data };
  };
  route('post', '/doctor', [Role.Admin], async (ctx, req) => {
    const { body, image } = await upload(ctx, req, false);
    const input = await parseInput(EarlierAdminCreateDoctorInput, body);
    input.bmdcNo ??= bmdcPlaceholder();
    const doctor = await ctx.services.doctors.adminCreate(ctx.em, input, image);
    return { success: true, doctor: toSpecDoctor(doctor, ctx.user), message: 'Create Doctor Successful' };
  }, { pictures: true });
  route('put', '/doctor/:id', [Role.Admin], async (ctx, req) => {
    const { body, image } = await upload(ctx, req, true);
    const input = await parseInput(AdminUpdateDoctorInput, body);
    if (typeof body.bmdcNo === 'string') await ctx.services.doctors.recordBmdcNo(ctx.em, String(req.params.id), body.bmdcNo);
    const doctor = await ctx.services.doctors.adminUpdate(ctx.em, String(req.params.id), input, image);
    return { success: true, doctor: toSpecDoctor(doctor, ctx.user), message: 'Update Doctor Successful' };
  }, { pictures: true });

  // GET /doctor/:id (a doctor's page with its reviews) is the reviews module's: reviews build on doctors.

  csvExport(route, 'doctors', AdminDoctorListArgs, (ctx, args) => ctx.services.doctors.adminList(ctx.em, args), [
    { header: 'id', value: (d) => d.id }, { header: 'name', value: (d) => d.name }, { header: 'email', value: (d) => d.private.contact?.email ?? '' },
    { header: 'status', value: (d) => d.status }, { header: 'specialities', value: (d) => d.specialities.join('; ') }, { header: 'degree', value: (d) => d.degree },
    { header: 'works at', value: (d) => d.work }, { header: 'fee (BDT)', value: (d) => bdt(d.feePoisha) }, { header: 'BMDC', value: (d) => d.bmdcNo },
    { header: 'online', value: (d) => d.isOnline }, { header: 'reviews', value: (d) => d.reviewCount }, { header: 'registered', value: (d) => d.createdAt },
  ]);
}
