// The report charts' shared options (issue 7, portal-and-report 9): no animation or toolbar, Montserrat, hex
// palettes (8 portfolio colours cycling, the aggregate teal), axis formats, and the values at the display columns.
import { describe, expect, test } from 'vitest';
import {
  baseChartOptions,
  CHART_PX_PER_PT,
  chartPixels,
  donutOptions,
  moneyAxisFormatter,
  PORTFOLIO_TEAL,
  percentAxisFormatter,
  REPORT_PALETTE,
  reportSeriesColor,
  samplePoints,
  valuesAtDates,
} from './common.ts';
import { comparisonColors, valuePerformanceOptions } from './financial.ts';

const HEX = /^#[0-9a-f]{6}$/i;

describe('baseChartOptions', () => {
  test('no animation, no toolbar or zoom, Montserrat, no HTML legend', () => {
    const options = baseChartOptions('line');
    expect(options.chart).toMatchObject({
      type: 'line',
      fontFamily: 'Montserrat',
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
    });
    expect(options.legend?.show).toBe(false);
  });
});

describe('palettes', () => {
  test('8 hex portfolio colours cycling, none of them the teal of the aggregate', () => {
    expect(REPORT_PALETTE).toHaveLength(8);
    for (const color of REPORT_PALETTE) expect(color).toMatch(HEX);
    expect(REPORT_PALETTE).not.toContain(PORTFOLIO_TEAL);
    expect(reportSeriesColor(8)).toBe(REPORT_PALETTE[0]);
    expect(reportSeriesColor(3, true)).toBe(PORTFOLIO_TEAL);
  });

  test('comparison colours: the aggregate teal without taking a slot, the others in order', () => {
    expect(comparisonColors([{ aggregate: true }, { aggregate: false }, { aggregate: false }])).toEqual([
      PORTFOLIO_TEAL,
      REPORT_PALETTE[0],
      REPORT_PALETTE[1],
    ]);
    const nine = comparisonColors(Array.from({ length: 9 }, () => ({ aggregate: false })));
    expect(nine[8]).toBe(REPORT_PALETTE[0]);
  });

  test('a donut leaves out the slices it cannot draw and keeps hex colours', () => {
    const options = donutOptions([
      { label: 'A', value: 10 },
      { label: 'B', value: 0 },
      { label: 'C', value: 5 },
    ]);
    expect(options.labels).toEqual(['A', 'C']);
    expect(options.series).toEqual([10, 5]);
    for (const color of options.colors as string[]) expect(color).toMatch(HEX);
  });
});

test('axis formats: abbreviated money and percent in the report language', () => {
  expect(moneyAxisFormatter('it')(1500)).toBe('1,5K €');
  expect(moneyAxisFormatter('en')(2_340_000)).toBe('2.34M €');
  expect(percentAxisFormatter('it')(5)).toBe('5%');
});

test('the value chart of a portfolio has the value on the left axis and the TWR on the right', () => {
  const options = valuePerformanceOptions(
    { value: 'Valore', performance: 'TWR' },
    [{ date: '2024-01-31', total: 100, triplaA: 1 }],
    { from: '2023-12-31', to: '2024-01-31' },
    'it',
  );
  expect(options.series?.map((s) => (s as { name: string }).name)).toEqual(['Valore', 'TWR']);
  const [left, right] = options.yaxis as { opposite?: boolean; labels: { formatter: (v: number) => string } }[];
  expect(left!.labels.formatter(1500)).toBe('1,5K €');
  expect(right!.opposite).toBe(true);
  expect(right!.labels.formatter(2)).toBe('2%');
});

test('chart pixels: the 1190 px report canvas over the content width', () => {
  expect(chartPixels({ width: 841.89 - 56, height: 100 })).toEqual({
    width: 1190,
    height: Math.round(100 * CHART_PX_PER_PT),
  });
});

describe('valuesAtDates', () => {
  test('the last point on or before each date, null before the first', () => {
    const points = [
      { date: '2024-02-10', value: 120 },
      { date: '2024-01-15', value: 100 },
    ];
    expect(valuesAtDates(points, ['2024-01-10', '2024-01-31', '2024-02-29'], (p) => p.value)).toEqual([null, 100, 120]);
    expect(valuesAtDates(points, ['2024-02-10'], (p) => p.value)).toEqual([120]);
    expect(valuesAtDates([], ['2024-02-10'], (p: { date: string }) => p.date.length)).toEqual([null]);
  });
});

test('samplePoints keeps short series and cuts long ones evenly with the first and last points', () => {
  expect(samplePoints([1, 2, 3], 5)).toEqual([1, 2, 3]);
  const sampled = samplePoints(
    Array.from({ length: 1001 }, (_, i) => i),
    5,
  );
  expect(sampled).toEqual([0, 250, 500, 750, 1000]);
});
