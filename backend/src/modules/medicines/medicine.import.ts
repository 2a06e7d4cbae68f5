import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { defaultDosesPerUnit, type MedicineForm, type MedicineUnit } from './medicine.entity.js';

/**
 * A catalogue file's medicine (modules/catalogue checks the file): the medicines module writes it.
 * A medicine is the same one when brand, strength, form and company match (any case), so a file
 * imported again updates what it named before and never adds it twice.
 */
export interface MedicineImportRow {
  name: string;
  /** '' leaves an existing Bangla name as it is. */
  nameBn: string;
  genericName: string;
  strength: string;
  form: MedicineForm;
  unit: MedicineUnit;
  company: string;
  pricePoisha: number;
  prescriptionRequired: boolean;
  /** Units on hand; null: a new medicine starts at 0, an existing one keeps its stock (the pharmacy's count). */
  stock: number | null;
  /** Null leaves an existing description as it is. */
  description: string | null;
}

const KEY = `lower(m.name) = lower(x.name) and lower(m.strength) = lower(x.strength) and m.form = x.form and lower(m.company) = lower(x.company)`;
const INPUT = `input as (select * from jsonb_to_recordset(?::jsonb) as x(i int, name text, name_bn text, generic_name text, strength text, form text,
  unit text, company text, price_poisha int, prescription_required boolean, stock int, description text, doses_per_unit int, id uuid))`;

function asInput(rows: MedicineImportRow[]): string {
  return JSON.stringify(rows.map((r, i) => ({
    i, name: r.name, name_bn: r.nameBn, generic_name: r.genericName, strength: r.strength, form: r.form, unit: r.unit, company: r.company,
    price_poisha: r.pricePoisha, prescription_required: r.prescriptionRequired, stock: r.stock, description: r.description,
    doses_per_unit: defaultDosesPerUnit(r.form, r.unit), id: randomUUID(),
  })));
}

/** How many of these rows name a medicine already in the catalogue (the dry run's "will update"). */
export async function countExistingMedicines(em: EntityManager, rows: MedicineImportRow[]): Promise<number> {
  let found = 0;
  for (let at = 0; at < rows.length; at += 2000) {
    const [row] = await em.execute<{ n: number | string }[]>(
      `with ${INPUT} select count(*) as n from input x where exists (select 1 from medicines m where ${KEY})`, [asInput(rows.slice(at, at + 2000))]);
    found += Number(row?.n ?? 0);
  }
  return found;
}

/**
 * Writes one batch on the caller's transaction: rows naming an existing medicine update it (brand,
 * strength and company as the file spells them, generic, unit, price, prescription rule; Bangla
 * name, stock and description when given), the rest are added (active, without a picture: the
 * screens draw a pack icon). Answers what was created, updated, and found already as the file says.
 */
export async function importMedicineBatch(em: EntityManager, rows: MedicineImportRow[]): Promise<{ created: number; updated: number; unchanged: number }> {
  const input = asInput(rows);
  const updated = await em.execute<{ i: number }[]>(
    `with ${INPUT}
     update medicines m set name = x.name, strength = x.strength, company = x.company, generic_name = x.generic_name, unit = x.unit,
       price_poisha = x.price_poisha, prescription_required = x.prescription_required,
       name_bn = case when x.name_bn <> '' then x.name_bn else m.name_bn end,
       stock = coalesce(x.stock, m.stock), description = coalesce(x.description, m.description), updated_at = now()
     from input x
     where ${KEY} and (m.name, m.strength, m.company, m.generic_name, m.unit, m.price_poisha, m.prescription_required, m.name_bn, m.stock, m.description)
       is distinct from (x.name, x.strength, x.company, x.generic_name, x.unit, x.price_poisha, x.prescription_required,
         case when x.name_bn <> '' then x.name_bn else m.name_bn end, coalesce(x.stock, m.stock), coalesce(x.description, m.description))
     returning x.i`, [input]);
  const created = await em.execute<{ id: string }[]>(
    `with ${INPUT}
     insert into medicines (id, name, name_bn, generic_name, strength, form, unit, company, price_poisha, prescription_required, stock, description, doses_per_unit)
     select x.id, x.name, x.name_bn, x.generic_name, x.strength, x.form, x.unit, x.company, x.price_poisha, x.prescription_required,
       coalesce(x.stock, 0), coalesce(x.description, ''), x.doses_per_unit
     from input x where not exists (select 1 from medicines m where ${KEY})
     returning id`, [input]);
  const changed = new Set(updated.map((r) => r.i)).size;
  return { created: created.length, updated: changed, unchanged: rows.length - changed - created.length };
}
