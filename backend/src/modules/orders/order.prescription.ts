import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { badInput, notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { mayActFor } from '../accounts/index.js';
import { catalogueFor, lineNames, matchLine, unitsForCourse, type Medicine, type MedicineView } from '../medicines/index.js';
import { Prescription } from '../prescriptions/index.js';

/**
 * The pharmacy's rule, decided by the server whatever a client sends: a prescription-only medicine
 * leaves only with a prescription. Either a Nirog prescription of a patient this account may act for
 * that names the medicine (by brand, or by generic name at the strength written), or a photo of a
 * paper prescription, which a pharmacist checks before the order can be paid.
 */
export type PrescriptionProof =
  | { kind: 'none' }
  | { kind: 'nirog'; prescriptionId: string }
  | { kind: 'photo'; imageUrl: string };

/** The first prescription-only medicine of the cart a proof does not cover, or nothing. Throws the reason. */
export async function assertPrescriptionCovers(tx: EntityManager, actor: AuthUser, needing: Medicine[], proof: PrescriptionProof): Promise<void> {
  if (!needing.length || proof.kind === 'photo') return;
  if (proof.kind === 'none') {
    throw badInput(`${needing[0]!.name} is sold only with a prescription: attach your Nirog prescription or a photo of your prescription`,
      { prescription: 'Required' }, 'PRESCRIPTION_REQUIRED', { medicine: needing[0]!.name });
  }
  const prescription = isUuid(proof.prescriptionId) ? await tx.findOne(Prescription, { id: proof.prescriptionId }) : null;
  // Someone else's prescription is "not found", as everywhere.
  if (!prescription || !(await mayActFor(tx, actor, prescription.patient.id))) throw notFound('Prescription');
  const missing = needing.find((m) => !prescription.medicines.some((line) => lineNames(line.medname, m)));
  if (missing) {
    throw badInput(`The prescription does not list ${missing.name}`, { prescription: 'Does not list it' }, 'PRESCRIPTION_NOT_LISTED', { medicine: missing.name });
  }
}

export interface PrescriptionCartChoiceResult {
  medicine: MedicineView;
  /** Units of the catalogue for the course (days × daily use over the doses one unit holds). */
  quantity: number;
}

export interface PrescriptionCartLineResult {
  medname: string;
  dailyUse: string;
  days: number;
  prescribedQuantity: string;
  /** Exactly one medicine sold fits the line: it goes in the cart unless the patient skips it. */
  sure: boolean;
  /** The fitting medicines (the sure one alone), for the patient to choose from; empty when none is sold. */
  choices: PrescriptionCartChoiceResult[];
}

/**
 * "Order these medicines": every line of a prescription read against the catalogue on the server
 * (brand, generic, strength), with the units for the course. Nothing is put anywhere: the patient's
 * cart is filled by the patient's screen, after the patient confirms, and checkout still applies
 * every rule (prices, stock, the prescription itself).
 */
export async function prescriptionCart(em: EntityManager, actor: AuthUser, id: string, maxQuantity: number): Promise<{
  prescriptionId: string; doctorTitle: string; doctorName: string; issuedAt: Date; lines: PrescriptionCartLineResult[];
}> {
  const prescription = isUuid(id) ? await em.findOne(Prescription, { id }, { populate: ['doctor.user'] }) : null;
  if (!prescription || !(await mayActFor(em, actor, prescription.patient.id))) throw notFound('Prescription');
  const catalogue = await catalogueFor(em, prescription.medicines.map((l) => l.medname));
  const lines = prescription.medicines.map((line): PrescriptionCartLineResult => {
    const match = matchLine(line.medname, catalogue);
    return {
      medname: line.medname, dailyUse: line.dailyUse, days: line.days, prescribedQuantity: line.quantity, sure: !!match.sure,
      choices: match.choices.map((m) => ({ medicine: m, quantity: unitsForCourse(line, m.dosesPerUnit, maxQuantity) })),
    };
  });
  const doctor = prescription.doctor.getEntity();
  return { prescriptionId: prescription.id, doctorTitle: doctor.title, doctorName: doctor.user.getEntity().name, issuedAt: prescription.createdAt, lines };
}
