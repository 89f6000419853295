// Sample data for the charts' and widgets' stories and browser tests, shaped like the analytics API's answers
// (shared-api analytics-schemas: Dashboard, PerformanceReport, FeesReport). Names are sample data, not
// translatable content.
import type { FeeTableData } from '../widgets/fees.ts';
import type { BandChartProps, DonutSlice, LineSeries, PerformanceBarsProps, WaterfallChartProps } from './index.ts';

/** Seven slices: the legend shows five, then 'more'. */
export const compositionSlices: DonutSlice[] = [
  { label: 'Azionario', value: 412_350.25 },
  { label: 'Obbligazionario', value: 268_900 },
  { label: 'Liquidità', value: 95_120.5 },
  { label: 'Immobili', value: 350_000 },
  { label: 'Partecipazioni', value: 120_000 },
  { label: 'Arte e lusso', value: 45_500 },
  { label: 'Alternativi', value: 30_250.75 },
];

/** The overview's richComposition. */
export const wealthSlices: DonutSlice[] = [
  { label: 'Finanziario', value: 806_370.75 },
  { label: 'Immobiliare', value: 350_000 },
  { label: 'Partecipazioni', value: 120_000 },
  { label: 'Arte e lusso', value: 45_500 },
];

const monthEnds = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(2023, from + i + 1, 0));
    return d.toISOString().slice(0, 10);
  });

/** Total value by month over two years. */
export const valueSeries: LineSeries[] = [
  {
    name: 'Patrimonio',
    points: monthEnds(0, 24).map((date, i) => ({
      date,
      value: Math.round((1_150_000 + i * 7_500 + Math.sin(i / 2) * 25_000) * 100) / 100,
    })),
  },
];

/** Cumulative performance of the aggregate and two portfolios, percent points. */
export const performanceSeries: LineSeries[] = [
  {
    name: 'Aggregato',
    aggregate: true,
    points: monthEnds(0, 12).map((date, i) => ({
      date,
      value: Math.round((i * 0.55 + Math.sin(i) * 0.8) * 100) / 100,
    })),
  },
  {
    name: 'Banca Alfa',
    points: monthEnds(0, 12).map((date, i) => ({ date, value: Math.round((i * 0.8 - Math.cos(i) * 1.1) * 100) / 100 })),
  },
  {
    name: 'Banca Beta',
    points: monthEnds(0, 12).map((date, i) => ({ date, value: Math.round((i * -0.2 + Math.sin(i / 3)) * 100) / 100 })),
  },
];

/** A 20-year projection from 1,000,000 (the engine's model: lognormal bands, 2% inflation). */
export const projection: BandChartProps['calculus'] = (() => {
  const start = 1_000_000;
  const drift = 0.042;
  const vol = 0.09;
  const z: Record<string, number> = { '90%': -1.2815516, '60%': -0.2533471, '20%': 0.8416212 };
  const dates = Array.from({ length: 21 }, (_, k) => `${2025 + k}-05-31`);
  const graph = ['90%', '60%', '20%'].map((name) => ({
    name,
    data: dates.map((_, t) => Math.round(start * Math.exp(drift * t + z[name]! * vol * Math.sqrt(t)) * 100) / 100),
  }));
  const inflation = dates.map((_, t) => Math.round((start / 1.02 ** t) * 100) / 100);
  const maxValue = Math.max(...inflation, ...graph.flatMap((g) => g.data));
  return { dates, inflation, graph, maxValue };
})();

/** The overview's flux: net income of the last 12 months by kind. */
export const flux = {
  categories: ['Finanziario', 'Immobiliare', 'Arte e lusso', 'Partecipazioni', 'Capitale umano'],
  series: [{ name: 'Flussi', data: [18_450.3, 12_000, -1_250, 4_800, 52_000] }],
};

