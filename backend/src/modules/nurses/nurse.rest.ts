import type { Request } from 'express';
import { CANCEL_HIRE_LIMIT, HIRE_LIMIT } from './nurse.service.js';
import type { RouteFn } from '../../common/rest.js';
import { prefixedPhone, readMultipart, upsert } from '../../common/rest.js';
import { pictureUrl, pictures } from '../../common/rest-images.js';
import { Gender } from '../accounts/index.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import type { Context } from '../../common/context.js';
import { AdminPageArgs } from '../../common/pagination.js';
import { badInput, notFound } from '../../common/errors.js';
import type { AuthUser } from '../../common/roles.js';
import { loadHireForViewer, nurseForViewer } from './nurse.read.js';
import type { Nurse } from './nurse.entity.js';
import type { NurseReview } from './nurse-review.entity.js';
import type { NurseHire } from './nurse-hire.entity.js';
import { NurseHireStatus, NurseLocation } from './nurse.enums.js';
import { MyNurseHireArgs, NurseHireInput, NurseHireListArgs, NurseInput, NurseListArgs, NurseReviewInput } from './nurse.inputs.js';
import { bdt, csvExport } from '../../common/csv-export.js';

/** The spec's nurse shape (fees in BDT, images as {url}, ratings and numOfReviews); contact and fee as nurseForViewer decides. */
export function toSpecNurse(n: Nurse, viewer: AuthUser | null, reviews?: NurseReview[]) {
  const seen = nurseForViewer(n, viewer);
  return {
    _id: n.id,
    id: n.id,
    name: n.name,
    degree: n.degree,
    work: n.work,
    fees: seen.fees,
    feePoisha: seen.feePoisha,
    phone: seen.phone,
    email: seen.email,
    gender: n.gender,
    location: n.location,
    description: n.description,
    images: pictures(n.imageUrls, 'nurse'),
    ratings: n.rating,
    numOfReviews: n.reviewCount,
    ...(reviews ? { reviews: reviews.map(toSpecReview) } : {}),
    createdAt: n.createdAt,
  };
}

/** The user reference must be loaded. */
export function toSpecReview(r: NurseReview) {
  return { _id: r.id, id: r.id, name: r.user.getEntity().name, rating: r.rating, comment: r.comment, nurseId: r.nurse.id, createdAt: r.createdAt };
}

/**
 * The spec's hire shape, reshaping hireForViewer (nurse.read.ts): the patient's name and email
 * (patientname, patientemail) are there for whoever the view shows them to (its patient and admins),
 * as GraphQL's patientName and patientEmail; the earlier app's admin list reads them.
 */
export async function toSpecHire(ctx: Context, h: NurseHire) {
  const seen = await loadHireForViewer(h, ctx.user);
  if (!seen) throw notFound('Hire');
  const member = h.familyMember?.isInitialized() ? h.familyMember.getEntity() : null;
  return {
    _id: h.id,
    id: h.id,
    nursename: h.nurseName,
    nursefees: seen.fees,
    feePoisha: seen.feePoisha,
    nurseimage: pictureUrl(h.nurseImageUrl, 'nurse'),
    nurseId: h.nurse.id,
    patientgender: h.patientGender,
    phone: prefixedPhone(h.phoneE164),
    date: h.date,
    bookingStatus: h.status,
    // Who the nurse visits (beside the spec's fields): a family member's id, name and what they are to the account holder.
    familyMemberId: seen.careFor.familyMemberId,
    ...(member ? { carefor: seen.careFor.name, relation: seen.careFor.relation } : {}),
    createdAt: h.createdAt,
    patientname: seen.patientName,
    patientemail: seen.patientEmail,
  };
}

const toSpecHires = async (ctx: Context, hires: NurseHire[]) => {
  const out = [];
  for (const h of hires) out.push(await toSpecHire(ctx, h));
  return out;
};

/** One of the choices, whatever its case ('uttara', 'male'); anything else as it is (refused by the input's rule). */
function choiceOf(v: unknown, choices: readonly string[]): unknown {
  return typeof v === 'string' ? choices.find((c) => c.toLowerCase() === v.trim().toLowerCase()) ?? v : v;
}

