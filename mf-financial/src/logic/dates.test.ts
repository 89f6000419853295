// Date rules of the financial context: the spec's default range, the reset after a deletion, the fee quarters.
import { describe, expect, test } from 'vitest';
import {
  addDays,
  addYears,
  defaultRange,
  feeRangeStart,
  isIsoDate,
  isValidRange,
  joinDateTime,
  rangeAfterDeletion,
  splitDateTime,
} from './dates.ts';

describe('default date range', () => {
  test('day before the start of the current year to today', () => {
    expect(defaultRange('2026-11-21')).toEqual({ from: '2025-12-31', to: '2026-11-21' });
    expect(defaultRange('2024-01-01')).toEqual({ from: '2023-12-31', to: '2024-01-01' });
  });
  test('valid ranges: real dates, from before to', () => {
    expect(isValidRange({ from: '2025-12-31', to: '2026-11-21' })).toBe(true);
    expect(isValidRange({ from: '2026-11-21', to: '2026-11-21' })).toBe(false);
    expect(isValidRange({ from: '2026-02-30', to: '2026-11-21' })).toBe(false);
    expect(isValidRange({ from: '2026-01-01' })).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
  });
});

describe('reset after the selected portfolio is deleted', () => {
  const today = '2026-11-21';
  test('an old first movement is clamped to the end of the previous year', () => {
    expect(rangeAfterDeletion('2024-01-02', today)).toEqual({ from: '2025-12-31', to: today });
  });
  test('a first movement this year opens the range the day before it', () => {
    expect(rangeAfterDeletion('2026-03-10', today)).toEqual({ from: '2026-03-09', to: today });
    expect(rangeAfterDeletion('2026-01-01', today)).toEqual({ from: '2025-12-31', to: today });
  });
  test('no first movement: the previous year end; a first movement today still leaves one day', () => {
    expect(rangeAfterDeletion(null, today)).toEqual({ from: '2025-12-31', to: today });
    expect(rangeAfterDeletion('2026-11-21', today)).toEqual({ from: '2026-11-20', to: today });
    expect(rangeAfterDeletion('2027-05-01', today)).toEqual({ from: '2026-11-20', to: today });
  });
});

describe('fee table range: start of the quarter three quarters back', () => {
  test.each([
    ['2026-11-21', '2026-01-01'],
    ['2026-12-31', '2026-01-01'],
    ['2026-02-10', '2025-04-01'],
    ['2026-04-01', '2025-07-01'],
    ['2026-09-30', '2025-10-01'],
  ])('%s -> %s', (to, from) => expect(feeRangeStart(to)).toBe(from));
});

describe('date arithmetic and date-times', () => {
  test('days and years', () => {
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2026-11-21', 5)).toBe('2031-11-21');
  });
  test("'YYYY-MM-DD HH:mm' both ways", () => {
    expect(joinDateTime('2026-11-21', '9:30')).toBeNull();
    expect(joinDateTime('2026-11-21', '09:30')).toBe('2026-11-21 09:30');
    expect(joinDateTime('2026-13-01', '09:30')).toBeNull();
    expect(splitDateTime('2026-11-21 09:30')).toEqual({ date: '2026-11-21', time: '09:30' });
    expect(splitDateTime('2026-11-21T09:30:00')).toEqual({ date: '2026-11-21', time: '09:30' });
    expect(splitDateTime(null)).toEqual({ date: '', time: '00:00' });
  });
});
