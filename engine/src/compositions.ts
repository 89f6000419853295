// Compositions of a portfolio over a period (start, end], with the spec's field names (portal-and-report.md 3):
// the financial report's triplaA lists and the synthetic report. Conventions: engine/docs/portfolio.md.
import type { LedgerWarning } from './positions.ts';
import { averageHolding, moneyWeightedReturn, timeWeightedReturn } from './returns.ts';
import { percentReturn, roundMoney, roundPrice, roundQuantity } from './rounding.ts';
import type { AccountType, MacroAssetClass, Period, PortfolioInput } from './types.ts';
import { type LineValuation, toDailyPoints, type Valuation, type ValueSeries, valuePortfolio } from './valuation.ts';

/**
 * A composition item. Money in EUR (2 decimals); shares of a total as percent numbers (12.34 = 12.34%, 2 decimals);
 * returns in percent points with 8 decimals (percentReturn: 5.13333333), for the pages to show with 2.
 */
export interface CompositionItem {
  description: string;
  /** Giacenza media: average end-of-day value over the days of (start, end]. */
  gm: number;
  /** Share of the list's total (see each list), percent; the items of a list add up to exactly 100. */
  compositionPercentage: number;
  /** Value at the end of the period. */
  totalValue: number;
  /** V_end - V_start - inflows + outflows of the period. */
  totalPerformance: number;
  /** Cumulative TWR over the period, percent; null when the value is negative on some day (no meaningful rate). */
  totalPerformancePercentageTW: number | null;
  /** MWR compounded over the period, percent; null when the flows have no IRR or the value is ever negative. */
  totalPerformancePercentageMW: number | null;
  /** The same MWR as a yearly rate (the IRR), percent; null when totalPerformancePercentageMW is, or too large to write. */
  totalPerformancePercentageMWAnnualised: number | null;
  /** Unrealised gain at the end: market value - book cost (cMkt - cmc) of the lines. */
  cg: number;
  /** Realised gain of the sales in the period. */
  cgAccomplished: number;
  /** Coupons and dividends received in the period (cash items and the total: also INTEREST). */
  accrualCouponDividend: number;
}

export interface MacroAssetClassItem extends CompositionItem {
  /** The asset-class items of this macro asset class (the same objects as in assetClassComposition). */
  assetClassList: CompositionItem[];
}

/** A stock (instrument) item: the lines of one instrument over all accounts. */
export interface StockItem extends CompositionItem {
  quantity: number;
  /** Market price at the end, instrument currency, per price unit (bonds per 100). */
  pzMkt: number;
  /** Average book cost incl. trading fees, instrument currency, per price unit. */
  pmc: number;
  /** Average purchase price excl. costs, instrument currency, per price unit. */
  pms: number;
  /** Market value, EUR (= totalValue). */
  cMkt: number;
  /** Book cost of the held quantity, EUR at the trade dates' FX. */
  cmc: number;
  currentAccrual: number;
  loadAccrual: number;
  isin: string;
  currency: string;
  /** Asset class. */
  ac: string;
}

export interface TriplaA {
  totalComposition: CompositionItem[];
  macroAssetClassComposition: MacroAssetClassItem[];
  assetClassComposition: CompositionItem[];
  stockComposition: StockItem[];
  cashComposition: CompositionItem[];
}

export interface SinteticTotal {
  stocksValue: number;
  cashValue: number;
  controvalore: number;
}

export interface AccountCompositionItem {
  accountType: AccountType;
  accountName: string;
  accountId: number;
  owner: string;
  stockValue: number;
  cashValue: number;
  controvalore: number;
  percentage: number;
  currencySymbol: string;
}

export interface IntermediaryCompositionItem {
  intermediaryName: string;
  stockValue: number;
  cashValue: number;
  controvalore: number;
  percentage: number;
  owner: string;
}

export interface SinteticAssetClassItem {
  assetClassName: string;
  macroAssetClassName: MacroAssetClass;
  /** Share of the securities total, percent. */
  percentage: number;
  stockValue: number;
}

export interface SinteticMacroAssetClassItem {
  macroAssetClassName: MacroAssetClass;
  percentage: number;
  stockValue: number;
  assetClassList: SinteticAssetClassItem[];
}

