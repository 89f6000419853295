// The analytics answers computed from an engine input: one function per call, the engine doing the finance
// (engine/README.md). Dates: "today" is the server's UTC date; periods are (start, end] (DESIGN.md 4).
import {
  addDays,
  addMonthsClamped,
  averageHolding,
  CEDOLE_HORIZON_YEARS,
  cedoleReport,
  createMarket,
  displayInterval,
  feeReport,
  goalProbability,
  type IsoDate,
  lastFullQuarters,
  MACRO_ASSET_CLASSES,
  type Period,
  type PortfolioInput,
  PROJECTION_HORIZON_YEARS,
  percentReturn,
  portfolioTrend,
  positionsAt,
  type QuarterRef,
  quarterOf,
  roundMoney,
  type Simulation,
  simulationProjection,
  simulationValues,
  simulationYearlyFlows,
  timeWeightedReturn,
  toDailyPoints,
  toDayNumber,
  tradingDayReturns,
  valueAtRisk,
  wealthProjection,
} from '@patrimonio/engine';
import { badRequest } from '../plugins/errors.ts';
import { compositionsFor, valuationOf } from './valuations.ts';

export const today = (): IsoDate => new Date().toISOString().slice(0, 10);

/** First date of the asset histories (spec data-and-admin section 9). */
export const ASSET_HISTORY_START = '2020-01-01';

/**
 * The longest period valued day by day. A guard, not a business rule: the date format admits 0001-01-01 to 9999-12-31,
 * and valuing every day of such a range held the server for seconds (17 s for 9999-12-31, blocking every other request).
 */
export const MAX_PERIOD_YEARS = 50;

/** 400 when (start, end] is longer than MAX_PERIOD_YEARS, on the bound the caller gave. */
function checkLength(q: { dateFrom?: string }, start: IsoDate, end: IsoDate): void {
  if (end > addMonthsClamped(start, 12 * MAX_PERIOD_YEARS))
    throw badRequest([
      {
        field: q.dateFrom ? 'querystring.dateFrom' : 'querystring.dateTo',
        message: `the period may be at most ${MAX_PERIOD_YEARS} years long`,
      },
    ]);
}

/** Spec section 9: the default range is the day before the start of the current year to today. */
export function defaultRange(q: { dateFrom?: string; dateTo?: string }): Period {
  const end = q.dateTo ?? today();
  const start = q.dateFrom ?? addDays(`${end.slice(0, 4)}-01-01`, -1);
  if (start >= end) throw badRequest([{ field: 'querystring.dateFrom', message: 'dateFrom must be before dateTo' }]);
  checkLength(q, start, end);
  return { start, end };
}

/** A valuation date's period: the day before to the date (the engine still replays every earlier movement). */
const dayOf = (date: IsoDate): Period => ({ start: addDays(date, -1), end: date });

export function triplaA(input: PortfolioInput, period: Period) {
  return compositionsFor(input, period).triplaA;
}

export function sintetico(input: PortfolioInput, date: IsoDate) {
  return compositionsFor(input, dayOf(date)).sintetic;
}

export function macroAssetValues(input: PortfolioInput, date: IsoDate) {
  const s = sintetico(input, date);
  return MACRO_ASSET_CLASSES.map((name) => {
    const item = s.macroAssetClassComposition.find((m) => m.macroAssetClassName === name);
    return { name, value: item?.stockValue ?? 0, percentage: item?.percentage ?? 0 };
  });
}

export function performance(input: PortfolioInput, period: Period, fullData: boolean) {
  const v = valuationOf(input, period);
  const c = compositionsFor(input, period);
  const points = toDailyPoints(v.dates, v.portfolio);
  const total = c.triplaA.totalComposition[0];
  const twr = timeWeightedReturn(points);
  const tw = total?.totalPerformancePercentageTW ?? null;
  const market = createMarket(input.prices, input.fx);
  const klass = (i: (typeof c.triplaA.assetClassComposition)[number]) => ({
    description: i.description,
    totalValue: i.totalValue,
    totalPerformance: i.totalPerformance,
    totalPerformancePercentageTW: i.totalPerformancePercentageTW,
    totalPerformancePercentageMW: i.totalPerformancePercentageMW,
    totalPerformancePercentageMWAnnualised: i.totalPerformancePercentageMWAnnualised,
  });
  const interval = displayInterval(period.start, period.end);
  return {
    dateFrom: period.start,
    dateTo: period.end,
    data: fullData
      ? twr.series.map((s, i) => ({
          date: s.date,
          triplaA: percentReturn(s.cumulative) ?? 0,
          total: roundMoney(points[i]!.value),
        }))
      : [],
    result: tw,
    resultMW: total?.totalPerformancePercentageMW ?? null,
    resultMWAnnualised: total?.totalPerformancePercentageMWAnnualised ?? null,
    // The annualised figure follows the cumulative one: none when the value was ever negative.
    resultAnnualised: tw === null ? null : percentReturn(twr.annualised),
    macroAssetClassComposition: c.triplaA.macroAssetClassComposition.map((m) => ({
      ...klass(m),
      assetClassList: m.assetClassList.map(klass),
    })),
    assetClassComposition: c.triplaA.assetClassComposition.map(klass),
    interval,
    trend: fullData
      ? portfolioTrend({
          points,
          movements: input.movements,
          rate: (cur, d) => market.rate(cur, d),
          interval,
        }).rows.map(({ market: _market, ...row }) => row)
      : [],
  };
}

