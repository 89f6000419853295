import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addMonthsClamped } from './calendar.ts';
import {
  FLOWS_PER_YEAR,
  flowOccurrences,
  flowTotals,
  goalProbability,
  HUMAN_CAPITAL_DISCOUNT_RATE,
  humanCapital,
  type PlannedFlow,
  projectionYears,
  RETIREMENT_AGE,
  retirementFrom,
  yearlyNetFlows,
} from './planning.ts';
import { bandValue, type ProjectionInput, wealthProjection } from './projection.ts';
import { normalCdf, normalQuantile } from './var.ts';

const flow = (over: Partial<PlannedFlow>): PlannedFlow => ({
  direction: 'IN',
  amount: 1000,
  frequency: 'MONTHLY',
  startDate: '2024-01-31',
  endDate: null,
  growthRate: 0,
  ...over,
});
const dates = (f: PlannedFlow, from: string, to: string) => flowOccurrences(f, from, to).map((o) => o.date);

describe('flowOccurrences', () => {
  test('monthly from the 31st: each date from the start date, clamped to the month end, not carried over', () => {
    expect(dates(flow({}), '2024-01-30', '2024-05-31')).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
    ]);
  });

  test('the window is (from, to]: the start date itself is left out when from is the start date', () => {
    expect(dates(flow({}), '2024-01-31', '2024-03-31')).toEqual(['2024-02-29', '2024-03-31']);
    expect(dates(flow({}), '2024-01-31', '2024-03-30')).toEqual(['2024-02-29']);
    expect(flowOccurrences(flow({}), '2024-03-31', '2024-03-31')).toEqual([]);
    expect(flowOccurrences(flow({}), '2024-05-01', '2024-03-31')).toEqual([]);
  });

  test('growth steps on each anniversary of the start date, not before', () => {
    // 1,000 MONTHLY from 2024-01-31 at 2%: 1,000 through 2024-12-31, 1,020 from 2025-01-31, 1,040.40 from 2026-01-31.
    const f = flow({ growthRate: 0.02 });
    const o = flowOccurrences(f, '2024-11-30', '2026-02-28');
    expect(o[0]).toEqual({ date: '2024-12-31', amount: 1000 });
    expect(o[1]).toEqual({ date: '2025-01-31', amount: 1020 });
    expect(o[13]!.date).toBe('2026-01-31');
    expect(o[13]!.amount).toBeCloseTo(1040.4, 10);
    expect(o[12]).toEqual({ date: '2025-12-31', amount: 1020 });
    // A negative growth shrinks it the same way.
    expect(flowOccurrences(flow({ growthRate: -0.1 }), '2025-01-30', '2025-01-31')).toEqual([
      { date: '2025-01-31', amount: 900 },
    ]);
  });

  test('yearly from 29 February: 28 February in common years, the growth still once a year', () => {
    const f = flow({ frequency: 'YEARLY', startDate: '2024-02-29', growthRate: 0.1 });
    const o = flowOccurrences(f, '2024-01-01', '2028-12-31');
    expect(o.map((x) => x.date)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(o[1]!.amount).toBeCloseTo(1100, 9);
    expect(o[4]!.amount).toBeCloseTo(1464.1, 9);
  });

  test('quarterly and half-yearly steps; the end date is inclusive', () => {
    const q = flow({ frequency: 'QUARTERLY', startDate: '2024-01-15', endDate: '2024-07-15' });
    expect(dates(q, '2023-12-31', '2025-12-31')).toEqual(['2024-01-15', '2024-04-15', '2024-07-15']);
    expect(dates({ ...q, endDate: '2024-07-14' }, '2023-12-31', '2025-12-31')).toEqual(['2024-01-15', '2024-04-15']);
    const h = flow({ frequency: 'HALF_YEARLY', startDate: '2023-08-31' });
    expect(dates(h, '2023-08-31', '2025-03-01')).toEqual(['2024-02-29', '2024-08-31', '2025-02-28']);
    expect(FLOWS_PER_YEAR).toEqual({ MONTHLY: 12, QUARTERLY: 4, HALF_YEARLY: 2, YEARLY: 1 });
  });

  test('ONCE: only the start date, at the full amount whatever the growth', () => {
    const once = flow({ frequency: 'ONCE', startDate: '2026-03-31', growthRate: 0.5, direction: 'OUT' });
    expect(flowOccurrences(once, '2024-01-01', '2030-12-31')).toEqual([{ date: '2026-03-31', amount: -1000 }]);
    expect(flowOccurrences(once, '2026-03-31', '2030-12-31')).toEqual([]);
    expect(flowOccurrences(once, '2024-01-01', '2026-03-30')).toEqual([]);
    expect(flowOccurrences({ ...once, endDate: '2026-03-30' }, '2024-01-01', '2030-12-31')).toEqual([]);
  });

  test('weight multiplies every amount; OUT is negative; an end before the start gives nothing', () => {
    const f = flow({ direction: 'OUT', amount: 800, weight: 0.5, growthRate: 0.05 });
    expect(flowOccurrences(f, '2025-01-30', '2025-01-31')).toEqual([{ date: '2025-01-31', amount: -420 }]);
    expect(flowOccurrences(flow({ weight: 0 }), '2024-01-30', '2024-01-31')).toEqual([
      { date: '2024-01-31', amount: 0 },
    ]);
    expect(flowOccurrences(flow({ endDate: '2024-01-30' }), '2020-01-01', '2030-01-01')).toEqual([]);
  });

  test('a window decades after the start: the same dates and growth as counting from the start', () => {
    const f = flow({ startDate: '2000-01-31', growthRate: 0.01 });
    const o = flowOccurrences(f, '2030-01-31', '2030-03-31');
    expect(o.map((x) => x.date)).toEqual(['2030-02-28', '2030-03-31']);
    expect(o[0]!.amount).toBeCloseTo(1000 * 1.01 ** 30, 9);
    const all = flowOccurrences(f, '1999-12-31', '2030-03-31');
    expect(all.slice(-2)).toEqual(o);
    expect(all).toHaveLength(30 * 12 + 3);
  });

  test('bad input is a RangeError', () => {
    expect(() => flowOccurrences(flow({ amount: -1 }), '2024-01-01', '2025-01-01')).toThrow(RangeError);
    expect(() => flowOccurrences(flow({ growthRate: -1 }), '2024-01-01', '2025-01-01')).toThrow(RangeError);
    expect(() => flowOccurrences(flow({ weight: -1 }), '2024-01-01', '2025-01-01')).toThrow(RangeError);
    expect(() => flowOccurrences(flow({ frequency: 'DAILY' as never }), '2024-01-01', '2025-01-01')).toThrow(
      RangeError,
    );
  });
});

