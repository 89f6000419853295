import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays } from './calendar.ts';
import {
  annualise,
  averageHolding,
  type DailyPoint,
  moneyWeightedReturn,
  timeWeightedReturn,
  xirr,
} from './returns.ts';

const point = (date: string, value: number, inflow = 0, outflow = 0): DailyPoint => ({ date, value, inflow, outflow });

describe('annualise', () => {
  test('worked example: 21% over two years is 10% a year; 5% over 182 days is 10.27956% a year', () => {
    // 1.21^(365/730) = 1.1; 1.05^(365/182) = 1.1027956.
    expect(annualise(0.21, 730)).toBeCloseTo(0.1, 12);
    expect(annualise(0.05, 182)).toBeCloseTo(0.1027956, 7);
  });
  test('a period of no days returns the cumulative figure; a total loss stays -100%', () => {
    expect(annualise(0.03, 0)).toBe(0.03);
    expect(annualise(-1, 100)).toBe(-1);
  });
});

describe('timeWeightedReturn (TTWROR)', () => {
  test('worked example: a deposit and a withdrawal do not count as return', () => {
    // 2024-01-02: deposit 500 at the start of the day, close 1530: r = 1530 / (1000 + 500) - 1 = 0.02.
    // 2024-01-03: withdrawal 200 at the end of the day, close 1377: r = (1377 + 200) / 1530 - 1 = 0.0307190.
    // Cumulative = 1.02 x 1.0307190 - 1 = 0.0513333; annualised over 2 days = 1.0513333^(365/2) - 1 = 9280.7369.
    const twr = timeWeightedReturn([
      point('2024-01-01', 1000),
      point('2024-01-02', 1530, 500),
      point('2024-01-03', 1377, 0, 200),
    ]);
    expect(twr.cumulative).toBeCloseTo(0.0513333, 7);
    expect(twr.series).toEqual([
      { date: '2024-01-01', cumulative: 0 },
      { date: '2024-01-02', cumulative: expect.closeTo(0.02, 12) },
      { date: '2024-01-03', cumulative: expect.closeTo(0.0513333, 7) },
    ]);
    expect(twr.annualised).toBeCloseTo(9280.7369, 3);
  });

  test('the flows of the opening day are ignored: the opening value is the close of the start day', () => {
    // Same as above with a 1000 deposit on the start day: nothing changes.
    const twr = timeWeightedReturn([point('2024-01-01', 1000, 1000), point('2024-01-02', 1100)]);
    expect(twr.cumulative).toBeCloseTo(0.1, 12);
  });

  test('a day with a zero denominator contributes 0 (an empty portfolio before its first deposit)', () => {
    // 2024-01-02 is empty (0 / 0): r = 0. 2024-01-03 deposit 100, close 110: r = 0.1. 2024-01-04 close 99: r = -0.1.
    // Cumulative = 1.1 x 0.9 - 1 = -0.01.
    const twr = timeWeightedReturn([
      point('2024-01-01', 0),
      point('2024-01-02', 0),
      point('2024-01-03', 110, 100),
      point('2024-01-04', 99),
    ]);
    expect(twr.series[1]!.cumulative).toBe(0);
    expect(twr.cumulative).toBeCloseTo(-0.01, 12);
  });

  test('a full sale on the last day: the proceeds are the outflow and the value is 0', () => {
    // 200 -> sold for 210 at the end of the day: r = (0 + 210) / 200 - 1 = 0.05.
    const twr = timeWeightedReturn([point('2024-03-01', 200), point('2024-03-02', 0, 0, 210)]);
    expect(twr.cumulative).toBeCloseTo(0.05, 12);
  });

  test('annualised over a whole year of 366 days', () => {
    // 2024 is a leap year: 2023-12-31 to 2024-12-31 is 366 days; 1.1^(365/366) - 1 = 0.0997136.
    const twr = timeWeightedReturn([point('2023-12-31', 100), point('2024-12-31', 110)]);
    expect(twr.annualised).toBeCloseTo(0.0997136, 7);
  });

  test('no points, one point', () => {
    expect(timeWeightedReturn([])).toEqual({ cumulative: 0, annualised: 0, series: [] });
    expect(timeWeightedReturn([point('2024-01-01', 5)])).toEqual({
      cumulative: 0,
      annualised: 0,
      series: [{ date: '2024-01-01', cumulative: 0 }],
    });
  });
});

