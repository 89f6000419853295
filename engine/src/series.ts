// A portfolio's valuation series (issue 21, "Analytics speed"): the end-of-day valuation of every day of a range,
// computed once, from which the valuation of any period inside the range is read instead of valued again. Pure, like
// the rest of the engine: where the series is kept and when it is dropped is the caller's (the server keeps one per
// engine input and data version, server/src/analytics/valuations.ts).
//
// Why a period read from the series is the very Valuation that valuePortfolio gives for it:
// - every day's value depends only on the holdings at the end of that day and that day's price and rate (prices are
//   carried forward and rates back-filled the same whatever the first day asked, market.ts), and every day's flows
//   only on that day's movements; so the day's figures of a longer valuation are the figures of the shorter one;
// - sums (classes, accounts, the portfolio) add the same lines in the same order: lines open in date order, so the
//   lines a longer range opens after the period's end come last and add exact zeros to the period's days;
// - what is not daily (positions at the end, realised gains and income at the start, cash balances and income) comes
//   from a replay of the movements up to the period's end, as valuePortfolio replays them, started from a checkpoint
//   (the replay's state at a year end on or before the period's start, kept with the series) instead of the first
//   movement: the same movements applied in the same order to the same state;
// - a valuation with warnings is never read from the series (warnings depend on the period): the period is valued
//   anew then, as it is when it lies outside the series' range.
import { fromDayNumber, toDayNumber } from './calendar.ts';
import { Market } from './market.ts';
import { Ledger, type LineState, type PreparedMovement, prepareMovements } from './positions.ts';
import type { IsoDate, Period, PortfolioInput } from './types.ts';
import {
  type AccountValuation,
  type CashValuation,
  type ClassValuation,
  type LineValuation,
  type Valuation,
  type ValueSeries,
  valueWithPrepared,
  warningsCollector,
} from './valuation.ts';

/** The valuation of every day of `range`, and what reading a period from it needs. */
export interface ValuationSeries {
  readonly input: PortfolioInput;
  readonly range: Period;
  /** valuePortfolio(input, range). */
  readonly full: Valuation;
  readonly market: Market;
  readonly prepared: ReadonlyArray<PreparedMovement>;
  /**
   * The replay's state at the end of each year's last day (and of the day before the range), with the index of the
   * first movement after it: a period's replay starts from the last one on or before its start day.
   */
  readonly checkpoints: ReadonlyArray<{ day: number; next: number; ledger: Ledger }>;
}

/**
 * The valuation series of `input` over `range` (start and end days included): one valuePortfolio over the range.
 * Worked example: valuationSeries(input, { start: '2016-10-30', end: '2026-10-30' }) values the ten years once;
 * periodValuation(series, { start: '2025-12-31', end: '2026-10-30' }) then reads the year to date from it.
 */
export function valuationSeries(input: PortfolioInput, range: Period): ValuationSeries {
  const toldOf = warningsCollector();
  const market = new Market(input.prices, input.fx);
  const prepared = prepareMovements(input, market, toldOf.warn);
  const full = valueWithPrepared(input, range, market, prepared, toldOf);
  const checkpoints: Array<{ day: number; next: number; ledger: Ledger }> = [];
  if (!full.warnings.length) {
    const ledger = new Ledger(input.accounts, market, () => {});
    const endDay = toDayNumber(range.end);
    let k = 0;
    let day = toDayNumber(range.start) - 1;
    while (day < endDay) {
      while (k < prepared.length && prepared[k]!.day <= day) ledger.apply(prepared[k++]!);
      checkpoints.push({ day, next: k, ledger: ledger.clone(() => {}) });
      day = toDayNumber(`${fromDayNumber(day).slice(0, 4)}-12-31`);
      if (day === checkpoints.at(-1)!.day) day = toDayNumber(`${Number(fromDayNumber(day).slice(0, 4)) + 1}-12-31`);
    }
  }
  return { input, range, full, market, prepared: full.warnings.length ? [] : prepared, checkpoints };
}

/** The range that covers a series' range and a period, for a series that must grow to answer the period. */
export function coveringRange(range: Period | null, period: Period): Period {
  if (!range) return period;
  // ISO dates: earlier sorts first.
  const [start] = [range.start, period.start].sort();
  const [, end] = [range.end, period.end].sort();
  return { start: start!, end: end! };
}

/** True when the series can answer the period: inside its range and with no warnings (see the top of the file). */
export function seriesCovers(series: ValuationSeries, period: Period): boolean {
  return series.full.warnings.length === 0 && period.start >= series.range.start && period.end <= series.range.end;
}

/** A period's days of a series: views on the series' arrays (no copy; nothing in the engine writes a valuation's). */
const sliceOf = (s: ValueSeries, from: number, to: number): ValueSeries => ({
  value: s.value.subarray(from, to),
  inflow: s.inflow.subarray(from, to),
  outflow: s.outflow.subarray(from, to),
});

/**
 * The valuation of `period` read from the series: the same Valuation as valuePortfolio(series.input, period), the
 * daily figures views on the series' arrays (read them, never write them) and the rest from a replay of the movements up to the period's end. Null when
 * the series cannot answer it (seriesCovers): value the period with valuePortfolio then.
 */
