import type { AuditService } from '../audit/index.js';
import { randomInt } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import type { DomainEvents } from '../../common/events.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { isUuid } from '../../common/ids.js';
import { Appointment } from '../appointments/index.js';
import { acceptsPrescription } from '../appointments/index.js';
import type { AppointmentService } from '../appointments/index.js';
import { MAX_MEDICINE_ROWS, Prescription } from './prescription.entity.js';
import type { WritePrescriptionInput } from './prescription.inputs.js';
import { seesPrescription } from './prescription.read.js';
import { careForFilter } from '../family/index.js';
import type { MyPrescriptionArgs } from './prescription.inputs.js';

/** No 0/O or 1/I: read aloud over the phone by a pharmacist. */
/** How writing prescriptions is limited (its declared limit, common/limits.ts). */
export const PRESCRIPTION_LIMIT = 'the doctor of a confirmed appointment, once per appointment; mail only to its patient';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newVerificationCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

const POPULATE = ['doctor.user', 'patient', 'appointment'] as const;

export class PrescriptionService {
  constructor(private readonly appointments: AppointmentService, private readonly events: DomainEvents, private readonly audit?: AuditService) {}

  /**
   * Only the doctor of that appointment writes its prescription, once, for a consultation that is
   * Confirmed or Finished. Writing it finishes a Confirmed consultation (the meeting took place).
   */
  async write(em: EntityManager, actor: AuthUser, input: WritePrescriptionInput): Promise<Prescription> {
    if (input.medicines.length > MAX_MEDICINE_ROWS) {
      throw badInput(`At most ${MAX_MEDICINE_ROWS} medicines per prescription`, { medicines: 'Too many rows' }, 'TOO_MANY_MEDICINES', { max: MAX_MEDICINE_ROWS });
    }
    const doctorId = await this.appointments.doctorIdOf(em, actor);
    const written = await em.transactional(async (tx) => {
      // Another doctor's appointment is as unknown as a made-up one: the same query finds neither.
      const a = isUuid(input.appointmentId) && doctorId
        ? await tx.findOne(Appointment, { id: input.appointmentId, doctor: doctorId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      if (!a) throw notFound('Appointment');
      if (!acceptsPrescription(a)) throw conflict('A prescription can be written once the appointment is confirmed', 'NOT_CONFIRMED');
      if ((await tx.count(Prescription, { appointment: a.id })) > 0) {
        throw conflict('This appointment already has a prescription', 'PRESCRIPTION_EXISTS');
      }
      const p = tx.create(Prescription, {
        appointment: a, doctor: a.doctor, patient: a.patient, familyMember: a.familyMember ?? null,
        medicines: input.medicines.map((m) => ({ medname: m.medname.trim(), dailyUse: m.dailyUse.trim(), days: m.days, quantity: m.quantity.trim(), refills: m.refills ?? 0 })),
        medInfo: input.medInfo.trim(), doctorAdvice: input.doctorAdvice.trim(), followUp: input.followUp.trim(),
        // the vitals as the patient gave them at booking
        patientName: a.patientName, age: a.age ?? null, patientGender: a.patientGender ?? null,
        weight: a.weight ?? null, height: a.height ?? null, problem: a.problem ?? null,
        verificationCode: newVerificationCode(),
      });
      await tx.flush();
      await this.appointments.finishInTransaction(tx, a);
      await this.events.publish(tx, {
        type: 'prescription.written', prescriptionId: p.id, appointmentId: a.id, patientId: a.patient.id, doctorId: a.doctor.id,
      });
      return p;
    });
    return em.findOneOrFail(Prescription, written.id, { populate: POPULATE, refresh: true });
  }

  async get(em: EntityManager, actor: AuthUser, id: string): Promise<Prescription> {
    const p = isUuid(id) ? await em.findOne(Prescription, { id }, { populate: POPULATE }) : null;
    // An integrator app never reaches here: no scope opens the prescription reads (common/scopes.ts).
    if (!p || !seesPrescription({ user: actor, integrator: null, doctorId: await this.appointments.doctorIdOf(em, actor) }, p)) throw notFound('Prescription');
    await this.audit?.recordMedicalRead(em, actor, 'Prescription', p.id, p.patient.id);
    return p;
  }

  async mine(em: EntityManager, actor: AuthUser, args: MyPrescriptionArgs): Promise<PageResult<Prescription>> {
    const where: Record<string, unknown> = { patient: actor.id };
    if (args.careFor) where.familyMember = await careForFilter(em, actor.id, args.careFor);
    // The count needs no joins; the page brings doctor, patient and appointment in one query.
    const [items, total] = await Promise.all([
      em.find(Prescription, where, { populate: POPULATE, strategy: 'joined', orderBy: { createdAt: 'desc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args) }),
      em.count(Prescription, where),
    ]);
    return pageOf(items, total, args);
  }

  /** For the public verify page: nothing about the patient or the medicines. */
  async verify(em: EntityManager, code: string): Promise<Prescription | null> {
    const normalized = code.trim().toUpperCase();
    if (!/^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(normalized)) return null;
    return em.findOne(Prescription, { verificationCode: normalized }, { populate: ['doctor.user'] });
  }
}
