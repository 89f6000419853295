import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  PROJECTION_CLASSES,
  PROJECTION_PARAMETERS,
  type ProjectionClass,
  portfolioModel,
  wealthProjection,
} from './projection.ts';

describe('portfolioModel', () => {
  test('worked example: half Equity, half Bond, correlation 0.3', () => {
    // m_p = 0.5 x 0.07 + 0.5 x 0.03 = 0.05.
    // s_p^2 = 0.25 x 0.0256 + 0.25 x 0.0025 + 2 x 0.25 x 0.3 x 0.16 x 0.05 = 0.0064 + 0.000625 + 0.0012 = 0.008225.
    // s_p = 0.0906918; drift = ln(1.05) - 0.008225 / 2 = 0.0487902 - 0.0041125 = 0.0446777.
    const model = portfolioModel({ Equity: 50_000, Bond: 50_000 });
    expect(model.expectedReturn).toBeCloseTo(0.05, 12);
    expect(model.volatility).toBeCloseTo(0.0906918, 7);
    expect(model.drift).toBeCloseTo(0.0446777, 7);
  });

  test('cash is uncorrelated: half Equity, half cash', () => {
    // s_p^2 = 0.25 x 0.0256 + 0.25 x 0.0001 = 0.006425, s_p = 0.0801561; m_p = 0.045.
    const model = portfolioModel({ Equity: 1, cash: 1 });
    expect(model.volatility).toBeCloseTo(0.0801561, 7);
    expect(model.expectedReturn).toBeCloseTo(0.045, 12);
  });

  test('no wealth: the cash parameters', () => {
    expect(portfolioModel({})).toMatchObject({ expectedReturn: 0.02, volatility: 0.01 });
  });

  test('every class has parameters, volatility increasing from cash to family business', () => {
    for (const c of PROJECTION_CLASSES) expect(PROJECTION_PARAMETERS[c].volatility).toBeGreaterThan(0);
    expect(PROJECTION_PARAMETERS.cash.volatility).toBeLessThan(PROJECTION_PARAMETERS.Bond.volatility);
    expect(PROJECTION_PARAMETERS.Bond.volatility).toBeLessThan(PROJECTION_PARAMETERS.Equity.volatility);
    expect(PROJECTION_PARAMETERS.Equity.volatility).toBeLessThan(PROJECTION_PARAMETERS.share.volatility);
  });
});