export function periodValuation(series: ValuationSeries, period: Period): Valuation | null {
  if (!seriesCovers(series, period)) return null;
  const { full, market, prepared, input } = series;
  const startDay = toDayNumber(period.start);
  const endDay = toDayNumber(period.end);
  if (endDay < startDay) throw new RangeError(`period ends before it starts: ${period.start} to ${period.end}`);
  const n = endDay - startDay + 1;
  const from = startDay - full.startDay;
  const to = from + n;

  // The replay, as valuePortfolio's: movements up to the start day, the start figures, then up to the end.
  let warned = false;
  const warn = () => {
    warned = true;
  };
  let checkpoint: ValuationSeries['checkpoints'][number] | undefined;
  for (const c of series.checkpoints) if (c.day <= startDay) checkpoint = c;
  const ledger = checkpoint ? checkpoint.ledger.clone(warn) : new Ledger(input.accounts, market, warn);
  let k = checkpoint?.next ?? 0;
  while (k < prepared.length && prepared[k]!.day <= startDay) ledger.apply(prepared[k++]!);
  const startRealised = new Map<string, number>();
  const startIncome = new Map<string, number>();
  for (const l of ledger.lines.values()) {
    startRealised.set(l.key, l.realisedEur);
    startIncome.set(l.key, l.incomeEur);
  }
  const startCashIncome = new Map<number, number>();
  for (const c of ledger.cash.values()) startCashIncome.set(c.account.id, c.incomeEur);
  while (k < prepared.length && prepared[k]!.day <= endDay) ledger.apply(prepared[k++]!);
  // The full range warned of nothing, so neither can a shorter one; a replay that does is answered anew all the same.
  if (warned) return null;

  const fullLines = new Map<string, LineValuation>();
  for (const l of full.lines) fullLines.set(`${l.accountId}:${l.instrumentId}`, l);
  const lines: LineValuation[] = [];
  const classNames = new Set<string>();
  const endPriceOf = (line: LineState): number => {
    const raw = market.densePrices(line.instrumentId, endDay, 1)[0]!;
    return Number.isNaN(raw)
      ? (ledger.lastTradePrice.get(line.instrumentId) ??
          (line.quantity > 0 ? (line.bookCcy / line.quantity) * line.instrument.priceUnit : 0))
      : raw;
  };
  for (const line of ledger.lines.values()) {
    const f = fullLines.get(line.key);
    if (!f) return null;
    lines.push({
      accountId: line.accountId,
      instrumentId: line.instrumentId,
      instrument: line.instrument,
      account: line.account,
      series: sliceOf(f.series, from, to),
      end: ledger.position(line, endDay),
      endPrice: endPriceOf(line),
      startRealised: startRealised.get(line.key) ?? 0,
      startIncome: startIncome.get(line.key) ?? 0,
    });
    classNames.add(line.instrument.assetClass);
  }
  // Classes in the full valuation's order (sorted by macro class and name), those of the period's lines only.
  const assetClasses: ClassValuation[] = full.assetClasses
    .filter((c) => classNames.has(c.name))
    .map((c) => ({ name: c.name, macroAssetClass: c.macroAssetClass, series: sliceOf(c.series, from, to) }));
  const macroAssetClasses = full.macroAssetClasses.map((m) => ({
    name: m.name,
    macroAssetClass: m.macroAssetClass,
    series: sliceOf(m.series, from, to),
  }));

  const fullCash = new Map<number, CashValuation>();
  for (const c of full.cash) fullCash.set(c.account.id, c);
  const cash: CashValuation[] = [];
  for (const c of ledger.cash.values()) {
    const f = fullCash.get(c.account.id);
    if (!f) return null;
    const s = sliceOf(f.series, from, to);
    let active = false;
    for (let i = 0; i < n && !active; i++) active = s.value[i] !== 0 || s.inflow[i] !== 0 || s.outflow[i] !== 0;
    cash.push({
      account: c.account,
      series: s,
      endBalance: c.balance,
      periodIncome: c.incomeEur - (startCashIncome.get(c.account.id) ?? 0),
      active,
    });
  }
  const fullAccounts = new Map<number, AccountValuation>();
  for (const a of full.accounts) fullAccounts.set(a.account.id, a);
  const accounts: AccountValuation[] = [];
  for (const account of ledger.accounts()) {
    const f = fullAccounts.get(account.id);
    if (!f) return null;
    accounts.push({
      account,
      series: sliceOf(f.series, from, to),
      stockValue: f.stockValue.subarray(from, to),
      cashValue: f.cashValue.subarray(from, to),
    });
  }

  const dates: IsoDate[] = full.dates.slice(from, to);
  if (dates.length !== n || dates[0] !== fromDayNumber(startDay)) return null;
  return {
    period,
    startDay,
    dates,
    portfolio: sliceOf(full.portfolio, from, to),
    lines,
    cash,
    accounts,
    assetClasses,
    macroAssetClasses,
    warnings: [],
  };
}
