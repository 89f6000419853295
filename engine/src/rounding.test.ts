import { describe, expect, test } from 'vitest';
import { percentReturn, round, roundMoney, roundPrice, roundQuantity } from './rounding.ts';

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
  test('numbers written with an exponent round too (they used to become 0 or NaN)', () => {
    // String(5e-7) is '5e-7': appending 'e8' gave '5e-7e8', not a number.
    expect(round(5e-7, 8)).toBe(5e-7);
    expect(round(-1.23456789e-7, 8)).toBe(-1.2e-7);
    expect(round(1.5e-9, 8)).toBe(0);
    expect(round(1e21, 2)).toBe(1e21);
    expect(round(2.5e22, 8)).toBe(2.5e22);
  });
  test('returns: percent points with 8 decimals, null without a meaningful rate', () => {
    // The README's TWR: 1.02 x 1,577 / 1,530 - 1 = 5.133333333...%: 8 decimals, not the 5.13 a page shows.
    expect(percentReturn(1.02 * (1577 / 1530) - 1)).toBe(5.13333333);
    // Two conventions 0.004 points apart no longer look equal.
    expect(percentReturn(0.0513333)).not.toBe(percentReturn(0.0513373));
    expect(percentReturn(1e-9)).toBe(1e-7);
    expect(percentReturn(-0.0000000051)).toBe(-5.1e-7);
    expect(percentReturn(Number.NaN)).toBeNull();
    expect(percentReturn(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
