import type { RouteFn } from '../../common/rest.js';
import { readMultipart } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import { PageArgs } from '../../common/pagination.js';
import type { Doctor } from './doctor.entity.js';
import { loadedIdentityOf, type DoctorCard } from './doctor.read.js';
import { localPhone } from '../../common/phone.js';
import { DoctorStatus } from './doctor.enums.js';
import type { Request } from 'express';
import type { Context } from '../../common/context.js';
import {
  AdminCreateDoctorInput, AdminDoctorListArgs, AdminUpdateDoctorInput, DoctorSearchArgs, DoctorSignupInput, MeetingUrlInput,
} from './doctor.inputs.js';
import { FEE_OPTIONS, GENDER_OPTIONS, RATING_OPTIONS, STATUS_OPTIONS, type FilterOption } from './doctor.service.js';
import { toSpecReview } from '../reviews/review.rest.js';
import { bdt, csvExport } from '../../common/csv-export.js';

/**
 * A doctor as the earlier app's clients read it; an entity's user reference must be loaded.
 * `private`: the doctor's own profile and the admin's screens (contact, NID, meeting link).
 */
export function toSpecDoctor(d: Doctor | DoctorCard, opts: { private?: boolean } = {}) {
  const u = loadedIdentityOf(d);
  return {
    _id: d.id,
    id: d.id,
    title: d.title,
    name: u.name,
    // A doctor's login email and personal phone are for the doctor and admins only (the earlier
    // server listed them to everyone): the keys stay, with null, so the earlier client's shape holds.
    email: opts.private ? u.email : null,
    phone: opts.private ? localPhone(u.phoneE164) : null,
    gender: u.gender ?? null,
    avatar: { url: u.avatarUrl ?? null },
    images: u.avatarUrl ? [{ url: u.avatarUrl }] : [],
    degree: d.degree,
    expert: d.specialities,
    work: d.work,
    experience: d.experienceYears,
    fees: d.feePoisha / 100,
    location: d.location,
    description: d.description,
    bmdc_No: d.bmdcNo,
    type: d.type,
    isActive: d.isOnline,
    status: d.status,
    ratings: d.rating,
    numOfReviews: d.reviewCount,
    role: 'doctor',
    ...(opts.private ? { nid_No: d.nidNo, url: d.meetingUrl ?? null } : {}),
  };
}

export function registerDoctorAccountRoutes(route: RouteFn): void {
  route('post', '/register/doctor', 'public', async (ctx, req) => {
    const { fields, files } = await readMultipart(req, { maxBytes: ctx.services.config.uploads.maxBytes, maxFiles: 1 });
    // The earlier app's field names, accepted beside Nirog's.
    const body = {
      ...fields,
      specialities: fields.specialities ?? fields.expert,
      experienceYears: fields.experienceYears ?? fields.experience,
      nidNo: fields.nidNo ?? fields.nid_No,
      bmdcNo: fields.bmdcNo ?? fields.bmdc_No,
    };
    const doctor = await ctx.services.doctors.signup(ctx.em, await parseInput(DoctorSignupInput, body), files.find((f) => f.field === 'avatar')?.data);
    return { success: true, doctor: toSpecDoctor(doctor), message: 'Your registration was received; an admin will review it' };
  });

  route('get', '/current/Doctor/Details', [Role.Doctor], async (ctx) =>
    ({ success: true, doctor: toSpecDoctor(await ctx.services.doctors.myProfile(ctx.em, ctx.user!), { private: true }) }));

  route('get', '/admin/pending/doctors', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.doctors.listByStatus(ctx.em, DoctorStatus.Pending, await parseInput(PageArgs, req.query));
    return { success: true, Doctors: page.items.map((d) => toSpecDoctor(d, { private: true })), resultPerPage: page.pageSize, doctorCount: page.total };
  });

  route('put', '/admin/doctor/:id/approve', [Role.Admin], async (ctx, req) =>
    ({ success: true, doctor: toSpecDoctor(await ctx.services.doctors.review(ctx.em, String(req.params.id), DoctorStatus.Approved)) }));

  route('put', '/admin/doctor/:id/reject', [Role.Admin], async (ctx, req) =>
    ({ success: true, doctor: toSpecDoctor(await ctx.services.doctors.review(ctx.em, String(req.params.id), DoctorStatus.Rejected)) }));
}

/** A repeated query parameter (?expert=A&expert=B) or a comma list, as an array; undefined when absent. */
export function listParam(v: unknown): string[] | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const values = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter(Boolean);
  return values.length ? values : undefined;
}

