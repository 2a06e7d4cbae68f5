import type { EntityManager } from '@mikro-orm/sql';
import type { AuthUser } from '../../common/roles.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import type { DomainEvents } from '../../common/events.js';
import { isUuid } from '../../common/ids.js';
import { selectRows, SqlParams } from '../../common/sql.js';
import { mayActFor } from '../accounts/index.js';
import { lineNames, type Medicine } from '../medicines/index.js';
import { Prescription } from './prescription.entity.js';
import { Dispensing, DispensingLine, PaperPrescription } from './dispensing.entity.js';
import { amountOf, DispensingMeasure, MAX_REFILLS, perUnitOf, unitsAllowed } from './dispensing.rules.js';
import { nirogLedger, PRESCRIPTION_DRAWN_JSON_SQL, toDispensingLineView, writtenLineRow, type DispensingLineRow, type DispensingLineView } from './dispensing.read.js';

/** A prescription named at checkout: a Nirog one or a paper one a pharmacist recorded. */
export interface PrescriptionSource {
  kind: 'nirog' | 'paper';
  id: string;
  /** The account it belongs to. */
  patientId: string;
}

/** A prescription-only line of an order: the medicine and how many units of it. */
export interface DrawnLine {
  medicine: Pick<Medicine, 'id' | 'name' | 'genericName' | 'strength' | 'dosesPerUnit'>;
  units: number;
}

/** What a pharmacist read on a photo of a paper prescription (approved). */
export interface PaperReading {
  lines: { medicineId: string; quantity: number; refills: number }[];
  validUntil: Date;
  note?: string | null;
}

interface LockedLine extends DispensingLineRow { id: string }

const LINE_COLUMNS = 'id, line_no, medname, medicine_id, measure, course, refills, allowed, dispensed, held, valid_until';

/**
 * The dispensing ledger: what each prescription line allows, what unpaid orders hold of it, what paid
 * orders took. Orders hold at checkout (a paper prescription's at the pharmacist's approval), in the
 * checkout's transaction; the hold becomes dispensed when the order is paid and is given back when it
 * is cancelled (refused, abandoned, rejected, expired or refunded), each once, in the transaction of
 * that change (the order events below). The lines' rows are locked while an order draws on them and
 * the database refuses more than a line allows, so concurrent checkouts on any replica never take
 * the same tablets twice.
 */
export class DispensingService {
  constructor(events: DomainEvents) {
    events.on('order.paid', (tx, e) => this.dispense(tx, e.orderId));
    events.on('order.statusChanged', (tx, e) => (e.to === 'Cancelled' ? this.release(tx, e.orderId) : undefined));
  }

  /** The prescription an id names, if the actor may order on it; "not found" otherwise, as for a made-up id. */
  async sourceFor(em: EntityManager, actor: AuthUser, id: string): Promise<PrescriptionSource> {
    if (isUuid(id)) {
      const [row] = await em.getConnection().execute<{ kind: 'nirog' | 'paper'; patient_id: string }[]>(
        `select 'nirog' as kind, patient_id from prescriptions where id = ? union all select 'paper', patient_id from paper_prescriptions where id = ?`,
        [id, id], 'all', em.getTransactionContext());
      if (row && (await mayActFor(em, actor, row.patient_id))) return { kind: row.kind, id, patientId: row.patient_id };
    }
    throw notFound('Prescription');
  }

  /**
   * Holds what an order's prescription-only lines take of the prescription, or refuses the order:
   * PRESCRIPTION_NOT_LISTED when no line names a medicine, PRESCRIPTION_EXPIRED when the lines that do
   * have ended, PRESCRIPTION_QUANTITY_EXCEEDED (with the units still allowed) when they have less left.
   * Runs in the checkout's transaction; the order row is written in the same one.
   */
  async hold(tx: EntityManager, source: PrescriptionSource, orderId: string, drawn: DrawnLine[], now = new Date()): Promise<void> {
    if (!drawn.length) return;
    const lines = await this.lockLines(tx, source);
    for (const d of [...drawn].sort((a, b) => a.medicine.id.localeCompare(b.medicine.id))) {
      const naming = lines.filter((l) => (l.medicine_id ? l.medicine_id === d.medicine.id : lineNames(l.medname, d.medicine)));
      const m = d.medicine;
      if (!naming.length) {
        throw badInput(`The prescription does not list ${m.name}`, { prescription: 'Does not list it' }, 'PRESCRIPTION_NOT_LISTED', { medicine: m.name });
      }
      const valid = naming.filter((l) => new Date(l.valid_until).getTime() > now.getTime());
      if (!valid.length) {
        const last = new Date(Math.max(...naming.map((l) => new Date(l.valid_until).getTime())));
        throw conflict(`The prescription for ${m.name} was valid until ${last.toISOString().slice(0, 10)}`, 'PRESCRIPTION_EXPIRED',
          { medicine: m.name, medicineId: m.id, validUntil: last.toISOString() });
      }
      const left = (l: LockedLine) => unitsAllowed(l.allowed - l.dispensed - l.held, perUnitOf(l.measure, l.course, m.dosesPerUnit));
      const line = valid.find((l) => d.units <= left(l));
      if (!line) {
        const available = Math.max(...valid.map(left));
        throw conflict(available ? `The prescription allows ${available} more of ${m.name}` : `The prescription allows no more of ${m.name}`,
          'PRESCRIPTION_QUANTITY_EXCEEDED', { medicine: m.name, medicineId: m.id, available, ...(available ? {} : { kind: 'usedUp' }) });
      }
      const amount = amountOf(d.units, perUnitOf(line.measure, line.course, m.dosesPerUnit), line.allowed - line.dispensed - line.held);
      await tx.execute('update dispensing_lines set held = held + ?, updated_at = now() where id = ?', [amount, line.id]);
      line.held += amount;
      tx.create(Dispensing, { line: line.id, orderId, medicine: m.id, units: d.units, amount });
    }
    await tx.flush();
  }

