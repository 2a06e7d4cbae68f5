import type { Request } from 'express';
import { BOOKING_LIMIT, STATUS_CHANGE_LIMIT } from './appointment.service.js';
import type { RouteFn } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { Role, type AuthUser } from '../../common/roles.js';
import type { Context } from '../../common/context.js';
import type { Appointment } from './appointment.entity.js';
import { AppointmentListArgs, AppointmentStatusInput, BookConsultationInput, BookHospitalVisitInput, HospitalSlotArgs, MyAppointmentListArgs } from './appointment.inputs.js';
import { careForOfAppointment } from './appointment.policy.js';
import { appointmentForViewer } from './appointment.read.js';
import { AppointmentPaymentStatus } from './appointment.enums.js';
import { prefixedPhone } from '../../common/rest.js';
import { pictureUrl } from '../../common/rest-images.js';
import { badInput } from '../../common/errors.js';
import { paymentChoice } from '../payments/index.js';
import { PaymentProvider } from '../payments/index.js';
import { bdt, csvExport } from '../../common/csv-export.js';

/** An appointment in the earlier app's flat shape; doctor.user and patient must be loaded. */
export function toSpecAppointment(a: Appointment, viewer: AuthUser | null, viewerDoctorId: string | null) {
  const d = a.doctor.getEntity();
  const du = d.user.getEntity();
  const p = a.patient.getEntity();
  const seen = appointmentForViewer(a, viewer, viewerDoctorId);
  return {
    _id: a.id,
    id: a.id,
    kind: a.kind,
    doctorId: d.id,
    doctortitle: d.title,
    doctorname: du.name,
    doctoremail: seen.doctorEmail,
    doctorfees: a.feePoisha / 100,
    feePoisha: a.feePoisha,
    doctorimage: pictureUrl(du.avatarUrl, 'doctor'),
    doctordegree: d.degree,
    doctorwork: d.work,
    patientname: a.patientName,
    patientemail: p.email ?? '',
    patientgender: a.patientGender ?? null,
    // The consultation form's own names, which the doctor's consultation list reads.
    name: a.patientName,
    gender: a.patientGender ?? null,
    age: a.age ?? null,
    weight: a.weight ?? null,
    height: a.height ?? null,
    problem: a.problem ?? null,
    phone: prefixedPhone(a.phoneE164),
    date: a.visitDate ?? a.createdAt.toISOString(),
    schedule: a.slot ?? null,
    url: seen.meetingUrl,
    bookingStatus: a.status,
    paymentStatus: a.paymentStatus,
    paidStatus: a.paymentStatus === AppointmentPaymentStatus.Paid,
    paidAt: a.paidAt ?? null,
    holdExpiresAt: a.holdExpiresAt ?? null,
    prescription: a.prescription?.id ?? null,
    user: p.id,
    // Who it is for (beside the spec's fields): a family member's id and what they are to the account holder.
    familyMemberId: a.familyMember?.id ?? null,
    relation: a.patientRelation ?? null,
    createdAt: a.createdAt,
    startedAt: a.startedAt ?? null,
    cancelReason: a.cancelReason ?? null,
    refunds: seen.refunds.map((r) => ({ _id: r.id, amount: r.amountPoisha / 100, amountPoisha: r.amountPoisha, status: r.status, reason: r.reason, createdAt: r.createdAt, completedAt: r.completedAt })),
  };
}

/** The method a booking or a pay call names; bKash when it names none (the earlier consultation form sends none). */
function providerFor(body: Record<string, unknown>): PaymentProvider {
  const { provider, unknown } = paymentChoice(body);
  if (unknown) throw badInput(`paymentMethod must be Bkash or Nagad, got ${unknown}`, { paymentMethod: 'Invalid choice' });
  return provider ?? PaymentProvider.Bkash;
}

/** POST /new/appointment carries either form; a slot (or the old `schedule`) means a hospital visit. */
function isHospitalBody(body: Record<string, unknown>) {
  return body.slot !== undefined || body.schedule !== undefined;
}

