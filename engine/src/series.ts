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
import type { IsoDate, MacroAssetClass, Period, PortfolioInput } from './types.ts';
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
  /** The days valued to make it: the whole range, 0 from stored figures, the days after a change (resumedSeries). */
  readonly daysValued: number;
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
  return seriesWith(input, range, full, market, prepared, full.dates.length);
}

/** The series of a valuation over `range`: its checkpoints replayed (none, and no movements kept, with warnings). */
function seriesWith(
  input: PortfolioInput,
  range: Period,
  full: Valuation,
  market: Market,
  prepared: ReadonlyArray<PreparedMovement>,
  daysValued: number,
): ValuationSeries {
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
  return { input, range, full, market, prepared: full.warnings.length ? [] : prepared, checkpoints, daysValued };
}

/**
 * The daily figures of a series (every day's values and flows of the portfolio, its lines, cash balances, accounts
 * and classes), without what a replay gives (positions, realised gains, income): what the server stores, from which
 * seriesFromFigures makes the series again without valuing a day, and resumedSeries values only the days after a
 * change. Null for a series with warnings (never read, see the top of the file).
 */
export interface DailyFigures {
  range: Period;
  portfolio: ValueSeries;
  lines: Array<{ accountId: number; instrumentId: number; series: ValueSeries }>;
  cash: Array<{ accountId: number; series: ValueSeries }>;
  accounts: Array<{ accountId: number; series: ValueSeries; stockValue: Float64Array; cashValue: Float64Array }>;
  assetClasses: Array<{ name: string; macroAssetClass: MacroAssetClass; series: ValueSeries }>;
  macroAssetClasses: Array<{ name: MacroAssetClass; series: ValueSeries }>;
}

/** The daily figures of a series (views on its arrays), or null when it has warnings. */
export function dailyFigures(series: ValuationSeries): DailyFigures | null {
  const { full } = series;
  if (full.warnings.length) return null;
  return {
    range: series.range,
    portfolio: full.portfolio,
    lines: full.lines.map((l) => ({ accountId: l.accountId, instrumentId: l.instrumentId, series: l.series })),
    cash: full.cash.map((c) => ({ accountId: c.account.id, series: c.series })),
    accounts: full.accounts.map((a) => ({
      accountId: a.account.id,
      series: a.series,
      stockValue: a.stockValue,
      cashValue: a.cashValue,
    })),
    assetClasses: full.assetClasses.map((c) => ({
      name: c.name,
      macroAssetClass: c.macroAssetClass,
      series: c.series,
    })),
    macroAssetClasses: full.macroAssetClasses.map((m) => ({ name: m.name, series: m.series })),
  };
}

/** The series of `input` over `figures.range` from its daily figures: a replay of the movements, no day valued. */
function fromFigures(
  input: PortfolioInput,
  figures: DailyFigures,
  market: Market,
  prepared: ReadonlyArray<PreparedMovement>,
  daysValued: number,
): ValuationSeries | null {
  const { range } = figures;
  const startDay = toDayNumber(range.start);
  const n = toDayNumber(range.end) - startDay + 1;
  const dates: IsoDate[] = new Array(n);
  for (let i = 0; i < n; i++) dates[i] = fromDayNumber(startDay + i);
  // What periodValuation reads of `full`: the daily arrays by key; the rest it takes from its replay.
  const byId = new Map(input.accounts.map((a) => [a.id, a]));
  const instruments = new Map(input.instruments.map((i) => [i.id, i]));
  const lines: LineValuation[] = [];
  for (const l of figures.lines) {
    const account = byId.get(l.accountId);
    const instrument = instruments.get(l.instrumentId);
    if (!account || !instrument) return null;
    const none = { quantity: 0 } as LineValuation['end'];
    lines.push({ ...l, account, instrument, end: none, endPrice: 0, startRealised: 0, startIncome: 0 });
  }
  const cash: CashValuation[] = [];
  for (const c of figures.cash) {
    const account = byId.get(c.accountId);
    if (!account) return null;
    cash.push({ account, series: c.series, endBalance: 0, periodIncome: 0, active: false });
  }
  const accounts: AccountValuation[] = [];
  for (const a of figures.accounts) {
    const account = byId.get(a.accountId);
    if (!account) return null;
    accounts.push({ account, series: a.series, stockValue: a.stockValue, cashValue: a.cashValue });
  }
  const skeleton: Valuation = {
    period: range,
    startDay,
    dates,
    portfolio: figures.portfolio,
    lines,
    cash,
    accounts,
    assetClasses: figures.assetClasses,
    macroAssetClasses: figures.macroAssetClasses.map((m) => ({ ...m, macroAssetClass: m.name })),
    warnings: [],
  };
  const series = seriesWith(input, range, skeleton, market, prepared, daysValued);
  // The replay completes the valuation of the whole range, as for any period.
  const full = periodValuation(series, range);
  return full ? { ...series, full } : null;
}