  /** A paid order's holds become dispensed, once. */
  async dispense(tx: EntityManager, orderId: string): Promise<void> {
    const moved = await tx.execute<{ line_id: string; amount: number }[]>(
      `update dispensings set state = 'dispensed', updated_at = now() where order_id = ? and state = 'held' returning line_id, amount`, [orderId]);
    for (const m of [...moved].sort((a, b) => a.line_id.localeCompare(b.line_id))) {
      await tx.execute('update dispensing_lines set held = held - ?, dispensed = dispensed + ?, updated_at = now() where id = ?', [m.amount, m.amount, m.line_id]);
    }
  }

  /** A cancelled order gives back what it held or took, once. */
  async release(tx: EntityManager, orderId: string): Promise<void> {
    for (const state of ['held', 'dispensed'] as const) {
      const moved = await tx.execute<{ line_id: string; amount: number }[]>(
        `update dispensings set state = 'released', updated_at = now() where order_id = ? and state = ? returning line_id, amount`, [orderId, state]);
      for (const m of [...moved].sort((a, b) => a.line_id.localeCompare(b.line_id))) {
        await tx.execute(`update dispensing_lines set ${state} = ${state} - ?, updated_at = now() where id = ?`, [m.amount, m.line_id]);
      }
    }
  }

  /**
   * A pharmacist's reading of an order's photo: a paper prescription with its lines (one medicine
   * each, in the catalogue's units; `medicines` are the prescription-only medicines they name), on
   * which the order's prescription-only lines are held at once. Refused when the reading does not
   * cover the order (the pharmacist rejects it with a note then).
   */
  async recordPaper(tx: EntityManager, reviewer: AuthUser, order: { id: string; userId: string; familyMemberId: string | null },
    reading: PaperReading, drawn: DrawnLine[], medicines: Pick<Medicine, 'id' | 'name' | 'strength'>[], now = new Date()): Promise<PaperPrescription> {
    const byId = new Map(medicines.map((m) => [m.id, m]));
    const seen = new Set<string>();
    reading.lines.forEach((l, i) => {
      const m = byId.get(l.medicineId);
      if (!m) throw badInput('Choose a prescription-only medicine of the catalogue', { [`lines.${i}.medicineId`]: 'Unknown medicine' });
      if (seen.has(m.id)) throw badInput(`${m.name} is on the reading twice`, { [`lines.${i}.medicineId`]: 'Twice' });
      seen.add(m.id);
      if (!Number.isInteger(l.quantity) || l.quantity < 1) throw badInput('Enter how many the prescription allows', { [`lines.${i}.quantity`]: 'At least 1' });
      if (!Number.isInteger(l.refills) || l.refills < 0 || l.refills > MAX_REFILLS) {
        throw badInput(`Refills go from 0 to ${MAX_REFILLS}`, { [`lines.${i}.refills`]: `0 to ${MAX_REFILLS}` }, 'INVALID_INPUT', { max: MAX_REFILLS });
      }
    });
    if (reading.validUntil.getTime() <= now.getTime()) throw badInput('The prescription must still be valid', { validUntil: 'In the past' }, 'DATE_IN_PAST');
    const paper = tx.create(PaperPrescription, {
      patient: order.userId, familyMember: order.familyMemberId, orderId: order.id, reviewedBy: reviewer.id, validUntil: reading.validUntil,
      note: reading.note?.trim() || null,
    });
    reading.lines.forEach((l, lineNo) => {
      const m = byId.get(l.medicineId)!;
      tx.create(DispensingLine, {
        paperPrescription: paper, lineNo, medname: m.strength ? `${m.name} ${m.strength}` : m.name, medicine: m.id, measure: DispensingMeasure.Pack,
        course: l.quantity, refills: l.refills, allowed: l.quantity * (1 + l.refills), validUntil: reading.validUntil,
      });
    });
    await tx.flush();
    await this.hold(tx, { kind: 'paper', id: paper.id, patientId: order.userId }, order.id, drawn, now);
    return paper;
  }

