// Report shaping: the triplaA recalculation rule, the macro class order, the donut slices, the waterfall start.
import { describe, expect, test } from 'vitest';
import { byMacroOrder, compositionSlices, normaliseTriplaA, signOf, waterfallStart } from './reports.ts';

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
});
