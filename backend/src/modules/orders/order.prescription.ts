import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { badInput, notFound } from '../../common/errors.js';
import { catalogueFor, matchLine, unitsForCourse, type Medicine, type MedicineView } from '../medicines/index.js';
import { perUnitOf, unitsAllowed, type DispensingLineView, type DispensingService } from '../prescriptions/index.js';
import { Prescription } from '../prescriptions/index.js';

/**
 * The pharmacy's rule, decided by the server whatever a client sends: a prescription-only medicine
 * leaves only with a prescription, and only as much as the prescription still allows. Either a
 * prescription of a patient this account may act for (a Nirog one, or a paper one a pharmacist
 * recorded) whose lines name the medicine with enough left (the dispensing ledger), or a photo of a
 * paper prescription, which a pharmacist reads before the order can be paid.
 */
export type PrescriptionProof =
  | { kind: 'none' }
  | { kind: 'named'; prescriptionId: string }
  | { kind: 'photo'; imageUrl: string };

/** A prescription-only medicine with neither a prescription nor a photo: refused, naming the first. */
export function assertPrescriptionGiven(needing: Medicine[], proof: PrescriptionProof): void {
  if (needing.length && proof.kind === 'none') {
    throw badInput(`${needing[0]!.name} is sold only with a prescription: attach your Nirog prescription or a photo of your prescription`,
      { prescription: 'Required' }, 'PRESCRIPTION_REQUIRED', { medicine: needing[0]!.name });
  }
}

export interface PrescriptionCartChoiceResult {
  medicine: MedicineView;
  /** Units of the catalogue for the course (days × daily use over the doses one unit holds), within what is left. */
  quantity: number;
  /** Units the prescription still allows of it (0: used up or ended). */
  left: number;
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
  /** The line's ledger: what it allows, what was dispensed, what is left, until when. */
  dispensing: DispensingLineView;
}

/**
 * "Order these medicines": every line of a Nirog prescription read against the catalogue on the
 * server (brand, generic, strength), with the units for the course, never more than what is left.
 * Nothing is put anywhere: the patient's cart is filled by the patient's screen, after the patient
 * confirms, and checkout still applies every rule (prices, stock, the prescription and its ledger).
 * A paper prescription's lines name their medicine already (PaperPrescription.lines).
 */
export async function prescriptionCart(em: EntityManager, dispensing: DispensingService, actor: AuthUser, id: string, maxQuantity: number): Promise<{
  prescriptionId: string; doctorTitle: string; doctorName: string; issuedAt: Date; lines: PrescriptionCartLineResult[];
}> {
  const source = await dispensing.sourceFor(em, actor, id);
  if (source.kind !== 'nirog') throw notFound('Prescription');
  const [prescription, ledger] = await Promise.all([
    em.findOneOrFail(Prescription, { id: source.id }, { populate: ['doctor.user'] }),
    dispensing.linesOf(em, source),
  ]);
  const catalogue = await catalogueFor(em, prescription.medicines.map((l) => l.medname));
  const lines = prescription.medicines.map((line, i): PrescriptionCartLineResult => {
    const match = matchLine(line.medname, catalogue);
    const ledgerLine = ledger[i]!;
    return {
      medname: line.medname, dailyUse: line.dailyUse, days: line.days, prescribedQuantity: line.quantity, sure: !!match.sure, dispensing: ledgerLine,
      choices: match.choices.map((m) => {
        const left = ledgerLine.expired ? 0 : unitsAllowed(ledgerLine.remaining, perUnitOf(ledgerLine.measure, ledgerLine.course, m.dosesPerUnit));
        return { medicine: m, quantity: Math.min(unitsForCourse(line, m.dosesPerUnit, maxQuantity), left), left };
      }),
    };
  });
  const doctor = prescription.doctor.getEntity();
  return { prescriptionId: prescription.id, doctorTitle: doctor.title, doctorName: doctor.user.getEntity().name, issuedAt: prescription.createdAt, lines };
}