/** The earlier client's query string (expert, fees, gender, ratings, isActive, keyword) → DoctorSearchArgs. */
export function doctorSearchBody(q: Record<string, unknown>) {
  const ratings = listParam(q.ratings)?.map(Number).filter((n) => Number.isFinite(n));
  const active = listParam(q.isActive ?? q.online);
  const body: Record<string, unknown> = {
    specialities: listParam(q.expert ?? q.specialities),
    feeRanges: listParam(q.fees ?? q.feeRanges),
    genders: listParam(q.gender ?? q.genders),
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

/** POST /doctor and PUT /doctor/:id: the earlier app's multipart field names beside Nirog's. */
function adminDoctorBody(fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { ...fields };
  if (fields.expert !== undefined && fields.specialities === undefined) body.specialities = fields.expert;
  if (fields.experience !== undefined && fields.experienceYears === undefined) body.experienceYears = fields.experience;
  if (fields.bmdc_No !== undefined && fields.bmdcNo === undefined) body.bmdcNo = fields.bmdc_No;
  if (fields.nid_No !== undefined && fields.nidNo === undefined) body.nidNo = fields.nid_No;
  return body;
}

export function registerDoctorRoutes(route: RouteFn): void {
  route('get', '/doctors', 'public', async (ctx, req) => {
    const args = await parseInput(DoctorSearchArgs, doctorSearchBody(req.query as Record<string, unknown>));
    const page = await ctx.services.doctors.search(ctx.em, args);
    return {
      success: true, doctors: page.items.map((d) => toSpecDoctor(d)), doctorsCount: page.total, filteredDoctorsCount: page.total,
      resultPerPage: page.pageSize, page: page.page, pageCount: page.pageCount,
    };
  });

  route('get', '/fees', 'public', async () => ({ success: true, fees: options(FEE_OPTIONS) }));
  route('get', '/gender', 'public', async () => ({ success: true, gender: options(GENDER_OPTIONS) }));
  route('get', '/ratings', 'public', async () => ({ success: true, ratings: options(RATING_OPTIONS) }));
  route('get', '/status', 'public', async () => ({ success: true, status: options(STATUS_OPTIONS) }));
  route('get', '/category', 'public', async (ctx) => ({
    success: true,
    category: (await ctx.services.doctors.specialities(ctx.em)).map((s) => ({ _id: s.id, title: s.title, slug: s.slug, image: { url: s.imageUrl ?? null } })),
  }));

  route('get', '/admin/doctors', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.doctors.adminList(ctx.em, await parseInput(AdminDoctorListArgs, req.query));
    return { success: true, Doctors: page.items.map((d) => toSpecDoctor(d, { private: true })), resultPerPage: page.pageSize, doctorCount: page.total, page: page.page };
  });

  route('put', '/doctor/update/url', [Role.Doctor], async (ctx, req) => {
    const input = await parseInput(MeetingUrlInput, req.body);
    const doctor = await ctx.services.doctors.setMeetingUrl(ctx.em, ctx.user!, input.url);
    return { success: true, message: 'Url updated', url: doctor.meetingUrl };
  });

  const upload = async (ctx: Context, req: Request) => {
    const { fields, files } = await readMultipart(req, { maxBytes: ctx.services.config.uploads.maxBytes, maxFiles: ctx.services.config.uploads.maxFiles });
    return { body: adminDoctorBody(fields), image: files.find((f) => ['images', 'image', 'avatar'].includes(f.field))?.data };
  };
  route('post', '/doctor', [Role.Admin], async (ctx, req) => {
    const { body, image } = await upload(ctx, req);
    const doctor = await ctx.services.doctors.adminCreate(ctx.em, await parseInput(AdminCreateDoctorInput, body), image);
    return { success: true, doctor: toSpecDoctor(doctor, { private: true }), message: 'Create Doctor Successful' };
  });
  route('put', '/doctor/:id', [Role.Admin], async (ctx, req) => {
    const { body, image } = await upload(ctx, req);
    const doctor = await ctx.services.doctors.adminUpdate(ctx.em, String(req.params.id), await parseInput(AdminUpdateDoctorInput, body), image);
    return { success: true, doctor: toSpecDoctor(doctor, { private: true }), message: 'Update Doctor Successful' };
  });

  route('get', '/doctor/:id', 'public', async (ctx, req) => {
    const doctor = await ctx.services.doctors.publicProfile(ctx.em, String(req.params.id), ctx.user);
    const reviews = await ctx.services.reviews.listForDoctor(ctx.em, doctor.id, { page: 1, pageSize: 50 });
    return { success: true, doctor: { ...toSpecDoctor(doctor), reviews: reviews.items.map(toSpecReview) } };
  });

  csvExport(route, 'doctors', AdminDoctorListArgs, (ctx, args) => ctx.services.doctors.adminList(ctx.em, args), [
    { header: 'id', value: (d) => d.id }, { header: 'name', value: (d) => d.user.getEntity().name }, { header: 'email', value: (d) => d.user.getEntity().email },
    { header: 'status', value: (d) => d.status }, { header: 'specialities', value: (d) => d.specialities.join('; ') }, { header: 'degree', value: (d) => d.degree },
    { header: 'works at', value: (d) => d.work }, { header: 'fee (BDT)', value: (d) => bdt(d.feePoisha) }, { header: 'BMDC', value: (d) => d.bmdcNo },
    { header: 'online', value: (d) => d.isOnline }, { header: 'reviews', value: (d) => d.reviewCount }, { header: 'registered', value: (d) => d.createdAt },
  ]);
}
