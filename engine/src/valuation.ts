// End-of-day valuation of a portfolio on every calendar day of a period (DESIGN.md 4), as value series with
// external flows for the portfolio, each line, each account's cash, each account, each asset class and macro
// asset class. Conventions and worked examples: engine/docs/portfolio.md.
import { fromDayNumber, toDayNumber } from './calendar.ts';
import { Market } from './market.ts';
import {
  type CashState,
  Ledger,
  type LedgerWarning,
  type LineState,
  type MovementEffect,
  type PositionLine,
  type PreparedMovement,
  prepareMovements,
} from './positions.ts';
import type { DailyPoint } from './returns.ts';
import {
  type Account,
  type Instrument,
  type IsoDate,
  MACRO_ASSET_CLASSES,
  type MacroAssetClass,
  type Period,
  type PortfolioInput,
} from './types.ts';

/** A daily series over the period's days (index 0 = the start day): end-of-day value and the day's flows, EUR. */
export interface ValueSeries {
  value: Float64Array;
  inflow: Float64Array;
  outflow: Float64Array;
}

export interface LineValuation {
  accountId: number;
  instrumentId: number;
  instrument: Instrument;
  account: Account;
  /** value = market value (clean: quantity x price / priceUnit, EUR at the day's FX); accruals are not in it. */
  series: ValueSeries;
  /** The line at the end of the period (unrounded). */
  end: PositionLine;
  /** Market price at the end, instrument currency per price unit (the last close, or the trade price before it). */
  endPrice: number;
  /** Realised gain and income accumulated up to the end of the start day, EUR (period amounts = end - start). */
  startRealised: number;
  startIncome: number;
}

export interface CashValuation {
  account: Account;
  /** value = the balance in EUR at the day's FX; flows = external flows and the counterparts of line flows. */
  series: ValueSeries;
  /** Balance at the end, in the account's currency. */
  endBalance: number;
  /** INTEREST (and income matching no line) booked to this cash in the period, EUR. */
  periodIncome: number;
  /** True if the cash was ever non-zero or moved in the period. */
  active: boolean;
}

export interface AccountValuation {
  account: Account;
  /** value = its lines + its cash; flows = what crossed the account's boundary, netted per day. */
  series: ValueSeries;
  stockValue: Float64Array;
  cashValue: Float64Array;
}

export interface ClassValuation<N extends string = string> {
  name: N;
  macroAssetClass: MacroAssetClass;
  /** Sum of its lines' series (values and flows, not netted). */
  series: ValueSeries;
}

export interface Valuation {
  period: Period;
  /** Day number of the start day (index 0). */
  startDay: number;
  /** The ISO dates of the series, from period.start to period.end inclusive. */
  dates: IsoDate[];
  /** Whole portfolio: lines + cash; flows = DEPOSIT/TRANSFER_IN in, WITHDRAWAL/TRANSFER_OUT out, EUR at their date. */
  portfolio: ValueSeries;
  lines: LineValuation[];
  cash: CashValuation[];
  accounts: AccountValuation[];
  assetClasses: ClassValuation[];
  /** Always the three macro asset classes, in the order Equity, Alternative, Bond. */
  macroAssetClasses: Array<ClassValuation<MacroAssetClass>>;
  warnings: LedgerWarning[];
}

const newSeries = (n: number): ValueSeries => ({
  value: new Float64Array(n),
  inflow: new Float64Array(n),
  outflow: new Float64Array(n),
});

function addArray(target: Float64Array, source: Float64Array): void {
  for (let i = 0; i < target.length; i++) target[i]! += source[i]!;
}

function addInto(target: ValueSeries, source: ValueSeries): void {
  addArray(target.value, source.value);
  addArray(target.inflow, source.inflow);
  addArray(target.outflow, source.outflow);
}

/** Net flows per day into inflow (positive) and outflow (negative). */
function splitNet(net: Float64Array, series: ValueSeries): void {
  for (let i = 0; i < net.length; i++) {
    const f = net[i]!;
    if (f > 0) series.inflow[i] = f;
    else if (f < 0) series.outflow[i] = -f;
  }
}

/** value[i] = quantity per price unit x price[i] / rate[i] for i in [from, to]; NaN prices read as `fallback`. */
function fillLine(
  value: Float64Array,
  from: number,
  to: number,
  perUnit: number,
  price: Float64Array,
  rate: Float64Array,
  fallback: number,
): boolean {
  let usedFallback = false;
  for (let i = from; i <= to; i++) {
    let p = price[i]!;
    if (Number.isNaN(p)) {
      p = fallback;
      usedFallback = true;
    }
    value[i] = (perUnit * p) / rate[i]!;
  }
  return usedFallback;
}