describe('wealthProjection', () => {
  test('worked example: 100,000 in Equity for one year', () => {
    // drift = ln(1.07) - 0.16^2 / 2 = 0.0676586 - 0.0128 = 0.0548586.
    // '90%' (10th percentile, z = -1.2815516): 100,000 exp(0.0548586 - 0.2050483) = 86,054.48.
    // '60%' (40th, z = -0.2533471): 100,000 exp(0.0548586 - 0.0405355) = 101,442.62.
    // '20%' (80th, z = 0.8416212): 100,000 exp(0.0548586 + 0.1346594) = 120,866.69.
    // Inflation: 100,000 / 1.02 = 98,039.22.
    const p = wealthProjection({ startDate: '2024-05-31', values: { Equity: 100_000 }, horizonYears: 1 });
    expect(p.dates).toEqual(['2024-05-31', '2025-05-31']);
    expect(p.endDate).toBe('2025-05-31');
    expect(p.graph).toEqual([
      { name: '90%', data: [100000, 86054.48] },
      { name: '60%', data: [100000, 101442.62] },
      { name: '20%', data: [100000, 120866.69] },
    ]);
    expect(p.inflation).toEqual([100000, 98039.22]);
    expect(p.maxValue).toBe(120866.69);
    // Percent change from the starting 100,000, 2 decimals.
    expect(p.percentage.filter((x) => x.date === '2025-05-31')).toEqual([
      { date: '2025-05-31', name: '90%', value: -13.95 },
      { date: '2025-05-31', name: '60%', value: 1.44 },
      { date: '2025-05-31', name: '20%', value: 20.87 },
      { date: '2025-05-31', name: 'inflation', value: -1.96 },
    ]);
    expect(p.percentage.filter((x) => x.date === '2024-05-31').map((x) => x.value)).toEqual([0, 0, 0, 0]);
  });

  test('worked example with yearly flows: 200,000 half Equity half Bond, +10,000 a year, two years', () => {
    // drift 0.0446777, s 0.0906918 (portfolioModel example). g(t) = exp(drift t + z s sqrt(t)).
    // Year 2 = 200,000 g(2) + 10,000 g(1) + 10,000 (the flow at the end of year 2 has not grown yet).
    // '90%': z = -1.2815516, z s = -0.1162262: g(1) = exp(0.0446777 - 0.1162262) = 0.9309511,
    //   g(2) = exp(0.0893553 - 0.1162262 x sqrt(2)) = 0.9277311: 185,546.22 + 9,309.51 + 10,000 = 204,855.73.
    // '60%': g(1) = 1.0219383, g(2) = 1.0585094: 211,701.87 + 10,219.38 + 10,000 = 231,921.25.
    // '20%': g(1) = 1.1286315, g(2) = 1.2181089: 243,621.79 + 11,286.31 + 10,000 = 264,908.10.
    // Inflation: (200,000 + 10,000 + 10,000) / 1.02^2 = 211,457.13; year 1: 210,000 / 1.02 = 205,882.35.
    const p = wealthProjection({
      startDate: '2024-02-29',
      values: { Equity: 100_000, Bond: 100_000 },
      horizonYears: 2,
      yearlyFlows: 10_000,
    });
    expect(p.dates).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
    expect(p.graph.map((g) => g.data[2])).toEqual([204855.73, 231921.25, 264908.1]);
    expect(p.graph.map((g) => g.data[1])).toEqual([196190.22, 214387.67, 235726.29]);
    expect(p.inflation).toEqual([200000, 205882.35, 211457.13]);
  });

  test('a list of flows, spending beyond the wealth: the bands stop at 0', () => {
    const p = wealthProjection({
      startDate: '2024-01-01',
      values: { cash: 10_000 },
      horizonYears: 3,
      yearlyFlows: [-20_000],
    });
    for (const g of p.graph) {
      expect(g.data[0]).toBe(10000);
      expect(g.data.slice(1)).toEqual([0, 0, 0]);
    }
    // The inflation line does not floor: -10,000 / 1.02 = -9,803.92.
    expect(p.inflation[1]).toBe(-9803.92);
  });

  test('defaults: 20 years, 21 dates, inflation 2%', () => {
    const p = wealthProjection({
      startDate: '2024-06-15',
      values: { Equity: 60_000, Bond: 30_000, realEstate: 300_000 },
    });
    expect(p.dates).toHaveLength(21);
    expect(p.endDate).toBe('2044-06-15');
    // 390,000 / 1.02^20 = 390,000 / 1.4859474 = 262,458.82.
    expect(p.inflation[20]).toBe(262458.82);
    expect(p.percentage).toHaveLength(21 * 4);
  });

  test('bad input throws', () => {
    expect(() => wealthProjection({ startDate: '2024-13-01', values: {} })).toThrow();
    expect(() => wealthProjection({ startDate: '2024-01-01', values: { Equity: -1 } })).toThrow(RangeError);
    expect(() => wealthProjection({ startDate: '2024-01-01', values: {}, horizonYears: 0 })).toThrow(RangeError);
    expect(() =>
      wealthProjection({ startDate: '2024-01-01', values: { gold: 1 } as Partial<Record<ProjectionClass, number>> }),
    ).toThrow(RangeError);
  });

  const valuesArb = fc.record(
    Object.fromEntries(PROJECTION_CLASSES.map((c) => [c, fc.double({ min: 0, max: 1e7, noNaN: true })])) as Record<
      ProjectionClass,
      fc.Arbitrary<number>
    >,
    { requiredKeys: [] },
  );

  test('property: 90% <= 60% <= 20% every year, year 0 is the starting wealth, and it is deterministic', () => {
    fc.assert(
      fc.property(
        valuesArb,
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: -1e5, max: 1e5, noNaN: true }),
        (values, horizonYears, flow) => {
          const input = { startDate: '2024-03-31', values, horizonYears, yearlyFlows: flow };
          const p = wealthProjection(input);
          const [b90, b60, b20] = p.graph.map((g) => g.data);
          const start = Object.values(values).reduce((s, v) => s + v, 0);
          for (const band of p.graph) expect(band.data[0]).toBeCloseTo(start, 2);
          for (let t = 0; t <= horizonYears; t++) {
            expect(b90![t]).toBeLessThanOrEqual(b60![t]!);
            expect(b60![t]).toBeLessThanOrEqual(b20![t]!);
          }
          expect(p.maxValue).toBe(Math.max(...p.inflation, ...b20!));
          expect(wealthProjection(input)).toEqual(p);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('property: without flows the median (50th percentile) lies between the 60% and 20% bands', () => {
    // The median is W0 exp(drift t), between the 40th and the 80th percentile.
    fc.assert(
      fc.property(valuesArb, fc.integer({ min: 1, max: 40 }), (values, horizonYears) => {
        const p = wealthProjection({ startDate: '2024-01-01', values, horizonYears });
        const start = Object.values(values).reduce((s, v) => s + v, 0);
        const median = start * Math.exp(p.model.drift * horizonYears);
        expect(p.graph[1]!.data[horizonYears]!).toBeLessThanOrEqual(median + 0.01);
        expect(p.graph[2]!.data[horizonYears]!).toBeGreaterThanOrEqual(median - 0.01);
      }),
    );
  });
});
