import { describe, expect, it } from 'vitest';
import { displayInterval } from './interval.ts';

describe('display interval by period length (portal-and-report 4)', () => {
  it('uses month ends for 12 months, the end being the last column', () => {
    const interval = displayInterval('2023-12-31', '2024-12-31');
    expect(interval.granularity).toBe('month');
    expect(interval.dates).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
    ]);
  });

  it('switches to quarters when the period meets a 13th month', () => {
    // (2023-12-30, 2024-12-31] holds 2023-12-31: December 2023 is a 13th month.
    expect(displayInterval('2023-12-30', '2024-12-31')).toEqual({
      granularity: 'quarter',
      dates: ['2023-12-31', '2024-03-31', '2024-06-30', '2024-09-30', '2024-12-31'],
      truncated: false,
    });
  });

  it('clamps the last column to the end date', () => {
    expect(displayInterval('2024-10-31', '2024-11-22').dates).toEqual(['2024-11-22']);
    expect(displayInterval('2023-12-31', '2024-03-15').dates).toEqual(['2024-01-31', '2024-02-29', '2024-03-15']);
    expect(displayInterval('2024-01-15', '2024-02-01').dates).toEqual(['2024-01-31', '2024-02-01']);
  });

  it('keeps 12 quarters, and goes to years at 13', () => {
    const twelve = displayInterval('2021-12-31', '2024-12-31');
    expect(twelve.granularity).toBe('quarter');
    expect(twelve.dates).toHaveLength(12);
    expect(displayInterval('2021-12-30', '2024-12-31')).toEqual({
      granularity: 'year',
      dates: ['2021-12-31', '2022-12-31', '2023-12-31', '2024-12-31'],
      truncated: false,
    });
  });

  it('keeps the last 12 years beyond 12', () => {
    const twelve = displayInterval('2012-12-31', '2024-11-22');
    expect(twelve.dates).toHaveLength(12);
    expect(twelve.truncated).toBe(false);
    const thirteen = displayInterval('2011-12-31', '2024-11-22');
    expect(thirteen.granularity).toBe('year');
    expect(thirteen.truncated).toBe(true);
    expect(thirteen.dates[0]).toBe('2013-12-31');
    expect(thirteen.dates.at(-1)).toBe('2024-11-22');
    expect(thirteen.dates).toHaveLength(12);
  });

  it('has no columns for an empty period', () => {
    expect(displayInterval('2024-05-05', '2024-05-05').dates).toEqual([]);
    expect(displayInterval('2024-05-06', '2024-05-05').dates).toEqual([]);
  });

  it('a one-day period is one column', () => {
    expect(displayInterval('2024-02-28', '2024-02-29')).toEqual({
      granularity: 'month',
      dates: ['2024-02-29'],
      truncated: false,
    });
  });
});
