import { inflateRawSync } from 'node:zlib';

/**
 * A spreadsheet's first sheet as rows of text cells, each with the line (CSV) or row number (XLSX)
 * the person who made the file sees, so that every problem can name it.
 *
 * CSV is RFC 4180 (quoted fields with commas, quotes and line breaks; a byte-order mark; `,` or `;`
 * as the separator, as Excel writes it in some locales). XLSX is read here rather than with a
 * spreadsheet package: the npm release of SheetJS is years behind its fixes, and ExcelJS brings a
 * tree of archive packages; a first sheet's text needs the zip's central directory, inflate (Node's
 * zlib, with a cap on what one entry may grow to) and three small XML files.
 */
export interface SheetRow {
  line: number;
  cells: string[];
}

export class SheetError extends Error {}

/** What one entry of an XLSX may inflate to: a guard against a zip bomb. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export function readSheet(data: Buffer, fileName: string): SheetRow[] {
  const isZip = data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
  if (isZip) return readXlsx(data);
  if (/\.xlsx?$/i.test(fileName)) throw new SheetError('not a readable XLSX file');
  if (data.includes(0)) throw new SheetError('not a text (CSV) file');
  return readCsv(data.toString('utf8'));
}

export function readCsv(text: string): SheetRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let touched = false;
  const endRow = () => {
    cells.push(cell);
    if (touched || cells.some((c) => c !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      touched = true;
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += ch;
  }
  if (quoted) throw new SheetError(`a quoted field that starts on line ${rowLine} never ends`);
  if (cell !== '' || cells.length) endRow();
  return rows;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i -= 1) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new SheetError('not a readable XLSX file (no zip directory)');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new SheetError('not a readable XLSX file (a broken zip directory)');
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    };
    entries.set(entry.name, entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function unzip(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.offset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) throw new SheetError('not a readable XLSX file (a broken zip entry)');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const raw = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new SheetError('not a readable XLSX file (an unknown compression)');
  try {
    return inflateRawSync(raw, { maxOutputLength: MAX_ENTRY_BYTES });
  } catch {
    throw new SheetError('not a readable XLSX file (an entry does not inflate, or is too large)');
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (s: string) => s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
  if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  return ENTITIES[e] ?? m;
});
/** The text of an <si> or <is>: its <t> runs joined (rich text has several; phonetic hints are left out). */
const runsText = (xml: string) => [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t\s*\/>/g)].map((m) => xmlText(m[1] ?? '')).join('');
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** "BC" → 54 (columns counted from 0). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of /^[A-Z]+/.exec(ref)?.[0] ?? 'A') n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function readXlsx(data: Buffer): SheetRow[] {
  const entries = zipEntries(data);
  const text = (name: string) => {
    const entry = entries.get(name);
    return entry ? unzip(data, entry).toString('utf8') : undefined;
  };
  const workbook = text('xl/workbook.xml');
  if (!workbook) throw new SheetError('not a readable XLSX file (no workbook)');
  const firstSheet = /<sheet\b[^>]*>/.exec(workbook)?.[0] ?? '';
  const relId = attribute(firstSheet, 'r:id');
  const rels = text('xl/_rels/workbook.xml.rels') ?? '';
  const rel = [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((r) => attribute(r, 'Id') === relId);
  const target = rel ? attribute(rel, 'Target')! : 'worksheets/sheet1.xml';
  const sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  const sheet = text(sheetPath);
  if (!sheet) throw new SheetError('not a readable XLSX file (no first sheet)');
  const shared = [...(text('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => runsText(m[1]!));
  const rows: SheetRow[] = [];
  for (const row of sheet.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    const line = Number(attribute(row[1]!, 'r') ?? rows.length + 1);
    const cells: string[] = [];
    for (const c of row[2]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1]!;
      const inner = c[2] ?? '';
      const ref = attribute(attrs, 'r');
      const index = ref ? columnIndex(ref) : cells.length;
      const type = attribute(attrs, 't');
      const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let value = '';
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = runsText(inner);
      else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
      else if (v !== undefined) value = xmlText(v);
      while (cells.length < index) cells.push('');
      cells[index] = value;
    }
    if (cells.some((x) => x.trim() !== '')) rows.push({ line, cells });
  }
  return rows;
}
