import { Role, type AuthUser } from '../../common/roles.js';
import type { Prescription } from './prescription.entity.js';
import { careRecipient, type CareRecipient } from '../family/index.js';

/** Its patient, the doctor who wrote it, and admins read a prescription; nobody else. */
export function canReadPrescription(actor: AuthUser, p: Prescription, actorDoctorId: string | null): boolean {
  if (actor.role === Role.Admin) return true;
  if (actor.role === Role.User) return p.patient.id === actor.id;
  return actor.role === Role.Doctor && !!actorDoctorId && p.doctor.id === actorDoctorId;
}

/** Who it was written for, from the appointment it came from; patient and appointment must be loaded. */
export function careForOfPrescription(p: Prescription): CareRecipient {
  const a = p.appointment.isInitialized() ? p.appointment.getEntity() : null;
  return careRecipient({
    familyMemberId: p.familyMember?.id ?? null, name: p.patientName, relation: a?.patientRelation ?? null,
    accountName: p.patient.getEntity().name,
  });
}
