import { MedicineForm, MedicineUnit, type MedicineImportRow } from '../medicines/index.js';
import type { SpecialityImportRow } from '../doctors/index.js';
import type { SheetRow } from './sheet.js';
import { asciiDigits } from '../../common/digits.js';
import { CatalogueKind, ImportProblemCode, type ImportProblem } from './catalogue-import.entity.js';

/**
 * A file's rows checked against what a medicine or a speciality must be, before anything is written:
 * every problem is named with its line, its column and the value found, and only a file without
 * problems is imported. Columns are found by their header (any case, spaces, `_` or `-`), in any
 * order; unknown columns are listed and left alone.
 */
interface Column<K extends string> {
  key: K;
  headers: string[];
  required: boolean;
  /** Longest value stored, in characters. */
  max?: number;
}

export const MEDICINE_COLUMNS: Column<keyof MedicineCells>[] = [
  { key: 'brand', headers: ['brand', 'brand name', 'name', 'medicine'], required: true, max: 120 },
  { key: 'generic', headers: ['generic', 'generic name'], required: true, max: 200 },
  { key: 'strength', headers: ['strength'], required: true, max: 60 },
  { key: 'form', headers: ['form', 'dosage form', 'type'], required: true },
  { key: 'company', headers: ['company', 'manufacturer'], required: true, max: 120 },
  { key: 'price', headers: ['price', 'price bdt', 'price (bdt)', 'unit price', 'mrp'], required: true },
  { key: 'prescription', headers: ['prescription only', 'prescription', 'rx'], required: false },
  { key: 'nameBn', headers: ['bangla name', 'name bn', 'brand bn', 'বাংলা নাম'], required: false, max: 120 },
  { key: 'unit', headers: ['unit'], required: false },
  { key: 'stock', headers: ['stock'], required: false },
  { key: 'description', headers: ['description'], required: false, max: 5000 },
];

export const SPECIALITY_COLUMNS: Column<keyof SpecialityCells>[] = [
  { key: 'title', headers: ['title', 'speciality', 'name'], required: true, max: 60 },
  { key: 'titleBn', headers: ['title bn', 'bangla title', 'bangla name', 'বাংলা নাম'], required: false, max: 60 },
  { key: 'sortOrder', headers: ['sort order', 'order', 'position'], required: false },
];

interface MedicineCells {
  brand: string; generic: string; strength: string; form: string; company: string; price: string;
  prescription: string; nameBn: string; unit: string; stock: string; description: string;
}
interface SpecialityCells { title: string; titleBn: string; sortOrder: string }

/** Most rows one file may hold (the CLI's and the screen's). */
export const MAX_IMPORT_ROWS = 50_000;
/** Problems kept and shown: the first ones, by line (the count is always exact). */
export const MAX_PROBLEMS_KEPT = 1000;

const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/[_\-\s]+/g, ' ');
const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

const FORM_ALIASES: Record<string, MedicineForm> = {
  tab: MedicineForm.Tablet, tabs: MedicineForm.Tablet, tablets: MedicineForm.Tablet, 'film coated tablet': MedicineForm.Tablet,
  cap: MedicineForm.Capsule, caps: MedicineForm.Capsule, capsules: MedicineForm.Capsule,
  syp: MedicineForm.Syrup, susp: MedicineForm.Suspension, inj: MedicineForm.Injection, oint: MedicineForm.Ointment,
  drop: MedicineForm.Drops, 'eye drops': MedicineForm.Drops, 'ear drops': MedicineForm.Drops, 'oral solution': MedicineForm.Solution,
  sol: MedicineForm.Solution, supp: MedicineForm.Suppository, inhalation: MedicineForm.Inhaler,
};
const FORMS = new Map(Object.values(MedicineForm).map((f) => [f.toLowerCase(), f]));
const UNITS = new Map<string, MedicineUnit>([['pcs', MedicineUnit.Pcs], ['piece', MedicineUnit.Pcs], ['pieces', MedicineUnit.Pcs], ['pc', MedicineUnit.Pcs],
  ['strip', MedicineUnit.Strip], ['strips', MedicineUnit.Strip], ['bottle', MedicineUnit.Bottle], ['bottles', MedicineUnit.Bottle]]);