/** The quarters from dateFrom's to dateTo's (at most 12), or the last 4 full quarters to dateTo by default. */
function feeQuarters(q: { dateFrom?: string }, end: IsoDate): QuarterRef[] {
  if (!q.dateFrom) return lastFullQuarters(end, 4);
  const out: QuarterRef[] = [];
  let { year, quarter } = quarterOf(q.dateFrom);
  const last = quarterOf(end);
  while (year < last.year || (year === last.year && quarter <= last.quarter)) {
    out.push({ year, quarter });
    if (out.length > 12) throw badRequest([{ field: 'querystring.dateFrom', message: 'at most 12 quarters' }]);
    quarter = quarter === 4 ? 1 : ((quarter + 1) as 2 | 3 | 4);
    if (quarter === 1) year++;
  }
  return out;
}

export function fees(input: PortfolioInput, q: { dateFrom?: string; dateTo?: string }) {
  const end = q.dateTo ?? today();
  if (q.dateFrom && q.dateFrom > end)
    throw badRequest([{ field: 'querystring.dateFrom', message: 'dateFrom must be before dateTo' }]);
  const quarters = feeQuarters(q, end);
  const first = quarters[0]!;
  const start = addDays(`${first.year}-${String(first.quarter * 3 - 2).padStart(2, '0')}-01`, -1);
  const v = valuationOf(input, { start, end });
  const gm = new Map(v.accounts.map((a) => [a.account.id, averageHolding(toDailyPoints(v.dates, a.series))]));
  const market = createMarket(input.prices, input.fx);
  const report = feeReport({
    accounts: input.accounts,
    movements: input.movements,
    endDate: end,
    quarters,
    gm,
    rate: (cur, d) => market.rate(cur, d),
  });
  return {
    dateFrom: q.dateFrom ?? addDays(start, 1),
    dateTo: end,
    quarters: quarters.map((x) => ({ year: x.year, quarter: x.quarter })),
    accountComposition: report.accountComposition.map((a) => ({ ...a, gm: roundMoney(a.gm) })),
  };
}

export function cedole(input: PortfolioInput, q: { dateFrom?: string; dateTo?: string }) {
  const asOf = today();
  const start = q.dateFrom ?? asOf;
  const end = q.dateTo ?? addMonthsClamped(asOf, 12 * CEDOLE_HORIZON_YEARS);
  if (start >= end) throw badRequest([{ field: 'querystring.dateFrom', message: 'dateFrom must be before dateTo' }]);
  const positions = positionsAt(input, asOf);
  const holdings = new Map<number, number>();
  for (const l of positions.lines) holdings.set(l.instrumentId, (holdings.get(l.instrumentId) ?? 0) + l.quantity);
  const market = createMarket(input.prices, input.fx);
  const rows = cedoleReport({
    asOf,
    holdings,
    instruments: input.instruments,
    movements: input.movements,
    rate: (cur, d) => market.rate(cur, d),
    period: { start, end },
  });
  return {
    dateFrom: start,
    dateTo: end,
    item: rows.map((r) => ({
      date: r.date,
      isin: r.isin,
      name: r.name,
      type: r.type,
      amount: r.amount,
      currency: r.currency,
      amountEur: r.amountEur ?? r.amount,
      estimated: r.estimated,
      paid: r.date <= asOf,
    })),
  };
}

/** VaR at a date from the trading-day returns of the year before it. */
export function portfolioVar(input: PortfolioInput, date: IsoDate) {
  const v = valuationOf(input, { start: addDays(date, -365), end: date });
  const points = toDailyPoints(v.dates, v.portfolio);
  const value = points.at(-1)?.value ?? 0;
  return { date, value: roundMoney(value), ...valueAtRisk(tradingDayReturns(points), value) };
}

