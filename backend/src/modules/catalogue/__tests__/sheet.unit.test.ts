import { describe, expect, it } from '@jest/globals';
import { readCsv, readSheet, SheetError } from '../sheet.js';
import { parseMedicines, parseSpecialities, takaToPoisha } from '../catalogue.rows.js';
import { ImportProblemCode } from '../catalogue-import.entity.js';
import { writeXlsx } from '../../../../test/xlsx.js';

/** Catalogue files as people make them: Excel's CSV and XLSX, their quirks, and every row's problem named with its line. */
describe('reading a sheet', () => {
  it('reads CSV with quotes, commas and line breaks inside fields, a byte-order mark and CRLF, keeping each record\'s first line', () => {
    const rows = readCsv('\uFEFFbrand,description\r\n"Napa, 500","He said ""take two""\r\nat night"\r\n\r\nAce,plain\r\n');
    expect(rows).toEqual([
      { line: 1, cells: ['brand', 'description'] },
      { line: 2, cells: ['Napa, 500', 'He said "take two"\r\nat night'] },
      { line: 5, cells: ['Ace', 'plain'] },
    ]);
  });

  it('reads the semicolon CSV some Excel locales write', () => {
    expect(readCsv('brand;price\nNapa;12,50\n')).toEqual([{ line: 1, cells: ['brand', 'price'] }, { line: 2, cells: ['Napa', '12,50'] }]);
  });

  it('refuses a quoted field that never ends, and a binary file that is no spreadsheet', () => {
    expect(() => readCsv('brand\n"Napa\n')).toThrow(SheetError);
    expect(() => readSheet(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'x.csv')).toThrow(SheetError);
    expect(() => readSheet(Buffer.from('not a zip'), 'catalogue.xlsx')).toThrow(SheetError);
  });

  it('reads the first sheet of an XLSX, with shared and inline strings, numbers, gaps and Bangla, deflated or stored', () => {
    for (const opts of [{}, { inline: true, store: true }]) {
      const rows = readSheet(writeXlsx([['brand', 'price', 'bangla name'], ['Napa', 12.5, 'নাপা'], [null, null, null], ['Ace', null, 'এইস & co']], opts), 'c.xlsx');
      expect(rows).toEqual([
        { line: 1, cells: ['brand', 'price', 'bangla name'] },
        { line: 2, cells: ['Napa', '12.5', 'নাপা'] },
        { line: 4, cells: ['Ace', '', 'এইস & co'] },
      ]);
    }
  });

  it('refuses an XLSX entry that would inflate past its cap (a zip bomb)', () => {
    // 80 MB of sheet that deflates to a few kB.
    const bomb = writeXlsx([['brand'], ['Napa']], { raw: { 'xl/worksheets/sheet1.xml': Buffer.alloc(80 * 1024 * 1024, 32) } });
    expect(bomb.length).toBeLessThan(200_000);
    expect(() => readSheet(bomb, 'c.xlsx')).toThrow(/too large/);
  });
});

describe('checking medicine rows', () => {
  const sheet = (text: string) => readCsv(text);

  it('finds columns by header in any order and case, and lists the ones it does not read', () => {
    const r = parseMedicines(sheet('Company,PRICE,Brand_Name,Generic Name,strength,Dosage-Form,colour\nSquare,70,Seclo,Omeprazole,20 mg,cap,blue\n'));
    expect(r.problemCount).toBe(0);
    expect(r.ignoredColumns).toEqual(['colour']);
    expect(r.rows[0]).toMatchObject({ line: 2, name: 'Seclo', form: 'Capsule', unit: 'strip', pricePoisha: 7000, prescriptionRequired: false, stock: null, nameBn: '' });
  });

  it('names every problem of every row with its line and column, and keeps no row that has one', () => {
    const r = parseMedicines(sheet([
      'brand,generic,strength,form,company,price,prescription only,unit,stock',
      'Napa,Paracetamol,500 mg,Tablet,Beximco,12,no,strip,10',
      ',Paracetamol,500 mg,Pill,Beximco,abc,maybe,box,-1',
      'Ace,Paracetamol,500 mg,Tablet,Square,12.345,yes,,',
      'napa,paracetamol,500 MG,tablet,BEXIMCO,13,no,,',
    ].join('\n')));
    expect(r.rows.map((x) => x.line)).toEqual([2]);
    expect(r.problems).toEqual([
      { line: 3, column: 'brand', code: ImportProblemCode.MISSING_VALUE, value: null },
      { line: 3, column: 'form', code: ImportProblemCode.UNKNOWN_FORM, value: 'Pill' },
      { line: 3, column: 'unit', code: ImportProblemCode.UNKNOWN_UNIT, value: 'box' },
      { line: 3, column: 'price', code: ImportProblemCode.BAD_PRICE, value: 'abc' },
      { line: 3, column: 'prescription', code: ImportProblemCode.BAD_YES_NO, value: 'maybe' },
      { line: 3, column: 'stock', code: ImportProblemCode.BAD_NUMBER, value: '-1' },
      { line: 4, column: 'price', code: ImportProblemCode.BAD_PRICE, value: '12.345' },
      { line: 5, column: 'brand', code: ImportProblemCode.DUPLICATE_ROW, value: '2' },
    ]);
  });

  it('says which required column is missing, on the header line', () => {
    const r = parseMedicines(sheet('brand,generic,strength,form\nNapa,Paracetamol,500 mg,Tablet\n'));
    expect(r.problems).toEqual([
      { line: 1, column: 'company', code: ImportProblemCode.MISSING_COLUMN, value: null },
      { line: 1, column: 'price', code: ImportProblemCode.MISSING_COLUMN, value: null },
    ]);
    expect(parseMedicines(sheet('')).problems[0]?.code).toBe(ImportProblemCode.EMPTY_FILE);
  });

  it('turns taka into poisha exactly, as written or as a spreadsheet stores it', () => {
    expect(['12', '12.5', '12.50', '1,250.00', '৳ 35', 'Tk 9.99', '12.499999999999998', '0.1', '12,50', '১২.৫০'].map(takaToPoisha)).toEqual([1200, 1250, 1250, 125000, 3500, 999, 1250, 10, 1250, 1250]);
    expect(['12.345', 'twelve', '-5', ''].map(takaToPoisha)).toEqual([null, null, null, null]);
  });
});

describe('checking speciality rows', () => {
  it('reads titles in both languages and places, and names a bad place or a title given twice', () => {
    const r = parseSpecialities(readCsv('title,title bn,sort order\nPhysiotherapy,ফিজিওথেরাপি,\nNutrition,,x\nphysiotherapy,,3\n'));
    expect(r.rows).toEqual([{ line: 2, title: 'Physiotherapy', titleBn: 'ফিজিওথেরাপি', sortOrder: null }]);
    expect(r.problems.map((p) => [p.line, p.code])).toEqual([[3, ImportProblemCode.BAD_NUMBER], [4, ImportProblemCode.DUPLICATE_ROW]]);
  });
});
