import { describe, expect, it } from 'vitest';
import { dateBounds, defaultDateRange, overlapsRange, portfoliosInRange, validateDateRange } from './date-range.ts';
import { eligible } from './fixtures.testing.ts';

describe('date bounds (portal-and-report 5)', () => {
  it('min is one day before the earliest first movement, max the earliest last check', () => {
    const selected = [eligible(1, '2024-03-01', '2024-12-31'), eligible(2, '2023-01-01', '2024-11-22')];
    expect(dateBounds(selected)).toEqual({ min: '2022-12-31', max: '2024-11-22' });
  });

  it('crosses month ends and leap days', () => {
    expect(dateBounds([eligible(1, '2024-03-01', '2024-06-30')])?.min).toBe('2024-02-29');
    expect(dateBounds([eligible(1, '2023-03-01', '2024-06-30')])?.min).toBe('2023-02-28');
    expect(dateBounds([eligible(1, '2024-01-01', '2024-06-30')])?.min).toBe('2023-12-31');
  });

  it('is null with no portfolio or with a first movement after the last check', () => {
    expect(dateBounds([])).toBeNull();
    expect(dateBounds([eligible(1, '2024-06-02', '2024-05-31')])).toBeNull();
    // A first movement on the day of the last check still leaves one day: min is the day before.
    expect(dateBounds([eligible(1, '2024-06-01', '2024-06-01')])).toEqual({ min: '2024-05-31', max: '2024-06-01' });
  });
});

describe('default range (portal-and-report 5)', () => {
  it("gives the spec's example: a first movement in the end year starts the day before it", () => {
    expect(defaultDateRange({ min: '2024-10-31', max: '2024-11-22' })).toEqual({
      start: '2024-10-31',
      end: '2024-11-22',
    });
  });

  it('starts on 31 December before the end year when the first movement is on or before it', () => {
    expect(defaultDateRange({ min: '2019-05-09', max: '2024-11-22' }).start).toBe('2023-12-31');
    // First movement 2023-12-31 (on that date): start 2023-12-31, not min 2023-12-30.
    expect(defaultDateRange({ min: '2023-12-30', max: '2024-11-22' }).start).toBe('2023-12-31');
    // First movement 2024-01-01: both rules give 2023-12-31.
    expect(defaultDateRange({ min: '2023-12-31', max: '2024-11-22' }).start).toBe('2023-12-31');
    // First movement 2024-01-02: the day before it.
    expect(defaultDateRange({ min: '2024-01-01', max: '2024-11-22' }).start).toBe('2024-01-01');
  });

  it('takes the end year from the last check, on 31 December too', () => {
    expect(defaultDateRange({ min: '2020-01-01', max: '2024-12-31' })).toEqual({
      start: '2023-12-31',
      end: '2024-12-31',
    });
    expect(defaultDateRange({ min: '2020-01-01', max: '2025-01-01' }).start).toBe('2024-12-31');
  });
});

describe('range validation (portal-and-report 5)', () => {
  const bounds = { min: '2023-12-31', max: '2024-11-22' };

  it('accepts the bounds themselves and start = end', () => {
    expect(validateDateRange({ start: '2023-12-31', end: '2024-11-22' }, bounds)).toEqual([]);
    expect(validateDateRange({ start: '2024-05-05', end: '2024-05-05' }, bounds)).toEqual([]);
  });

  it('requires both dates', () => {
    expect(validateDateRange({ start: null, end: '' }, bounds)).toEqual([
      { field: 'start', code: 'required' },
      { field: 'end', code: 'required' },
    ]);
  });

  it('refuses one day outside either bound', () => {
    expect(validateDateRange({ start: '2023-12-30', end: '2024-11-23' }, bounds)).toEqual([
      { field: 'start', code: 'before_min' },
      { field: 'end', code: 'after_max' },
    ]);
  });

  it('refuses a start after the end and a malformed date', () => {
    expect(validateDateRange({ start: '2024-05-06', end: '2024-05-05' }, bounds)).toEqual([
      { field: 'start', code: 'start_after_end' },
    ]);
    expect(validateDateRange({ start: '2024-02-30', end: '2024-05-05' }, bounds)).toEqual([
      { field: 'start', code: 'invalid_date' },
    ]);
  });

  it('is never valid without portfolios', () => {
    expect(validateDateRange({ start: '2024-01-01', end: '2024-02-01' }, null)).toEqual([
      { field: 'start', code: 'no_portfolios' },
    ]);
  });
});

describe('portfolios overlapping the range (start, end]', () => {
  it('counts a first movement on the end date, not the day after', () => {
    expect(overlapsRange(eligible(1, '2024-06-30', '2024-11-22'), '2023-12-31', '2024-06-30')).toBe(true);
    expect(overlapsRange(eligible(1, '2024-07-01', '2024-11-22'), '2023-12-31', '2024-06-30')).toBe(false);
  });

  it('needs a last check after the start', () => {
    expect(overlapsRange(eligible(1, '2020-01-01', '2024-01-01'), '2023-12-31', '2024-06-30')).toBe(true);
    expect(overlapsRange(eligible(1, '2020-01-01', '2023-12-31'), '2023-12-31', '2024-06-30')).toBe(false);
  });

  it('filters in the given order', () => {
    const list = [
      eligible(4, '2024-07-01', '2024-11-22'),
      eligible(2, '2022-01-01', '2024-11-22'),
      eligible(3, '2024-01-01', '2024-11-22'),
    ];
    expect(portfoliosInRange(list, '2023-12-31', '2024-06-30').map((p) => p.id)).toEqual([2, 3]);
  });
});
