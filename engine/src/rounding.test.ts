import { describe, expect, test } from 'vitest';
import { round, roundMoney, roundPrice, roundQuantity } from './rounding.ts';

describe('rounding at the edges', () => {
  test('money keeps 2 decimals, half away from zero, despite binary representation', () => {
    // 1.005 and 2.675 are stored just below the half; a person rounds them up.
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(-0.125)).toBe(-0.13);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });
  test('quantities keep 3 decimals and prices 4', () => {
    expect(roundQuantity(10.12345)).toBe(10.123);
    expect(roundQuantity(0.0005)).toBe(0.001);
    expect(roundPrice(1234.56789)).toBe(1234.5679);
    expect(roundPrice(99.99995)).toBe(100);
  });
  test('large values, negative zero and non-finite values', () => {
    expect(round(123456789.125, 2)).toBe(123456789.13);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(round(Number.NaN, 2)).toBeNaN();
    expect(round(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
  });
});
