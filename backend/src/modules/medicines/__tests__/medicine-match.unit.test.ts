import { describe, expect, it } from '@jest/globals';
import { dailyDoses, lineNames, matchLine, parseLine, unitsForCourse } from '../medicine.match.js';
import type { MedicineView } from '../medicine.read.js';

/** Reading a prescription's free-text lines against the catalogue (pure functions; the SQL side is in prescription-orders.api.test.ts). */
let n = 0;
const med = (name: string, genericName: string, strength: string, extra: Partial<MedicineView> = {}) =>
  ({ id: `m${++n}`, name, genericName, strength, dosesPerUnit: 10, stock: 10, ...extra }) as MedicineView;

const catalogue = [
  med('Seclo', 'Omeprazole', '20 mg'), med('Seclo 40', 'Omeprazole', '40 mg'), med('Losectil', 'Omeprazole', '20 mg'),
  med('Napa', 'Paracetamol', '500 mg'), med('Napa Extra', 'Paracetamol + Caffeine', '500 mg + 65 mg'), med('Ace', 'Paracetamol', '500 mg'),
  med('Zimax', 'Azithromycin', '500 mg'), med('Cef-3', 'Cefixime', '200 mg'), med('Fexo', 'Fexofenadine', '120 mg'),
  med('Montene', 'Montelukast', '10 mg'), med('Monas', 'Montelukast', '10 mg'), med('Monas 5', 'Montelukast', '5 mg'),
];
const names = (xs: MedicineView[]) => xs.map((m) => m.name);

describe('matching a prescription line to the catalogue', () => {
  it.each([
    ['Napa 500 mg', 'Napa'],
    ['Tab. Napa 500mg', 'Napa'],
    ['Napa Extra', 'Napa Extra'],
    ['Seclo 20 mg', 'Seclo'],
    ['Seclo 40 mg', 'Seclo 40'],
    ['Seclo 40', 'Seclo 40'],
    ['cap seclo', 'Seclo'],
    ['Cef-3 200 mg', 'Cef-3'],
    ['Zimax 500 mg', 'Zimax'],
    ['Fexofenadine 120 mg', 'Fexo'],
  ])('%s is surely %s', (line, expected) => {
    const m = matchLine(line, catalogue);
    expect(m.sure?.name).toBe(expected);
    expect(names(m.choices)).toEqual([expected]);
  });

  it('offers every brand of a generic written by the doctor, at its strength, and decides none', () => {
    const m = matchLine('Montelukast 10 mg', catalogue);
    expect(m.sure).toBeNull();
    expect(names(m.choices).sort()).toEqual(['Monas', 'Montene']);
    expect(names(matchLine('Omeprazole 20 mg', catalogue).choices).sort()).toEqual(['Losectil', 'Seclo']);
  });

  it('is not sure of a brand at a strength it is not sold in, and shows what there is', () => {
    const m = matchLine('Zimax 250 mg', catalogue);
    expect(m.sure).toBeNull();
    expect(names(m.choices)).toEqual(['Zimax']);
  });

  it('finds nothing for a medicine the catalogue does not sell', () => {
    expect(matchLine('Vitamin C drops', catalogue)).toEqual({ sure: null, choices: [] });
    expect(matchLine('', catalogue)).toEqual({ sure: null, choices: [] });
  });

  it('reads Bangla digits in the strength', () => {
    expect(parseLine('Napa ৫০০ mg').strength).toBe('500');
    expect(matchLine('Napa ৫০০ mg', catalogue).sure?.name).toBe('Napa');
  });
});

describe('whether a prescription names a medicine (the checkout rule)', () => {
  const zimax = catalogue.find((m) => m.name === 'Zimax')!;
  it.each([
    ['Tab. Zimax 500 mg', true],
    ['Azithromycin 500 mg', true],
    ['Zimax', true],
    ['Zimax 250 mg', false],
    ['Cef-3 200 mg', false],
    ['Azithro', false],
  ])('%s names Zimax 500 mg: %s', (line, yes) => {
    expect(lineNames(line, zimax)).toBe(yes);
  });
});

describe('units for the course', () => {
  it.each([
    ['1+0+1', 2], ['1+1+1 after meals', 3], ['0+0+1', 1], ['1-0-1', 2], ['১+০+১', 2], ['1+1+1+1', 4], ['½', null], ['2 times daily', 2], ['as needed', null],
  ])('"%s" is %s doses a day', (text, doses) => {
    expect(dailyDoses(text)).toBe(doses);
  });

  it('is days × daily use over the doses of one unit, rounded up, within the limit', () => {
    expect(unitsForCourse({ dailyUse: '1+0+1', days: 7, quantity: '14 tablets' }, 10, 100)).toBe(2);
    expect(unitsForCourse({ dailyUse: '1+0+0', days: 3, quantity: '3 tablets' }, 6, 100)).toBe(1);
    expect(unitsForCourse({ dailyUse: '1+1+1', days: 30, quantity: '' }, 10, 100)).toBe(9);
    expect(unitsForCourse({ dailyUse: '1+1+1', days: 365, quantity: '' }, 1, 100)).toBe(100);
  });

  it("takes the doctor's count when the daily use says no number, and a whole pack when a unit lasts a course", () => {
    expect(unitsForCourse({ dailyUse: 'when needed', days: 5, quantity: '15 tablets' }, 10, 100)).toBe(2);
    expect(unitsForCourse({ dailyUse: '2 tsp 3 times daily', days: 5, quantity: '1 bottle' }, null, 100)).toBe(1);
    expect(unitsForCourse({ dailyUse: 'as needed', days: 5, quantity: '' }, 10, 100)).toBe(1);
  });
});
