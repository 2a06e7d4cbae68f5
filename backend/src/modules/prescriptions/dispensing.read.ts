import { Extensions, Field, ID, Int, ObjectType } from 'type-graphql';
import { toDate } from '../../common/sql.js';
import { allowedOf, courseOf, DispensingMeasure, validUntilOf } from './dispensing.rules.js';

/** The most medicines a pharmacist records from one paper prescription. */
export const MAX_PAPER_LINES = 20;

/**
 * What one prescription line allows and what is taken of it, as its patient, the pharmacists, admins
 * and its doctor see it (on the prescription, and on each order line that drew on it). One mapper
 * for both kinds of prescription, whether anything was drawn yet or not.
 */
@ObjectType('DispensingLine')
export class DispensingLineView {
  @Field(() => Int, { description: 'Its place on the prescription, from 0' })
  lineNo!: number;

  @Field({ description: "As the doctor wrote it (a paper line: the medicine's name and strength)" })
  medname!: string;

  @Field(() => ID, { nullable: true, description: 'The one medicine a paper line allows; null for a Nirog line (its brand or generic names it)' })
  medicineId!: string | null;

  @Field(() => DispensingMeasure)
  measure!: DispensingMeasure;

  @Field(() => Int, { description: 'One course, in the measure' })
  course!: number;

  @Field(() => Int, { description: 'Refills the prescriber granted (0: the course once)' })
  refills!: number;

  @Field(() => Int, { description: 'course × (1 + refills)' })
  allowed!: number;

  @Field(() => Int, { description: 'Taken by paid orders' })
  dispensed!: number;

  @Field(() => Int, { description: 'Reserved by orders not paid yet (given back if they are not)' })
  held!: number;

  @Field(() => Int, { description: 'allowed − dispensed − held' })
  remaining!: number;

  @Field({ description: 'The last moment it may be dispensed' })
  validUntil!: Date;

  @Field({ description: 'Its validity has ended: nothing more is dispensed on it' })
  expired!: boolean;
}

@ObjectType('PaperPrescription')
export class PaperPrescriptionView {
  @Field(() => ID, { description: 'Name it as prescriptionId at checkout to order on it again (within what is left)' })
  id!: string;

  @Field({ description: 'When the pharmacist recorded it' })
  createdAt!: Date;

  @Field(() => ID, { description: 'The order whose photo it is' })
  orderId!: string;

  @Field()
  validUntil!: Date;

  @Field(() => [DispensingLineView])
  @Extensions({ listSize: MAX_PAPER_LINES })
  lines!: DispensingLineView[];
}

/** A dispensing_lines row (or its JSON), as the statements below give it. */
export interface DispensingLineRow {
  line_no: number; medname: string; medicine_id: string | null; measure: DispensingMeasure; course: number; refills: number;
  allowed: number; dispensed: number; held: number; valid_until: Date | string;
}

export function toDispensingLineView(r: DispensingLineRow, now = new Date()): DispensingLineView {
  const validUntil = toDate(r.valid_until);
  const [allowed, dispensed, held] = [Number(r.allowed), Number(r.dispensed), Number(r.held)];
  return Object.assign(new DispensingLineView(), {
    lineNo: Number(r.line_no), medname: r.medname, medicineId: r.medicine_id, measure: r.measure, course: Number(r.course),
    refills: Number(r.refills), allowed, dispensed, held, remaining: Math.max(0, allowed - dispensed - held), validUntil,
    expired: validUntil.getTime() <= now.getTime(),
  });
}

/** A written line of a Nirog prescription as the ledger's line: what it allows, nothing taken. */
export function writtenLineRow(
  line: { medname: string; dailyUse: string; days: number; quantity: string; refills?: number | null }, lineNo: number, issuedAt: Date,
): DispensingLineRow {
  const { measure, course } = courseOf(line);
  const refills = line.refills ?? 0;
  return {
    line_no: lineNo, medname: line.medname, medicine_id: null, measure, course, refills, allowed: allowedOf(course, refills),
    dispensed: 0, held: 0, valid_until: validUntilOf(issuedAt, line.days, refills),
  };
}

