// The charts' labels: a count (files, rows) reads as a whole number, without a symbol, abbreviated on the axis.
import { describe, expect, it } from 'vitest';
import { countAxis, formatAxis, formatValue } from './format.ts';

describe('the count format', () => {
  it('whole numbers in the locale, no symbol', () => {
    expect(formatValue(1234, 'count', 'it')).toBe('1.234');
    expect(formatValue(1234, 'count', 'en')).toBe('1,234');
    expect(formatValue(1234.5, 'money', 'it')).toBe('1.234,50 €');
  });
  it('abbreviated on the axis', () => {
    expect(formatAxis(1500000, 'count', 'it')).toBe('1,5M');
    expect(formatAxis(12, 'count', 'en')).toBe('12');
  });
});

describe('countAxis', () => {
  it('ticks whole numbers only, from 0, at most 5 steps of 1, 2 or 5 times a power of ten', () => {
    expect(countAxis(3)).toEqual({ min: 0, max: 3, tickAmount: 3 });
    expect(countAxis(0)).toEqual({ min: 0, max: 1, tickAmount: 1 });
    expect(countAxis(5)).toEqual({ min: 0, max: 5, tickAmount: 5 });
    expect(countAxis(7)).toEqual({ min: 0, max: 8, tickAmount: 4 });
    expect(countAxis(10)).toEqual({ min: 0, max: 10, tickAmount: 5 });
    expect(countAxis(23)).toEqual({ min: 0, max: 25, tickAmount: 5 });
    expect(countAxis(1234)).toEqual({ min: 0, max: 1500, tickAmount: 3 });
    for (const n of [1, 2, 4, 6, 9, 11, 49, 51, 99, 101, 999, 12_345, 1e6 + 1]) {
      const { max, tickAmount } = countAxis(n);
      expect(max).toBeGreaterThanOrEqual(n);
      expect(tickAmount).toBeLessThanOrEqual(5);
      expect(Number.isInteger(max / tickAmount)).toBe(true);
    }
  });
});