  /**
   * How many units of each medicine the prescription still allows (the most its lines naming it
   * allow; 0 when none does or they have ended), for the cart's quote. Reads, holds nothing.
   */
  async unitsLeft(em: EntityManager, source: PrescriptionSource, medicines: Pick<Medicine, 'id' | 'name' | 'genericName' | 'strength' | 'dosesPerUnit'>[], now = new Date()): Promise<Map<string, number>> {
    const lines = await this.linesOf(em, source, now);
    return new Map(medicines.map((m) => {
      const naming = lines.filter((l) => !l.expired && (l.medicineId ? l.medicineId === m.id : lineNames(l.medname, m)));
      return [m.id, Math.max(0, ...naming.map((l) => unitsAllowed(l.remaining, perUnitOf(l.measure, l.course, m.dosesPerUnit))))];
    }));
  }

  /** Every line of a prescription with what is left of it. */
  async linesOf(em: EntityManager, source: PrescriptionSource, now = new Date()): Promise<DispensingLineView[]> {
    if (source.kind === 'paper') {
      const p = new SqlParams();
      const rows = await selectRows<DispensingLineRow>(em, `select ${LINE_COLUMNS} from dispensing_lines where paper_prescription_id = ${p.add(source.id)} order by line_no`, p);
      return rows.map((r) => toDispensingLineView(r, now));
    }
    return (await this.nirogLines(em, [source.id], now)).get(source.id) ?? [];
  }

  /**
   * The ledger of Nirog prescriptions by id, in one statement: each written line with what it allows,
   * and what was drawn on it (a line's row is written when an order first draws on it).
   */
  async nirogLines(em: EntityManager, ids: readonly string[], now = new Date()): Promise<Map<string, DispensingLineView[]>> {
    const out = new Map<string, DispensingLineView[]>();
    if (!ids.length) return out;
    const p = new SqlParams();
    const rows = await selectRows<{ id: string; created_at: Date | string; medicines: unknown; drawn: unknown }>(em,
      `select pr.id, pr.created_at, pr.medicines, ${PRESCRIPTION_DRAWN_JSON_SQL('pr.id')} as drawn
       from prescriptions pr where pr.id in (${ids.map((id) => p.add(id)).join(', ')})`, p);
    for (const r of rows) {
      const medicines = (typeof r.medicines === 'string' ? JSON.parse(r.medicines) : r.medicines) as Prescription['medicines'];
      out.set(r.id, nirogLedger(medicines, new Date(r.created_at), r.drawn, now));
    }
    return out;
  }

  /**
   * The lines of a prescription, locked for this transaction. A Nirog prescription's lines are
   * written from the prescription the first time an order draws on it (what a line allows is fixed
   * when it was written, so writing it later changes nothing).
   */
  private async lockLines(tx: EntityManager, source: PrescriptionSource): Promise<LockedLine[]> {
    if (source.kind === 'nirog') {
      const prescription = await tx.findOneOrFail(Prescription, source.id);
      const rows = prescription.medicines.map((line, i) => writtenLineRow(line, i, prescription.createdAt));
      for (const r of rows) {
        await tx.execute(`insert into dispensing_lines (id, created_at, updated_at, prescription_id, line_no, medname, measure, course, refills, allowed, held, dispensed, valid_until)
          values (gen_random_uuid(), now(), now(), ?, ?, ?, ?, ?, ?, ?, 0, 0, ?) on conflict (prescription_id, line_no) do nothing`,
        [source.id, r.line_no, r.medname.slice(0, 200), r.measure, r.course, r.refills, r.allowed, r.valid_until]);
      }
    }
    const column = source.kind === 'nirog' ? 'prescription_id' : 'paper_prescription_id';
    const rows = await tx.execute<LockedLine[]>(`select ${LINE_COLUMNS} from dispensing_lines where ${column} = ? order by line_no for update`, [source.id]);
    return rows.map((r) => ({ ...r, course: Number(r.course), refills: Number(r.refills), allowed: Number(r.allowed), dispensed: Number(r.dispensed), held: Number(r.held) }));
  }
}