/** For a prescription's statement: what orders drew on each of its lines, as JSON (lines never drawn on have no row). */
export function PRESCRIPTION_DRAWN_JSON_SQL(prescriptionIdExpr: string): string {
  return `(select coalesce(json_agg(json_build_object('line_no', l.line_no, 'held', l.held, 'dispensed', l.dispensed)), '[]'::json)
    from dispensing_lines l where l.prescription_id = ${prescriptionIdExpr})`;
}

/** A Nirog prescription's ledger: each written line with what it allows, and what was drawn on it (PRESCRIPTION_DRAWN_JSON_SQL). */
export function nirogLedger(
  medicines: { medname: string; dailyUse: string; days: number; quantity: string; refills?: number | null }[], issuedAt: Date, drawnJson: unknown, now = new Date(),
): DispensingLineView[] {
  const drawn = (typeof drawnJson === 'string' ? JSON.parse(drawnJson) : drawnJson ?? []) as { line_no: number; held: number; dispensed: number }[];
  const byLine = new Map(drawn.map((d) => [Number(d.line_no), d]));
  return medicines.map((line, i) => {
    const row = writtenLineRow(line, i, issuedAt);
    const d = byLine.get(i);
    return toDispensingLineView(d ? { ...row, held: d.held, dispensed: d.dispensed } : row, now);
  });
}

const LINE_JSON = (l: string) => `json_build_object('line_no', ${l}.line_no, 'medname', ${l}.medname, 'medicine_id', ${l}.medicine_id,
  'measure', ${l}.measure, 'course', ${l}.course, 'refills', ${l}.refills, 'allowed', ${l}.allowed, 'dispensed', ${l}.dispensed,
  'held', ${l}.held, 'valid_until', ${l}.valid_until)`;

/**
 * For an order's statement: what each of its lines drew on (the medicine and the prescription line),
 * as JSON, so that a page of orders stays one statement. `orderIdExpr` is the order's id column.
 */
export function ORDER_DISPENSING_JSON_SQL(orderIdExpr: string): string {
  return `(select coalesce(json_agg(json_build_object('medicine_id', d.medicine_id, 'state', d.state, 'units', d.units, 'amount', d.amount,
    'line', ${LINE_JSON('l')}) order by d.created_at, d.id), '[]'::json)
    from dispensings d join dispensing_lines l on l.id = d.line_id where d.order_id = ${orderIdExpr} and d.state <> 'released')`;
}

/** For an order's statement: the paper prescription it drew on or that its photo became, with its lines, as JSON (or null). */
export function PAPER_PRESCRIPTION_JSON_SQL(paperIdExpr: string): string {
  return `(select json_build_object('id', pp.id, 'created_at', pp.created_at, 'order_id', pp.order_id, 'valid_until', pp.valid_until,
    'lines', (select coalesce(json_agg(${LINE_JSON('l')} order by l.line_no), '[]'::json) from dispensing_lines l where l.paper_prescription_id = pp.id))
    from paper_prescriptions pp where pp.id = ${paperIdExpr})`;
}

const parsed = <T>(value: unknown): T | null => (typeof value === 'string' ? JSON.parse(value) as T : (value as T | null) ?? null);

/** ORDER_DISPENSING_JSON_SQL's JSON → each medicine's prescription line (an order line draws on one). */
export function orderDispensingFromJson(value: unknown, now = new Date()): Map<string, DispensingLineView> {
  const rows = parsed<{ medicine_id: string; line: DispensingLineRow }[]>(value) ?? [];
  return new Map(rows.map((r) => [r.medicine_id, toDispensingLineView(r.line, now)]));
}

/** PAPER_PRESCRIPTION_JSON_SQL's JSON → the read model, or null. */
export function paperPrescriptionFromJson(value: unknown, now = new Date()): PaperPrescriptionView | null {
  const row = parsed<{ id: string; created_at: string; order_id: string; valid_until: string; lines: DispensingLineRow[] }>(value);
  if (!row) return null;
  return Object.assign(new PaperPrescriptionView(), {
    id: row.id, createdAt: toDate(row.created_at), orderId: row.order_id, validUntil: toDate(row.valid_until),
    lines: row.lines.map((l) => toDispensingLineView(l, now)),
  });
}