/**
 * The admin form: multipart, or JSON with the photos as data URLs (the earlier client's way); the
 * earlier app's `fees` in BDT becomes poisha here. The earlier update form sends every field; one left
 * empty (it cannot clear a required one) keeps the nurse's value, as for doctors.
 */
async function nurseForm(ctx: Context, req: Request, current?: Nurse) {
  const { fields: sent, files } = await readMultipart(req, { maxBytes: ctx.services.config.uploads.maxBytes, maxFiles: ctx.services.config.uploads.maxFiles });
  const fields = { ...sent };
  if (current) {
    const kept: Record<string, unknown> = {
      name: current.name, degree: current.degree, work: current.work, feePoisha: current.feePoisha, phone: current.phone,
      email: current.email, gender: current.gender, location: current.location, description: current.description,
    };
    for (const [k, v] of Object.entries(fields)) if (v === '' || v === null) delete fields[k];
    for (const [k, v] of Object.entries(kept)) if (!(k in fields) && !(k === 'feePoisha' && 'fees' in fields)) fields[k] = v;
  }
  const fees = fields.feePoisha === undefined && fields.fees !== undefined && fields.fees !== '' ? Number(fields.fees) : undefined;
  const body = {
    ...fields, ...(fees !== undefined && !Number.isNaN(fees) ? { feePoisha: Math.round(fees * 100) } : {}),
    gender: choiceOf(fields.gender, Object.values(Gender)), location: choiceOf(fields.location, Object.values(NurseLocation)),
  };
  const input = await parseInput(NurseInput, body);
  return { input, images: files.filter((f) => f.field === 'images' || f.field === 'image').map((f) => f.data) };
}

const reviewBody = (body: Record<string, unknown> | undefined) => ({ ...body, nurseId: body?.nurseId ?? body?.productId });

