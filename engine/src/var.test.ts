import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { DailyPoint } from './returns.ts';
import { normalQuantile, quantile, tradingDayReturns, VAR_MIN_OBSERVATIONS, valueAtRisk } from './var.ts';

describe('quantile (type 7, linear interpolation)', () => {
  test('worked example: [3, 1, 4, 2, 5] at 10% is 1.4', () => {
    // Sorted 1..5, h = (5 - 1) x 0.1 = 0.4: 1 + 0.4 x (2 - 1) = 1.4.
    expect(quantile([3, 1, 4, 2, 5], 0.1)).toBeCloseTo(1.4, 12);
    // h = 4 x 0.5 = 2: the median 3; h = 4 x 0.95 = 3.8: 4 + 0.8 = 4.8; the ends are the extremes.
    expect(quantile([3, 1, 4, 2, 5], 0.5)).toBe(3);
    expect(quantile([3, 1, 4, 2, 5], 0.95)).toBeCloseTo(4.8, 12);
    expect(quantile([3, 1, 4, 2, 5], 0)).toBe(1);
    expect(quantile([3, 1, 4, 2, 5], 1)).toBe(5);
  });
  test('bad input throws', () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
    expect(() => quantile([1], 1.5)).toThrow(RangeError);
  });
});

describe('normalQuantile', () => {
  test('worked example: the usual z values to 1e-14', () => {
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 14);
    expect(normalQuantile(0.99)).toBeCloseTo(2.3263478740408408, 14);
    expect(normalQuantile(0.1)).toBeCloseTo(-1.2815515655446004, 14);
    expect(normalQuantile(0.4)).toBeCloseTo(-0.2533471031357997, 14);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 14);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 13);
    expect(normalQuantile(0.5)).toBe(0);
  });
  test('the ends and outside', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(2)).toBeNaN();
  });
  test('property: symmetric and non-decreasing', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 0.5, noNaN: true }),
        fc.double({ min: 1e-6, max: 0.5, noNaN: true }),
        (p, q) => {
          expect(normalQuantile(p)).toBeCloseTo(-normalQuantile(1 - p), 8);
          if (p < q) expect(normalQuantile(p)).toBeLessThanOrEqual(normalQuantile(q));
        },
      ),
    );
  });
});