/** Exposure to one currency: securities by the instrument's currency plus cash by the account's currency. */
export interface CurrencyCompositionItem {
  currency: string;
  currencySymbol: string;
  stockValue: number;
  cashValue: number;
  controvalore: number;
  percentage: number;
}

/** The same split per account and currency. */
export interface MultipleCurrencyCompositionItem extends CurrencyCompositionItem {
  accountId: number;
  accountName: string;
}

export interface Sintetic {
  reportSinteticoTotalComposition: [SinteticTotal];
  accountComposition: AccountCompositionItem[];
  intermediaryComposition: IntermediaryCompositionItem[];
  macroAssetClassComposition: SinteticMacroAssetClassItem[];
  assetClassComposition: SinteticAssetClassItem[];
  currencyComposition: CurrencyCompositionItem[];
  multipleCurrencyComposition: MultipleCurrencyCompositionItem[];
}

export interface Compositions {
  period: Period;
  triplaA: TriplaA;
  sintetic: Sintetic;
  warnings: LedgerWarning[];
}

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', JPY: '¥', CHF: 'CHF' };

/** The display symbol of an ISO currency code (€, $, £, ¥), else the code. Worked example: currencySymbol('USD') = '$'. */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? currency;
}

/**
 * Percent shares of `values` in their total, 2 decimals, adding up to exactly 100 (largest remainder: each share is
 * floored to the hundredth and the missing hundredths go to the largest remainders). All zeros for a zero total.
 * Worked example: percentShares([1, 1, 1]) = [33.34, 33.33, 33.33] (33.333.. floored to 33.33 three times = 99.99,
 * the missing 0.01 to the first of the equal remainders); percentShares([50, -10]) = [125, -25].
 */
