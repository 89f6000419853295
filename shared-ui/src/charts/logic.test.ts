// The charts' pure helpers: palettes (spec: pie 9 colours, portfolios 8 + teal aggregate, colours by sign), legend
// truncation (at most 5, then 'more'), waterfall shaping, drill-down state, bar widths (at most 100%), bands.
import { describe, expect, test } from 'vitest';
import {
  bandOrder,
  barWidthPercent,
  chartLocale,
  DRILL_TOP,
  donutParts,
  drillReducer,
  drillView,
  isoToTime,
  LINE_MAX_POINTS,
  legendView,
  markerIndexes,
  niceStep,
  type PerformanceMacro,
  thinPoints,
  timeToIso,
  waterfallBars,
  waterfallFloor,
  yearsOf,
} from './logic.ts';
import {
  AGGREGATE_COLOR,
  NEGATIVE_COLOR,
  NEUTRAL_COLOR,
  PIE_PALETTE,
  PORTFOLIO_PALETTE,
  POSITIVE_COLOR,
  pieColor,
  portfolioColor,
  portfolioColors,
  signColor,
} from './palettes.ts';

describe('palettes', () => {
  test('9 pie colours and 8 portfolio colours, all distinct, none of them the aggregate teal', () => {
    expect(PIE_PALETTE).toHaveLength(9);
    expect(PORTFOLIO_PALETTE).toHaveLength(8);
    expect(new Set(PIE_PALETTE).size).toBe(9);
    expect(new Set(PORTFOLIO_PALETTE).size).toBe(8);
    expect(PORTFOLIO_PALETTE).not.toContain(AGGREGATE_COLOR);
    for (const c of [...PIE_PALETTE, ...PORTFOLIO_PALETTE]) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  test('cycling: the 10th slice takes the first pie colour, the 9th portfolio the first portfolio colour', () => {
    expect(pieColor(9)).toBe(PIE_PALETTE[0]);
    expect(pieColor(10)).toBe(PIE_PALETTE[1]);
    expect(portfolioColor(8)).toBe(PORTFOLIO_PALETTE[0]);
    expect(portfolioColor(3, true)).toBe(AGGREGATE_COLOR);
  });

  test('an aggregate is teal and does not shift the other portfolios', () => {
    expect(portfolioColors([{ aggregate: true }, {}, {}])).toEqual([
      AGGREGATE_COLOR,
      PORTFOLIO_PALETTE[0],
      PORTFOLIO_PALETTE[1],
    ]);
    const ten = portfolioColors(Array.from({ length: 10 }, () => ({})));
    expect(ten[8]).toBe(PORTFOLIO_PALETTE[0]);
  });

  test('colours by sign: green above zero, red below, grey for zero and n/a', () => {
    expect(signColor(0.01)).toBe(POSITIVE_COLOR);
    expect(signColor(-3)).toBe(NEGATIVE_COLOR);
    expect(signColor(0)).toBe(NEUTRAL_COLOR);
    expect(signColor(null)).toBe(NEUTRAL_COLOR);
    expect(signColor(Number.NaN)).toBe(NEUTRAL_COLOR);
    expect(signColor(5, AGGREGATE_COLOR)).toBe(AGGREGATE_COLOR);
    // By the value as shown with 2 decimals: a return of 1e-7 or -0.004 shows '0,00%' and is neither gain nor loss.
    expect(signColor(1e-7)).toBe(NEUTRAL_COLOR);
    expect(signColor(-0.004)).toBe(NEUTRAL_COLOR);
    expect(signColor(0.005)).toBe(POSITIVE_COLOR);
    expect(signColor(-0.005)).toBe(NEGATIVE_COLOR);
  });
});

describe('legend', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  test('at most 5 entries, then a more entry for the rest', () => {
    expect(legendView(items, false)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], hidden: 2, collapsible: false });
  });
  test('expanded: everything, and a less entry', () => {
    expect(legendView(items, true)).toEqual({ shown: items, hidden: 0, collapsible: true });
  });
  test('5 or fewer: all, no more and no less', () => {
    expect(legendView(items.slice(0, 5), false)).toEqual({ shown: items.slice(0, 5), hidden: 0, collapsible: false });
    expect(legendView(items.slice(0, 5), true).collapsible).toBe(false);
    expect(legendView([], false).shown).toEqual([]);
  });
});

describe('donut parts', () => {
  test('only positive values are drawn, shares of their total', () => {
    const { parts, total } = donutParts([
      { label: 'a', value: 60 },
      { label: 'b', value: 40 },
      { label: 'c', value: 0 },
      { label: 'd', value: -5 },
      { label: 'e', value: Number.NaN },
    ]);
    expect(total).toBe(100);
    expect(parts.map((p) => [p.slice.label, p.index, p.percent])).toEqual([
      ['a', 0, 60],
      ['b', 1, 40],
    ]);
  });
});