const YES = new Set(['yes', 'y', 'true', '1', 'হ্যাঁ', 'rx']);
const NO = new Set(['', 'no', 'n', 'false', '0', 'না', 'otc']);

/** A pack is sold as a strip of tablets or capsules, a bottle of a liquid, else a piece. */
function defaultUnit(form: MedicineForm): MedicineUnit {
  if (form === MedicineForm.Tablet || form === MedicineForm.Capsule) return MedicineUnit.Strip;
  if ([MedicineForm.Syrup, MedicineForm.Suspension, MedicineForm.Solution, MedicineForm.Drops].includes(form)) return MedicineUnit.Bottle;
  return MedicineUnit.Pcs;
}

/** Taka as written ("12", "12.5", "12,50", "১২.৫০", "1,250.00", a spreadsheet's 12.499999999) → poisha, exactly. */
export function takaToPoisha(value: string): number | null {
  const written = asciiDigits(value).trim().replace(/^(৳|tk\.?|bdt)\s*/i, '');
  // "12,50" is a decimal comma (a semicolon CSV's locale); "1,250" groups thousands.
  const s = /^\d+,\d{1,2}$/.test(written) ? written.replace(',', '.') : written.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const [whole, fraction = ''] = s.split('.');
  if (fraction.length <= 2) return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  const poisha = Number(s) * 100;
  return Math.abs(poisha - Math.round(poisha)) < 1e-6 ? Math.round(poisha) : null;
}

function wholeNumber(value: string, min: number, max: number): number | null {
  const s = asciiDigits(value).trim().replace(/,/g, '');
  if (!/^\d+(\.0+)?$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

interface Parsed<T> {
  rows: T[];
  problems: ImportProblem[];
  problemCount: number;
  ignoredColumns: string[];
}

/**
 * Reads the header, then hands each row's cells to `each` with what the columns themselves found
 * (a required value missing, one too long: `bad`), so that a row's every problem is named at once.
 */
function withColumns<K extends string>(sheet: SheetRow[], columns: Column<K>[], each: (cells: Record<K, string>, line: number, problem: (column: K | null, code: ImportProblemCode, value?: string) => void, bad: boolean) => void): Omit<Parsed<never>, 'rows'> {
  const problems: ImportProblem[] = [];
  let problemCount = 0;
  const problem = (line: number, column: string | null, code: ImportProblemCode, value?: string) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS_KEPT) problems.push({ line, column, code, value: value === undefined ? null : clip(value) });
  };
  const [header, ...rows] = sheet;
  if (!header) {
    problem(1, null, ImportProblemCode.EMPTY_FILE);
    return { problems, problemCount, ignoredColumns: [] };
  }
  const at = new Map<K, number>();
  const ignoredColumns: string[] = [];
  header.cells.forEach((h, i) => {
    const name = normaliseHeader(h);
    const column = columns.find((c) => c.headers.includes(name) && !at.has(c.key));
    if (column) at.set(column.key, i);
    else if (name) ignoredColumns.push(h.trim());
  });
  for (const c of columns) if (c.required && !at.has(c.key)) problem(header.line, c.key, ImportProblemCode.MISSING_COLUMN);
  if (problemCount) return { problems, problemCount, ignoredColumns };
  if (rows.length === 0) problem(header.line, null, ImportProblemCode.EMPTY_FILE);
  if (rows.length > MAX_IMPORT_ROWS) {
    problem(rows[MAX_IMPORT_ROWS]!.line, null, ImportProblemCode.TOO_MANY_ROWS, String(rows.length));
    return { problems, problemCount, ignoredColumns };
  }
  for (const row of rows) {
    const cells = {} as Record<K, string>;
    let bad = false;
    for (const c of columns) {
      const i = at.get(c.key);
      const value = (i === undefined ? '' : row.cells[i] ?? '').trim().replace(/\s+/g, ' ');
      cells[c.key] = value;
      if (c.required && !value) {
        problem(row.line, c.key, ImportProblemCode.MISSING_VALUE);
        bad = true;
      } else if (c.max && value.length > c.max) {
        problem(row.line, c.key, ImportProblemCode.TOO_LONG, value);
        bad = true;
      }
    }
    each(cells, row.line, (column, code, value) => problem(row.line, column, code, value), bad);
  }
  return { problems, problemCount, ignoredColumns };
}

