// The engine work of each analytics call, by name, on an engine input: what a worker thread runs
// (engine-worker.ts). Arguments and answers are plain data (they are copied between threads); database reads are the
// route's, before or after (routes/analytics.ts).
import { dailyFigures, type IsoDate, type Period, type PortfolioInput, type Simulation } from '@patrimonio/engine';
import { ourFigures } from './controls.ts';
import { encodeFigures } from './figures.ts';
import * as reports from './reports.ts';
import { naturalSeries } from './valuations.ts';

type FeesQuery = Parameters<typeof reports.fees>[1];
type CedoleQuery = Parameters<typeof reports.cedole>[1];
type HistoryQuery = Parameters<typeof reports.history>[1];

export const operations = {
  dashboard: (input: PortfolioInput, a: { date: IsoDate; real: reports.RealAssets }) =>
    reports.dashboard(input, a.date, a.real),
  goalProjection: (
    input: PortfolioInput,
    a: { date: IsoDate; real: reports.RealAssets; goals: Parameters<typeof reports.goalProjection>[3] },
  ) => reports.goalProjection(input, a.date, a.real, a.goals),
  simulationFinancial: (input: PortfolioInput, { date }: { date: IsoDate }) => reports.simulationFinancial(input, date),
  /** Plain data in and out: it uses no portfolio input, but runs in the threads like every projection. */
  simulationWealth: (
    _input: PortfolioInput,
    a: { date: IsoDate; current: Simulation; simulation: Simulation; humanCapitalFlows: number[] },
  ) => reports.simulationWealth(a.date, a.current, a.simulation, a.humanCapitalFlows),
  financialComposition: (input: PortfolioInput, { date }: { date: IsoDate }) => {
    const s = reports.sintetico(input, date);
    const total = s.reportSinteticoTotalComposition[0];
    return {
      date,
      stocksValue: total.stocksValue,
      cashValue: total.cashValue,
      controvalore: total.controvalore,
      macroAssetClassComposition: s.macroAssetClassComposition,
    };
  },
  historySeries: (input: PortfolioInput, { start, end }: { start: IsoDate; end: IsoDate }) =>
    reports.historySeries(input, start, end),
  history: (input: PortfolioInput, q: HistoryQuery) => reports.history(input, q),
  sintetico: (input: PortfolioInput, { date }: { date: IsoDate }) => ({ date, ...reports.sintetico(input, date) }),
  performance: (input: PortfolioInput, a: { period: Period; fullData: boolean }) =>
    reports.performance(input, a.period, a.fullData),
  triplaA: (input: PortfolioInput, { period }: { period: Period }) => reports.triplaA(input, period),
  intermediary: (input: PortfolioInput, { date }: { date: IsoDate }) => {
    const s = reports.sintetico(input, date);
    return { date, intermediaryComposition: s.intermediaryComposition, accountComposition: s.accountComposition };
  },
  fees: (input: PortfolioInput, q: FeesQuery) => reports.fees(input, q),
  cedole: (input: PortfolioInput, q: CedoleQuery) => reports.cedole(input, q),
  macroAssetValues: (input: PortfolioInput, { date }: { date: IsoDate }) => ({
    date,
    item: reports.macroAssetValues(input, date),
  }),
  portfolioVar: (input: PortfolioInput, { date }: { date: IsoDate }) => reports.portfolioVar(input, date),
  /** The reconciliation controls: our balances, lines and prices at each bank date (controls.ts). */
  controlFigures: (input: PortfolioInput, { dates }: { dates: IsoDate[] }) => ourFigures(input, dates),
  /**
   * The daily figures to store of the input's series over its natural range (valuation_series; the recalculation's
   * analytics-series job), made from the stored figures the task brings where they hold; null bytes when there is no
   * series to store (no movements, warnings).
   */
  seriesFigures: (input: PortfolioInput, _args: Record<string, never>) => {
    const series = naturalSeries(input);
    const figures = series && dailyFigures(series);
    return figures
      ? { bytes: encodeFigures(figures), range: series.range, daysValued: series.daysValued }
      : { bytes: null, range: null, daysValued: 0 };
  },
} satisfies Record<string, (input: PortfolioInput, args: never) => object>;

export type Operation = keyof typeof operations;
export type OperationArgs<K extends Operation> = Parameters<(typeof operations)[K]>[1];
export type OperationResult<K extends Operation> = ReturnType<(typeof operations)[K]>;