/**
 * The series of `input` from stored daily figures of the same data (dailyFigures of an earlier series): the
 * movements are replayed for the checkpoints, no day is valued. Null when the figures do not fit the input (an
 * account or a line unknown to it, warnings): build it with valuationSeries then.
 */
export function seriesFromFigures(input: PortfolioInput, figures: DailyFigures): ValuationSeries | null {
  const toldOf = warningsCollector();
  const market = new Market(input.prices, input.fx);
  const prepared = prepareMovements(input, market, toldOf.warn);
  if (toldOf.warnings.length) return null;
  return fromFigures(input, figures, market, prepared, 0);
}

/**
 * The series of `input` over `range`, from the daily figures of an earlier series of the same portfolio whose data
 * differ only from `changedFrom` on (movements and prices dated then or later): the days before are taken from the
 * figures, the days from `changedFrom` (or from the day after the figures end) to the range's end are valued anew.
 * The result is valuationSeries(input, range), float for float: a day's figures depend only on the holdings at its
 * end and its prices, rates and movements, and the lines open in the same order (see the top of the file). Anything
 * the figures cannot give (another start, warnings, a line or an account gone that had values before the change) is
 * valued whole. Rates are back-filled before a currency's first rate (market.ts): a change of rates with no earlier rate
 * of its currency changes the days before it too, and the caller gives the range's start as `changedFrom` then.
 * Worked example: figures of 2016-10-30..2026-10-30 and a movement added on 2026-11-02: resumedSeries(input, figures,
 * { start: '2016-10-30', end: '2026-11-05' }, '2026-11-02') values the 4 days from 2026-11-02 and keeps 3,656.
 */