/** A medicine is the same medicine when brand, strength, form and company match, whatever the case or spacing. */
export const medicineKey = (r: Pick<MedicineImportRow, 'name' | 'strength' | 'form' | 'company'>) =>
  [r.name, r.strength, r.form, r.company].map((s) => s.toLowerCase()).join('|');

export function parseMedicines(sheet: SheetRow[]): Parsed<MedicineImportRow & { line: number }> {
  const rows: (MedicineImportRow & { line: number })[] = [];
  const seen = new Map<string, number>();
  const result = withColumns(sheet, MEDICINE_COLUMNS, (c, line, problem, bad) => {
    const form = FORMS.get(c.form.toLowerCase()) ?? FORM_ALIASES[c.form.toLowerCase()];
    const unit = c.unit ? UNITS.get(c.unit.toLowerCase()) : form && defaultUnit(form);
    const pricePoisha = takaToPoisha(c.price);
    const prescription = c.prescription.toLowerCase();
    const stock = c.stock ? wholeNumber(c.stock, 0, 1_000_000) : null;
    let ok = !bad;
    const fail = (column: keyof MedicineCells, code: ImportProblemCode, value: string) => {
      problem(column, code, value);
      ok = false;
    };
    if (!form && c.form) fail('form', ImportProblemCode.UNKNOWN_FORM, c.form);
    if (!unit && c.unit) fail('unit', ImportProblemCode.UNKNOWN_UNIT, c.unit);
    if (c.price && (pricePoisha === null || pricePoisha < 1 || pricePoisha > 10_000_000)) fail('price', ImportProblemCode.BAD_PRICE, c.price);
    if (!YES.has(prescription) && !NO.has(prescription)) fail('prescription', ImportProblemCode.BAD_YES_NO, c.prescription);
    if (c.stock && stock === null) fail('stock', ImportProblemCode.BAD_NUMBER, c.stock);
    if (!ok) return;
    const row = {
      line, name: c.brand, nameBn: c.nameBn, genericName: c.generic, strength: c.strength, form: form!, unit: unit!, company: c.company,
      pricePoisha: pricePoisha!, prescriptionRequired: YES.has(prescription), stock, description: c.description || null,
    };
    const key = medicineKey(row);
    const first = seen.get(key);
    if (first !== undefined) {
      problem('brand', ImportProblemCode.DUPLICATE_ROW, String(first));
      return;
    }
    seen.set(key, line);
    rows.push(row);
  });
  return { rows, ...result };
}

export const specialityKey = (title: string) => title.toLowerCase();

export function parseSpecialities(sheet: SheetRow[]): Parsed<SpecialityImportRow & { line: number }> {
  const rows: (SpecialityImportRow & { line: number })[] = [];
  const seen = new Map<string, number>();
  const result = withColumns(sheet, SPECIALITY_COLUMNS, (c, line, problem, bad) => {
    const sortOrder = c.sortOrder ? wholeNumber(c.sortOrder, 0, 10_000) : null;
    if (c.sortOrder && sortOrder === null) return problem('sortOrder', ImportProblemCode.BAD_NUMBER, c.sortOrder);
    if (bad) return;
    const first = seen.get(specialityKey(c.title));
    if (first !== undefined) return problem('title', ImportProblemCode.DUPLICATE_ROW, String(first));
    seen.set(specialityKey(c.title), line);
    rows.push({ line, title: c.title, titleBn: c.titleBn || null, sortOrder });
  });
  return { rows, ...result };
}

export function parseRows(kind: CatalogueKind, sheet: SheetRow[]) {
  return kind === CatalogueKind.Medicines ? parseMedicines(sheet) : parseSpecialities(sheet);
}
