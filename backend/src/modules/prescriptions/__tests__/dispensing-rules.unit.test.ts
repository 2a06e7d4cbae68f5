import { describe, expect, it } from '@jest/globals';
import {
  allowedOf, amountOf, courseOf, DispensingMeasure, MAX_VALID_DAYS, MIN_VALID_DAYS, perUnitOf, unitsAllowed, validUntilOf,
} from '../dispensing.rules.js';

/** The dispensing arithmetic, without the app: what a line allows and what an order may take of it. */
describe('the course a written line allows', () => {
  it.each([
    // the doctor's own number wins
    [{ dailyUse: '1+0+0', days: 3, quantity: '3 tablets' }, DispensingMeasure.Dose, 3],
    [{ dailyUse: '1+0+1', days: 7, quantity: '10' }, DispensingMeasure.Dose, 10],
    [{ dailyUse: '১+০+১', days: 7, quantity: '১৪টি' }, DispensingMeasure.Dose, 14],
    // packs when the number counts packs
    [{ dailyUse: '1+0+1', days: 30, quantity: '2 strips' }, DispensingMeasure.Pack, 2],
    [{ dailyUse: '2 tsp 3 times', days: 5, quantity: '১ বোতল' }, DispensingMeasure.Pack, 1],
    // daily use × days when the quantity names no number
    [{ dailyUse: '1+1+1', days: 5, quantity: 'as needed' }, DispensingMeasure.Dose, 15],
    [{ dailyUse: '1-0-1 after meals', days: 7, quantity: '-' }, DispensingMeasure.Dose, 14],
    [{ dailyUse: '0.5+0+0.5', days: 3, quantity: '' }, DispensingMeasure.Dose, 3],
    // nothing says how much: one pack for the course
    [{ dailyUse: 'apply on the rash', days: 7, quantity: 'a little' }, DispensingMeasure.Pack, 1],
  ])('%j → %s × %i', (line, measure, course) => {
    expect(courseOf(line)).toEqual({ measure, course });
  });

  it('multiplies by the refills', () => {
    expect(allowedOf(3, 0)).toBe(3);
    expect(allowedOf(14, 2)).toBe(42);
  });
});

describe('until when a line may be dispensed', () => {
  const issued = new Date('2026-11-01T04:00:00Z');
  const days = (d: Date) => Math.round((d.getTime() - issued.getTime()) / 86_400_000);

  it('is a month at least, for an acute course', () => {
    expect(days(validUntilOf(issued, 3, 0))).toBe(MIN_VALID_DAYS);
  });

  it('covers every refill back to back, with two weeks of grace', () => {
    expect(days(validUntilOf(issued, 30, 2))).toBe(30 * 3 + 14);
  });

  it('is a year at most', () => {
    expect(days(validUntilOf(issued, 90, 5))).toBe(MAX_VALID_DAYS);
  });
});

describe('what an order may take of a line', () => {
  it('counts a strip of 10 as 10 doses, a loose tablet as 1, an uncounted pack as the course', () => {
    expect(perUnitOf(DispensingMeasure.Dose, 15, 10)).toBe(10);
    expect(perUnitOf(DispensingMeasure.Dose, 15, 1)).toBe(1);
    expect(perUnitOf(DispensingMeasure.Dose, 15, null)).toBe(15);
    expect(perUnitOf(DispensingMeasure.Pack, 2, 10)).toBe(1);
  });

  it('allows the fewest whole units that cover what is left, never one more', () => {
    // "1+0+0 for 3 days", sold in strips of 10: one strip, not two.
    expect(unitsAllowed(3, 10)).toBe(1);
    // 15 doses left in strips of 10: two strips.
    expect(unitsAllowed(15, 10)).toBe(2);
    // loose tablets: exactly what is left
    expect(unitsAllowed(3, 1)).toBe(3);
    expect(unitsAllowed(0, 10)).toBe(0);
    expect(unitsAllowed(-2, 10)).toBe(0);
  });

  it('takes off the line what the units hold, or all that was left when the last unit covers more', () => {
    expect(amountOf(1, 10, 3)).toBe(3);
    expect(amountOf(1, 10, 15)).toBe(10);
    expect(amountOf(2, 10, 15)).toBe(15);
    expect(amountOf(3, 1, 3)).toBe(3);
  });

  it('never lets one prescription buy without limit: "1+0+0, 3 days, 3 tablets" in loose tablets is 3, then nothing', () => {
    const { course } = courseOf({ dailyUse: '1+0+0', days: 3, quantity: '3 tablets' });
    let remaining = allowedOf(course, 0);
    expect(unitsAllowed(remaining, 1)).toBe(3);
    remaining -= amountOf(3, 1, remaining);
    expect(unitsAllowed(remaining, 1)).toBe(0);
  });
});