describe('xirr', () => {
  test('worked example: -200 then +210 after 364 days', () => {
    // 200 (1 + r)^(364/365) = 210: r = 1.05^(365/364) - 1 = 0.0501407503.
    expect(
      xirr([
        { date: '2010-01-01', amount: -200 },
        { date: '2010-12-31', amount: 210 },
      ]),
    ).toBeCloseTo(0.0501407503, 9);
  });

  test('flows need not be sorted; the earliest date is the origin', () => {
    // -100 on 2021-01-01, +121 on 2023-01-01 (730 days): 1.21^(1/2) - 1 = 0.1.
    expect(
      xirr([
        { date: '2023-01-01', amount: 121 },
        { date: '2021-01-01', amount: -100 },
      ]),
    ).toBeCloseTo(0.1, 10);
  });

  test('a negative rate: -100 then +50 a year later is -50%', () => {
    expect(
      xirr([
        { date: '2021-01-01', amount: -100 },
        { date: '2022-01-01', amount: 50 },
      ]),
    ).toBeCloseTo(-0.5, 10);
  });

  test('NaN without a rate: one sign only, a single flow, or a net present value that never reaches 0', () => {
    expect(xirr([{ date: '2021-01-01', amount: -100 }])).toBeNaN();
    expect(
      xirr([
        { date: '2021-01-01', amount: -100 },
        { date: '2022-01-01', amount: -50 },
      ]),
    ).toBeNaN();
    // -100 + 300 x - 250 x^2 with x = 1 / (1 + r): discriminant 300^2 - 4 x 100 x 250 < 0, so no root.
    expect(
      xirr([
        { date: '2021-01-01', amount: -100 },
        { date: '2022-01-01', amount: 300 },
        { date: '2023-01-01', amount: -250 },
      ]),
    ).toBeNaN();
  });

  test('property: the rate found zeroes the net present value', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3650 }), fc.double({ min: -1, max: 1, noNaN: true })), {
          maxLength: 6,
        }),
        fc.integer({ min: 180, max: 3650 }),
        fc.double({ min: 0.25, max: 10, noNaN: true }),
        (invested, middle, endDay, multiple) => {
          // Middle flows up to the invested amount either way; the last flow 0.25 to 10 times it, at least 180 days
          // on, so that 1 + r keeps enough digits for this check in doubles.
          const flows = [
            { date: '2020-01-01', amount: -invested },
            ...middle.map(([d, share]) => ({ date: addDays('2020-01-01', d), amount: share * invested })),
            { date: addDays('2020-01-01', endDay), amount: multiple * invested },
          ];
          const r = xirr(flows);
          if (Number.isNaN(r)) return;
          expect(r).toBeGreaterThan(-1);
          let npv = 0;
          let size = 0;
          for (const f of flows) {
            const discount = (1 + r) ** -((Date.parse(f.date) - Date.parse('2020-01-01')) / 86_400_000 / 365);
            npv += f.amount * discount;
            size += Math.abs(f.amount) * discount;
          }
          expect(Math.abs(npv)).toBeLessThanOrEqual(1e-8 * size);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('property: a single investment and a single return solve in closed form', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.integer({ min: 1, max: 10_000 }),
        (amount, multiple, days) => {
          const r = xirr([
            { date: '2000-01-01', amount: -amount },
            { date: addDays('2000-01-01', days), amount: amount * multiple },
          ]);
          const expected = multiple ** (365 / days) - 1;
          expect(Math.abs(r - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
        },
      ),
    );
  });
});

