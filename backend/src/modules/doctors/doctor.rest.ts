import type { RouteFn } from '../../common/rest.js';
import { readMultipart } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import { PageArgs } from '../../common/pagination.js';
import type { Doctor } from './doctor.entity.js';
import { DoctorStatus } from './doctor.enums.js';
import { DoctorSignupInput } from './doctor.inputs.js';

/** A doctor as the earlier app's clients read it; the user reference must be loaded. */
export function toSpecDoctor(d: Doctor, opts: { private?: boolean } = {}) {
  const u = d.user.getEntity();
  return {
    _id: d.id,
    id: d.id,
    title: d.title,
    name: u.name,
    email: u.email,
    phone: u.phone,
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