/** value[i] = balance / rate[i] for i in [from, to]. */
function fillCash(value: Float64Array, from: number, to: number, balance: number, rate: Float64Array): void {
  for (let i = from; i <= to; i++) value[i] = balance / rate[i]!;
}

/**
 * Values a portfolio at the end of every calendar day of [period.start, period.end]: the start day's value opens the
 * period (start, end]. Movements are replayed once (positions.ts); prices and FX are pre-indexed per instrument and
 * currency into arrays by day offset, last known value carried forward; before an instrument's first close its last
 * trade price is used. Cash books to offsetAccountId ?? accountId, in that account's currency.
 *
 * Flows (EUR at each movement's date, positive numbers):
 * - portfolio: DEPOSIT/TRANSFER_IN in, WITHDRAWAL/TRANSFER_OUT out (securities transfers at their amount);
 * - line: purchases (amount + linked NEGOZIAZIONE fees, and fees of sales) and securities transfers in are inflows;
 *   sale proceeds, coupons, dividends and securities transfers out are outflows;
 * - cash of an account: external cash flows plus the counterpart of every line flow; INTEREST, other fees, taxes,
 *   income matching no line and FX on the balance are the cash's own performance;
 * - account: lines + cash of the account, flows netted per day (a trade settled within the account is no flow);
 * - asset class and macro asset class: the sum of their lines.
 * So the portfolio's performance is exactly the sum of its lines' and cash components' performances.
 *
 * Worked example: DEPOSIT 10,000 on 2024-01-02, BUY 100 at 50 on 2024-01-03 (closes 50, then 55 on 2024-01-04),
 * period (2024-01-01, 2024-01-04]: portfolio values [0, 10,000, 10,000, 10,500] (5,000 cash + 100 x 55), inflow
 * 10,000 on day 1; the line's values [0, 0, 5,000, 5,500] with inflow 5,000 on 2024-01-03.
 */
export function valuePortfolio(input: PortfolioInput, period: Period): Valuation {
  const toldOf = warningsCollector();
  const market = new Market(input.prices, input.fx);
  const prepared = prepareMovements(input, market, toldOf.warn);
  return valueWithPrepared(input, period, market, prepared, toldOf);
}

/** A valuation's warnings and the function that adds one. */
export interface WarningsCollector {
  warnings: LedgerWarning[];
  warn: (w: LedgerWarning) => void;
}

export function warningsCollector(): WarningsCollector {
  const warnings: LedgerWarning[] = [];
  const warn = (w: LedgerWarning) => {
    // A currency without rates is reported once, whether a movement, an instrument or an account needed it.
    if (w.code === 'MISSING_FX' && warnings.some((x) => x.message === w.message)) return;
    warnings.push(w);
  };
  return { warnings, warn };
}

/**
 * valuePortfolio with the market index and the prepared movements made already (with `toldOf.warn`): the valuation
 * series (series.ts) prepares them once for its valuation and its replays.
 */
