import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  compareDates,
  daysBetween,
  daysInMonth,
  eachDay,
  endOfMonth,
  fromDayNumber,
  isLeapYear,
  quarterEnd,
  quarterOf,
  toDayNumber,
} from './calendar.ts';

describe('calendar: ISO dates as day numbers', () => {
  test('day numbers count from 1970-01-01', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(toDayNumber('1970-01-02')).toBe(1);
    expect(toDayNumber('2024-03-01') - toDayNumber('2024-02-28')).toBe(2); // 2024 is a leap year
    expect(toDayNumber('1969-12-31')).toBe(-1);
    // 2024-03-01: 54 years of which 13 leap (1972..2020) = 54 * 365 + 13 = 19723, plus Jan 31 + Feb 29 = 60 -> 19783.
    expect(toDayNumber('2024-03-01')).toBe(19783);
    expect(fromDayNumber(19783)).toBe('2024-03-01');
    expect(fromDayNumber(0)).toBe('1970-01-01');
  });

  test('agrees with Date.UTC on any day in four centuries (round trip)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -150_000, max: 150_000 }), (n) => {
        const iso = new Date(n * 86_400_000).toISOString().slice(0, 10);
        expect(fromDayNumber(n)).toBe(iso);
        expect(toDayNumber(iso)).toBe(n);
      }),
    );
  });

  test('rejects malformed dates', () => {
    expect(() => toDayNumber('2023-02-29')).toThrow(/invalid/);
    expect(() => toDayNumber('2024-13-01')).toThrow(/invalid/);
    expect(() => toDayNumber('2024/01/01')).toThrow(/invalid/);
    expect(() => toDayNumber('20240101')).toThrow(/invalid/);
    expect(() => toDayNumber('2024-0a-01')).toThrow(/invalid/);
    expect(() => toDayNumber('20x4-01-01')).toThrow(/invalid/);
    expect(() => toDayNumber('2024-01-0 ')).toThrow(/invalid/);
    expect(() => toDayNumber('2024-00-10')).toThrow(/invalid/);
  });

  test('leap years and month lengths', () => {
    expect([isLeapYear(2024), isLeapYear(1900), isLeapYear(2000), isLeapYear(2023)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });

  test('addDays and daysBetween', () => {
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
    // 2023-12-31 -> 2024-03-01: 31 days of January + 29 of February + 1 = 61.
    expect(daysBetween('2023-12-31', '2024-03-01')).toBe(61);
    expect(daysBetween('2024-03-01', '2023-12-31')).toBe(-61);
  });

  test('eachDay is inclusive, empty when reversed', () => {
    expect(eachDay('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(eachDay('2024-01-01', '2024-01-01')).toEqual(['2024-01-01']);
    expect(eachDay('2024-01-02', '2024-01-01')).toEqual([]);
    expect(eachDay('2023-01-01', '2023-12-31')).toHaveLength(365);
  });

  test('endOfMonth and addMonthsClamped clamp to the month end', () => {
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(endOfMonth('2023-02-10')).toBe('2023-02-28');
    expect(endOfMonth('2023-12-01')).toBe('2023-12-31');
    expect(addMonthsClamped('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsClamped('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonthsClamped('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonthsClamped('2023-11-15', 3)).toBe('2024-02-15');
    expect(addMonthsClamped('2024-01-15', -13)).toBe('2022-12-15');
    expect(addMonthsClamped('2024-05-31', 0)).toBe('2024-05-31');
  });

  test('quarters', () => {
    expect(quarterOf('2024-01-01')).toEqual({ year: 2024, quarter: 1 });
    expect(quarterOf('2024-05-31')).toEqual({ year: 2024, quarter: 2 });
    expect(quarterOf('2024-09-30')).toEqual({ year: 2024, quarter: 3 });
    expect(quarterOf('2024-12-31')).toEqual({ year: 2024, quarter: 4 });
    expect(quarterEnd(2024, 1)).toBe('2024-03-31');
    expect(quarterEnd(2024, 2)).toBe('2024-06-30');
    expect(quarterEnd(2024, 4)).toBe('2024-12-31');
    expect(() => quarterEnd(2024, 5)).toThrow(/quarter/);
  });

  test('compareDates sorts ISO dates chronologically', () => {
    expect(compareDates('2024-01-02', '2023-12-31')).toBeGreaterThan(0);
    expect(compareDates('2023-12-31', '2024-01-02')).toBeLessThan(0);
    expect(compareDates('2024-01-02', '2024-01-02')).toBe(0);
    expect(['2024-03-01', '2023-12-31', '2024-01-15'].sort(compareDates)).toEqual([
      '2023-12-31',
      '2024-01-15',
      '2024-03-01',
    ]);
  });
});