describe('flowTotals and yearlyNetFlows', () => {
  const salary = flow({ amount: 2000, startDate: '2024-01-15' });
  const expense = flow({ direction: 'OUT', amount: 500, frequency: 'QUARTERLY', startDate: '2024-01-15' });

  test('worked example: 2,000 a month in, 500 a quarter out, (2024-01-15, 2024-12-31]', () => {
    // Salaries 15 February to 15 December: 11 x 2,000; expenses 15 April, July, October: 3 x 500.
    expect(flowTotals([salary, expense], '2024-01-15', '2024-12-31')).toEqual({
      income: 22000,
      expense: 1500,
      net: 20500,
    });
    expect(flowTotals([], '2024-01-15', '2024-12-31')).toEqual({ income: 0, expense: 0, net: 0 });
  });

  test('rounded to the cent, net from the rounded income and expense', () => {
    const third = flow({ amount: 100 / 3, frequency: 'ONCE', startDate: '2024-02-01' });
    const sixth = flow({ amount: 100 / 6, direction: 'OUT', frequency: 'ONCE', startDate: '2024-02-01' });
    expect(flowTotals([third, sixth], '2024-01-01', '2024-12-31')).toEqual({
      income: 33.33,
      expense: 16.67,
      net: 16.66,
    });
  });

  test('yearly net flows: year k is (start + 12(k - 1) months, start + 12k months]', () => {
    // Year 1 (2024-01-15, 2025-01-15]: 12 salaries (24,000) and 4 expenses (2,000): 22,000. A bonus of 5,000 on
    // 2025-01-15 is year 1's last day; one on 2025-01-16 is year 2's.
    const bonus1 = flow({ amount: 5000, frequency: 'ONCE', startDate: '2025-01-15' });
    const bonus2 = flow({ amount: 5000, frequency: 'ONCE', startDate: '2025-01-16' });
    expect(yearlyNetFlows([salary, expense, bonus1, bonus2], '2024-01-15', 3)).toEqual([27000, 27000, 22000]);
    expect(yearlyNetFlows([salary], '2024-01-15', 0)).toEqual([]);
  });

  test('property: the yearly flows add up to the totals over the whole span', () => {
    const arbFlow = fc.record({
      direction: fc.constantFrom('IN' as const, 'OUT' as const),
      amount: fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100),
      frequency: fc.constantFrom('ONCE', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY') as fc.Arbitrary<
        PlannedFlow['frequency']
      >,
      startDate: fc
        .integer({ min: 0, max: 3000 })
        .map((d) => new Date(Date.UTC(2022, 0, 1 + d)).toISOString().slice(0, 10)),
      endDate: fc.constant(null),
      growthRate: fc.integer({ min: -20, max: 20 }).map((x) => x / 100),
    });
    fc.assert(
      fc.property(fc.array(arbFlow, { maxLength: 4 }), fc.integer({ min: 1, max: 8 }), (flows, years) => {
        const yearly = yearlyNetFlows(flows, '2024-02-29', years);
        const total = flowTotals(flows, '2024-02-29', addMonthsClamped('2024-02-29', 12 * years));
        const sum = yearly.reduce((s, x) => s + x, 0);
        expect(Math.abs(sum - total.net)).toBeLessThanOrEqual(0.005 * (years + 2) + 1e-9);
      }),
    );
  });
});

