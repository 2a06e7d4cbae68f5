import type { AuthUser } from '../../common/roles.js';
import type { Prescription } from './prescription.entity.js';
import { canReadPrescription } from './prescription.policy.js';

/**
 * Who reads a prescription, decided here once for every door: its patient, the doctor who wrote it
 * and admins (canReadPrescription); never an integrator app, whatever its scopes (a medical record:
 * a hospital's app reads its visits, not what was prescribed). GraphQL's `prescription` query, the
 * Appointment type's `prescription` field and the REST paths all ask this, through the service or
 * directly, so a door that shows a prescription inside another record cannot widen the rule.
 */
export interface PrescriptionReader {
  user: AuthUser | null;
  /** Set when an integrator app's key made the request. */
  integrator: unknown;
  /** The doctor profile of a doctor reader; null for anyone else. */
  doctorId: string | null;
}

export function seesPrescription(reader: PrescriptionReader, p: Prescription): boolean {
  if (reader.integrator || !reader.user) return false;
  return canReadPrescription(reader.user, p, reader.doctorId);
}