describe('moneyWeightedReturn', () => {
  test('worked example: a deposit half-way through the year', () => {
    // Flows: -1000 on 2023-01-01, -1000 on 2023-07-02 (182 days later), +2100 on 2024-01-01 (365 days).
    // 1000 (1 + r) + 1000 (1 + r)^(183/365) = 2100 gives r = 0.0669672; the period is 365 days, so cumulative = r.
    const mwr = moneyWeightedReturn([
      point('2023-01-01', 1000),
      point('2023-07-02', 2010, 1000),
      point('2024-01-01', 2100),
    ]);
    expect(mwr.annualised).toBeCloseTo(0.0669672, 7);
    expect(mwr.cumulative).toBeCloseTo(0.0669672, 7);
  });

  test('compounded over the days from the first flow: a deposit after 90 days', () => {
    // -1000 on 2023-01-01, -500 on 2023-04-01 (90 days), +1600 on 2023-07-01 (181 days).
    // r solves 1000 (1 + r)^(181/365) + 500 (1 + r)^(91/365) = 1600: r = 0.1683705; cumulative over the 181 days
    // = 1.1683705^(181/365) - 1 = 0.0802208.
    const mwr = moneyWeightedReturn([
      point('2023-01-01', 1000),
      point('2023-04-01', 1520, 500),
      point('2023-07-01', 1600),
    ]);
    expect(mwr.annualised).toBeCloseTo(0.1683705, 6);
    expect(mwr.cumulative).toBeCloseTo(0.0802208, 6);
  });

  test('with no external flow it is exactly the TWR', () => {
    // 100 -> 110 in 181 days: cumulative 0.1, annualised 1.1^(365/181) - 1 = 0.2119130, from the TWR.
    const points = [point('2023-01-01', 100), point('2023-03-01', 95), point('2023-07-01', 110)];
    const twr = timeWeightedReturn(points);
    expect(moneyWeightedReturn(points)).toEqual({ annualised: twr.annualised, cumulative: twr.cumulative });
    expect(moneyWeightedReturn(points).cumulative).toBeCloseTo(0.1, 12);
  });

  test('an empty start: the first flow opens the compounding', () => {
    // Empty on 2023-01-01; 1000 in on 2023-07-01; worth 1050 on 2024-07-01 (366 days later).
    // r = 1.05^(365/366) - 1 = 0.0498600; cumulative over 366 days = 0.05.
    const mwr = moneyWeightedReturn([
      point('2023-01-01', 0),
      point('2023-07-01', 1000, 1000),
      point('2024-07-01', 1050),
    ]);
    expect(mwr.annualised).toBeCloseTo(0.04986, 7);
    expect(mwr.cumulative).toBeCloseTo(0.05, 12);
  });

  test('everything lost: -100% and -100%', () => {
    const mwr = moneyWeightedReturn([point('2023-01-01', 0), point('2023-02-01', 100, 100), point('2023-03-01', 0)]);
    expect(mwr).toEqual({ annualised: -1, cumulative: -1 });
  });

  test('withdrawals count with the investor sign', () => {
    // -1000 on 2023-01-01; on 2024-01-01 (365 days) 600 is withdrawn and 500 remains: +1100 in all, r = 10%.
    const mwr = moneyWeightedReturn([point('2023-01-01', 1000), point('2024-01-01', 500, 0, 600)]);
    expect(mwr.annualised).toBeCloseTo(0.1, 10);
  });
});

describe('averageHolding (giacenza media)', () => {
  test('worked example: the mean of the end-of-day values after the opening day', () => {
    // (200 + 300) / 2 = 250; the opening 100 is the close of the start day, outside (start, end].
    expect(averageHolding([point('2024-01-01', 100), point('2024-01-02', 200), point('2024-01-03', 300)])).toBe(250);
  });
  test('a missing day carries the last value forward', () => {
    // 2024-01-02 reads 100 (carried), 2024-01-03 reads 300: (100 + 300) / 2 = 200.
    expect(averageHolding([point('2024-01-01', 100), point('2024-01-03', 300)])).toBe(200);
  });
  test('a single point or none is 0', () => {
    expect(averageHolding([point('2024-01-01', 100)])).toBe(0);
    expect(averageHolding([])).toBe(0);
  });
});

