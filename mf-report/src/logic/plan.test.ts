import { describe, expect, it } from 'vitest';
import { eligible } from './fixtures.testing.ts';
import {
  emptySections,
  feeQuarters,
  feesDateFrom,
  type PlanInput,
  reportPlan,
  reportPortfolios,
  reportSections,
  showFlowChart,
} from './plan.ts';

const portfolios = [
  eligible(4, '2020-01-01', '2024-11-22'),
  eligible(9, '2021-06-01', '2024-11-22'),
  eligible(6, '2024-07-01', '2024-11-22'),
];
const base: PlanInput = {
  type: 'synthetic',
  sections: [],
  portfolioIds: [4, 9],
  isFamily: false,
  eligible: portfolios,
  start: '2023-12-31',
  end: '2024-06-30',
};
const kinds = (input: PlanInput) =>
  reportPlan(input).pages.map((p) => ('portfolioId' in p ? `${p.kind} ${p.portfolioId}` : p.kind));

describe('report plan (portal-and-report 2 and issue 7)', () => {
  it('synthetic: cover, overview, comparison and each chosen portfolio summary', () => {
    expect(kinds(base)).toEqual(['cover', 'overview', 'comparison', 'portfolioSummary 4', 'portfolioSummary 9']);
    expect(reportPlan(base).contents).toEqual([
      { section: 'overview', number: 1 },
      { section: 'financial', number: 2 },
    ]);
  });

  it('analytic: every section for every eligible portfolio overlapping the range', () => {
    const plan = reportPlan({ ...base, type: 'analytic', portfolioIds: [] });
    // Portfolio 6 starts on 2024-07-01, the day after the end: left out.
    expect(plan.portfolios.map((p) => p.id)).toEqual([4, 9]);
    expect(kinds({ ...base, type: 'analytic', portfolioIds: [] })).toEqual([
      'cover',
      'overview',
      'comparison',
      'portfolioSummary 4',
      'portfolioAccounts 4',
      'portfolioStocks 4',
      'portfolioFees 4',
      'portfolioSummary 9',
      'portfolioAccounts 9',
      'portfolioStocks 9',
      'portfolioFees 9',
      'realEstateSummary',
      'realEstateList',
      'shares',
      'artLuxSummary',
      'artLuxList',
    ]);
    expect(plan.contents.map((c) => `${c.number} ${c.section}`)).toEqual([
      '1 overview',
      '2 financial',
      '3 realEstate',
      '4 shares',
      '5 artLux',
    ]);
  });

  it('custom: the chosen sections and portfolios, fees only when chosen', () => {
    const custom: PlanInput = { ...base, type: 'custom', sections: ['shares', 'financial'], portfolioIds: [9] };
    expect(kinds(custom)).toEqual([
      'cover',
      'comparison',
      'portfolioSummary 9',
      'portfolioAccounts 9',
      'portfolioStocks 9',
      'shares',
    ]);
    expect(kinds({ ...custom, sections: ['financial', 'fees'] })).toContain('portfolioFees 9');
    expect(reportPlan(custom).contents).toEqual([
      { section: 'financial', number: 1 },
      { section: 'shares', number: 2 },
    ]);
  });

  it('leaves out empty sections and renumbers the contents', () => {
    const input: PlanInput = {
      ...base,
      type: 'analytic',
      empty: emptySections({
        totalWealth: 0,
        firstPortfolioValue: 0,
        realEstateItems: 0,
        shareItems: 2,
        artLuxItems: 0,
      }),
    };
    expect(kinds(input)).toEqual(['cover', 'shares']);
    expect(reportPlan(input).contents).toEqual([{ section: 'shares', number: 1 }]);
  });

  it('leaves out financial when no chosen portfolio overlaps the range', () => {
    expect(kinds({ ...base, portfolioIds: [6] })).toEqual(['cover', 'overview']);
  });

  it('gives no analytic sections for a family', () => {
    expect(reportSections('analytic', [], true)).toEqual([]);
    expect(reportSections('synthetic', [], true)).toEqual(['overview', 'financial']);
  });

  it('takes the portfolios in menu order', () => {
    expect(reportPortfolios('custom', [9, 4], portfolios, '2023-12-31', '2024-11-22').map((p) => p.id)).toEqual([4, 9]);
  });
});

describe('empty sections (portal-and-report 2)', () => {
  it('zero total wealth, zero or missing first-portfolio value, no items', () => {
    expect(
      emptySections({ totalWealth: 1, firstPortfolioValue: null, realEstateItems: 1, shareItems: 0, artLuxItems: 3 }),
    ).toEqual({
      overview: false,
      financial: true,
      realEstate: false,
      shares: true,
      artLux: false,
    });
  });
});

describe('fees quarters (portal-and-report 7 and 9)', () => {
  it('are the end quarter and the three before, across a year change', () => {
    expect(feeQuarters('2024-02-29')).toEqual([
      { year: 2023, quarter: 2 },
      { year: 2023, quarter: 3 },
      { year: 2023, quarter: 4 },
      { year: 2024, quarter: 1 },
    ]);
    expect(feeQuarters('2024-12-31').map((q) => q.quarter)).toEqual([1, 2, 3, 4]);
  });

  it('start the commissioni call three quarters back', () => {
    expect(feesDateFrom('2024-11-22')).toBe('2024-01-01');
    expect(feesDateFrom('2024-02-29')).toBe('2023-04-01');
    expect(feesDateFrom('2024-10-01')).toBe('2024-01-01');
    expect(feesDateFrom('2024-09-30')).toBe('2023-10-01');
  });
});

describe('overview flow chart (portal-and-report 2)', () => {
  it('shows only when the flux values sum to non-zero', () => {
    expect(showFlowChart({ financial: 100, realEstate: -100 })).toBe(false);
    expect(showFlowChart({})).toBe(false);
    expect(showFlowChart({ financial: 0, humanCapital: 12.5 })).toBe(true);
  });
});
