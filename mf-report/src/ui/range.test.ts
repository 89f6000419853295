import { describe, expect, it } from 'vitest';
import { eligible } from '../logic/fixtures.testing.ts';
import { rangePortfolios, rangeRules } from './range.ts';

const portfolios = [eligible(1, '2019-05-10', '2024-11-22'), eligible(2, '2024-03-01', '2024-12-31')];
const options = (ids: number[]) => ({ sections: [], portfolios: ids });

describe('the portfolios bounding the date range (portal-and-report 5)', () => {
  it('are all eligible portfolios for the analytic type, the options ones otherwise', () => {
    expect(rangePortfolios('analytic', options([2]), portfolios).map((p) => p.id)).toEqual([1, 2]);
    expect(rangePortfolios('synthetic', options([2]), portfolios).map((p) => p.id)).toEqual([2]);
    expect(rangePortfolios(null, options([2]), portfolios).map((p) => p.id)).toEqual([2]);
  });

  it('fall back to all eligible ones when the options have none', () => {
    expect(rangePortfolios('custom', options([]), portfolios).map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('range rules', () => {
  it('give the bounds and the default range of those portfolios', () => {
    // Portfolio 2 alone: min 2024-02-29 (the day before 2024-03-01), max 2024-12-31; the first movement falls in the
    // end year, so the default start is the min.
    expect(rangeRules('custom', options([2]), portfolios)).toEqual({
      bounds: { min: '2024-02-29', max: '2024-12-31' },
      defaults: { start: '2024-02-29', end: '2024-12-31' },
    });
    // Both: max is the earliest last check, the start 31 December of the year before.
    expect(rangeRules('analytic', options([2]), portfolios).defaults).toEqual({
      start: '2023-12-31',
      end: '2024-11-22',
    });
  });

  it('have no dates without a portfolio', () => {
    expect(rangeRules('analytic', options([]), [])).toEqual({ bounds: null, defaults: { start: null, end: null } });
  });
});
