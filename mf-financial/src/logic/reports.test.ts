// Report shaping: the triplaA recalculation rule, the macro class order, the donut slices, the waterfall start.
import { describe, expect, test } from 'vitest';
import { byMacroOrder, compositionSlices, normaliseTriplaA, periodReturns, signOf, waterfallStart } from './reports.ts';

describe('triplaA during a recalculation', () => {
  test('null lists become empty, NaN values 0', () => {
    const data = {
      recalculationInProgress: true,
      stockComposition: null as unknown as Array<{ cMkt: number; isin: string }>,
      macroAssetClassComposition: [{ description: 'Equity', gm: Number.NaN, assetClassList: [{ gm: Number.NaN }] }],
    };
    const out = normaliseTriplaA(data, ['stockComposition', 'macroAssetClassComposition']);
    expect(out.stockComposition).toEqual([]);
    expect(out.macroAssetClassComposition).toEqual([{ description: 'Equity', gm: 0, assetClassList: [{ gm: 0 }] }]);
    expect(out.recalculationInProgress).toBe(true);
  });
});

describe('composition', () => {
  test('macro classes in the order Equity, Alternative, Bond', () => {
    expect(byMacroOrder([{ n: 'Bond' }, { n: 'X' }, { n: 'Equity' }, { n: 'Alternative' }], (x) => x.n)).toEqual([
      { n: 'Equity' },
      { n: 'Alternative' },
      { n: 'Bond' },
      { n: 'X' },
    ]);
  });
  test('donut slices: the macro classes then cash, empty ones left out', () => {
    expect(
      compositionSlices({
        macroAssetClassComposition: [
          { macroAssetClassName: 'Bond', stockValue: 700 },
          { macroAssetClassName: 'Equity', stockValue: 1200 },
          { macroAssetClassName: 'Alternative', stockValue: 0 },
        ],
        reportSinteticoTotalComposition: [{ cashValue: 300 }],
      }),
    ).toEqual([
      { key: 'Equity', value: 1200 },
      { key: 'Bond', value: 700 },
      { key: 'cash', value: 300 },
    ]);
  });
});

describe('performance', () => {
  test('the waterfall starts at the first value of the series, else from the first trend row', () => {
    expect(waterfallStart('2025-12-31', [{ date: '2025-12-31', total: 1000 }], [])).toEqual({
      date: '2025-12-31',
      total: 1000,
    });
    expect(waterfallStart('2025-12-31', [], [{ total: 1100, performance: 40, transfers: 60 }])).toEqual({
      date: '2025-12-31',
      total: 1000,
    });
  });
  test('signs', () => {
    expect(signOf(1.2)).toBe('up');
    expect(signOf(-0.1)).toBe('down');
    expect(signOf(0)).toBe('flat');
    expect(signOf(null)).toBe('flat');
  });
  test('a return is coloured by what is shown with 2 decimals', () => {
    expect(signOf(0.004)).toBe('flat');
    expect(signOf(0.005)).toBe('up'); // shown '0,01%'
    expect(signOf(-0.004)).toBe('flat');
    expect(signOf(-0.005)).toBe('down');
    expect(signOf(1e-7)).toBe('flat');
  });
  test('the period shows the annualised MWR beside the MWR, 2 decimals, coloured as shown', () => {
    // The hand-made portfolio of engine/README.md: MWR 7.21992158% over the period, 33.09554132% a year.
    const figures = periodReturns(
      { result: 1e-7, resultMW: 7.21992158, resultMWAnnualised: 33.09554132, resultAnnualised: -0.004 },
      'it',
    );
    expect(figures).toEqual([
      { key: 'twr', value: 1e-7, text: '0,00%', tone: 'flat' },
      { key: 'mwr', value: 7.21992158, text: '7,22%', tone: 'up' },
      { key: 'mwrAnnualised', value: 33.09554132, text: '33,10%', tone: 'up' },
      { key: 'twrAnnualised', value: -0.004, text: '0,00%', tone: 'flat' },
    ]);
    expect(
      periodReturns({ result: null, resultMW: null, resultMWAnnualised: null, resultAnnualised: null }, 'en')[2],
    ).toEqual({ key: 'mwrAnnualised', value: null, text: '–', tone: 'flat' });
  });
});