describe('waterfall', () => {
  const row = {
    date: '2024-03-31',
    transfers: 100,
    interessi: 10,
    commissioni: -5,
    tasse: -2,
    performance: 50,
    total: 1150,
  };

  test('worked example: opening, five steps, closing', () => {
    const bars = waterfallBars({ date: '2023-12-31', total: 1000 }, [row]);
    expect(bars.map((b) => [b.kind, b.start, b.end, b.value])).toEqual([
      ['opening', 0, 1000, 1000],
      ['transfers', 1000, 1100, 100],
      ['interessi', 1100, 1110, 10],
      ['commissioni', 1110, 1105, -5],
      ['tasse', 1105, 1103, -2],
      // market effect = performance - interessi - commissioni - tasse = 50 - 10 + 5 + 2
      ['market', 1103, 1150, 47],
      ['closing', 0, 1150, 1150],
    ]);
    expect(bars.map((b) => b.date)).toEqual(['2023-12-31', ...Array(6).fill('2024-03-31')]);
  });

  test('1 + 6 bars a period, unique keys, each period starting from the previous closing total', () => {
    const rows = [
      row,
      {
        ...row,
        date: '2024-06-30',
        transfers: -200,
        interessi: 0,
        commissioni: 0,
        tasse: 0,
        performance: -30,
        total: 920,
      },
      {
        ...row,
        date: '2024-09-30',
        transfers: 0,
        interessi: 0.1,
        commissioni: -0.2,
        tasse: 0,
        performance: 0.3,
        total: 920.3,
      },
    ];
    const bars = waterfallBars({ date: '2023-12-31', total: 1000 }, rows);
    expect(bars).toHaveLength(1 + 6 * 3);
    expect(new Set(bars.map((b) => b.key)).size).toBe(bars.length);
    expect(bars[7]).toMatchObject({ kind: 'transfers', start: 1150, end: 950 });
    expect(bars[11]).toMatchObject({ kind: 'market', start: 950, end: 920, value: -30 });
    // Cents, not binary fractions: 0.3 - 0.1 + 0.2 = 0.4.
    expect(bars[17]).toMatchObject({ kind: 'market', value: 0.4, end: 920.3 });
  });

  test('the value axis starts below the lowest level, at a round value', () => {
    const bars = waterfallBars({ date: '2023-12-31', total: 500_000 }, [
      {
        ...row,
        transfers: 50_000,
        interessi: 2_100,
        commissioni: -850,
        tasse: -420,
        performance: 14_300,
        total: 564_300,
      },
    ]);
    // Levels 500,000 (opening) to 564,300 (closing): 500,000 - 0.25 x 64,300 = 483,925; step niceStep(16,075) =
    // 20,000; rounded down: 480,000.
    expect(waterfallFloor(bars)).toBe(480_000);
    expect(
      waterfallFloor(
        waterfallBars({ date: 'd', total: 100 }, [
          { ...row, total: 10, transfers: -90, performance: 0, interessi: 0, commissioni: 0, tasse: 0 },
        ]),
      ),
    ).toBe(0);
    expect(waterfallFloor(waterfallBars({ date: 'd', total: -5 }, []))).toBeUndefined();
    expect(waterfallFloor([])).toBe(0);
    expect(niceStep(16_000)).toBe(20_000);
    expect(niceStep(0.3)).toBe(0.5);
    expect(niceStep(0)).toBe(1);
  });

  test('no rows: the opening bar alone', () => {
    expect(waterfallBars({ date: '2024-01-01', total: 5 }, [])).toHaveLength(1);
  });
});

describe('performance drill-down', () => {
  const classes: PerformanceMacro[] = [
    {
      description: 'Equity',
      value: 5.2,
      assetClassList: [
        { description: 'Azionario Europa', value: 6 },
        { description: 'Azionario USA', value: -1.5 },
      ],
    },
    { description: 'Alternative', value: null, assetClassList: [] },
    { description: 'Bond', value: -0.8, assetClassList: [{ description: 'Obbligazionario', value: -0.8 }] },
  ];

  test('a macro class drills into its asset classes; back returns to the top', () => {
    const inEquity = drillReducer(classes, DRILL_TOP, { type: 'drill', index: 0 });
    expect(inEquity).toEqual({ level: 'asset', index: 0 });
    const view = drillView(classes, inEquity);
    expect(view.parent?.description).toBe('Equity');
    expect(view.items.map((i) => i.description)).toEqual(['Azionario Europa', 'Azionario USA']);
    expect(drillReducer(classes, inEquity, { type: 'back' })).toEqual(DRILL_TOP);
    expect(drillView(classes, DRILL_TOP)).toEqual({ items: classes, parent: null });
  });

  test('no drill into a class without asset classes, an unknown index, or from inside a class', () => {
    expect(drillReducer(classes, DRILL_TOP, { type: 'drill', index: 1 })).toBe(DRILL_TOP);
    expect(drillReducer(classes, DRILL_TOP, { type: 'drill', index: 9 })).toBe(DRILL_TOP);
    const inBond = drillReducer(classes, DRILL_TOP, { type: 'drill', index: 2 });
    expect(drillReducer(classes, inBond, { type: 'drill', index: 0 })).toBe(inBond);
    // A stale state (the classes changed under it) shows the top level.
    expect(drillView([], { level: 'asset', index: 0 }).parent).toBeNull();
  });
});