/** The period of an asset history: [dateFrom, dateTo], from 2020-01-01 to today by default, at most 10 years. */
export function historyRange(q: { dateFrom?: string; dateTo?: string }): { start: IsoDate; end: IsoDate } {
  const end = q.dateTo ?? today();
  const start = q.dateFrom ?? ASSET_HISTORY_START;
  if (start > end) throw badRequest([{ field: 'querystring.dateFrom', message: 'dateFrom must not be after dateTo' }]);
  checkLength(q, start, end);
  return { start, end };
}

/** The financial value on every day of [start, end], in date order. */
export function historySeries(input: PortfolioInput, start: IsoDate, end: IsoDate): HistoryItem[] {
  const v = valuationOf(input, { start, end });
  return v.dates.map((date, i) => ({ date, value: roundMoney(v.portfolio.value[i]!) }));
}

export interface HistoryItem {
  date: IsoDate;
  value: number;
}

/** Daily items (in date order) sorted as asked and paged. */
export function pageHistory(items: HistoryItem[], q: { sort?: string; page?: number; size?: number }) {
  const sorted = q.sort === 'date,desc' ? [...items].reverse() : items;
  const page = q.page ?? 1;
  const size = q.size ?? 10000;
  return { item: sorted.slice((page - 1) * size, page * size), total: sorted.length, page, size };
}

/** Daily financial values over [dateFrom, dateTo], sorted and paged. */
export function history(
  input: PortfolioInput,
  q: { dateFrom?: string; dateTo?: string; sort?: string; page?: number; size?: number },
) {
  const { start, end } = historyRange(q);
  return pageHistory(historySeries(input, start, end), q);
}

/**
 * The wealth outside the portfolios at the dashboard's date, the net flows of the 12 months to it (analytics/real-assets.ts)
 * and the planned net flows of each year ahead (year 1 first: human capital and the properties' income less costs and
 * mortgage installments) that feed the projection.
 */
export interface RealAssets {
  value: { realEstate: number; share: number; artLux: number };
  flux: { realEstate: number; artLux: number; share: number; humanCapital: number };
  yearlyFlows: number[];
}
const NO_REAL_ASSETS: RealAssets = {
  value: { realEstate: 0, share: 0, artLux: 0 },
  flux: { realEstate: 0, artLux: 0, share: 0, humanCapital: 0 },
  yearlyFlows: [],
};

/** The wealth by projection class at the date: the financial macro classes and cash from the engine, the others given. */
function projectionValues(input: PortfolioInput, date: IsoDate, real: RealAssets) {
  const s = sintetico(input, date);
  const total = s.reportSinteticoTotalComposition[0];
  const macro = (name: string) =>
    s.macroAssetClassComposition.find((m) => m.macroAssetClassName === name)?.stockValue ?? 0;
  return {
    total,
    values: {
      Equity: Math.max(0, macro('Equity')),
      Alternative: Math.max(0, macro('Alternative')),
      Bond: Math.max(0, macro('Bond')),
      cash: Math.max(0, total?.cashValue ?? 0),
      realEstate: Math.max(0, real.value.realEstate),
      share: Math.max(0, real.value.share),
      artLux: Math.max(0, real.value.artLux),
    },
  };
}

const calculusOf = (p: ReturnType<typeof wealthProjection>) => ({
  dates: p.dates,
  endDate: p.endDate,
  inflation: p.inflation,
  graph: p.graph,
  maxValue: p.maxValue,
  percentage: p.percentage,
});

/**
 * The overview: wealth by class (financial from the engine, the others from their own data), the last 12 months'
 * net income of the financial wealth and the net flows of the others (human capital: the planned flows), and the
 * projection of the whole wealth from today's mix (each class with its parameters, engine/src/projection.ts) with the
 * planned yearly flows of human capital and of the properties.
 */
export function dashboard(input: PortfolioInput, date: IsoDate, real: RealAssets = NO_REAL_ASSETS) {
  const { total, values } = projectionValues(input, date, real);
  const market = createMarket(input.prices, input.fx);
  const yearAgo = addDays(date, -365);
  let income = 0;
  for (const m of input.movements) {
    if (m.date <= yearAgo || m.date > date) continue;
    const eur = market.toEur(m.amount, m.currency, m.date);
    if (m.cause === 'COUPON' || m.cause === 'DIVIDEND' || m.cause === 'INTEREST') income += eur;
    else if (m.cause === 'FEE' || m.cause === 'TAX') income -= eur;
  }
  const projection = wealthProjection({ startDate: date, values, yearlyFlows: real.yearlyFlows });
  return {
    date,
    richComposition: { financial: total?.controvalore ?? 0, ...real.value },
    flux: { financial: roundMoney(income), ...real.flux },
    calculus: calculusOf(projection),
  };
}

