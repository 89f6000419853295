// The overview's figures: total and split, value line, flux bars, empty state, whose dashboard.
import { describe, expect, test } from 'vitest';
import {
  dashboardOwner,
  donutParts,
  fluxBars,
  hasProjection,
  hasWealthData,
  historyPoints,
  wealthSplit,
} from './model.ts';

describe('wealthSplit', () => {
  test('total and percentages: 750 financial and 250 real estate are 75% and 25% of 1000', () => {
    const split = wealthSplit({ financial: 750, realEstate: 250, share: 0, artLux: 0 });
    expect(split.total).toBe(1000);
    expect(split.parts.map((p) => [p.kind, p.percent])).toEqual([
      ['financial', 75],
      ['realEstate', 25],
      ['share', 0],
      ['artLux', 0],
    ]);
  });
  test('rounds the total to the cent and treats missing or non-finite values as 0', () => {
    const split = wealthSplit({ financial: 0.1, realEstate: 0.2, share: Number.NaN });
    expect(split.total).toBe(0.3);
    expect(split.parts.find((p) => p.kind === 'share')?.value).toBe(0);
    expect(wealthSplit(null).total).toBe(0);
  });
  test('no percentages when the total is not positive; the donut keeps positive slices only', () => {
    const split = wealthSplit({ financial: -10, realEstate: 0, share: 0, artLux: 0 });
    expect(split.parts.every((p) => p.percent === 0)).toBe(true);
    expect(donutParts(split)).toEqual([]);
    expect(donutParts(wealthSplit({ financial: 5, artLux: 1 })).map((p) => p.kind)).toEqual(['financial', 'artLux']);
  });
});

describe('historyPoints', () => {
  test('drops the zeros before the first day with wealth, keeps later zeros', () => {
    const points = historyPoints([
      { date: '2020-01-01', value: 0 },
      { date: '2020-01-02', value: 0 },
      { date: '2020-01-03', value: 10 },
      { date: '2020-01-04', value: 0 },
    ]);
    expect(points.map((p) => p.date)).toEqual(['2020-01-03', '2020-01-04']);
  });
  test('all zeros or nothing give no points', () => {
    expect(historyPoints([{ date: '2020-01-01', value: 0 }])).toEqual([]);
    expect(historyPoints(undefined)).toEqual([]);
  });
});

describe('fluxBars', () => {
  test('five bars in order, or null when all are zero', () => {
    expect(fluxBars({ financial: 0, realEstate: 0, share: 0, artLux: 0, humanCapital: 0 })).toBeNull();
    const bars = fluxBars({ financial: 2945.4, realEstate: 0, share: 0, artLux: -5, humanCapital: 0 });
    expect(bars?.map((b) => b.kind)).toEqual(['financial', 'realEstate', 'share', 'artLux', 'humanCapital']);
    expect(bars?.[3]?.value).toBe(-5);
  });
});

describe('empty state and projection', () => {
  test('data when today or the history has a non-zero value', () => {
    expect(hasWealthData(wealthSplit({ financial: 0 }), [])).toBe(false);
    expect(hasWealthData(wealthSplit({ financial: 1 }), [])).toBe(true);
    expect(hasWealthData(wealthSplit({}), [{ date: '2024-01-01', value: 3 }])).toBe(true);
  });
  test('a projection needs two dates and a non-zero band', () => {
    expect(hasProjection({ dates: ['2026-01-01'], graph: [{ data: [1] }] })).toBe(false);
    expect(hasProjection({ dates: ['a', 'b'], graph: [{ data: [0, 0] }] })).toBe(false);
    expect(hasProjection({ dates: ['a', 'b'], graph: [{ data: [0, 5] }] })).toBe(true);
  });
});

describe('dashboardOwner', () => {
  test('a client, a family, or the BASIC user own client', () => {
    expect(dashboardOwner({ kind: 'client', clientId: 4 }, null)).toEqual({ id: 4, query: { clientId: 4 } });
    expect(dashboardOwner({ kind: 'family', familyId: 2 }, 9)).toEqual({ id: 2, query: { familyId: 2 } });
    expect(dashboardOwner({ kind: 'own' }, 1)).toEqual({ id: 1, query: {} });
    expect(dashboardOwner({ kind: 'own' }, null)).toBeNull();
  });
});