/** Values built from a unit-price path and flows, with inflows at the start and outflows at the end of the day. */
function simulate(
  growth: ReadonlyArray<number>,
  start: number,
  flows: ReadonlyArray<{ inflow: number; outflow: number }>,
) {
  const points: DailyPoint[] = [point('2024-01-01', start)];
  let value = start;
  growth.forEach((g, i) => {
    const f = flows[i] ?? { inflow: 0, outflow: 0 };
    value = (value + f.inflow) * g - f.outflow;
    points.push(point(addDays('2024-01-01', i + 1), value, f.inflow, f.outflow));
  });
  return points;
}

describe('properties', () => {
  const growthArb = fc.double({ min: 0.9, max: 1.1, noNaN: true });

  test('TWR does not change when an external flow moves to another day of a stretch with no price change', () => {
    fc.assert(
      fc.property(
        fc.array(growthArb, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 2, max: 10 }),
        fc.array(growthArb, { minLength: 1, maxLength: 10 }),
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.double({ min: -0.9, max: 5, noNaN: true }),
        fc.nat(),
        fc.nat(),
        (before, flatDays, after, start, flowShare, a, b) => {
          // A flat stretch of `flatDays` days (growth 1) between two moving stretches; the flow is a share of the
          // start value, an inflow if positive and an outflow if negative (at most 90% of it, so value stays > 0).
          const growth = [...before, ...Array<number>(flatDays).fill(1), ...after];
          const amount = Math.abs(flowShare) * start;
          const flow = flowShare >= 0 ? { inflow: amount, outflow: 0 } : { inflow: 0, outflow: amount };
          const at = (day: number) => {
            const flows = growth.map(() => ({ inflow: 0, outflow: 0 }));
            flows[day] = flow;
            return timeWeightedReturn(simulate(growth, start, flows)).cumulative;
          };
          // Outflows only where the value can pay them: the flat stretch starts after `before`, whose growth is
          // at least 0.9^10 = 0.35, so skip outflows larger than what is there.
          const dayA = before.length + (a % flatDays);
          const dayB = before.length + (b % flatDays);
          const valueAtStretch = before.reduce((v, g) => v * g, start);
          fc.pre(flow.outflow < valueAtStretch * 0.99);
          expect(at(dayA)).toBeCloseTo(at(dayB), 10);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('TWR equals the unit-price return whatever the flows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(growthArb, fc.double({ min: 0, max: 1e5, noNaN: true })), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        (days, start) => {
          const growth = days.map(([g]) => g);
          const points = simulate(
            growth,
            start,
            days.map(([, inflow]) => ({ inflow, outflow: 0 })),
          );
          const price = growth.reduce((p, g) => p * g, 1);
          expect(timeWeightedReturn(points).cumulative).toBeCloseTo(price - 1, 9);
        },
      ),
    );
  });

  test('MWR equals TWR with no flows (exactly) and with a single flow at the start', () => {
    fc.assert(
      fc.property(
        fc.array(growthArb, { minLength: 1, maxLength: 60 }),
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        (growth, amount) => {
          // No flows: the opening value is the only investment.
          const held = simulate(growth, amount, []);
          const twrHeld = timeWeightedReturn(held);
          const mwrHeld = moneyWeightedReturn(held);
          expect(mwrHeld.cumulative).toBe(twrHeld.cumulative);
          expect(mwrHeld.annualised).toBe(twrHeld.annualised);
          // Empty at the start, one deposit on the first day of the period, nothing after.
          const funded = simulate(growth, 0, [{ inflow: amount, outflow: 0 }]);
          expect(moneyWeightedReturn(funded).cumulative).toBeCloseTo(timeWeightedReturn(funded).cumulative, 8);
        },
      ),
    );
  });

  test('TWR of a constant value with no flows is 0', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 1, max: 400 }), (value, days) => {
        const points = Array.from({ length: days + 1 }, (_, i) => point(addDays('2024-01-01', i), value));
        const twr = timeWeightedReturn(points);
        expect(twr.cumulative).toBe(0);
        expect(twr.annualised).toBe(0);
        expect(Math.abs(averageHolding(points) - value)).toBeLessThanOrEqual(1e-12 * Math.abs(value));
      }),
    );
  });
});