/**
 * The goals' projection: the overview's model and inputs over a horizon reaching the furthest goal (at least 20
 * years), and each goal's probability of being reached (engine goalProbability: the same lognormal bands, solved for
 * the goal's amount at its date).
 */
export function goalProjection(
  input: PortfolioInput,
  date: IsoDate,
  real: RealAssets,
  goals: ReadonlyArray<{ id: number; description: string; amount: number; initDate: IsoDate }>,
) {
  const { values } = projectionValues(input, date, real);
  const horizonYears = goalHorizonYears(date, goals);
  const projectionInput = { startDate: date, values, yearlyFlows: real.yearlyFlows, horizonYears };
  return {
    date,
    calculus: calculusOf(wealthProjection(projectionInput)),
    yearlyFlows: real.yearlyFlows.slice(0, horizonYears),
    goals: goals.map((g) => ({ ...g, ...goalProbability(projectionInput, g.initDate, g.amount) })),
  };
}

/** The overview's projection horizon (engine PROJECTION_HORIZON_YEARS). */
export const PROJECTION_YEARS_MIN = PROJECTION_HORIZON_YEARS;
/** The longest projection (engine wealthProjection's bound). */
export const PROJECTION_YEARS_MAX = 100;

/** The goals' projection horizon: whole years to the furthest goal, at least the overview's 20, at most 100. */
export function goalHorizonYears(date: IsoDate, goals: ReadonlyArray<{ initDate: IsoDate }>): number {
  const days = goals.reduce((n, g) => Math.max(n, toDayNumber(g.initDate) - toDayNumber(date)), 0);
  return Math.min(PROJECTION_YEARS_MAX, Math.max(PROJECTION_HORIZON_YEARS, Math.ceil(days / 365.25)));
}

/** Asset classes read as crypto-assets in a simulation's financial split (the rest of Alternative is commodities). */
const CRYPTO_CLASS = /cripto|crypto|bitcoin|ethereum/i;

/**
 * The financial part of a new simulation (GET /gc/init): cash, and the securities split by macro asset class into
 * shares (Equity), bond (Bond), crypto (Alternative classes named as crypto-assets) and commodities (the rest of
 * Alternative), at the date.
 */
export function simulationFinancial(input: PortfolioInput, date: IsoDate) {
  const s = sintetico(input, date);
  const total = s.reportSinteticoTotalComposition[0];
  const split = { cash: roundMoney(total?.cashValue ?? 0), shares: 0, bond: 0, commodities: 0, crypto: 0 };
  for (const c of s.assetClassComposition) {
    const v = Math.max(0, c.stockValue);
    if (c.macroAssetClassName === 'Equity') split.shares += v;
    else if (c.macroAssetClassName === 'Bond') split.bond += v;
    else if (CRYPTO_CLASS.test(c.assetClassName)) split.crypto += v;
    else split.commodities += v;
  }
  return {
    cash: split.cash,
    shares: roundMoney(split.shares),
    bond: roundMoney(split.bond),
    commodities: roundMoney(split.commodities),
    crypto: roundMoney(split.crypto),
  };
}

/**
 * A simulation against the client's current situation (POST /gc/wealth, GET /gc/{id}/wealth): both projected by the
 * engine's simulationProjection (the overview's model; mortgages with the simulation's -0.4 points on variable rates)
 * with the same human-capital yearly flows, and their gross, debt and net wealth today.
 */
export function simulationWealth(
  date: IsoDate,
  current: Simulation,
  simulation: Simulation,
  humanCapitalFlows: readonly number[],
) {
  const side = (sim: Simulation) => {
    const { gross, debt, net } = simulationValues(sim, date);
    const yearlyFlows = simulationYearlyFlows(sim, date, PROJECTION_HORIZON_YEARS, humanCapitalFlows);
    const projection = simulationProjection(sim, date, { humanCapitalFlows });
    return { calculus: calculusOf(projection), totals: { gross, debt, net, yearlyFlows } };
  };
  const a = side(current);
  const b = side(simulation);
  return { date, current: a.calculus, currentTotals: a.totals, simulation: b.calculus, simulationTotals: b.totals };
}