export function registerAppointmentRoutes(route: RouteFn): void {
  const spec = async (ctx: Context, list: Appointment[]) => {
    const doctorId = await ctx.services.appointments.doctorIdOf(ctx.em, ctx.user);
    return list.map((a) => toSpecAppointment(a, ctx.user, doctorId));
  };

  route('post', '/new/appointment', [Role.User], async (ctx, req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const doctorId = body.doctorId ?? body.doctor;
    const provider = providerFor(body);
    let appointment: Appointment;
    if (isHospitalBody(body)) {
      const input = await parseInput(BookHospitalVisitInput, {
        doctorId, patientName: body.patientName ?? body.patientname ?? body.name, phone: body.phone, date: body.date, slot: body.slot ?? body.schedule,
        familyMemberId: body.familyMemberId,
      });
      appointment = await ctx.services.appointments.bookHospitalVisit(ctx.em, ctx.user!, input);
    } else {
      const input = await parseInput(BookConsultationInput, { ...body, doctorId });
      appointment = await ctx.services.appointments.bookConsultation(ctx.em, ctx.user!, input);
    }
    // The earlier client goes straight to the url it gets back: for a video consultation that is the
    // checkout, by bKash unless the body names Nagad (the earlier form names none and paid by bKash).
    let url: string | null = null;
    let tranId: string | null = null;
    if (appointment.paymentStatus === AppointmentPaymentStatus.Unpaid) {
      ({ paymentUrl: url, tranId } = await ctx.services.appointments.startPayment(ctx.em, ctx.user!, appointment.id, provider, { ip: ctx.ip, origin: ctx.origin }));
    }
    const [shaped] = await spec(ctx, [appointment]);
    return {
      success: true, message: 'Your appointment placed', appointment: shaped,
      paymentRequired: appointment.paymentStatus === AppointmentPaymentStatus.Unpaid, url, tranId,
    };
  }, { limitedIn: BOOKING_LIMIT, idempotent: true });

  route('post', '/appointment/:id/pay', [Role.User], async (ctx, req) => {
    const provider = providerFor((req.body ?? {}) as Record<string, unknown>);
    const checkout = await ctx.services.appointments.startPayment(ctx.em, ctx.user!, String(req.params.id), provider, { ip: ctx.ip, origin: ctx.origin });
    return { success: true, url: checkout.paymentUrl, tranId: checkout.tranId };
  }, { idempotent: true });

  route('get', '/hospital/slots', 'authenticated', async (ctx, req) => {
    const args = await parseInput(HospitalSlotArgs, req.query);
    return { success: true, slots: await ctx.services.appointments.hospitalSlots(ctx.em, args.doctorId, args.date) };
  });

  route('get', '/mybooking', [Role.User], async (ctx, req) => {
    const page = await ctx.services.appointments.myAppointments(ctx.em, ctx.user!, await parseInput(MyAppointmentListArgs, req.query));
    return { success: true, appointment: await spec(ctx, page.items), appointmentCount: page.total, resultPerPage: page.pageSize };
  });

  route('get', '/single/doctor/appointment', [Role.Doctor], async (ctx, req) => {
    const page = await ctx.services.appointments.doctorAppointments(ctx.em, ctx.user!, await parseInput(AppointmentListArgs, req.query));
    return { success: true, appointment: await spec(ctx, page.items), appointmentCount: page.total, resultPerPage: page.pageSize };
  });

  route('get', '/getall/appointment', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.appointments.adminList(ctx.em, await parseInput(AppointmentListArgs, req.query));
    return { success: true, appointments: await spec(ctx, page.items), resultPerPage: page.pageSize, appointmentCount: page.total, page: page.page };
  });

  route('get', '/appointment/:id', 'authenticated', async (ctx, req) => {
    const a = await ctx.services.appointments.get(ctx.em, ctx.user!, String(req.params.id));
    return { success: true, appointment: (await spec(ctx, [a]))[0] };
  });

  // The earlier form also sent doctorname, patientname, patientemail: ignored, only the status moves.
  const changeStatus = async (ctx: Context, req: Request) => {
    const input = await parseInput(AppointmentStatusInput, { status: (req.body as Record<string, unknown>)?.bookingStatus ?? (req.body as Record<string, unknown>)?.status });
    const a = await ctx.services.appointments.changeStatus(ctx.em, ctx.user!, String(req.params.id), input.status);
    return { success: true, message: 'Appointments status updated', appointment: (await spec(ctx, [a]))[0] };
  };
  route('put', '/admin/appointment/:id', [Role.Admin], changeStatus);
  route('post', '/admin/appointment/:id', [Role.Admin], changeStatus);
  route('put', '/appointment/:id/status', 'authenticated', changeStatus, { limitedIn: STATUS_CHANGE_LIMIT });

  csvExport(route, 'appointments', AppointmentListArgs, (ctx, args) => ctx.services.appointments.adminList(ctx.em, args), [
    { header: 'id', value: (a) => a.id }, { header: 'booked', value: (a) => a.createdAt }, { header: 'kind', value: (a) => a.kind },
    { header: 'status', value: (a) => a.status }, { header: 'payment', value: (a) => a.paymentStatus }, { header: 'fee (BDT)', value: (a) => bdt(a.feePoisha) },
    { header: 'doctor', value: (a) => a.doctor.getEntity().user.getEntity().name }, { header: 'patient', value: (a) => a.patientName },
    { header: 'relation to account', value: (a) => careForOfAppointment(a).relation ?? 'self' }, { header: 'account', value: (a) => a.patient.getEntity().name },
    { header: 'visit date', value: (a) => a.visitDate }, { header: 'slot', value: (a) => a.slot },
  ]);
}
