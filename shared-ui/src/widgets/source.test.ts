// The widgets' source and shape rules without a browser: the request URL, the failure of each status, the shape
// checks of the figures.
import { describe, expect, test } from 'vitest';
import {
  artLuxDonutData,
  businessChartData,
  feeTableData,
  performanceBarsData,
  portfolioDonutData,
  projectionBandData,
  trendWaterfallData,
  wealthTotalData,
} from './fixtures.ts';
import {
  isArtLuxDonutData,
  isBusinessChartData,
  isFeeTableData,
  isPerformanceBarsData,
  isPortfolioDonutData,
  isProjectionBandData,
  isTrendWaterfallData,
  isWealthTotalData,
} from './shapes.ts';
import { failureOf, widgetDataUrl } from './source.ts';

describe('widgetDataUrl', () => {
  test('adds the range as dateFrom and dateTo, keeping the query there is', () => {
    expect(widgetDataUrl('https://h.example/api/v1/widget-data/wealth-total', '2026-01-01', '2026-10-31')).toBe(
      'https://h.example/api/v1/widget-data/wealth-total?dateFrom=2026-01-01&dateTo=2026-10-31',
    );
    expect(widgetDataUrl('https://h.example/x?a=1', undefined, '2026-10-31')).toBe(
      'https://h.example/x?a=1&dateTo=2026-10-31',
    );
    expect(widgetDataUrl('https://h.example/x')).toBe('https://h.example/x');
  });
});

describe('failureOf', () => {
  test('401 is the token, 403 the site or widget, anything else unavailable', () => {
    expect(failureOf(401)).toBe('token');
    expect(failureOf(403)).toBe('forbidden');
    expect(failureOf(404)).toBe('unavailable');
    expect(failureOf(500)).toBe('unavailable');
  });
});

describe('shape checks', () => {
  const cases = [
    ['portfolio-donut', isPortfolioDonutData, portfolioDonutData],
    ['fee-table', isFeeTableData, feeTableData],
    ['performance-bars', isPerformanceBarsData, performanceBarsData],
    ['trend-waterfall', isTrendWaterfallData, trendWaterfallData],
    ['business-chart', isBusinessChartData, businessChartData],
    ['artlux-donut', isArtLuxDonutData, artLuxDonutData],
    ['projection-band', isProjectionBandData, projectionBandData],
    ['wealth-total', isWealthTotalData, wealthTotalData],
  ] as const;
  test.each(cases)('%s: its own shape passes, another widget shape and junk do not', (_, check, data) => {
    expect(check(data)).toBe(true);
    const others = cases.filter(([, c]) => c !== check).map(([, , d]) => d);
    // The two donuts share a shape; every other pair differs.
    const wrong = others.filter(
      (d) => !(check === isPortfolioDonutData || check === isArtLuxDonutData) || !('slices' in d),
    );
    for (const other of wrong) expect(check(other)).toBe(false);
    for (const junk of [null, 1, 'x', [], {}]) expect(check(junk)).toBe(false);
  });
  test('a number that is not finite or a missing field fails', () => {
    expect(isWealthTotalData({ ...wealthTotalData, total: Number.NaN })).toBe(false);
    expect(isBusinessChartData({ year: 2025.5, companies: [] })).toBe(false);
    expect(isPerformanceBarsData({ ...performanceBarsData, dateTo: undefined })).toBe(false);
    expect(
      isPerformanceBarsData({ ...performanceBarsData, classes: [{ key: 'Equity', value: null, assetClassList: [] }] }),
    ).toBe(true);
  });
});