describe('humanCapital', () => {
  const salary = flow({ amount: 40_000, frequency: 'YEARLY', startDate: '2025-06-30', growthRate: 0.02 });
  const fees = flow({ direction: 'OUT', amount: 10_000, frequency: 'ONCE', startDate: '2026-03-31' });

  test('worked example: a growing yearly salary and a one-off expense to retirement, 3%', () => {
    // (2025-01-01, 2027-06-30]: 40,000 on 2025-06-30 (180 days), 40,800 on 2026-06-30 (545), 41,616 on 2027-06-30
    // (910, retirement day included), -10,000 on 2026-03-31 (454). Discount factors 1.03^(-d / 365):
    // 0.98552879, 0.95682406, 0.92895540, 0.96390138.
    // 39,421.15 + 39,038.42 + 38,659.41 - 9,639.01 = 107,479.97.
    expect(humanCapital([salary, fees], '2025-01-01', '2027-06-30', 0.03)).toEqual({
      value: 107479.97,
      income: 122416,
      expense: 10000,
      occurrences: 4,
    });
    const hand =
      40_000 * 1.03 ** (-180 / 365) +
      40_800 * 1.03 ** (-545 / 365) +
      41_616 * 1.03 ** (-910 / 365) -
      10_000 * 1.03 ** (-454 / 365);
    expect(hand).toBeCloseTo(107479.97, 2);
  });

  test('at 0% it is the undiscounted net; nothing after retirement; weights scale it', () => {
    expect(humanCapital([salary, fees], '2025-01-01', '2027-06-30', 0).value).toBe(112416);
    expect(humanCapital([salary, fees], '2025-01-01', '2027-06-29', 0.03).occurrences).toBe(3);
    expect(humanCapital([salary, fees], '2027-06-30', '2027-06-30', 0.03)).toEqual({
      value: 0,
      income: 0,
      expense: 0,
      occurrences: 0,
    });
    expect(humanCapital([salary, fees], '2030-01-01', '2027-06-30', 0.03).value).toBe(0);
    const half = humanCapital(
      [salary, fees].map((f) => ({ ...f, weight: 0.5 })),
      '2025-01-01',
      '2027-06-30',
      0.03,
    );
    expect(half.value).toBeCloseTo(107479.97 / 2, 2);
    expect(HUMAN_CAPITAL_DISCOUNT_RATE).toBe(0.03);
    expect(() => humanCapital([salary], '2025-01-01', '2027-06-30', -1)).toThrow(RangeError);
  });

  test('a higher discount rate gives a lower figure for income', () => {
    const low = humanCapital([salary], '2025-01-01', '2040-01-01', 0.01).value;
    const high = humanCapital([salary], '2025-01-01', '2040-01-01', 0.05).value;
    expect(high).toBeLessThan(low);
  });
});

