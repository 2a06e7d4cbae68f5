import { Arg, Args, Ctx, Extensions, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { PRESCRIPTION_LIMIT } from './prescription.service.js';
import { LimitedIn } from '../../common/limits.js';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { Paginated } from '../../common/pagination.js';
import { DoctorView } from '../doctors/index.js';
import { doctorOf } from '../doctors/index.js';
import { MAX_MEDICINE_ROWS, MedicineLine, Prescription } from './prescription.entity.js';
import { DispensingLineView, nirogLedger } from './dispensing.read.js';
import { MyPrescriptionArgs, WritePrescriptionInput } from './prescription.inputs.js';
import { CareRecipient } from '../family/index.js';
import { Appointment } from '../appointments/index.js';
import { careForOfPrescription } from './prescription.policy.js';
import { seesPrescription } from './prescription.read.js';

@ObjectType()
export class PrescriptionPage extends Paginated(Prescription) {}

/** An appointment's prescription: prescriptions extend the Appointment type; appointments know nothing of them. */
@Resolver(() => Appointment)
export class AppointmentPrescriptionResolver {
  @FieldResolver(() => Prescription, { nullable: true, description: 'Never shown to integrator apps (a medical record)' })
  async prescription(@Root() a: Appointment, @Ctx() ctx: Context) {
    if (!a.prescription) return null;
    const p = await a.prescription.load();
    const reader = { user: ctx.user, integrator: ctx.integrator, doctorId: await ctx.services.appointments.doctorIdOf(ctx.em, ctx.user) };
    return p && seesPrescription(reader, p) ? p : null;
  }
}

@Resolver(() => Prescription)
export class PrescriptionResolver {
  @FieldResolver(() => DoctorView)
  doctor(@Root() p: Prescription, @Ctx() ctx: Context) {
    return doctorOf(ctx, p.doctor);
  }

  @FieldResolver(() => ID)
  appointmentId(@Root() p: Prescription) {
    return p.appointment.id;
  }

  @FieldResolver(() => CareRecipient, { description: 'Who it was written for: the account holder or one of their family members' })
  careFor(@Root() p: Prescription) {
    return careForOfPrescription(p);
  }

  @FieldResolver(() => [DispensingLineView], { description: 'Per line: what it allows (course, refills, validity), what was dispensed and what is left' })
  @Extensions({ listSize: MAX_MEDICINE_ROWS })
  dispensing(@Root() p: Prescription) {
    return nirogLedger(p.medicines, p.createdAt, p.drawnJson);
  }

  @FieldResolver(() => String, { description: 'GET with the token: the PDF (its patient, its doctor, admins)' })
  pdfPath(@Root() p: Prescription) {
    return `/api/prescription/${p.id}/pdf`;
  }

  @Mutation(() => Prescription, { description: 'Only the doctor of that appointment; at most 10 medicines' })
  @Allow(Role.Doctor)
  @LimitedIn(PRESCRIPTION_LIMIT)
  writePrescription(@Arg('input') input: WritePrescriptionInput, @Ctx() ctx: Context) {
    return ctx.services.prescriptions.write(ctx.em, ctx.user!, input);
  }

  @Query(() => PrescriptionPage, { description: "The patient's prescriptions, newest first" })
  @Allow(Role.User)
  myPrescriptions(@Args() args: MyPrescriptionArgs, @Ctx() ctx: Context) {
    return ctx.services.prescriptions.mine(ctx.em, ctx.user!, args);
  }

  @Query(() => Prescription)
  @Allow()
  prescription(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.prescriptions.get(ctx.em, ctx.user!, id);
  }
}

@Resolver(() => MedicineLine)
export class MedicineLineResolver {
  @FieldResolver(() => Int, { description: 'Refills the doctor granted (0: the course once)' })
  refills(@Root() line: MedicineLine) {
    return line.refills ?? 0;
  }
}