/** A family company's revenue, profit and EBITDA by year. */
export const companyResults = {
  categories: ['2021', '2022', '2023', '2024'],
  series: [
    { name: 'Ricavi', data: [1_250_000, 1_410_000, 1_380_000, 1_520_000] },
    { name: 'Utile', data: [85_000, 112_000, -24_000, 131_000] },
    { name: 'EBITDA', data: [210_000, 245_000, 160_000, 276_000] },
  ],
};

/** Macro classes with their asset classes (percent points, TWR). */
export const performanceClasses: PerformanceBarsProps['classes'] = [
  {
    description: 'Equity',
    value: 8.42,
    assetClassList: [
      { description: 'Azionario Europa', value: 6.1 },
      { description: 'Azionario USA', value: 14.35 },
      { description: 'Azionario Emergenti', value: -3.2 },
    ],
  },
  {
    description: 'Alternative',
    value: -1.75,
    assetClassList: [
      { description: 'Materie prime', value: -4.5 },
      { description: 'Hedge fund', value: 1.2 },
    ],
  },
  {
    description: 'Bond',
    value: 2.1,
    assetClassList: [
      { description: 'Governativo', value: 1.8 },
      { description: 'Societario', value: 2.6 },
      { description: 'High yield', value: null },
      { description: 'Inflation linked', value: 0.4 },
    ],
  },
];

/** A year of quarterly trend rows (costs negative, as the API returns them). */
export const trend: Pick<WaterfallChartProps, 'start' | 'rows'> = {
  start: { date: '2023-12-31', total: 500_000 },
  rows: [
    {
      date: '2024-03-31',
      transfers: 50_000,
      interessi: 2_100,
      commissioni: -850,
      tasse: -420,
      performance: 14_300,
      total: 564_300,
    },
    {
      date: '2024-06-30',
      transfers: 0,
      interessi: 1_900,
      commissioni: -870,
      tasse: -380,
      performance: -9_200,
      total: 555_100,
    },
    {
      date: '2024-09-30',
      transfers: -20_000,
      interessi: 2_050,
      commissioni: -860,
      tasse: -410,
      performance: 11_400,
      total: 546_500,
    },
    {
      date: '2024-12-31',
      transfers: 10_000,
      interessi: 2_300,
      commissioni: -900,
      tasse: -2_150,
      performance: 6_800,
      total: 563_300,
    },
  ],
};

const quarters = [
  { quarter: 1, year: 2024 },
  { quarter: 2, year: 2024 },
  { quarter: 3, year: 2024 },
  { quarter: 4, year: 2024 },
];
const feeRow = (subcauseName: string, values: number[]) => ({
  subcauseName,
  quarters: quarters.map((q, i) => ({ ...q, value: values[i] ?? 0 })),
});

/** The fees report of two accounts over four quarters. */
export const feesReport: FeeTableData = {
  quarters,
  accountComposition: [
    {
      accountId: 11,
      intermediary: 'Banca Alfa',
      user: 'Marco Rossi',
      gm: 412_000,
      subcauses: [
        feeRow('CONTO_CORRENTE', [7.5, 7.5, 7.5, 7.5]),
        feeRow('DEPOSITO_TITOLI', [120, 118.4, 121.9, 125.3]),
        feeRow('NEGOZIAZIONE', [45.2, 0, 19.95, 12]),
        feeRow('GESTIONE', [310.4, 315.15, 318.8, 322.05]),
        feeRow('CONSULENZA', [0, 0, 0, 0]),
        feeRow('Altro', [0, 2.5, 0, 1.2]),
      ],
    },
    {
      accountId: 12,
      intermediary: 'Banca Beta',
      user: 'Marco Rossi',
      gm: 188_500,
      subcauses: [
        feeRow('CONTO_CORRENTE', [3, 3, 3, 3]),
        feeRow('DEPOSITO_TITOLI', [48.7, 49.1, 50.25, 51]),
        feeRow('NEGOZIAZIONE', [9.9, 9.9, 0, 29.7]),
        feeRow('GESTIONE', [0, 0, 0, 0]),
        feeRow('CONSULENZA', [250, 250, 250, 250]),
        feeRow('Altro', [0, 0, 0, 0]),
      ],
    },
  ],
};