describe('valueAtRisk', () => {
  test('worked example (5 returns, minimum lowered to 5)', () => {
    // Returns sorted: -0.03, -0.01, 0, 0.01, 0.02; value 10,000.
    // Historical 95%: h = 4 x 0.05 = 0.2, Q = -0.03 + 0.2 x 0.02 = -0.026 -> 260.00 (2.60%);
    //   ten days 260 x sqrt(10) = 822.19 (8.22%).
    // Historical 99%: h = 0.04, Q = -0.03 + 0.04 x 0.02 = -0.0292 -> 292.00 (2.92%); 923.39 (9.23%).
    // Parametric: mean -0.002; squared deviations 0.000784 + 0.000064 + 0.000004 + 0.000144 + 0.000484 = 0.00148,
    //   sd = sqrt(0.00148 / 4) = 0.0192354.
    //   95%: 0.002 + 1.6448536 x 0.0192354 = 0.0336394 -> 336.39 (3.36%); x sqrt(10): 1063.77 (10.64%).
    //   99%: 0.002 + 2.3263479 x 0.0192354 = 0.0467482 -> 467.48 (4.67%); 1478.31 (14.78%).
    const result = valueAtRisk([0.01, -0.03, 0.02, 0, -0.01], 10_000, { minObservations: 5 });
    expect(result).toEqual({
      method: 'historical',
      observations: 5,
      minObservations: 5,
      confidence: [
        { level: 0.95, oneDay: 260, tenDay: 822.19, oneDayPercent: 2.6, tenDayPercent: 8.22 },
        { level: 0.99, oneDay: 292, tenDay: 923.39, oneDayPercent: 2.92, tenDayPercent: 9.23 },
      ],
      parametric: [
        { level: 0.95, oneDay: 336.39, tenDay: 1063.77, oneDayPercent: 3.36, tenDayPercent: 10.64 },
        { level: 0.99, oneDay: 467.48, tenDay: 1478.31, oneDayPercent: 4.67, tenDayPercent: 14.78 },
      ],
    });
  });

  test('one year of returns: -0.125, -0.124, ..., 0.124 on 100,000', () => {
    // 250 returns x_k = (k - 125) / 1000, k = 0..249.
    // Historical 95%: h = 249 x 0.05 = 12.45, Q = x_12 + 0.45 x 0.001 = -0.113 + 0.00045 = -0.11255 -> 11,255.00;
    //   ten days 11,255 x sqrt(10) = 35,591.44.
    // Historical 99%: h = 2.49, Q = -0.123 + 0.49 x 0.001 = -0.12251 -> 12,251.00; 38,741.06.
    // Parametric: mean -0.0005; sample variance of a grid of step 0.001 = n (n + 1) / 12 x 1e-6 = 250 x 251 / 12e6
    //   = 0.0052291667, sd 0.0723130. 95%: 0.0005 + 1.6448536 x 0.0723130 = 0.1194443 -> 11,944.43;
    //   99%: 0.0005 + 2.3263479 x 0.0723130 = 0.1687251 -> 16,872.51.
    const returns = Array.from({ length: 250 }, (_, k) => (k - 125) / 1000).reverse();
    const result = valueAtRisk(returns, 100_000);
    expect(result.reason).toBeUndefined();
    expect(result.observations).toBe(VAR_MIN_OBSERVATIONS);
    expect(result.confidence.map((c) => [c.oneDay, c.tenDay, c.oneDayPercent])).toEqual([
      [11255, 35591.44, 11.26],
      [12251, 38741.06, 12.25],
    ]);
    expect(result.parametric.map((c) => c.oneDay)).toEqual([11944.43, 16872.51]);
  });

  test('below the minimum number of observations there is no figure, and a reason', () => {
    const result = valueAtRisk(
      Array.from({ length: 249 }, () => 0.001),
      1000,
    );
    expect(result).toEqual({
      method: 'historical',
      observations: 249,
      minObservations: 250,
      confidence: [],
      parametric: [],
      reason: 'INSUFFICIENT_OBSERVATIONS',
    });
  });

  test('bad input throws', () => {
    expect(() => valueAtRisk([Number.NaN], 1)).toThrow(RangeError);
    expect(() => valueAtRisk([0.01], Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => valueAtRisk([0.01, 0.02], 1, { levels: [1], minObservations: 2 })).toThrow(RangeError);
  });

  test('property: 99% is at least 95%, the figures scale with the value, the order of days does not matter', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 20, maxLength: 300 }),
        fc.double({ min: 1000, max: 1e7, noNaN: true }),
        (returns, value) => {
          const a = valueAtRisk(returns, value, { minObservations: 20 });
          const [h95, h99] = a.confidence;
          const [p95, p99] = a.parametric;
          expect(h99!.oneDay).toBeGreaterThanOrEqual(h95!.oneDay);
          expect(p99!.oneDay).toBeGreaterThanOrEqual(p95!.oneDay);
          const doubled = valueAtRisk(returns, 2 * value, { minObservations: 20 });
          expect(doubled.confidence[0]!.oneDay).toBeCloseTo(2 * h95!.oneDay, 1);
          const reversed = valueAtRisk([...returns].reverse(), value, { minObservations: 20 });
          expect(reversed.confidence).toEqual(a.confidence);
        },
      ),
    );
  });
});

describe('tradingDayReturns', () => {
  const p = (date: string, value: number, inflow = 0, outflow = 0): DailyPoint => ({ date, value, inflow, outflow });

  test('worked example: the weekend is skipped, Monday covers Friday to Monday', () => {
    // Fri 2024-01-05 100; Sat a deposit of 1 -> 101; Sun 101; Mon 2024-01-08 99: Monday's 99 / 101 - 1 = -0.0198020.
    const returns = tradingDayReturns([
      p('2024-01-05', 100),
      p('2024-01-06', 101, 1),
      p('2024-01-07', 101),
      p('2024-01-08', 99),
    ]);
    expect(returns).toHaveLength(1);
    expect(returns[0]).toBeCloseTo(-0.019802, 6);
  });

  test('flows are not returns; an empty day is left out', () => {
    // Tue 2024-01-09 deposit 50: (149 + 0) / (99 + 50) - 1 = 0; Wed withdrawal 49 at the end: (100 + 49) / 149 - 1
    // = 0; Thu 0 then Fri: 0 / 0 is left out.
    const returns = tradingDayReturns([
      p('2024-01-08', 99),
      p('2024-01-09', 149, 50),
      p('2024-01-10', 100, 0, 49),
      p('2024-01-11', 0, 0, 100),
      p('2024-01-12', 0),
    ]);
    expect(returns).toEqual([0, 0, 0]);
  });
});