export function valueWithPrepared(
  input: PortfolioInput,
  period: Period,
  market: Market,
  prepared: ReadonlyArray<PreparedMovement>,
  toldOf: WarningsCollector,
): Valuation {
  const startDay = toDayNumber(period.start);
  const endDay = toDayNumber(period.end);
  if (endDay < startDay) throw new RangeError(`period ends before it starts: ${period.start} to ${period.end}`);
  const n = endDay - startDay + 1;
  const { warnings, warn } = toldOf;
  const ledger = new Ledger(input.accounts, market, warn);

  let k = 0;
  while (k < prepared.length && prepared[k]!.day < startDay) ledger.apply(prepared[k++]!);

  const portfolio = newSeries(n);
  const lineSeries = new Map<LineState, ValueSeries>();
  const cashSeries = new Map<CashState, ValueSeries>();
  const accountNet = new Map<number, Float64Array>();
  const rates = new Map<string, Float64Array>();
  const prices = new Map<number, Float64Array>();
  const missingFx = new Set<string>();
  const ratesOf = (currency: string): Float64Array => {
    let r = rates.get(currency);
    if (!r) {
      r = market.denseRates(currency, startDay, n);
      if (Number.isNaN(r[0]!)) {
        r.fill(1);
        if (!missingFx.has(currency) && !market.hasCurrency(currency)) {
          missingFx.add(currency);
          warn({ code: 'MISSING_FX', message: `no FX rate for ${currency}: read as 1 per euro` });
        }
      }
      rates.set(currency, r);
    }
    return r;
  };
  const seriesOfLine = (line: LineState): ValueSeries => {
    let s = lineSeries.get(line);
    if (!s) {
      s = newSeries(n);
      lineSeries.set(line, s);
      if (!prices.has(line.instrumentId))
        prices.set(line.instrumentId, market.densePrices(line.instrumentId, startDay, n));
    }
    return s;
  };
  const seriesOfCash = (cash: CashState): ValueSeries => {
    let s = cashSeries.get(cash);
    if (!s) {
      s = newSeries(n);
      cashSeries.set(cash, s);
    }
    return s;
  };
  const netOf = (accountId: number): Float64Array => {
    let a = accountNet.get(accountId);
    if (!a) {
      a = new Float64Array(n);
      accountNet.set(accountId, a);
    }
    return a;
  };
  const record = (e: MovementEffect, i: number) => {
    portfolio.inflow[i]! += e.extIn;
    portfolio.outflow[i]! += e.extOut;
    if (e.line && (e.lineIn !== 0 || e.lineOut !== 0)) {
      const s = seriesOfLine(e.line);
      s.inflow[i]! += e.lineIn;
      s.outflow[i]! += e.lineOut;
      netOf(e.line.accountId)[i]! += e.lineIn - e.lineOut;
    }
    if (e.cash && (e.cashIn !== 0 || e.cashOut !== 0)) {
      const s = seriesOfCash(e.cash);
      s.inflow[i]! += e.cashIn;
      s.outflow[i]! += e.cashOut;
      netOf(e.cash.account.id)[i]! += e.cashIn - e.cashOut;
    }
  };

  // Values are filled per segment: between two movements that touch a line (or a cash balance) its quantity (or
  // balance) is constant, so each segment is one tight loop over the pre-indexed prices and rates. A line's segment
  // closes at any securities movement of its instrument (that may change the trade price used before the first
  // close); a cash balance's segment at any cash effect on it.
  const segmentStart = new Map<LineState | CashState, number>();
  const linesOf = new Map<number, LineState[]>();
  const missingPrice = new Set<number>();
  const flushLine = (line: LineState, to: number) => {
    const from = segmentStart.get(line) ?? 0;
    segmentStart.set(line, to + 1);
    if (line.quantity === 0 || to < from) return;
    const q = line.quantity;
    const unit = line.instrument.priceUnit;
    let fallback = ledger.lastTradePrice.get(line.instrumentId) ?? Number.NaN;
    const atBookCost = Number.isNaN(fallback);
    if (atBookCost) fallback = (line.bookCcy / q) * unit;
    const series = seriesOfLine(line);
    const usedFallback = fillLine(
      series.value,
      from,
      to,
      q / unit,
      prices.get(line.instrumentId)!,
      ratesOf(line.instrument.currency),
      fallback,
    );
    if (usedFallback && atBookCost && !missingPrice.has(line.instrumentId)) {
      missingPrice.add(line.instrumentId);
      warn({ code: 'MISSING_PRICE', message: `no price for ${line.instrument.isin}: valued at book cost` });
    }
  };
  const flushCash = (cash: CashState, to: number) => {
    const from = segmentStart.get(cash) ?? 0;
    segmentStart.set(cash, to + 1);
    if (cash.balance === 0 || to < from) return;
    fillCash(seriesOfCash(cash).value, from, to, cash.balance, ratesOf(cash.account.currency));
  };
  let lineCount = -1;
  let cashCount = -1;
  const track = (i: number) => {
    if (lineCount !== ledger.lines.size) {
      for (const l of ledger.lines.values()) {
        if (segmentStart.has(l)) continue;
        segmentStart.set(l, i);
        seriesOfLine(l);
        const list = linesOf.get(l.instrumentId);
        if (list) list.push(l);
        else linesOf.set(l.instrumentId, [l]);
      }
      lineCount = ledger.lines.size;
    }
    if (cashCount !== ledger.cash.size) {
      for (const c of ledger.cash.values()) {
        if (segmentStart.has(c)) continue;
        segmentStart.set(c, i);
        seriesOfCash(c);
      }
      cashCount = ledger.cash.size;
    }
  };
  const startRealised = new Map<LineState, number>();
  const startIncome = new Map<LineState, number>();
  const startCashIncome = new Map<CashState, number>();
  const snapshot = () => {
    for (const l of ledger.lines.values()) {
      startRealised.set(l, l.realisedEur);
      startIncome.set(l, l.incomeEur);
    }
    for (const c of ledger.cash.values()) startCashIncome.set(c, c.incomeEur);
  };
  track(0);
  let snapshotTaken = false;
  for (; k < prepared.length && prepared[k]!.day <= endDay; k++) {
    const p = prepared[k]!;
    const i = p.day - startDay;
    if (!snapshotTaken && i > 0) {
      snapshot();
      snapshotTaken = true;
    }
    if (p.securities !== 0 && p.instrument) for (const l of linesOf.get(p.instrument.id) ?? []) flushLine(l, i - 1);
    if (p.cashSign !== 0) {
      const cash = ledger.cash.get(p.movement.offsetAccountId ?? p.movement.accountId);
      if (cash) flushCash(cash, i - 1);
    }
    record(ledger.apply(p), i);
    track(i);
  }
  if (!snapshotTaken) snapshot();
  const lines = [...ledger.lines.values()];
  const cashes = [...ledger.cash.values()];
  for (const l of lines) flushLine(l, n - 1);
  for (const c of cashes) flushCash(c, n - 1);

  // Lines, classes and macro classes.
  const lineValuations: LineValuation[] = [];
  const classes = new Map<string, ClassValuation>();
  const macros = new Map<MacroAssetClass, ClassValuation<MacroAssetClass>>(
    MACRO_ASSET_CLASSES.map((m) => [m, { name: m, macroAssetClass: m, series: newSeries(n) }]),
  );
  for (const line of lines) {
    const s = lineSeries.get(line)!;
    const inst = line.instrument;
    const endPriceRaw = prices.get(line.instrumentId)![n - 1]!;
    lineValuations.push({
      accountId: line.accountId,
      instrumentId: line.instrumentId,
      instrument: inst,
      account: line.account,
      series: s,
      end: ledger.position(line, endDay),
      endPrice: Number.isNaN(endPriceRaw)
        ? (ledger.lastTradePrice.get(line.instrumentId) ??
          (line.quantity > 0 ? (line.bookCcy / line.quantity) * inst.priceUnit : 0))
        : endPriceRaw,
      startRealised: startRealised.get(line) ?? 0,
      startIncome: startIncome.get(line) ?? 0,
    });
    let c = classes.get(inst.assetClass);
    if (!c) {
      c = { name: inst.assetClass, macroAssetClass: inst.macroAssetClass, series: newSeries(n) };
      classes.set(inst.assetClass, c);
    }
    addInto(c.series, s);
    const macro = macros.get(inst.macroAssetClass);
    if (macro) addInto(macro.series, s);
    addArray(portfolio.value, s.value);
  }
  const macroOrder = (m: MacroAssetClass) => MACRO_ASSET_CLASSES.indexOf(m);
  const assetClasses = [...classes.values()].sort(
    (a, b) =>
      macroOrder(a.macroAssetClass) - macroOrder(b.macroAssetClass) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );

  // Cash and accounts.
  const cashValuations: CashValuation[] = [];
  const accountValuations: AccountValuation[] = [];
  const byAccount = new Map<number, AccountValuation>();
  for (const account of ledger.accounts()) {
    const a: AccountValuation = {
      account,
      series: newSeries(n),
      stockValue: new Float64Array(n),
      cashValue: new Float64Array(n),
    };
    accountValuations.push(a);
    byAccount.set(account.id, a);
  }
  for (const cash of cashes) {
    const s = cashSeries.get(cash)!;
    let active = false;
    for (let i = 0; i < n && !active; i++) active = s.value[i] !== 0 || s.inflow[i] !== 0 || s.outflow[i] !== 0;
    cashValuations.push({
      account: cash.account,
      series: s,
      endBalance: cash.balance,
      periodIncome: cash.incomeEur - (startCashIncome.get(cash) ?? 0),
      active,
    });
    const a = byAccount.get(cash.account.id)!;
    a.cashValue.set(s.value);
    addArray(portfolio.value, s.value);
  }
  for (const line of lines) {
    const a = byAccount.get(line.accountId)!;
    const v = lineSeries.get(line)!.value;
    addArray(a.stockValue, v);
  }
  for (const a of accountValuations) {
    a.series.value.set(a.stockValue);
    addArray(a.series.value, a.cashValue);
    const net = accountNet.get(a.account.id);
    if (net) splitNet(net, a.series);
  }

  const dates: IsoDate[] = new Array(n);
  for (let i = 0; i < n; i++) dates[i] = fromDayNumber(startDay + i);
  return {
    period,
    startDay,
    dates,
    portfolio,
    lines: lineValuations,
    cash: cashValuations,
    accounts: accountValuations,
    assetClasses,
    macroAssetClasses: [...macros.values()],
    warnings,
  };
}

/**
 * A value series as returns.ts DailyPoints (unrounded EUR), optionally a slice [from, to] of day indexes.
 * Worked example: dates ['2024-01-01', '2024-01-02'], value [0, 100], inflow [0, 100], outflow [0, 0] ->
 * [{ date: '2024-01-01', value: 0, inflow: 0, outflow: 0 }, { date: '2024-01-02', value: 100, inflow: 100, outflow: 0 }].
 */
export function toDailyPoints(
  dates: ReadonlyArray<IsoDate>,
  series: ValueSeries,
  from = 0,
  to = dates.length - 1,
): DailyPoint[] {
  const out: DailyPoint[] = [];
  for (let i = from; i <= to; i++)
    out.push({ date: dates[i]!, value: series.value[i]!, inflow: series.inflow[i]!, outflow: series.outflow[i]! });
  return out;
}