export function registerNurseRoutes(route: RouteFn): void {
  route('get', '/get/nurses', 'public', async (ctx, req) => {
    const page = await ctx.services.nurses.list(ctx.em, await parseInput(NurseListArgs, req.query));
    return { success: true, nurses: page.items.map((n) => toSpecNurse(n, ctx.user)), resultPerPage: page.pageSize, nurseCount: page.total, page: page.page };
  });

  route('get', '/nurse/:id', 'public', async (ctx, req) => {
    const nurse = await ctx.services.nurses.get(ctx.em, String(req.params.id));
    const reviews = await ctx.services.nurses.reviews(ctx.em, nurse.id, { page: 1, pageSize: 50 });
    return { success: true, nurse: toSpecNurse(nurse, ctx.user, reviews.items) };
  });

  route('post', '/create/nurse/review', [Role.User], async (ctx, req) => {
    const review = await ctx.services.nurses.createReview(ctx.em, ctx.user!, await parseInput(NurseReviewInput, reviewBody(req.body)));
    return { success: true, review: toSpecReview(review), message: 'Review Added' };
  }, { idempotent: true });

  // The earlier client sends every review, the first one too, as PUT: edits the patient's review, or writes it.
  route('put', '/create/nurse/review', [Role.User], async (ctx, req) => {
    const input = await parseInput(NurseReviewInput, reviewBody(req.body));
    const review = await upsert(() => ctx.services.nurses.updateReview(ctx.em, ctx.user!, input), () => ctx.services.nurses.createReview(ctx.em, ctx.user!, input));
    return { success: true, review: toSpecReview(review), message: 'Review Added' };
  });

  route('post', '/new/hire/nurse', [Role.User], async (ctx, req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    // nursename, nursefees and nurseimage from the earlier client are ignored: the server prices the hire.
    const input = await parseInput(NurseHireInput, {
      nurseId: b.nurseId, patientGender: b.patientGender ?? b.patientgender, phone: b.phone, date: b.date, familyMemberId: b.familyMemberId,
    });
    const hire = await ctx.services.nurses.hire(ctx.em, ctx.user!, input);
    return { success: true, hireNurse: await toSpecHire(ctx, hire), message: 'Your nurse hire is placed' };
  }, { limitedIn: HIRE_LIMIT, idempotent: true });

  route('get', '/my/hire', [Role.User], async (ctx, req) => {
    const page = await ctx.services.nurses.myHires(ctx.em, ctx.user!, await parseInput(MyNurseHireArgs, req.query));
    return { success: true, hireNurse: await toSpecHires(ctx, page.items), resultPerPage: page.pageSize, hireCount: page.total };
  });

  route('put', '/my/hire/:id/cancel', [Role.User], async (ctx, req) => {
    const hire = await ctx.services.nurses.setHireStatus(ctx.em, ctx.user!, String(req.params.id), NurseHireStatus.Cancelled);
    return { success: true, hireNurse: await toSpecHire(ctx, hire) };
  }, { limitedIn: CANCEL_HIRE_LIMIT });

  route('get', '/admin/nurses', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.nurses.adminList(ctx.em, await parseInput(AdminPageArgs, req.query));
    return { success: true, Nurses: page.items.map((n) => toSpecNurse(n, ctx.user)), resultPerPage: page.pageSize, nurseCount: page.total };
  });

  route('post', '/create/nurse', [Role.Admin], async (ctx, req) => {
    const { input, images } = await nurseForm(ctx, req);
    return { success: true, nurse: toSpecNurse(await ctx.services.nurses.create(ctx.em, input, images), ctx.user), message: 'Create nurse Successful' };
  }, { pictures: true });

  route('put', '/nurse/:id', [Role.Admin], async (ctx, req) => {
    const { input, images } = await nurseForm(ctx, req, await ctx.services.nurses.get(ctx.em, String(req.params.id)));
    const nurse = await ctx.services.nurses.update(ctx.em, String(req.params.id), input, images);
    return { success: true, nurse: toSpecNurse(nurse, ctx.user), message: 'Update nurse Successful' };
  }, { pictures: true });

  route('delete', '/nurse/:id', [Role.Admin], async (ctx, req) => {
    const { cancelledHires } = await ctx.services.nurses.delete(ctx.em, String(req.params.id));
    return { success: true, cancelledHires, message: 'Nurse deleted' };
  });

  route('get', '/getall/hire/nurse', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.nurses.adminHires(ctx.em, await parseInput(NurseHireListArgs, req.query));
    return { success: true, hireNurses: await toSpecHires(ctx, page.items), resultPerPage: page.pageSize, appointmentCount: page.total };
  });

  route('put', '/admin/hire/nurse/:id', [Role.Admin], async (ctx, req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const raw = String(b.bookingStatus ?? b.status ?? '');
    const status = Object.values(NurseHireStatus).find((s) => s === raw);
    if (!status) {
      throw badInput(`bookingStatus must be one of ${Object.values(NurseHireStatus).join(', ')}`, { bookingStatus: 'Invalid choice' });
    }
    const hire = await ctx.services.nurses.setHireStatus(ctx.em, ctx.user!, String(req.params.id), status);
    return { success: true, hireNurse: await toSpecHire(ctx, hire), message: 'Appointments status updated' };
  });

  csvExport(route, 'nurses', AdminPageArgs, (ctx, args) => ctx.services.nurses.adminList(ctx.em, args), [
    { header: 'id', value: (n) => n.id }, { header: 'name', value: (n) => n.name }, { header: 'email', value: (n) => n.email },
    { header: 'gender', value: (n) => n.gender }, { header: 'location', value: (n) => n.location }, { header: 'degree', value: (n) => n.degree },
    { header: 'fee (BDT)', value: (n) => bdt(n.feePoisha) }, { header: 'reviews', value: (n) => n.reviewCount }, { header: 'added', value: (n) => n.createdAt },
  ]);
  csvExport(route, 'nurse-hires', NurseHireListArgs, (ctx, args) => ctx.services.nurses.adminHires(ctx.em, args), [
    { header: 'id', value: (h) => h.id }, { header: 'booked', value: (h) => h.createdAt }, { header: 'nurse', value: (h) => h.nurseName },
    { header: 'patient', value: (h) => h.user.getEntity().name },
    { header: 'for', value: (h) => h.familyMember?.getEntity().name ?? h.user.getEntity().name },
    { header: 'relation to account', value: (h) => h.familyMember?.getEntity().relation ?? 'self' }, { header: 'phone', value: (h) => h.phone }, { header: 'date', value: (h) => h.date },
    { header: 'fee (BDT)', value: (h) => bdt(h.feePoisha) }, { header: 'status', value: (h) => h.status },
  ]);
}
