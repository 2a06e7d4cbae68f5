import { Role, type AuthUser } from '../../common/roles.js';
import type { Prescription } from './prescription.entity.js';

/** Its patient, the doctor who wrote it, and admins read a prescription; nobody else. */
export function canReadPrescription(actor: AuthUser, p: Prescription, actorDoctorId: string | null): boolean {
  if (actor.role === Role.Admin) return true;
  if (actor.role === Role.User) return p.patient.id === actor.id;
  return actor.role === Role.Doctor && !!actorDoctorId && p.doctor.id === actorDoctorId;
}
