// Figures of each widget in the contract's shapes (shared-api widget-schemas.ts), for the browser tests and the
// stories.
import type {
  ArtLuxDonutData,
  BusinessChartData,
  FeeTableWidgetData,
  PerformanceBarsData,
  PortfolioDonutData,
  ProjectionBandData,
  TrendWaterfallData,
  WealthTotalData,
} from '@patrimonio/shared-api';
import { feesReport, performanceClasses, projection, trend } from '../charts/fixtures.ts';

export const portfolioDonutData: PortfolioDonutData = {
  date: '2026-10-31',
  slices: [
    { key: 'Bond', value: 300_000 },
    { key: 'Equity', value: 500_000 },
    { key: 'Alternative', value: 75_250.5 },
  ],
};

export const feeTableData: FeeTableWidgetData = {
  ...(feesReport as unknown as FeeTableWidgetData),
  dateFrom: '2024-01-01',
  dateTo: '2024-12-31',
};

export const performanceBarsData: PerformanceBarsData = {
  dateFrom: '2026-01-01',
  dateTo: '2026-10-31',
  classes: performanceClasses.map((c) => ({
    key: c.description as PerformanceBarsData['classes'][number]['key'],
    value: c.value,
    assetClassList: c.assetClassList.map((a) => ({ label: a.description, value: a.value })),
  })),
};

export const trendWaterfallData: TrendWaterfallData = { start: trend.start, rows: [...trend.rows] };

export const businessChartData: BusinessChartData = {
  year: 2025,
  companies: [
    { label: 'Rossi S.p.A.', revenue: 1_520_000, profit: 131_000, ebitda: 276_000 },
    { label: 'Bianchi S.r.l.', revenue: 640_000, profit: -24_000, ebitda: 58_000 },
  ],
};

export const artLuxDonutData: ArtLuxDonutData = {
  date: '2026-10-31',
  slices: [
    { key: 'ART', value: 120_000 },
    { key: 'CAR', value: 85_000 },
    { key: 'JEWELRY', value: 30_500 },
  ],
};

export const projectionBandData: ProjectionBandData = projection;

export const wealthTotalData: WealthTotalData = {
  date: '2026-10-31',
  total: 1_234_567.89,
  parts: [
    { key: 'financial', value: 740_740.73 },
    { key: 'realEstate', value: 370_370.37 },
    { key: 'share', value: 98_765.43 },
    { key: 'artLux', value: 24_691.36 },
  ],
};