export function percentShares(values: ReadonlyArray<number>): number[] {
  const total = values.reduce((s, v) => s + v, 0);
  if (values.length === 0 || Math.abs(total) < 1e-9) return values.map(() => 0);
  const raw = values.map((v) => (v / total) * 10_000);
  const units = raw.map((r) => Math.floor(r + 1e-7));
  let deficit = 10_000 - units.reduce((s, u) => s + u, 0);
  const byRemainder = raw.map((r, i) => ({ i, rest: r - units[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; deficit > 0; k = (k + 1) % byRemainder.length, deficit--) units[byRemainder[k]!.i]! += 1;
  return units.map((u) => u / 100);
}

/** The period's measures of one series (EUR, unrounded). */
function measures(v: Valuation, s: ValueSeries) {
  const points = toDailyPoints(v.dates, s);
  const n = s.value.length;
  let performance = s.value[n - 1]! - s.value[0]!;
  for (let i = 1; i < n; i++) performance += s.outflow[i]! - s.inflow[i]!;
  // A rate of return on a negative balance (an overdrawn cash account) has no meaning: r = -24 / -12 - 1 = +100%.
  let negative = false;
  for (let i = 0; i < n && !negative; i++) negative = s.value[i]! < -0.005;
  const mwr = negative ? { cumulative: Number.NaN, annualised: Number.NaN } : moneyWeightedReturn(points);
  return {
    value: s.value[n - 1]!,
    performance,
    gm: averageHolding(points),
    tw: negative ? Number.NaN : timeWeightedReturn(points).cumulative,
    mw: mwr.cumulative,
    mwAnnualised: mwr.annualised,
  };
}

/** Sum of series (values and flows). */
function sumSeries(list: ReadonlyArray<ValueSeries>, n: number): ValueSeries {
  const out: ValueSeries = { value: new Float64Array(n), inflow: new Float64Array(n), outflow: new Float64Array(n) };
  for (const s of list)
    for (let i = 0; i < n; i++) {
      out.value[i]! += s.value[i]!;
      out.inflow[i]! += s.inflow[i]!;
      out.outflow[i]! += s.outflow[i]!;
    }
  return out;
}

/** True if a series held value or moved in the period. */
function touched(s: ValueSeries): boolean {
  for (let i = 0; i < s.value.length; i++)
    if (s.value[i] !== 0 || (i > 0 && (s.inflow[i] !== 0 || s.outflow[i] !== 0))) return true;
  return false;
}

interface Draft {
  description: string;
  series: ValueSeries;
  lines: ReadonlyArray<LineValuation>;
  extraIncome: number;
}

/** Items of one list: measures, line sums, percentages of the list's total value. */
function items(v: Valuation, drafts: ReadonlyArray<Draft>): CompositionItem[] {
  const m = drafts.map((d) => measures(v, d.series));
  const shares = percentShares(m.map((x) => x.value));
  return drafts.map((d, i) => {
    let cg = 0;
    let realised = 0;
    let income = d.extraIncome;
    for (const l of d.lines) {
      cg += l.series.value[l.series.value.length - 1]! - l.end.cmc;
      realised += l.end.cgAccomplished - l.startRealised;
      income += l.end.accrualCouponDividend - l.startIncome;
    }
    const x = m[i]!;
    return {
      description: d.description,
      gm: roundMoney(x.gm),
      compositionPercentage: shares[i]!,
      totalValue: roundMoney(x.value),
      totalPerformance: roundMoney(x.performance),
      totalPerformancePercentageTW: percentReturn(x.tw),
      totalPerformancePercentageMW: percentReturn(x.mw),
      totalPerformancePercentageMWAnnualised: percentReturn(x.mwAnnualised),
      cg: roundMoney(cg),
      cgAccomplished: roundMoney(realised),
      accrualCouponDividend: roundMoney(income),
    };
  });
}

/**
 * The compositions of a valued portfolio (see valuePortfolio). Percentage bases: totalComposition 100;
 * macroAssetClassComposition, assetClassComposition and stockComposition the securities total; cashComposition the
 * cash total; the synthetic account, intermediary and currency lists the controvalore (securities + cash); the
 * synthetic class lists the securities total.
 * Worked example: compositionsOf(valuePortfolio(input, period)) equals buildCompositions(input, period) (see there);
 * call it directly to reuse one valuation for several reports.
 */
export function compositionsOf(v: Valuation): Compositions {
  const n = v.dates.length;
  const last = n - 1;
  const cashItems = v.cash.filter((c) => c.active || c.account.accountType === 'CONTO_CORRENTE');
  const cashIncome = v.cash.reduce((s, c) => s + c.periodIncome, 0);

  // triplaA.
  const [total] = items(v, [{ description: 'Totale', series: v.portfolio, lines: v.lines, extraIncome: cashIncome }]);
  const activeClasses = v.assetClasses.filter((c) => touched(c.series));
  const classItems = items(
    v,
    activeClasses.map((c) => ({
      description: c.name,
      series: c.series,
      lines: v.lines.filter((l) => l.instrument.assetClass === c.name),
      extraIncome: 0,
    })),
  );
  const macroItems = items(
    v,
    v.macroAssetClasses.map((m) => ({
      description: m.name,
      series: m.series,
      lines: v.lines.filter((l) => l.instrument.macroAssetClass === m.name),
      extraIncome: 0,
    })),
  ).map(
    (item, i): MacroAssetClassItem => ({
      ...item,
      assetClassList: classItems.filter((_, k) => activeClasses[k]!.macroAssetClass === v.macroAssetClasses[i]!.name),
    }),
  );

  const byInstrument = new Map<number, LineValuation[]>();
  for (const l of v.lines) {
    const list = byInstrument.get(l.instrumentId);
    if (list) list.push(l);
    else byInstrument.set(l.instrumentId, [l]);
  }
  const stockGroups = [...byInstrument.values()]
    .map((lines) => ({
      lines,
      series: sumSeries(
        lines.map((l) => l.series),
        n,
      ),
    }))
    .filter((g) => touched(g.series) || g.lines.some((l) => l.end.cgAccomplished !== l.startRealised));
  const stockBase = items(
    v,
    stockGroups.map((g) => ({
      description: g.lines[0]!.instrument.name,
      series: g.series,
      lines: g.lines,
      extraIncome: 0,
    })),
  );
  const stockItems = stockGroups.map((g, i): StockItem => {
    const inst = g.lines[0]!.instrument;
    let quantity = 0;
    let bookCcy = 0;
    let purchaseCcy = 0;
    let cmc = 0;
    let currentAccrual = 0;
    let loadAccrual = 0;
    for (const l of g.lines) {
      quantity += l.end.quantity;
      bookCcy += (l.end.pmcCcy * l.end.quantity) / inst.priceUnit;
      purchaseCcy += (l.end.pmsCcy * l.end.quantity) / inst.priceUnit;
      cmc += l.end.cmc;
      currentAccrual += l.end.currentAccrual;
      loadAccrual += l.end.loadAccrual;
    }
    const perUnit = (v: number) => (quantity > 0 ? (v / quantity) * inst.priceUnit : 0);
    return {
      ...stockBase[i]!,
      quantity: roundQuantity(quantity),
      pzMkt: roundPrice(g.lines[0]!.endPrice),
      pmc: roundPrice(perUnit(bookCcy)),
      pms: roundPrice(perUnit(purchaseCcy)),
      cMkt: roundMoney(g.series.value[last]!),
      cmc: roundMoney(cmc),
      currentAccrual: roundMoney(currentAccrual),
      loadAccrual: roundMoney(loadAccrual),
      isin: inst.isin,
      currency: inst.currency,
      ac: inst.assetClass,
    };
  });

  const cashComposition = items(
    v,
    cashItems.map((c) => ({ description: c.account.name, series: c.series, lines: [], extraIncome: c.periodIncome })),
  );

  // Synthetic report, at the end of the period.
  const stocksValue = v.lines.reduce((s, l) => s + l.series.value[last]!, 0);
  const cashValue = v.cash.reduce((s, c) => s + c.series.value[last]!, 0);
  const accountShares = percentShares(v.accounts.map((a) => a.series.value[last]!));
  const accountComposition = v.accounts.map(
    (a, i): AccountCompositionItem => ({
      accountType: a.account.accountType,
      accountName: a.account.name,
      accountId: a.account.id,
      owner: a.account.ownerName,
      stockValue: roundMoney(a.stockValue[last]!),
      cashValue: roundMoney(a.cashValue[last]!),
      controvalore: roundMoney(a.series.value[last]!),
      percentage: accountShares[i]!,
      currencySymbol: currencySymbol(a.account.currency),
    }),
  );
  const intermediaries = new Map<number, { name: string; stock: number; cash: number; owners: string[] }>();
  for (const a of v.accounts) {
    let it = intermediaries.get(a.account.intermediaryId);
    if (!it) {
      it = { name: a.account.intermediaryName, stock: 0, cash: 0, owners: [] };
      intermediaries.set(a.account.intermediaryId, it);
    }
    it.stock += a.stockValue[last]!;
    it.cash += a.cashValue[last]!;
    if (a.account.ownerName && !it.owners.includes(a.account.ownerName)) it.owners.push(a.account.ownerName);
  }
  const intermediaryList = [...intermediaries.values()];
  const intermediaryShares = percentShares(intermediaryList.map((it) => it.stock + it.cash));
  const intermediaryComposition = intermediaryList.map(
    (it, i): IntermediaryCompositionItem => ({
      intermediaryName: it.name,
      stockValue: roundMoney(it.stock),
      cashValue: roundMoney(it.cash),
      controvalore: roundMoney(it.stock + it.cash),
      percentage: intermediaryShares[i]!,
      owner: it.owners.join(', '),
    }),
  );

  const classValues = activeClasses.map((c) => c.series.value[last]!);
  const classShares = percentShares(classValues);
  const sinteticClasses = activeClasses.map(
    (c, i): SinteticAssetClassItem => ({
      assetClassName: c.name,
      macroAssetClassName: c.macroAssetClass,
      percentage: classShares[i]!,
      stockValue: roundMoney(classValues[i]!),
    }),
  );
  const macroShares = percentShares(v.macroAssetClasses.map((m) => m.series.value[last]!));
  const sinteticMacros = v.macroAssetClasses.map(
    (m, i): SinteticMacroAssetClassItem => ({
      macroAssetClassName: m.name,
      percentage: macroShares[i]!,
      stockValue: roundMoney(m.series.value[last]!),
      assetClassList: sinteticClasses.filter((c) => c.macroAssetClassName === m.name),
    }),
  );

  const byCurrency = new Map<string, { stock: number; cash: number }>();
  const byAccountCurrency = new Map<
    string,
    { accountId: number; accountName: string; currency: string; stock: number; cash: number }
  >();
  const add = (accountId: number, accountName: string, currency: string, stock: number, cash: number) => {
    const c = byCurrency.get(currency) ?? { stock: 0, cash: 0 };
    c.stock += stock;
    c.cash += cash;
    byCurrency.set(currency, c);
    const key = `${accountId}:${currency}`;
    const ac = byAccountCurrency.get(key) ?? { accountId, accountName, currency, stock: 0, cash: 0 };
    ac.stock += stock;
    ac.cash += cash;
    byAccountCurrency.set(key, ac);
  };
  const accountOrder = new Map(v.accounts.map((a, i) => [a.account.id, i]));
  for (const l of v.lines)
    if (l.series.value[last] !== 0) add(l.accountId, l.account.name, l.instrument.currency, l.series.value[last]!, 0);
  for (const c of v.cash)
    if (c.series.value[last] !== 0) add(c.account.id, c.account.name, c.account.currency, 0, c.series.value[last]!);
  const currencyList = [...byCurrency.entries()]
    .map(([currency, x]) => ({ currency, ...x }))
    .sort((a, b) => b.stock + b.cash - (a.stock + a.cash) || (a.currency < b.currency ? -1 : 1));
  const currencyShares = percentShares(currencyList.map((c) => c.stock + c.cash));
  const currencyComposition = currencyList.map(
    (c, i): CurrencyCompositionItem => ({
      currency: c.currency,
      currencySymbol: currencySymbol(c.currency),
      stockValue: roundMoney(c.stock),
      cashValue: roundMoney(c.cash),
      controvalore: roundMoney(c.stock + c.cash),
      percentage: currencyShares[i]!,
    }),
  );
  const multiList = [...byAccountCurrency.values()].sort(
    (a, b) =>
      (accountOrder.get(a.accountId) ?? 0) - (accountOrder.get(b.accountId) ?? 0) ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );
  const multiShares = percentShares(multiList.map((c) => c.stock + c.cash));
  const multipleCurrencyComposition = multiList.map(
    (c, i): MultipleCurrencyCompositionItem => ({
      accountId: c.accountId,
      accountName: c.accountName,
      currency: c.currency,
      currencySymbol: currencySymbol(c.currency),
      stockValue: roundMoney(c.stock),
      cashValue: roundMoney(c.cash),
      controvalore: roundMoney(c.stock + c.cash),
      percentage: multiShares[i]!,
    }),
  );

  return {
    period: v.period,
    triplaA: {
      totalComposition: [total!],
      macroAssetClassComposition: macroItems,
      assetClassComposition: classItems,
      stockComposition: stockItems,
      cashComposition,
    },
    sintetic: {
      reportSinteticoTotalComposition: [
        {
          stocksValue: roundMoney(stocksValue),
          cashValue: roundMoney(cashValue),
          controvalore: roundMoney(stocksValue + cashValue),
        },
      ],
      accountComposition,
      intermediaryComposition,
      macroAssetClassComposition: sinteticMacros,
      assetClassComposition: sinteticClasses,
      currencyComposition,
      multipleCurrencyComposition,
    },
    warnings: v.warnings,
  };
}

/**
 * Values the portfolio over the period and builds its compositions (see compositionsOf and engine/docs/portfolio.md).
 *
 * Worked example: DEPOSIT 10,000 on 2024-01-02, BUY 100 at 50 on 2024-01-03, close 55 on 2024-01-04, period
 * (2024-01-01, 2024-01-04]: total 10,500 (stocks 5,500, cash 5,000), totalPerformance 10,500 - 0 - 10,000 = 500,
 * TW 10,500 / 10,000 - 1 = 5%; the share's item: value 5,500, cg 5,500 - 5,000 = 500, TW 5,500 / 5,000 - 1 = 10%,
 * 100% of the securities; Equity 100%, Alternative and Bond 0%.
 */
export function buildCompositions(input: PortfolioInput, period: Period): Compositions {
  return compositionsOf(valuePortfolio(input, period));
}