export function resumedSeries(
  input: PortfolioInput,
  figures: DailyFigures,
  range: Period,
  changedFrom: IsoDate | null,
): ValuationSeries {
  const startDay = toDayNumber(range.start);
  const endDay = toDayNumber(range.end);
  const storedEnd = toDayNumber(figures.range.end);
  const fromDay = Math.min(changedFrom === null ? storedEnd + 1 : toDayNumber(changedFrom), storedEnd + 1);
  if (figures.range.start !== range.start || endDay < storedEnd || fromDay <= startDay) {
    return valuationSeries(input, range);
  }
  const toldOf = warningsCollector();
  const market = new Market(input.prices, input.fx);
  const prepared = prepareMovements(input, market, toldOf.warn);
  if (toldOf.warnings.length) return valuationSeries(input, range);
  if (fromDay > endDay) return fromFigures(input, figures, market, prepared, 0) ?? valuationSeries(input, range);
  const fresh = valueWithPrepared(input, { start: fromDayNumber(fromDay), end: range.end }, market, prepared, toldOf);
  if (fresh.warnings.length) return valuationSeries(input, range);

  const kept = fromDay - startDay;
  const n = endDay - startDay + 1;
  let fits = true;
  const join = (before: Float64Array | undefined, after: Float64Array): Float64Array => {
    const out = new Float64Array(n);
    if (before) out.set(before.subarray(0, kept));
    out.set(after, kept);
    return out;
  };
  const joinSeries = (before: ValueSeries | undefined, after: ValueSeries): ValueSeries => ({
    value: join(before?.value, after.value),
    inflow: join(before?.inflow, after.inflow),
    outflow: join(before?.outflow, after.outflow),
  });
  /** Entries of the figures the new valuation has no more: only if nothing of them is kept (else value it whole). */
  const dropped = <T>(
    stored: ReadonlyArray<T>,
    key: (x: T) => string,
    now: Set<string>,
    arrays: (x: T) => Float64Array[],
  ) => {
    for (const x of stored) {
      if (now.has(key(x))) continue;
      for (const a of arrays(x)) for (let i = 0; i < kept; i++) if (a[i] !== 0) fits = false;
    }
  };
  const seriesArrays = (s: ValueSeries) => [s.value, s.inflow, s.outflow];

  const lineKey = (l: { accountId: number; instrumentId: number }) => `${l.accountId}:${l.instrumentId}`;
  const storedLines = new Map(figures.lines.map((l) => [lineKey(l), l]));
  const lines = fresh.lines.map((l) => ({
    accountId: l.accountId,
    instrumentId: l.instrumentId,
    series: joinSeries(storedLines.get(lineKey(l))?.series, l.series),
  }));
  dropped(figures.lines, lineKey, new Set(lines.map(lineKey)), (l) => seriesArrays(l.series));

  const storedCash = new Map(figures.cash.map((c) => [c.accountId, c]));
  const cash = fresh.cash.map((c) => ({
    accountId: c.account.id,
    series: joinSeries(storedCash.get(c.account.id)?.series, c.series),
  }));
  dropped(
    figures.cash,
    (c) => String(c.accountId),
    new Set(cash.map((c) => String(c.accountId))),
    (c) => seriesArrays(c.series),
  );

  const storedAccounts = new Map(figures.accounts.map((a) => [a.accountId, a]));
  const accounts = fresh.accounts.map((a) => {
    const before = storedAccounts.get(a.account.id);
    return {
      accountId: a.account.id,
      series: joinSeries(before?.series, a.series),
      stockValue: join(before?.stockValue, a.stockValue),
      cashValue: join(before?.cashValue, a.cashValue),
    };
  });
  dropped(
    figures.accounts,
    (a) => String(a.accountId),
    new Set(accounts.map((a) => String(a.accountId))),
    (a) => [...seriesArrays(a.series), a.stockValue, a.cashValue],
  );

  const storedClasses = new Map(figures.assetClasses.map((c) => [c.name, c]));
  const assetClasses = fresh.assetClasses.map((c) => {
    const before = storedClasses.get(c.name);
    if (before && before.macroAssetClass !== c.macroAssetClass) fits = false;
    return { name: c.name, macroAssetClass: c.macroAssetClass, series: joinSeries(before?.series, c.series) };
  });
  dropped(
    figures.assetClasses,
    (c) => c.name,
    new Set(assetClasses.map((c) => c.name)),
    (c) => seriesArrays(c.series),
  );

  const storedMacros = new Map(figures.macroAssetClasses.map((m) => [m.name, m]));
  const macroAssetClasses = fresh.macroAssetClasses.map((m) => ({
    name: m.name,
    series: joinSeries(storedMacros.get(m.name)?.series, m.series),
  }));

  if (!fits) return valuationSeries(input, range);
  const joined: DailyFigures = {
    range,
    portfolio: joinSeries(figures.portfolio, fresh.portfolio),
    lines,
    cash,
    accounts,
    assetClasses,
    macroAssetClasses,
  };
  return fromFigures(input, joined, market, prepared, endDay - fromDay + 1) ?? valuationSeries(input, range);
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
 * daily figures views on the series' arrays (read them, never write them) and the rest from a replay of the movements
 * to the period's start and to its end, each from the last checkpoint before. Null when the series cannot answer it
 * (seriesCovers): value the period with valuePortfolio then.
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
  let ledger = checkpoint ? checkpoint.ledger.clone(warn) : new Ledger(input.accounts, market, warn);
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
  // On to the end from the last checkpoint on or before it, when that is ahead: the same state as replaying every
  // movement between (the checkpoint is that replay's state), without the replay.
  let ahead: ValuationSeries['checkpoints'][number] | undefined;
  for (const c of series.checkpoints) if (c.day <= endDay && c.next > k) ahead = c;
  if (ahead) {
    ledger = ahead.ledger.clone(warn);
    k = ahead.next;
  }
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