describe('retirementFrom and projectionYears', () => {
  test('the 67th birthday, 29 February to 28 February', () => {
    expect(RETIREMENT_AGE).toBe(67);
    expect(retirementFrom('1980-05-12')).toBe('2047-05-12');
    expect(retirementFrom('1960-02-29')).toBe('2027-02-28');
    expect(retirementFrom('1952-02-29', 68)).toBe('2020-02-29');
    expect(retirementFrom('1970-01-01', 65)).toBe('2035-01-01');
    expect(() => retirementFrom('1970-01-01', -1)).toThrow(RangeError);
  });

  test('whole years on the anniversaries, the year in progress by its days', () => {
    expect(projectionYears('2024-05-31', '2024-05-31')).toBe(0);
    expect(projectionYears('2024-05-31', '2026-05-31')).toBe(2);
    expect(projectionYears('2024-05-31', '2026-11-30')).toBeCloseTo(2 + 183 / 365, 14);
    expect(projectionYears('2024-02-29', '2025-02-28')).toBe(1);
    expect(projectionYears('2024-02-29', '2024-08-29')).toBeCloseTo(182 / 365, 14);
    expect(projectionYears('2024-05-31', '2024-05-30')).toBeCloseTo(-1 / 366, 14);
  });
});

describe('goalProbability', () => {
  const equity: ProjectionInput = { startDate: '2024-05-31', values: { Equity: 100_000 } };

  test('worked example without flows: the lognormal closed form', () => {
    // drift = ln(1.07) - 0.16^2 / 2 = 0.0548586; t = 5; z* = (ln 1.5 - 5 x 0.0548586) / (0.16 sqrt 5) = 0.3666365;
    // probability = 1 - Φ(0.3666365) = 0.3569451; median = 100,000 exp(5 x 0.0548586) = 131,560.05.
    const r = goalProbability(equity, '2029-05-31', 150_000);
    const z = (Math.log(1.5) - 5 * (Math.log(1.07) - 0.0128)) / (0.16 * Math.sqrt(5));
    expect(z).toBeCloseTo(0.3666365, 7);
    expect(r.probability).toBeCloseTo(1 - normalCdf(z), 10);
    expect(r.probability).toBeCloseTo(0.3569451, 7);
    expect(r.median).toBe(131560.05);
    expect(r.years).toBe(5);
  });

  test('worked example with 5,000 a year saved, and the date between two projection dates', () => {
    const saving = { ...equity, yearlyFlows: 5000 };
    const r = goalProbability(saving, '2029-05-31', 150_000);
    expect(r.probability).toBeCloseTo(0.5740358, 7);
    expect(r.median).toBe(159543.15);
    // The band at the solution is the goal.
    expect(bandValue(saving, 5, normalQuantile(1 - r.probability))).toBeCloseTo(150_000, 4);
    const later = goalProbability(saving, '2029-11-30', 150_000);
    expect(later.years).toBeCloseTo(5 + 183 / 365, 14);
    expect(later.probability).toBeCloseTo(0.5999472, 7);
    expect(later.median).toBe(163992.2);
  });

  test("consistent with wealthProjection: the '90%', '60%' and '20%' bands are reached with those probabilities", () => {
    const input: ProjectionInput = {
      startDate: '2024-01-31',
      values: { Equity: 60_000, Bond: 30_000, realEstate: 250_000, cash: 10_000 },
      yearlyFlows: [12_000, 12_000, -30_000, 8_000, 8_000, 8_000],
      horizonYears: 6,
    };
    const p = wealthProjection(input);
    for (const t of [1, 3, 6]) {
      for (const [band, expected] of [
        ['90%', 0.9],
        ['60%', 0.6],
        ['20%', 0.2],
      ] as const) {
        const value = p.graph.find((g) => g.name === band)!.data[t]!;
        const r = goalProbability(input, p.dates[t]!, value);
        expect(Math.abs(r.probability - expected)).toBeLessThan(1e-6);
        expect(r.years).toBe(t);
      }
    }
  });

  test('property: the probability falls as the amount rises', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 1, max: 3650 }),
        fc.integer({ min: -5000, max: 20_000 }),
        (a, b, days, yearly) => {
          const input = { ...equity, values: { Equity: 80_000, Bond: 20_000 }, yearlyFlows: yearly };
          const target = new Date(Date.UTC(2024, 4, 31 + days)).toISOString().slice(0, 10);
          const pa = goalProbability(input, target, Math.min(a, b)).probability;
          const pb = goalProbability(input, target, Math.max(a, b)).probability;
          expect(pa).toBeGreaterThanOrEqual(pb);
          expect(pa).toBeLessThanOrEqual(1);
          expect(pb).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  test('edge cases: amount <= 0, a date not after the start, amounts out of reach', () => {
    expect(goalProbability(equity, '2030-01-01', 0)).toMatchObject({ probability: 1 });
    expect(goalProbability(equity, '2030-01-01', -5)).toMatchObject({ probability: 1 });
    expect(goalProbability(equity, '2024-05-31', 100_000)).toEqual({ probability: 1, median: 100000, years: 0 });
    expect(goalProbability(equity, '2024-01-01', 100_000.01)).toEqual({ probability: 0, median: 100000, years: 0 });
    expect(goalProbability(equity, '2025-05-31', 1e12).probability).toBe(0);
    expect(goalProbability(equity, '2025-05-31', 1).probability).toBe(1);
    // No wealth and no flows: nothing to reach a positive goal with.
    expect(goalProbability({ startDate: '2024-05-31', values: {} }, '2030-05-31', 1)).toEqual({
      probability: 0,
      median: 0,
      years: 6,
    });
    expect(() => goalProbability(equity, '2030-01-01', Number.NaN)).toThrow(RangeError);
  });

  test('negative flows: a band that falls again at low z counts as missing the goal there', () => {
    // 50 in a very volatile class, -60 at the end of year 1 and +100 at the end of year 2, goal 90 at year 2: the
    // band is 90 near z = -2 and again near z = 0.4 (it dips to about 87 in between and tends to 100 as z falls). The
    // probability is that of the upper region only: z* is the largest z with band(z) < 90.
    const input: ProjectionInput = {
      startDate: '2024-01-01',
      values: { Equity: 50 },
      yearlyFlows: [-60, 100],
      parameters: { Equity: { expectedReturn: 0.07, volatility: 0.5 } },
    };
    expect(bandValue(input, 2, -4)).toBeGreaterThan(90);
    expect(bandValue(input, 2, -0.5)).toBeLessThan(90);
    const r = goalProbability(input, '2026-01-01', 90);
    const z = normalQuantile(1 - r.probability);
    expect(z).toBeGreaterThan(0);
    expect(z).toBeLessThan(0.5);
    expect(bandValue(input, 2, z)).toBeCloseTo(90, 6);
    expect(bandValue(input, 2, z - 0.01)).toBeLessThan(90);
  });
});
