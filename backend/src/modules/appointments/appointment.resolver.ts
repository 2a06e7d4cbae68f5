import { Arg, Args, Ctx, Extensions, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { BOOKING_LIMIT, START_LIMIT, STATUS_CHANGE_LIMIT } from './appointment.service.js';
import { LimitedIn } from '../../common/limits.js';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { Paginated } from '../../common/pagination.js';
import { localPhone } from '../../common/phone.js';
import { DoctorView } from '../doctors/index.js';
import { doctorOf } from '../doctors/index.js';
import { Appointment } from './appointment.entity.js';
import { AppointmentStatus, VisitSlot } from './appointment.enums.js';
import {
  AppointmentListArgs, AppointmentStatusInput, BookConsultationInput, BookHospitalVisitInput, HospitalSlotArgs, HospitalVisitArgs, MyAppointmentListArgs,
} from './appointment.inputs.js';
import { CareRecipient } from '../family/index.js';
import { careForOfAppointment } from './appointment.policy.js';
import { appointmentForViewer } from './appointment.read.js';
import { hospitalAppId, mayPay, mayStart, mayWritePrescription, nextAppointmentStatuses, noShowRefundAt } from './appointment.policy.js';
import { IntegratorScope, Scope } from '../../common/scopes.js';
import { PaymentProvider, REFUNDS_LIST_SIZE, RefundView } from '../payments/index.js';
import { Idempotent } from '../../common/idempotency.js';

@ObjectType()
export class AppointmentPage extends Paginated(Appointment) {}

@ObjectType()
export class HospitalSlotAvailability {
  @Field(() => VisitSlot)
  slot!: VisitSlot;

  @Field(() => Int)
  capacity!: number;

  @Field(() => Int)
  booked!: number;

  @Field(() => Int)
  available!: number;
}

@ObjectType()
export class ConsultationCheckout {
  @Field(() => Appointment)
  appointment!: Appointment;

  @Field({ description: 'Send the browser here (the provider or the sandbox gateway)' })
  paymentUrl!: string;

  @Field()
  tranId!: string;
}

@Resolver(() => Appointment)
export class AppointmentResolver {
  @FieldResolver(() => DoctorView)
  async doctor(@Root() a: Appointment, @Ctx() ctx: Context) {
    return doctorOf(ctx, a.doctor);
  }

  @FieldResolver(() => String, { description: "The patient's account email" })
  async patientEmail(@Root() a: Appointment) {
    return (await a.patient.load())!.email ?? '';
  }

  @FieldResolver(() => CareRecipient, { description: 'Who it is for: the account holder or one of their family members (name, age and gender are the booking\'s own fields)' })
  careFor(@Root() a: Appointment) {
    return careForOfAppointment(a);
  }

  @FieldResolver(() => String, { nullable: true })
  phone(@Root() a: Appointment) {
    return localPhone(a.phoneE164);
  }

  @FieldResolver(() => [AppointmentStatus], { description: 'The statuses the caller may move this appointment to now (the workflow, who the caller is, payment)' })
  async nextStatuses(@Root() a: Appointment, @Ctx() ctx: Context) {
    return nextAppointmentStatuses(ctx.user, a, await ctx.services.appointments.doctorIdOf(ctx.em, ctx.user));
  }

  @FieldResolver(() => Boolean, { description: 'The caller (the doctor of this appointment) may write its prescription now' })
  async canWritePrescription(@Root() a: Appointment, @Ctx() ctx: Context) {
    return mayWritePrescription(ctx.user, a, await ctx.services.appointments.doctorIdOf(ctx.em, ctx.user));
  }

  @FieldResolver(() => Boolean, { description: 'The caller (its patient) may pay for this consultation now' })
  canPay(@Root() a: Appointment, @Ctx() ctx: Context) {
    return mayPay(ctx.user, a);
  }

  @FieldResolver(() => [RefundView], { description: 'Money returned for this consultation (cancelled by its doctor or an admin, or never started): its patient and admins' })
  @Extensions({ listSize: REFUNDS_LIST_SIZE })
  refunds(@Root() a: Appointment, @Ctx() ctx: Context) {
    return appointmentForViewer(a, ctx.user, null).refunds;
  }

  @FieldResolver(() => Boolean, { description: 'The caller (its doctor) may start this consultation now (Start: then it is not refunded as a no-show)' })
  async canStart(@Root() a: Appointment, @Ctx() ctx: Context) {
    return mayStart(ctx.user, a, await ctx.services.appointments.doctorIdOf(ctx.em, ctx.user));
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description: 'A paid video consultation its doctor has not started by then is cancelled and its fee refunded by itself; null once started, or for anything else',
  })
  noShowRefundAt(@Root() a: Appointment, @Ctx() ctx: Context) {
    return noShowRefundAt(a, ctx.services.config.consultations.noShowMinutes);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The video room: the patient sees it once paid' })
  async meetingUrl(@Root() a: Appointment, @Ctx() ctx: Context) {
    return appointmentForViewer(a, ctx.user, await ctx.services.appointments.doctorIdOf(ctx.em, ctx.user)).meetingUrl;
  }

  @Mutation(() => Appointment, { description: 'Books a video consultation; pay for it next' })
  @Allow(Role.User)
  @LimitedIn(BOOKING_LIMIT)
  @Idempotent()
  bookConsultation(@Arg('input') input: BookConsultationInput, @Ctx() ctx: Context) {
    return ctx.services.appointments.bookConsultation(ctx.em, ctx.user!, input);
  }

  @Mutation(() => ConsultationCheckout, { description: "Opens a bKash or Nagad checkout for the patient's own unpaid consultation" })
  @Allow(Role.User)
  @Idempotent()
  async payForConsultation(
    @Arg('appointmentId', () => ID) appointmentId: string,
    @Arg('provider', () => PaymentProvider, { defaultValue: PaymentProvider.Bkash }) provider: PaymentProvider,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.appointments.startPayment(ctx.em, ctx.user!, appointmentId, provider, { ip: ctx.ip, origin: ctx.origin });
  }

  @Mutation(() => Appointment, { description: 'Books a hospital visit in a slot (paid at the hospital)' })
  @Allow(Role.User)
  @LimitedIn(BOOKING_LIMIT)
  @Idempotent()
  bookHospitalVisit(@Arg('input') input: BookHospitalVisitInput, @Ctx() ctx: Context) {
    return ctx.services.appointments.bookHospitalVisit(ctx.em, ctx.user!, input);
  }

  @Query(() => [HospitalSlotAvailability], { description: 'Places left per slot of a day' })
  @Allow()
  hospitalSlots(@Args() args: HospitalSlotArgs, @Ctx() ctx: Context) {
    return ctx.services.appointments.hospitalSlots(ctx.em, args.doctorId, args.date);
  }

  @Query(() => AppointmentPage, { description: "The patient's bookings, newest first" })
  @Allow(Role.User)
  myAppointments(@Args() args: MyAppointmentListArgs, @Ctx() ctx: Context) {
    return ctx.services.appointments.myAppointments(ctx.em, ctx.user!, args);
  }

  @Query(() => AppointmentPage, { description: "The doctor's consultations, newest first" })
  @Allow(Role.Doctor)
  doctorAppointments(@Args() args: AppointmentListArgs, @Ctx() ctx: Context) {
    return ctx.services.appointments.doctorAppointments(ctx.em, ctx.user!, args);
  }

  @Query(() => AppointmentPage)
  @Allow(Role.Admin)
  allAppointments(@Args() args: AppointmentListArgs, @Ctx() ctx: Context) {
    return ctx.services.appointments.adminList(ctx.em, args);
  }

  @Query(() => AppointmentPage, { description: "Hospital visits, newest first: for a hospital's integrator app (appointments:read), those of the doctors an admin linked to it; for admins, every hospital's (filtered by the work place doctors give, when `hospital` is set)" })
  @Allow(Role.Admin)
  @Scope(IntegratorScope.APPOINTMENTS_READ)
  async hospitalVisits(@Args() args: HospitalVisitArgs, @Ctx() ctx: Context) {
    const app = ctx.integrator;
    if (!app) return ctx.services.appointments.hospitalVisits(ctx.em, { work: args.hospital?.trim() || null }, args);
    const doctorIds = await ctx.services.integrators.hospitalDoctorIds(ctx.em, hospitalAppId(app));
    const page = await ctx.services.appointments.hospitalVisits(ctx.em, { doctorIds }, args);
    await ctx.services.audit.recordIntegratorRead(ctx.em, app, 'Appointment', page.items.map((a) => a.id), { hospital: app.organisationName });
    return page;
  }

  @Query(() => Appointment, { description: 'The patient, the doctor of it, or an admin' })
  @Allow()
  appointment(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.appointments.get(ctx.em, ctx.user!, id);
  }

  @Mutation(() => Appointment, { description: 'Its doctor starts a paid video consultation (opening the room); a paid one not started 15 minutes after payment is refunded' })
  @Allow(Role.Doctor)
  @LimitedIn(START_LIMIT)
  startConsultation(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.appointments.start(ctx.em, ctx.user!, id);
  }

  @Mutation(() => Appointment)
  @Allow()
  @LimitedIn(STATUS_CHANGE_LIMIT)
  changeAppointmentStatus(@Arg('id', () => ID) id: string, @Arg('input') input: AppointmentStatusInput, @Ctx() ctx: Context) {
    return ctx.services.appointments.changeStatus(ctx.em, ctx.user!, id, input.status);
  }
}