describe('bars and bands', () => {
  test('bar width grows with grouped series and never exceeds 100%', () => {
    expect(barWidthPercent(1)).toBe(55);
    expect(barWidthPercent(3)).toBe(85);
    expect(barWidthPercent(5)).toBe(100);
    expect(barWidthPercent(40)).toBe(100);
    expect(barWidthPercent(0)).toBe(55);
  });

  test('bands drawn least probable first, cut or padded to the dates', () => {
    const calculus = {
      dates: ['2024-05-31', '2025-05-31'],
      inflation: [100, 98],
      maxValue: 121,
      graph: [
        { name: '90%', data: [100, 86] },
        { name: '60%', data: [100, 101, 999] },
        { name: '20%', data: [100] },
      ],
    };
    expect(bandOrder(calculus)).toEqual([
      { name: '20%', data: [100, 0] },
      { name: '60%', data: [100, 101] },
      { name: '90%', data: [100, 86] },
    ]);
    expect(yearsOf(calculus.dates)).toEqual(['2024', '2025']);
  });

  test('markers go to the nearest projection year; outside the projection they are left out', () => {
    const dates = ['2026-05-31', '2027-05-31', '2028-05-31'];
    const m = (date: string, value = 100) => ({ label: date, date, value });
    const placed = markerIndexes(dates, [
      m('2027-10-01'),
      m('2026-06-01'),
      m('2028-10-31'),
      m('2029-06-30'),
      m('2025-10-01'),
      m('2027-01-01', Number.NaN),
    ]);
    expect(placed.map((p) => [p.marker.date, p.index])).toEqual([
      ['2027-10-01', 1],
      ['2026-06-01', 0],
      ['2028-10-31', 2],
    ]);
    expect(markerIndexes([], [m('2027-10-01')])).toEqual([]);
  });

  test('dates as UTC timestamps and back; locales', () => {
    expect(timeToIso(isoToTime('2024-02-29'))).toBe('2024-02-29');
    expect(isoToTime('nope')).toBeNaN();
    expect(chartLocale('en')).toBe('en');
    expect(chartLocale('it')).toBe('it');
    expect(chartLocale(undefined)).toBe('it');
  });
});

describe('line thinning (LTTB)', () => {
  const xy = (p: { x: number; y: number }): [number, number] => [p.x, p.y];
  test('a series within the limit is drawn whole', () => {
    const pts = [1, 5, 2].map((y, x) => ({ x, y }));
    expect(thinPoints(pts, 3, xy)).toEqual(pts);
  });
  test('a daily series of 2,000 points keeps 500, its ends, and its peak and trough', () => {
    const pts = Array.from({ length: 2000 }, (_, x) => ({ x, y: 100 + Math.sin(x / 50) * 10 }));
    pts[777] = { x: 777, y: 400 }; // a one-day spike
    pts[1500] = { x: 1500, y: -50 }; // a one-day trough
    const kept = thinPoints(pts, LINE_MAX_POINTS, xy);
    expect(kept).toHaveLength(LINE_MAX_POINTS);
    expect(kept[0]).toBe(pts[0]);
    expect(kept.at(-1)).toBe(pts[1999]);
    expect(kept).toContain(pts[777]);
    expect(kept).toContain(pts[1500]);
    // Points stay in date order and are points of the series.
    for (let i = 1; i < kept.length; i++) expect(kept[i]!.x).toBeGreaterThan(kept[i - 1]!.x);
    for (const p of kept) expect(pts[p.x]).toBe(p);
  });
  test('worked example: 7 points into 4 keeps the larger bump of each bucket', () => {
    // Buckets of 2.5 points between the ends: [1, 2], [3, 4, 5].
    const pts = [0, 1, 9, 2, 3, 8, 0].map((y, x) => ({ x, y }));
    expect(thinPoints(pts, 4, xy).map((p) => p.x)).toEqual([0, 2, 5, 6]);
  });
});
