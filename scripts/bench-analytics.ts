// The analytics part of `npm run bench` (issue 4, "Benchmark"): a portfolio of 20,000 approved movements over 60
// instruments and 10 years of daily prices, and how fast the server answers on it. Figures to compare run to run,
// printed next to their targets with OK or OVER; nothing here fails the run.
//
// The data is generated deterministically (seeded mulberry32, no Math.random): 60 instruments (20 EUR shares, 15
// USD shares, 15 EUR bonds quoted per 100 of nominal with coupon data, 10 EUR funds held in fractions), a closing
// price every weekday (Monday to Friday, no holidays: weekends carry the Friday close forward) from 2016-10-31 to
// 2026-10-30, and EUR/USD on the same weekdays (the demo's own rates kept where the demo has them). A new client of
// `pro` holds one portfolio with a current account and a custody account: an opening deposit, savings-plan
// deposits and a few withdrawals, buys and sells (each with its NEGOZIAZIONE fee), coupons, dividends and their
// withholding taxes, quarterly interest and fees (CONTO_CORRENTE, DEPOSITO_TITOLI, GESTIONE) and the yearly stamp
// duty; never selling more than held nor spending cash it lacks. Everything is inserted with bulk `unnest` SQL.
//
// Measured: (1) the load into the analytics store; (2) GET performance (fullData), triplaA and sintetico over the
// ten years and over the default range (year to date), median and p95 of sequential requests once warm; (3) the
// engine alone (valuePortfolio + compositionsOf, in-process); (4) a plain loop over the same price points as the
// baseline; (5) memory. Endpoints over target get a breakdown of where their time goes.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compositionsOf,
  createMarket,
  displayInterval,
  fromDayNumber,
  type MacroAssetClass,
  type Period,
  type PortfolioInput,
  portfolioTrend,
  timeWeightedReturn,
  toDailyPoints,
  toDayNumber,
  valuationSeries,
  valuePortfolio,
} from '@patrimonio/engine';
import { routes } from '@patrimonio/shared-api';
// Fastify's own serializer (through @fastify/fast-json-stringify-compiler), to time the response serialisation alone.
import fastJson from 'fast-json-stringify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import * as reports from '../server/src/analytics/reports.ts';
import { resolveScope } from '../server/src/analytics/scope.ts';
import { decodeHeld, decodeMarket } from '../server/src/analytics/snapshot-bytes.ts';
import { MARKET, readSnapshot } from '../server/src/analytics/snapshots.ts';
import { AnalyticsStore, inputFor } from '../server/src/analytics/store.ts';
import type { Database, Queryable } from '../server/src/db/database.ts';
import { DEMO_END_DATE } from '../server/src/db/demo/catalog.ts';
import { mulberry32, type Rng, seedOf } from '../server/src/db/demo/random.ts';
import { signIn } from '../server/src/identity/test-sign-in.ts';
import type { AuthUser } from '../server/src/identity/types.ts';
import { ANALYTICS_RECALCULATION } from '../server/src/jobs/analytics.ts';
import { backgroundIdle } from '../server/src/testing/test-app.ts';
import { serverEnv } from './server-memory.mjs';

/** Last day of the ten years: the demo's end date, so that the bench portfolio lives in the demo's market. */
const END = DEMO_END_DATE;
/** First day of the ten years (a Monday): 2016-10-31 to 2026-10-30 is 2,610 weekdays. */
const START = '2016-10-31';
const MOVEMENTS = 20_000;
/** Savings-plan deposits (single movements) fill the simulation up to exactly MOVEMENTS: about this many. */
const TOP_UP = 120;
/** Sequential requests per endpoint and runs of the engine and of the loop. */
const N = Number(process.env.BENCH_ANALYTICS_N ?? 20);
/** A series of requests (engine runs: half this) stops early after this long, to keep `npm run bench` short... */
const SERIES_BUDGET_MS = 10_000;
/** ... but not before this many. */
const SERIES_MIN = 5;
const ENDPOINT_TARGET_MS = 200;
const ENGINE_TARGET_RATIO = 10;

// ---------------------------------------------------------------------------------------------------------------
// Statistics and printing

const median = (xs: number[]) => nearestRank(xs, 50);
/** Nearest-rank percentile: the smallest value with at least p% of the sample at or below it. */
function nearestRank(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (x: number) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const int = (x: number) => x.toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');

function timeSync<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const out = fn();
  return [out, performance.now() - t0];
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar on day numbers (days since 1970-01-01, engine/src/calendar.ts)

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
const weekday = (day: number) => (((day + 4) % 7) + 7) % 7;

function weekdaysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = toDayNumber(start); d <= toDayNumber(end); d++) {
    const w = weekday(d);
    if (w !== 0 && w !== 6) out.push(fromDayNumber(d));
  }
  return out;
}

const round = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};
/** Money to cents, half away from zero, immune to binary noise (as PostgreSQL's numeric rounding). */
const money = (x: number) => Math.round(Number((x * 100).toFixed(6))) / 100;

// ---------------------------------------------------------------------------------------------------------------
// Instruments

interface BenchInstrument {
  isin: string;
  name: string;
  currency: 'EUR' | 'USD';
  assetClass: string;
  macro: MacroAssetClass;
  /** Whole shares, 1,000 of nominal (bonds, priced per 100) or fractions of a fund unit. */
  unit: 'share' | 'nominal' | 'fraction';
  start: number;
  drift: number;
  vol: number;
  coupon: { rate: number; frequency: 1 | 2; firstDate: string; maturity: string } | null;
  /** Paid on `day` of each of `months` (or the next weekday). */
  dividend: { perShare: number; months: number[]; day: number } | null;
}

/** ISIN check digit: letters as 10..35, then Luhn over the digits (doubling from the rightmost). */
function isinCheckDigit(body: string): number {
  const digits = [...body].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]) * (double ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

const isin = (country: string, n: number) => {
  const body = `${country}BNCH${String(n).padStart(5, '0')}`;
  return `${body}${isinCheckDigit(body)}`;
};

const pad2 = (n: number) => String(n).padStart(2, '0');

function instruments(rng: Rng): BenchInstrument[] {
  const out: BenchInstrument[] = [];
  const between = (a: number, b: number) => a + rng.next() * (b - a);
  let n = 0;
  for (let k = 0; k < 20; k++) {
    const start = round(between(4, 60), 2);
    const payments = k % 3 === 0 ? 2 : 1;
    out.push({
      isin: isin('IT', ++n),
      name: `Azioni Bench ${k < 10 ? 'Italia' : 'Europa'} ${k + 1}`,
      currency: 'EUR',
      assetClass: k < 10 ? 'Azionario Italia' : 'Azionario Europa',
      macro: 'Equity',
      unit: 'share',
      start,
      drift: between(0.02, 0.08),
      vol: between(0.18, 0.35),
      coupon: null,
      dividend: {
        perShare: round((start * between(0.02, 0.05)) / payments, 4),
        months: payments === 2 ? [5, 11] : [4 + (k % 3)],
        day: 1 + ((k * 5) % 28),
      },
    });
  }
  for (let k = 0; k < 15; k++) {
    const start = round(between(30, 400), 2);
    out.push({
      isin: isin('US', ++n),
      name: `Bench US Equity ${k + 1}`,
      currency: 'USD',
      assetClass: 'Azionario USA',
      macro: 'Equity',
      unit: 'share',
      start,
      drift: between(0.05, 0.1),
      vol: between(0.2, 0.4),
      coupon: null,
      dividend:
        k < 10
          ? {
              perShare: round((start * between(0.01, 0.025)) / 4, 4),
              months: k % 2 ? [2, 5, 8, 11] : [3, 6, 9, 12],
              day: 3 + ((k * 3) % 25),
            }
          : null,
    });
  }
  for (let k = 0; k < 15; k++) {
    const government = k < 8;
    const frequency = government ? 2 : 1;
    const year = 2012 + (k % 5);
    const month = 1 + ((k * 5) % 12);
    const day = 1 + ((k * 11) % 28);
    out.push({
      isin: isin('XS', ++n),
      name: `${government ? 'BTP Bench' : 'Bench Corporate'} ${k + 1}`,
      currency: 'EUR',
      assetClass: government ? 'Obbligazionario governativo Italia' : 'Obbligazionario corporate EUR',
      macro: 'Bond',
      unit: 'nominal',
      start: round(between(92, 106), 2),
      drift: 0,
      vol: between(0.03, 0.07),
      coupon: {
        rate: round(0.005 + 0.0025 * Math.floor(rng.next() * 19), 4),
        frequency,
        firstDate: `${year}-${pad2(month)}-${pad2(day)}`,
        maturity: `${year + 15 + (k % 16)}-${pad2(month)}-${pad2(day)}`,
      },
      dividend: null,
    });
  }
  const funds: Array<[string, MacroAssetClass]> = [
    ...Array.from({ length: 5 }, (): [string, MacroAssetClass] => ['Fondi azionari globali', 'Equity']),
    ...Array.from({ length: 3 }, (): [string, MacroAssetClass] => ['Fondi flessibili', 'Alternative']),
    ...Array.from({ length: 2 }, (): [string, MacroAssetClass] => ['Materie prime', 'Alternative']),
  ];
  funds.forEach(([assetClass, macro], k) => {
    out.push({
      isin: isin('LU', ++n),
      name: `Fondo Bench ${assetClass} ${k + 1}`,
      currency: 'EUR',
      assetClass,
      macro,
      unit: 'fraction',
      start: round(between(8, 150), 3),
      drift: between(0.01, 0.06),
      vol: between(0.06, 0.2),
      coupon: null,
      dividend: null,
    });
  });
  return out;
}

/** Whether a bond pays a coupon on `date`: every 12 / frequency months from the first coupon date, to maturity. */
function isCouponDate(c: NonNullable<BenchInstrument['coupon']>, date: string): boolean {
  if (date < c.firstDate || date > c.maturity || date.slice(8) !== c.firstDate.slice(8)) return false;
  const months =
    (Number(date.slice(0, 4)) - Number(c.firstDate.slice(0, 4))) * 12 +
    Number(date.slice(5, 7)) -
    Number(c.firstDate.slice(5, 7));
  return months % (12 / c.frequency) === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Market and movements

interface GeneratedData {
  days: string[];
  instruments: BenchInstrument[];
  /** Closing prices by instrument index and weekday index. */
  prices: Float64Array[];
  /** EUR/USD by weekday index (dollars for one euro); `fxNew` marks the ones the database does not have yet. */
  usd: Float64Array;
  fxNew: boolean[];
  movements: GeneratedMovement[];
  /** Holdings at the end by instrument index. */
  holdings: Float64Array;
}

interface GeneratedMovement {
  account: 'cash' | 'custody';
  /** Settles in the cash account (trades, coupons, dividends and custody fees booked on the custody account). */
  offset: boolean;
  date: string;
  time: string;
  cause: string;
  subcause: string | null;
  currency: 'EUR' | 'USD';
  instrument: number | null;
  quantity: number | null;
  price: number | null;
  amount: number;
}

/** EUR/USD on every weekday: the rates already stored where there are some, a random walk joined to them elsewhere. */
function usdRates(days: string[], existing: Map<string, number>, rng: Rng): { usd: Float64Array; fxNew: boolean[] } {
  const usd = new Float64Array(days.length);
  const fxNew = days.map((d) => !existing.has(d));
  const first = days.findIndex((d) => existing.has(d));
  const step = (r: number) => round(r * Math.exp(0.005 * rng.normal()) + (1.1 - r) * 0.002, 6);
  if (first < 0) {
    usd[0] = 1.09;
    for (let i = 1; i < days.length; i++) usd[i] = step(usd[i - 1]!);
    return { usd, fxNew };
  }
  usd[first] = existing.get(days[first]!)!;
  for (let i = first - 1; i >= 0; i--) usd[i] = step(usd[i + 1]!);
  for (let i = first + 1; i < days.length; i++) usd[i] = existing.get(days[i]!) ?? step(usd[i - 1]!);
  return { usd, fxNew };
}

/** The bench data (exported, with insert, for profiling outside the bench). */
export function generate(existingUsd: Map<string, number>, total = MOVEMENTS): GeneratedData {
  const rng = mulberry32(seedOf('bench:analytics'));
  const days = weekdaysBetween(START, END);
  const D = days.length;
  const list = instruments(rng);
  const prices = list.map((spec) => {
    const r = mulberry32(seedOf(`bench:price:${spec.isin}`));
    const out = new Float64Array(D);
    const dt = 1 / 252;
    let p = spec.start;
    for (let i = 0; i < D; i++) {
      out[i] = round(p, 4);
      p *= Math.exp((spec.drift - (spec.vol * spec.vol) / 2) * dt + spec.vol * Math.sqrt(dt) * r.normal());
      if (spec.macro === 'Bond') p += (100 - p) * 0.002;
    }
    return out;
  });
  const { usd, fxNew } = usdRates(days, existingUsd, mulberry32(seedOf('bench:fx:USD')));

  const movements: GeneratedMovement[] = [];
  const holdings = new Float64Array(list.length);
  let cash = 0;
  let seq = 0;
  let date = days[0]!;
  const push = (m: Omit<GeneratedMovement, 'date' | 'time' | 'offset'>) => {
    const minutes = 9 * 60 + seq++;
    const time = `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}:00`;
    movements.push({ ...m, date, time, offset: m.account === 'custody' });
  };
  const cashFlow = (cause: string, amount: number, subcause: string | null = null, instrument: number | null = null) =>
    push({ account: 'cash', cause, subcause, currency: 'EUR', instrument, quantity: null, price: null, amount });
  const eur = (i: number, amount: number, w: number) => (list[i]!.currency === 'USD' ? amount / usd[w]! : amount);
  const lineValue = (i: number, w: number) =>
    eur(i, list[i]!.unit === 'nominal' ? (holdings[i]! * prices[i]![w]!) / 100 : holdings[i]! * prices[i]![w]!, w);
  const securities = (w: number) => {
    let v = 0;
    for (let i = 0; i < list.length; i++) if (holdings[i] !== 0) v += lineValue(i, w);
    return v;
  };

  const trade = (w: number, cause: 'BUY' | 'SELL', i: number, quantity: number) => {
    const spec = list[i]!;
    const price = prices[i]![w]!;
    const amount = money(spec.unit === 'nominal' ? (quantity * price) / 100 : quantity * price);
    const inEur = eur(i, amount, w);
    const fee = money(Math.min(19, Math.max(2.95, inEur * 0.001)));
    push({
      account: 'custody',
      cause,
      subcause: null,
      currency: spec.currency,
      instrument: i,
      quantity,
      price,
      amount,
    });
    cashFlow('FEE', fee, 'NEGOZIAZIONE', i);
    holdings[i] = round(holdings[i]! + (cause === 'BUY' ? quantity : -quantity), 6);
    cash += cause === 'BUY' ? -inEur - fee : inEur - fee;
  };
  const MIN_CASH = 30_000;
  /** Buys about `budget` euro of instrument i if cash allows; false if nothing was bought. */
  const buy = (w: number, i: number, budget: number): boolean => {
    const spec = list[i]!;
    const unitEur = eur(i, spec.unit === 'nominal' ? prices[i]![w]! / 100 : prices[i]![w]!, w);
    const spend = Math.min(budget, cash - MIN_CASH);
    if (spend <= 0) return false;
    const q =
      spec.unit === 'nominal'
        ? Math.floor(spend / (unitEur * 1000)) * 1000
        : spec.unit === 'fraction'
          ? Math.floor((spend / unitEur) * 1000) / 1000
          : Math.floor(spend / unitEur);
    if (q <= 0) return false;
    trade(w, 'BUY', i, q);
    return true;
  };
  /** Sells part (sometimes all) of a random holding; false if nothing is held. */
  const sell = (w: number): boolean => {
    const held: number[] = [];
    for (let i = 0; i < list.length; i++) if (holdings[i]! > 0) held.push(i);
    if (held.length === 0) return false;
    const i = rng.pick(held);
    const spec = list[i]!;
    const q0 = holdings[i]!;
    const frac = rng.next() < 0.1 ? 1 : 0.1 + rng.next() * 0.5;
    const q =
      spec.unit === 'nominal'
        ? Math.min(q0, Math.ceil((q0 * frac) / 1000) * 1000)
        : spec.unit === 'fraction'
          ? Math.min(q0, Math.max(0.001, round(q0 * frac, 3)))
          : Math.min(q0, Math.max(1, Math.ceil(q0 * frac)));
    trade(w, 'SELL', i, q);
    return true;
  };

  const CAPITAL = 3_000_000;
  const initial = list.map((_, i) => i);
  for (let i = initial.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [initial[i], initial[j]] = [initial[j]!, initial[i]!];
  }
  const simTarget = total - TOP_UP;
  // At most this many trades a weekday: 15 for the 20,000 movements (the book of issue 4, unchanged), more for more.
  const maxTrades = Math.max(15, Math.ceil((15 * total) / MOVEMENTS));
  for (let w = 0; w < D; w++) {
    date = days[w]!;
    seq = 0;
    if (w === 0) {
      cashFlow('DEPOSIT', CAPITAL);
      cash += CAPITAL;
    }
    // Income of every calendar day since the previous weekday, booked today (coupons fall on weekends too).
    const from = w === 0 ? toDayNumber(date) : toDayNumber(days[w - 1]!) + 1;
    for (let d = from; d <= toDayNumber(date); d++) {
      const iso = fromDayNumber(d);
      for (let i = 0; i < list.length; i++) {
        const spec = list[i]!;
        const q = holdings[i]!;
        if (q <= 0) continue;
        if (spec.coupon && isCouponDate(spec.coupon, iso)) {
          const gross = money((q * spec.coupon.rate) / spec.coupon.frequency);
          push({
            account: 'custody',
            cause: 'COUPON',
            subcause: null,
            currency: 'EUR',
            instrument: i,
            quantity: null,
            price: null,
            amount: gross,
          });
          const tax = money(gross * 0.125);
          cashFlow('TAX', tax, null, i);
          cash += gross - tax;
        }
        const div = spec.dividend;
        if (div && Number(iso.slice(8)) === div.day && div.months.includes(Number(iso.slice(5, 7)))) {
          const gross = money(q * div.perShare);
          push({
            account: 'custody',
            cause: 'DIVIDEND',
            subcause: null,
            currency: spec.currency,
            instrument: i,
            quantity: null,
            price: null,
            amount: gross,
          });
          const tax = money(eur(i, gross, w) * 0.26);
          cashFlow('TAX', tax, null, i);
          cash += eur(i, gross, w) - tax;
        }
      }
    }
    // Now and then a deposit or a withdrawal.
    const u = rng.next();
    if (w > 0 && u < 0.012) {
      const amount = 1000 * rng.int(5, 60);
      cashFlow('DEPOSIT', amount);
      cash += amount;
    } else if (w > 0 && u < 0.022 && cash > 150_000) {
      const amount = 1000 * rng.int(5, 40);
      cashFlow('WITHDRAWAL', amount);
      cash -= amount;
    }
    // Quarter ends: interest on cash and its tax, account, custody and management fees; December: stamp duty.
    const month = date.slice(5, 7);
    const next = days[w + 1] ?? fromDayNumber(toDayNumber(date) + 1);
    if (w > 0 && ['03', '06', '09', '12'].includes(month) && next.slice(5, 7) !== month) {
      const interest = money((Math.max(0, cash) * 0.005) / 4);
      if (interest > 0) {
        cashFlow('INTEREST', interest);
        const tax = money(interest * 0.26);
        cashFlow('TAX', tax);
        cash += interest - tax;
      }
      cashFlow('FEE', 7.5, 'CONTO_CORRENTE');
      push({
        account: 'custody',
        cause: 'FEE',
        subcause: 'DEPOSITO_TITOLI',
        currency: 'EUR',
        instrument: null,
        quantity: null,
        price: null,
        amount: 12,
      });
      const value = securities(w);
      const gestione = money(value * 0.0015);
      cashFlow('FEE', gestione, 'GESTIONE');
      cash -= 19.5 + gestione;
      if (month === '12') {
        const bollo = money(value * 0.002);
        cashFlow('TAX', bollo);
        cash -= bollo;
      }
    }
    // Trades: as many as keep the count on a straight line to simTarget over the ten years.
    const desired = (simTarget * (w + 1)) / D + (rng.next() - 0.5) * 6;
    const count = Math.max(0, Math.min(maxTrades, Math.round((desired - movements.length) / 2)));
    for (let t = 0; t < count; t++) {
      if (initial.length > 0) {
        buy(w, initial.pop()!, (CAPITAL * 0.85) / list.length);
        continue;
      }
      const held = securities(w);
      const cashShare = cash / (cash + held);
      const wantBuy = cash > 2 * MIN_CASH && rng.next() < (cashShare > 0.06 ? 0.65 : 0.2);
      const done = wantBuy ? buy(w, rng.int(0, list.length - 1), (cash + held) * (0.003 + rng.next() * 0.009)) : false;
      if (!done) sell(w);
    }
  }
  // A monthly savings plan (500 a time, before the day's other movements) brings the count to `total` exactly.
  const missing = total - movements.length;
  if (missing < 0) throw new Error(`bench data: ${movements.length} movements, more than ${total}`);
  for (let k = 0; k < missing; k++) {
    date = days[Math.floor(((k + 0.5) * D) / missing)]!;
    movements.push({
      account: 'cash',
      offset: false,
      date,
      time: '08:30:00',
      cause: 'DEPOSIT',
      subcause: null,
      currency: 'EUR',
      instrument: null,
      quantity: null,
      price: null,
      amount: 500,
    });
  }
  movements.sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.time < b.time ? -1 : a.time > b.time ? 1 : 0,
  );
  return { days, instruments: list, prices, usd, fxNew, movements, holdings };
}

// ---------------------------------------------------------------------------------------------------------------
// Insert

const BATCH = 20_000;

/** `insert ... select * from unnest($1::t1[], ...)`, BATCH rows a statement. */
async function insertUnnest(tx: Queryable, head: string, types: string[], columns: unknown[][], tail = '') {
  const rows = columns[0]!.length;
  for (let start = 0; start < rows; start += BATCH) {
    const args = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
    await tx.query(
      `${head} select * from unnest(${args}) ${tail}`,
      columns.map((c) => c.slice(start, start + BATCH)),
    );
  }
}

interface Inserted {
  clientId: number;
  portfolioId: number;
  accountIds: number[];
  proId: number;
}

/** The bench's instruments, their daily closes and the EUR/USD rates the database lacks; their ids by ISIN. */
async function insertMarket(
  tx: Queryable,
  data: GeneratedData,
  currency: Map<string, number>,
): Promise<Map<string, number>> {
  const list = data.instruments;
  const { rows: ins } = await tx.query<{ id: number; isin: string }>(
    `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class, coupon_rate, coupon_frequency,
         first_coupon_date, maturity_date)
       select * from unnest($1::text[], $2::text[], $3::smallint[], $4::text[], $5::text[], $6::numeric[], $7::smallint[],
         $8::date[], $9::date[]) returning id, isin`,
    [
      list.map((i) => i.isin),
      list.map((i) => i.name),
      list.map((i) => currency.get(i.currency)),
      list.map((i) => i.assetClass),
      list.map((i) => i.macro),
      list.map((i) => i.coupon?.rate ?? null),
      list.map((i) => i.coupon?.frequency ?? null),
      list.map((i) => i.coupon?.firstDate ?? null),
      list.map((i) => i.coupon?.maturity ?? null),
    ],
  );
  const idOf = new Map(ins.map((r) => [r.isin.trim(), Number(r.id)]));
  const instrumentIds = list.map((i) => idOf.get(i.isin)!);

  const D = data.days.length;
  const pxInstrument: number[] = [];
  const pxDate: string[] = [];
  const pxPrice: number[] = [];
  for (let i = 0; i < list.length; i++)
    for (let w = 0; w < D; w++) {
      pxInstrument.push(instrumentIds[i]!);
      pxDate.push(data.days[w]!);
      pxPrice.push(data.prices[i]![w]!);
    }
  await insertUnnest(
    tx,
    'insert into prices (instrument_id, date, price, source)',
    ['bigint', 'date', 'numeric', 'text'],
    [pxInstrument, pxDate, pxPrice, pxPrice.map(() => 'demo')],
  );
  const fxDays = data.days.filter((_, w) => data.fxNew[w]);
  const fxRates = [...data.usd].filter((_, w) => data.fxNew[w]);
  await insertUnnest(
    tx,
    'insert into fx_rates (currency_id, date, rate, source)',
    ['smallint', 'date', 'numeric', 'text'],
    [fxDays.map(() => currency.get('USD')), fxDays, fxRates, fxDays.map(() => 'demo')],
    'on conflict (currency_id, date) do nothing',
  );

  return idOf;
}

export async function insert(db: Database, data: GeneratedData, label = 'Benchmark'): Promise<Inserted> {
  return db.transaction(async (tx) => {
    const { rows: pro } = await tx.query<{ id: number }>(`select id from users where login = 'pro'`);
    const proId = Number(pro[0]!.id);
    const { rows: cur } = await tx.query<{ id: number; iso: string }>('select id, iso from currencies');
    const currency = new Map(cur.map((c) => [c.iso.trim(), Number(c.id)]));
    const one = async (sql: string, params: unknown[]) =>
      Number((await tx.query<{ id: number }>(`${sql} returning id`, params)).rows[0]!.id);

    const clientId = await one(
      `insert into clients (first_name, last_name, email, created_by) values ('Benedetta', $2, $3, $1)`,
      [proId, label, label === 'Benchmark' ? 'bench@example.it' : `${label.toLowerCase()}@example.it`],
    );
    const fiId = await one(
      `insert into financial_intermediaries (name, fi_type, created_by) values ($2, 'CREDIT_INSTITUTE', $1)`,
      [proId, `Banca ${label}`],
    );
    const portfolioId = await one(
      `insert into portfolios (client_id, name, first_movement_date, last_quantity_check_ok_date, created_by)
       values ($1, 'Portafoglio benchmark', $2, $3, $4)`,
      [clientId, data.movements[0]!.date, END, proId],
    );
    const accountIds: number[] = [];
    for (const [type, name] of [
      ['CONTO_CORRENTE', 'Conto corrente Banca Benchmark'],
      ['CUSTODIA_TITOLI', 'Deposito titoli Banca Benchmark'],
    ]) {
      const id = await one(
        `insert into accounts (client_id, account_type, name, currency_id, financial_intermediary_id, created_by)
         values ($1, $2, $3, $4, $5, $6)`,
        [clientId, type, name, currency.get('EUR'), fiId, proId],
      );
      accountIds.push(id);
      await tx.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [portfolioId, id]);
    }
    const [cashId, custodyId] = accountIds as [number, number];

    const list = data.instruments;
    // A second book (the 100,000 movements) reuses the instruments, prices and rates of the first.
    const { rows: had } = await tx.query<{ id: number; isin: string }>(
      'select id, isin from instruments where isin = any($1::text[])',
      [list.map((i) => i.isin)],
    );
    const instrumentIds = await (had.length === list.length
      ? Promise.resolve(new Map(had.map((r) => [r.isin.trim(), Number(r.id)])))
      : insertMarket(tx, data, currency)
    ).then((idOf) => list.map((i) => idOf.get(i.isin)!));

    const mv = data.movements;
    await insertUnnest(
      tx,
      `insert into movements (account_id, client_id, date_time, cause, subcause, currency_id, instrument_id, quantity,
         price, amount, offset_account_id, status, created_by)`,
      [
        'bigint',
        'bigint',
        'timestamp',
        'text',
        'text',
        'smallint',
        'bigint',
        'numeric',
        'numeric',
        'numeric',
        'bigint',
        'text',
        'bigint',
      ],
      [
        mv.map((m) => (m.account === 'cash' ? cashId : custodyId)),
        mv.map(() => clientId),
        mv.map((m) => `${m.date} ${m.time}`),
        mv.map((m) => m.cause),
        mv.map((m) => m.subcause),
        mv.map((m) => currency.get(m.currency)),
        mv.map((m) => (m.instrument === null ? null : instrumentIds[m.instrument])),
        mv.map((m) => m.quantity),
        mv.map((m) => m.price),
        mv.map((m) => m.amount.toFixed(2)),
        mv.map((m) => (m.offset ? cashId : null)),
        mv.map(() => 'APPROVED'),
        mv.map(() => proId),
      ],
    );
    return { clientId, portfolioId, accountIds, proId };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The baseline: a plain loop over the same price points

interface LoopData {
  /** Per instrument (index k): price unit, currency index, closes as day numbers and values. */
  unit: Float64Array;
  ccy: Int32Array;
  px: Array<{ days: Int32Array; values: Float64Array } | undefined>;
  /** Per currency (index 0 is EUR): rates as day numbers and values. */
  fx: Array<{ days: Int32Array; values: Float64Array }>;
  /** BUY and SELL as (day, instrument index, signed quantity), in date order. */
  mvDay: Int32Array;
  mvInst: Int32Array;
  mvQty: Float64Array;
}

/** Reads the engine's input for the loop: the same price and FX points, their ISO dates parsed to day numbers. */
function prepareLoop(input: PortfolioInput): LoopData {
  const index = new Map(input.instruments.map((inst, k) => [inst.id, k]));
  const count = input.instruments.length;
  const currencies = ['EUR', ...input.fx.map((f) => f.currency).filter((c) => c !== 'EUR')];
  const unit = new Float64Array(count);
  const ccy = new Int32Array(count);
  input.instruments.forEach((inst, k) => {
    unit[k] = inst.priceUnit;
    ccy[k] = Math.max(0, currencies.indexOf(inst.currency));
  });
  const parse = <P extends { date: string }>(points: ReadonlyArray<P>, read: (p: P) => number) => {
    const days = new Int32Array(points.length);
    const values = new Float64Array(points.length);
    for (let k = 0; k < points.length; k++) {
      days[k] = toDayNumber(points[k]!.date);
      values[k] = read(points[k]!);
    }
    return { days, values };
  };
  const px: LoopData['px'] = new Array(count);
  for (const s of input.prices) {
    const k = index.get(s.instrumentId);
    if (k !== undefined) px[k] = parse(s.points, (p) => p.price);
  }
  const fx = currencies.map((c) => {
    const s = input.fx.find((f) => f.currency === c);
    return c === 'EUR' || !s
      ? { days: new Int32Array([0]), values: new Float64Array([1]) }
      : parse(s.points, (p) => p.rate);
  });
  const trades = input.movements.filter(
    (m) =>
      (m.cause === 'BUY' || m.cause === 'SELL') && m.instrumentId != null && index.has(m.instrumentId) && m.quantity,
  );
  return {
    unit,
    ccy,
    px,
    fx,
    mvDay: Int32Array.from(trades, (m) => toDayNumber(m.date)),
    mvInst: Int32Array.from(trades, (m) => index.get(m.instrumentId!)!),
    mvQty: Float64Array.from(trades, (m) => (m.cause === 'BUY' ? m.quantity! : -m.quantity!)),
  };
}

/**
 * The baseline: the securities' value on every calendar day of [period.start, period.end]. For each day, for each
 * held instrument, value += quantity x price / priceUnit / fx, with the last close and rate on or before the day
 * (cursors moving forward). Only BUY and SELL change quantities; no cash, flows, costs or returns.
 */
function runLoop(d: LoopData, period: Period): Float64Array {
  const startDay = toDayNumber(period.start);
  const n = toDayNumber(period.end) - startDay + 1;
  const count = d.unit.length;
  const qty = new Float64Array(count);
  const pxCursor = new Int32Array(count).fill(-1);
  const price = new Float64Array(count);
  const fxCursor = new Int32Array(d.fx.length);
  const rate = new Float64Array(d.fx.length).fill(1);
  const out = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const day = startDay + i;
    for (; m < d.mvDay.length && d.mvDay[m]! <= day; m++) qty[d.mvInst[m]!]! += d.mvQty[m]!;
    for (let c = 0; c < d.fx.length; c++) {
      const f = d.fx[c]!;
      while (fxCursor[c]! < f.days.length && f.days[fxCursor[c]!]! <= day) fxCursor[c]!++;
      rate[c] = f.values[Math.max(0, fxCursor[c]! - 1)]!;
    }
    let value = 0;
    for (let k = 0; k < count; k++) {
      if (qty[k] === 0) continue;
      const p = d.px[k];
      if (!p) continue;
      while (pxCursor[k]! + 1 < p.days.length && p.days[pxCursor[k]! + 1]! <= day) pxCursor[k]!++;
      if (pxCursor[k]! >= 0) price[k] = p.values[pxCursor[k]!]!;
      value += (qty[k]! * price[k]!) / d.unit[k]! / rate[d.ccy[k]!]!;
    }
    out[i] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The benchmark

export interface AnalyticsBenchContext {
  app: FastifyInstance;
  db: Database;
  url: string;
  auth: Record<string, string>;
}

export async function benchAnalytics({ app, db, url, auth }: AnalyticsBenchContext): Promise<void> {
  const before = {
    maxRss: process.resourceUsage().maxRSS * 1024,
    rss: process.memoryUsage().rss,
    heap: process.memoryUsage().heapUsed,
  };
  const peak = { rss: 0, heap: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  sampler.unref();

  const { rows: taken } = await db.query<{ n: number }>(
    `select count(*)::int as n from instruments where isin like '__BNCH%'`,
  );
  if (Number(taken[0]?.n) > 0) {
    console.log('analytics: the bench instruments exist already (not a fresh database): skipped');
    clearInterval(sampler);
    return;
  }

  // Data.
  const { rows: usdRows } = await db.query<{ date: string; rate: number }>(
    `select to_char(f.date, 'YYYY-MM-DD') as date, f.rate::float8 as rate from fx_rates f
       join currencies c on c.id = f.currency_id where c.iso = 'USD'`,
  );
  const [data, genMs] = timeSync(() => generate(new Map(usdRows.map((r) => [r.date, Number(r.rate)]))));
  sample();
  const byCause = new Map<string, number>();
  for (const m of data.movements) byCause.set(m.cause, (byCause.get(m.cause) ?? 0) + 1);
  const pricePoints = data.instruments.length * data.days.length;
  console.log(
    `analytics (issue 4): a portfolio of ${int(MOVEMENTS)} movements, 60 instruments, 10 years of daily prices`,
  );
  console.log(
    `  data: ${data.instruments.length} instruments (20 EUR shares, 15 USD shares, 15 EUR bonds per 100 with coupons, ` +
      `10 funds); ${int(pricePoints)} closes, every weekday ${START}..${END} (${int(data.days.length)} days; weekends ` +
      `carry Friday's close); ${int(data.fxNew.filter(Boolean).length)} EUR/USD rates added to the demo's; generated in ${ms(genMs)}`,
  );
  console.log(
    `  ${int(data.movements.length)} approved movements: ${[...byCause]
      .sort((a, b) => b[1] - a[1])
      .map(([c, k]) => `${c} ${int(k)}`)
      .join(', ')}`,
  );
  let t0 = performance.now();
  const ids = await insert(db, data);
  console.log(
    `  inserted with unnest in one transaction in ${ms(performance.now() - t0)}: client ${ids.clientId}, portfolio ${ids.portfolioId}`,
  );
  sample();

  const ptf = ids.portfolioId;
  // The period (start, end] opens at the end of the day before the first weekday.
  const tenYears = { dateFrom: fromDayNumber(toDayNumber(START) - 1), dateTo: END };
  const q10 = `dateFrom=${tenYears.dateFrom}&dateTo=${tenYears.dateTo}`;
  const get = async (path: string) => {
    const t = performance.now();
    const res = await fetch(`${url}${path}`, { headers: auth });
    const text = await res.text();
    return { ms: performance.now() - t, status: res.status, bytes: Buffer.byteLength(text), body: text };
  };
  const flag = (body: string) => (JSON.parse(body) as { recalculationInProgress?: boolean }).recalculationInProgress;

  // (1) Load into the analytics store.
  const perf10 = `/api/v2/report/${ptf}/performance?${q10}&fullData=true`;
  t0 = performance.now();
  const first = await get(perf10);
  await app.analytics.idle();
  const reloaded = performance.now() - t0;
  const fresh = await get(perf10);
  console.log('load into the analytics store');
  console.log(
    `  first request after the insert (performance, 10 years): ${ms(first.ms)}, status ${first.status}, ` +
      `recalculationInProgress ${flag(first.body)} (the new client is read in the request; the market, stale, reloads in ` +
      `the background and this answer still uses the previous one)`,
  );
  console.log(
    `  app.analytics.idle() returned ${ms(reloaded)} after that request started; the next request took ${ms(fresh.ms)}, ` +
      `recalculationInProgress ${flag(fresh.body)}`,
  );
  const loads = new Map<string, number>();
  const capture = {
    level: 'debug',
    debug: (obj: { clientId?: number; ms?: number }) => {
      if (typeof obj === 'object' && obj.clientId !== undefined && obj.ms !== undefined)
        loads.set(obj.clientId === 0 ? 'market' : 'client', obj.ms);
    },
    error: (obj: unknown) => console.error('analytics store:', obj),
    fatal: () => {},
    warn: () => {},
    info: () => {},
    trace: () => {},
    silent: () => {},
    child: () => capture,
  };
  // A new store, loaded in two steps so that each figure is its own (PGlite runs one query at a time).
  const coldStore = new AnalyticsStore(db, capture as unknown as FastifyBaseLogger, (clientId) =>
    app.jobs.send(ANALYTICS_RECALCULATION, { clientId }),
  );
  t0 = performance.now();
  await coldStore.snapshot([]);
  const cold = await coldStore.snapshot([ids.clientId]);
  const coldMs = performance.now() - t0;
  // Decoded here for the counts (the store holds the bytes; the engine's threads decode them).
  const coldMarket = decodeMarket(cold.data.market.bytes);
  let marketPrices = 0;
  for (const s of coldMarket.prices.values()) marketPrices += s.points.length;
  console.log(
    `  cold load into a new, empty store (from the stored snapshots): the market ${ms(loads.get('market') ?? Number.NaN)} ` +
      `(${int(coldMarket.instruments.size)} instruments, ${int(marketPrices)} prices), then the client ` +
      `${ms(loads.get('client') ?? Number.NaN)} (${int(MOVEMENTS)} movements); ${ms(coldMs)} in all`,
  );
  sample();

  // (2) Endpoints, once warm: after the background work the book's insert set off (the recalculations, every client's
  // valuation series after the market's, the controls' checks). On PGlite it runs on this process's thread, between
  // the requests: a request behind a job's query took up to a second.
  t0 = performance.now();
  await backgroundIdle(app);
  console.log(`  the background work the insert set off ended ${ms(performance.now() - t0)} after the cold load`);
  const cases = [
    { title: 'performance (fullData), 10 years', path: perf10, kind: 'performance' as const, period: tenYears },
    {
      title: 'performance (fullData), year to date',
      path: `/api/v2/report/${ptf}/performance?fullData=true`,
      kind: 'performance' as const,
      period: {},
    },
    {
      title: 'triplaA, 10 years',
      path: `/api/v2/report/${ptf}/triplaA?${q10}`,
      kind: 'triplaA' as const,
      period: tenYears,
    },
    { title: 'triplaA, year to date', path: `/api/v2/report/${ptf}/triplaA`, kind: 'triplaA' as const, period: {} },
    {
      title: `sintetico at ${END} (end of the 10 years)`,
      path: `/api/v1/report/${ptf}/sintetico?date=${END}`,
      kind: 'sintetico' as const,
      period: { dateTo: END },
    },
    {
      title: 'sintetico today (default)',
      path: `/api/v1/report/${ptf}/sintetico`,
      kind: 'sintetico' as const,
      period: {},
    },
  ];
  // Answers are cached per data state (server/src/analytics/results.ts): to time the computation, each request
  // moves its date one day back (same work, a new answer); the cached repeat is timed apart.
  const shifted = (iso: string, k: number) => fromDayNumber(toDayNumber(iso) - k);
  const variant = (c: (typeof cases)[number], k: number): string => {
    if (k === 0) return c.path;
    const sep = c.path.includes('?') ? '&' : '?';
    if (/dateFrom=(\d{4}-\d{2}-\d{2})/.test(c.path))
      return c.path.replace(/dateFrom=(\d{4}-\d{2}-\d{2})/, (_, d: string) => `dateFrom=${shifted(d, k)}`);
    if (/[?&]date=(\d{4}-\d{2}-\d{2})/.test(c.path))
      return c.path.replace(/([?&])date=(\d{4}-\d{2}-\d{2})/, (_, s: string, d: string) => `${s}date=${shifted(d, k)}`);
    if (c.kind === 'sintetico') return `${c.path}${sep}date=${shifted(reports.today(), k)}`;
    return `${c.path}${sep}dateFrom=${shifted(reports.defaultRange({}).start, k)}`;
  };
  console.log(
    `${`endpoints: ${N} sequential requests once warm`.padEnd(52)}${'n'.padStart(4)}${'median'.padStart(10)}${'p95'.padStart(10)}${'size'.padStart(10)}   target < ${ENDPOINT_TARGET_MS} ms`,
  );
  const over: Array<(typeof cases)[number] & { median: number }> = [];
  for (const c of cases) {
    for (let k = 0; k < 2; k++) await get(c.path);
    const times: number[] = [];
    let bytes = 0;
    let failed = 0;
    let stale = 0;
    const started = performance.now();
    while (times.length < N && (times.length < SERIES_MIN || performance.now() - started < SERIES_BUDGET_MS)) {
      const r = await get(variant(c, times.length + 1));
      times.push(r.ms);
      bytes = r.bytes;
      if (r.status !== 200) failed++;
      else if (flag(r.body)) stale++;
      sample();
    }
    const med = median(times);
    const p95 = nearestRank(times, 95);
    const ok = p95 < ENDPOINT_TARGET_MS;
    if (!ok) over.push({ ...c, median: med });
    const result = ok ? 'OK' : med < ENDPOINT_TARGET_MS ? 'OVER at p95 (median OK)' : 'OVER';
    const repeats: number[] = [];
    for (let k = 0; k < 10; k++) repeats.push((await get(c.path)).ms);
    console.log(
      `  GET ${c.title.padEnd(46)}${String(times.length).padStart(4)}${ms(med).padStart(10)}${ms(p95).padStart(10)}${`${(bytes / 1024).toFixed(0)} KB`.padStart(10)}   ${result}` +
        `${failed ? `  (${failed} failed)` : ''}${stale ? `  (${stale} recalculationInProgress)` : ''}` +
        `; cached repeat median ${ms(median(repeats))}`,
    );
  }

  // (3) The engine alone and (4) the plain loop, on the input the endpoints compute from.
  const snap = decodeHeld((await app.analytics.snapshot([ids.clientId])).data);
  const input = inputFor(snap.market, [{ client: snap.clients.get(ids.clientId)!, accountIds: ids.accountIds }]);
  const periods: Array<[string, Period]> = [
    ['10 years', { start: tenYears.dateFrom, end: END }],
    ['year to date', reports.defaultRange({})],
  ];
  const runs = (fn: () => unknown) => {
    for (let k = 0; k < 2; k++) fn();
    const times: number[] = [];
    const started = performance.now();
    while (times.length < N && (times.length < SERIES_MIN || performance.now() - started < SERIES_BUDGET_MS / 2)) {
      times.push(timeSync(fn)[1]);
      if (times.length % 5 === 1) sample();
    }
    return median(times);
  };
  let heldPoints = 0;
  for (const p of input.prices) heldPoints += p.points.length;
  console.log(
    `engine alone, in-process, median of ${N} runs (fewer, at least ${SERIES_MIN}, past ${SERIES_BUDGET_MS / 2000} s); input: ${int(input.movements.length)} movements, ` +
      `${input.instruments.length} instruments, ${int(heldPoints)} price points, ` +
      `${int(input.fx.reduce((s, f) => s + f.points.length, 0))} FX points`,
  );
  const prepared = prepareLoop(input);
  for (const [label, period] of periods) {
    const v = valuePortfolio(input, period);
    const valuation = runs(() => valuePortfolio(input, period));
    const compositions = runs(() => compositionsOf(v));
    const engine = runs(() => compositionsOf(valuePortfolio(input, period)));
    const loop = runs(() => runLoop(prepareLoop(input), period));
    const inner = runs(() => runLoop(prepared, period));
    // The loop must agree with the engine's securities value, or the comparison means nothing.
    const base = runLoop(prepared, period);
    let diff = 0;
    for (let i = 0; i < base.length; i++) {
      let s = 0;
      for (const l of v.lines) s += l.series.value[i]!;
      diff = Math.max(diff, Math.abs(s - base[i]!));
    }
    const ratio = engine / loop;
    console.log(
      `  ${label}: valuePortfolio + compositionsOf ${ms(engine)} (valuePortfolio ${ms(valuation)}, compositionsOf ` +
        `${ms(compositions)}; ${int(v.dates.length)} days, ${v.lines.length} lines, ${v.warnings.length} warnings)`,
    );
    console.log(
      `    plain loop from the same input ${ms(loop)} (reading the points ${ms(Math.max(0, loop - inner))}, the loop itself ` +
        `${ms(inner)}; largest difference from the engine's securities value ${diff.toFixed(2)} EUR)`,
    );
    console.log(
      `    engine / loop ${ratio.toFixed(1)}x, target within ${ENGINE_TARGET_RATIO}x: ${verdict(ratio <= ENGINE_TARGET_RATIO)} ` +
        `(against the loop itself, points already read: ${(engine / inner).toFixed(0)}x)`,
    );
  }

  // Where the time of an endpoint over target goes: the same steps as the route, in-process.
  if (over.length > 0) await profile(app, db, ids, auth, over);

  // (6) Screens: the portal's three calls of one portfolio screen together, cold and warm, at 20,000 and 100,000.
  await benchScreens({ db, url, auth }, ids, tenYears);

  // (5) Memory.
  sample();
  clearInterval(sampler);
  const after = process.resourceUsage().maxRSS * 1024;
  console.log(
    `memory: maxRSS (the process's peak so far) ${mb(before.maxRss)} before the analytics part, ${mb(after)} after it`,
  );
  console.log(
    `  during it (sampled every 20 ms and after each step): RSS ${mb(before.rss)} at the start, ${mb(peak.rss)} at the ` +
      `peak; heap used ${mb(before.heap)} at the start, ${mb(peak.heap)} at the peak` +
      `${db.kind === 'pglite' ? " (PGlite's WASM memory counts in the RSS, not in the heap)" : ''}`,
  );
}

type Case = {
  title: string;
  kind: 'performance' | 'triplaA' | 'sintetico';
  period: { dateFrom?: string; dateTo?: string };
  path: string;
  median: number;
};

async function profile(app: FastifyInstance, db: Database, ids: Inserted, auth: Record<string, string>, over: Case[]) {
  const user: AuthUser = {
    sub: String(ids.proId),
    userId: ids.proId,
    role: 'PRO',
    permissions: [],
    name: 'pro',
    impersonator: null,
  };
  const serializers = {
    performance: fastJson(routes.reportPerformance.response[200] as object),
    triplaA: fastJson(routes.reportTriplaA.response[200] as object),
    sintetico: fastJson(routes.reportSintetico.response[200] as object),
  };
  const rounds = 5;
  for (const c of over) {
    // Each round runs the route's steps in order and times each; a figure is the median over the rounds (and the
    // best round, closer to the cost on an idle machine).
    const stages = new Map<string, number[]>();
    const time = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
      const t = performance.now();
      const out = await fn();
      const list = stages.get(name) ?? [];
      list.push(performance.now() - t);
      stages.set(name, list);
      return out;
    };
    const period = c.kind === 'sintetico' ? null : reports.defaultRange(c.period);
    const date = c.period.dateTo ?? reports.today();
    const enginePeriod: Period = period ?? { start: fromDayNumber(toDayNumber(date) - 1), end: date };
    let size = 0;
    let points = 0;
    let movements = 0;
    for (let round = 0; round <= rounds; round++) {
      if (round === 1) stages.clear(); // round 0 warms up
      const scope = await time('scope', () => resolveScope(db, user, String(ids.portfolioId), {}));
      const snap = await time('snapshot', () => app.analytics.snapshot(scope.clientIds));
      const input = await time('inputFor', () => {
        const decoded = decodeHeld(snap.data);
        return scope.input(decoded.market, decoded.clients);
      });
      points = input.prices.reduce((sum, p) => sum + p.points.length, 0);
      movements = input.movements.length;
      await time('index', () => createMarket(input.prices, input.fx));
      const v = await time('valuePortfolio', () => valuePortfolio(input, enginePeriod));
      await time('compositionsOf', () => compositionsOf(v));
      if (period && c.kind === 'performance') {
        // The other engine calls of reports.performance, in its order.
        const daily = await time('twr', () => {
          const points = toDailyPoints(v.dates, v.portfolio);
          timeWeightedReturn(points);
          return points;
        });
        const market = await time('index again', () => createMarket(input.prices, input.fx));
        await time('trend', () =>
          portfolioTrend({
            points: daily,
            movements: input.movements,
            rate: (cur, d) => market.rate(cur, d),
            interval: displayInterval(period.start, period.end),
          }),
        );
      }
      const answer = await time('report', () => ({
        portfolioData: scope.portfolioData,
        ...(c.kind === 'performance'
          ? reports.performance(input, period!, true)
          : c.kind === 'triplaA'
            ? reports.triplaA(input, period!)
            : { date, ...reports.sintetico(input, date) }),
        recalculationInProgress: false,
      }));
      const serializer = serializers[c.kind] as (x: unknown) => string;
      size = Buffer.byteLength(await time('serialise', () => serializer(answer)));
      await time('stringify', () => JSON.stringify(answer));
      await time('inject', () => app.inject({ method: 'GET', url: c.path, headers: auth }));
    }
    const m = (name: string) => median(stages.get(name) ?? []);
    const best = (name: string) => Math.min(...(stages.get(name) ?? []));
    const f = (name: string) => `${ms(m(name))} (${ms(best(name))})`;
    const sum = (pick: (n: string) => number) =>
      pick('scope') + pick('snapshot') + pick('inputFor') + pick('report') + pick('serialise');
    console.log(
      `where the time goes, GET ${c.title} (over target): in-process, median of ${rounds} rounds (best round); HTTP median ${ms(c.median)}`,
    );
    console.log(
      `  database and store: access check SQL ${f('scope')}, snapshot (versions SQL) ${f('snapshot')}, ` +
        `inputFor (${int(movements)} movements, sorted) ${f('inputFor')}`,
    );
    console.log(
      `  engine: valuePortfolio ${f('valuePortfolio')}, of which the price index (${int(points)} ISO dates parsed) ${f('index')}; ` +
        `compositionsOf ${f('compositionsOf')}`,
    );
    console.log(
      `  ${c.kind === 'performance' ? `then the portfolio's daily points and TWR series ${f('twr')}, the price index built again for the trend ${f('index again')}, the trend rows ${f('trend')}; ` : ''}` +
        `the whole report ${f('report')} (its own calls to the above, plus rounding and shaping)`,
    );
    console.log(
      `  response ${(size / 1024).toFixed(0)} KB: fast-json-stringify with the route's schema ${f('serialise')}, ` +
        `JSON.stringify ${f('stringify')}`,
    );
    console.log(`  sum ${ms(sum(m))} (${ms(sum(best))}); app.inject, the whole route without a socket, ${f('inject')}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// (6) Screens (issue 21, "Analytics speed")

const SCREEN_COLD_TARGET_MS: Record<number, number> = { 20000: 200, 100000: 1000 };
const SCREEN_WARM_TARGET_MS = 20;
const RSS_TARGET_MB = 500;
/** Cold screens per size (each after its own data change and recalculation); the median is printed. */
const COLD_ROUNDS = Number(process.env.BENCH_SCREEN_COLD_ROUNDS ?? 5);
const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');

/**
 * One screen as the portal makes it (mf-financial's position and performance pages, mf-report's portfolio part):
 * performance (fullData), triplaA and sintetico of one portfolio over the ten years, the three requests at once.
 */
async function screen(
  url: string,
  auth: Record<string, string>,
  ptf: number,
  range: { dateFrom: string; dateTo: string },
) {
  const q = `dateFrom=${range.dateFrom}&dateTo=${range.dateTo}`;
  const paths = [
    `/api/v2/report/${ptf}/performance?${q}&fullData=true`,
    `/api/v2/report/${ptf}/triplaA?${q}`,
    `/api/v1/report/${ptf}/sintetico?date=${range.dateTo}`,
  ];
  const t = performance.now();
  const answers = await Promise.all(
    paths.map(async (path) => {
      const res = await fetch(`${url}${path}`, { headers: auth });
      const body = (await res.json()) as { recalculationInProgress?: boolean };
      return { status: res.status, stale: body.recalculationInProgress === true };
    }),
  );
  return {
    ms: performance.now() - t,
    failed: answers.filter((a) => a.status !== 200).length,
    stale: answers.filter((a) => a.stale).length,
  };
}

/** Waits until the stored snapshot of a client is at its data version (the recalculation job has run). */
async function recalculated(db: Database, clientId: number): Promise<void> {
  for (let k = 0; k < 6000; k++) {
    const { rows } = await db.query<{ current: boolean }>(
      `select coalesce((select version from analytics_snapshots where client_id = $1), -1)
          >= coalesce((select version from analytics_versions where client_id = $1), 0) as current`,
      [clientId],
    );
    if (rows[0]?.current) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the recalculation of client ${clientId} did not end in 60 s`);
}

/**
 * Resolves when the portfolio's stored valuation series (valuation_series, the analytics-series job that follows the
 * recalculation) is at the client's and the market's current versions; the days that job valued for it.
 */
async function seriesStored(db: Database, clientId: number, portfolioId: number): Promise<number> {
  for (let k = 0; k < 6000; k++) {
    const { rows } = await db.query<{ days: number | null }>(
      `select s.days_valued as days from valuation_series s
        where s.client_id = $1 and s.scope = $2
          and s.client_version = (select version from analytics_versions where client_id = $1)
          and s.market_version = (select version from analytics_versions where client_id = 0)`,
      [clientId, `portfolio:${portfolioId}`],
    );
    if (rows[0]) return Number(rows[0].days);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the valuation series of client ${clientId} were not stored in 60 s`);
}

/** The API server the screens are measured on: its URL, a token of pro's, and its resident memory now. */
interface ScreenServer {
  url: string;
  auth: Record<string, string>;
  /** Resident set size in bytes. */
  rss: () => number;
  /** Which process it is, for the printout. */
  who: string;
  /** Whether the RSS is the server's alone (a process of its own), so that the target applies. */
  own: boolean;
  close: () => Promise<void>;
}

/** Resident memory of another process, from /proc (Linux), in bytes; 0 when it cannot be read. */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * On PostgreSQL, a server process of its own on the same database (started as `npm start` starts it, its job workers
 * on), so that its RSS is the server's alone; on PGlite (one process only) this process's server, RSS included the
 * bench's own data and PGlite.
 */
/** Where the screens are measured from: the bench's database connection, and the in-process server's URL and token. */
type ScreensContext = Pick<AnalyticsBenchContext, 'db' | 'url' | 'auth'>;

async function screenServer(ctx: ScreensContext, seed: boolean): Promise<ScreenServer> {
  const databaseUrl = process.env.DATABASE_URL;
  if (ctx.db.kind !== 'postgres' || !databaseUrl)
    return {
      url: ctx.url,
      auth: ctx.auth,
      rss: () => process.memoryUsage().rss,
      who: "this process's (the server in it, its engine threads, and the bench's own data and PGlite)",
      own: false,
      close: async () => {},
    };
  const port = Number(process.env.BENCH_SCREEN_PORT ?? 18082);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    // As `npm start` starts it, with the server's memory settings (scripts/server-memory.mjs).
    env: { ...serverEnv(), PORT: String(port), NODE_ENV: 'development', SEED_DEMO: String(seed), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (let k = 0; ; k++) {
    if (child.exitCode !== null) throw new Error(`the screens' server stopped (exit ${child.exitCode})`);
    const up = await fetch(`${url}/api/v1/live/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (k > 1200) throw new Error('the screens server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const { accessToken } = await signIn(url, 'pro', 'patrimonio');
  return {
    url,
    auth: { authorization: `Bearer ${accessToken}` },
    rss: () => rssOf(child.pid!),
    who: `the server process's alone (pid ${child.pid}, its engine threads included)`,
    own: true,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function benchScreens(
  ctx: ScreensContext,
  first: Inserted | null,
  range: { dateFrom: string; dateTo: string },
) {
  const { db } = ctx;
  const server = await screenServer(ctx, first === null);
  const { url, auth } = server;
  console.log(
    'screens (issue 21): performance (fullData) + triplaA + sintetico of one portfolio over the ten years, the three ' +
      'requests in parallel as the portal makes them',
  );
  console.log(
    `  cold = the first screen after a data change: one movement inserted in the middle of the ten years (SQL, a write ` +
      `as any: it bumps the client's data version), a request that finds the data stale and queues the recalculation ` +
      `job, the jobs run to their end (the snapshot and the valuation series stored, the series valued from the ` +
      `change on), then the screen: its threads make the series from the stored figures. The server's caches ` +
      `(answers, engine inputs, valuation series) hold the previous version and serve none of it. Median of ${COLD_ROUNDS} rounds. warm = the ` +
      `same screen again (answers cached per data state), median of 20. RSS: ${server.who}, the peak sampled every ` +
      '20 ms from the first book on.',
  );
  const { rows: usdRows } = await db.query<{ date: string; rate: number }>(
    `select to_char(f.date, 'YYYY-MM-DD') as date, f.rate::float8 as rate from fx_rates f
       join currencies c on c.id = f.currency_id where c.iso = 'USD'`,
  );
  const existingUsd = new Map(usdRows.map((r) => [r.date, Number(r.rate)]));
  let peakRss = server.rss();
  console.log(
    first
      ? `  RSS at the start of this part: ${mb(peakRss)}`
      : `  server RSS before the first book: ${mb(peakRss)} (started, migrated, the demo seeded)`,
  );
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, server.rss());
  }, 20);
  sampler.unref();
  const sizes: Array<[number, () => Promise<Inserted>]> = [
    [MOVEMENTS, async () => first ?? insert(db, generate(existingUsd))],
    [100_000, async () => insert(db, generate(existingUsd, 100_000), 'Benchmark100k')],
  ];
  for (const [size, book] of sizes) {
    const t0 = performance.now();
    const ids = await book();
    const loadMs = performance.now() - t0;
    const stale = () =>
      fetch(`${url}/api/v1/report/${ids.portfolioId}/sintetico`, { headers: auth }).then((r) => r.text());
    // The first screen of a new book also loads it into the server's store: not timed.
    await stale();
    await recalculated(db, ids.clientId);
    await recalculated(db, MARKET);
    await seriesStored(db, ids.clientId, ids.portfolioId);
    await screen(url, auth, ids.portfolioId, range);
    const colds: number[] = [];
    const jobs: number[] = [];
    const daysValued: number[] = [];
    let failed = 0;
    let flagged = 0;
    for (let round = 0; round < COLD_ROUNDS; round++) {
      await db.query(
        `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status, created_by)
         select $1, $2, timestamp '2021-06-15 12:00:00' + make_interval(mins => $3), 'DEPOSIT', c.id, 1, 'APPROVED', $4
           from currencies c where c.iso = 'EUR'`,
        [ids.accountIds[0], ids.clientId, round, ids.proId],
      );
      const tj = performance.now();
      await stale();
      await recalculated(db, ids.clientId);
      daysValued.push(await seriesStored(db, ids.clientId, ids.portfolioId));
      jobs.push(performance.now() - tj);
      const cold = await screen(url, auth, ids.portfolioId, range);
      colds.push(cold.ms);
      failed += cold.failed;
      flagged += cold.stale;
    }
    const warms: number[] = [];
    for (let k = 0; k < 20; k++) {
      const warm = await screen(url, auth, ids.portfolioId, range);
      warms.push(warm.ms);
      failed += warm.failed;
      flagged += warm.stale;
    }
    const cold = median(colds);
    const warm = median(warms);
    const coldTarget = SCREEN_COLD_TARGET_MS[size]!;
    peakRss = Math.max(peakRss, server.rss());
    console.log(
      `  ${int(size)} movements (${size === MOVEMENTS && first ? 'the book above' : `a book generated and inserted in ${ms(loadMs)}`}):`,
    );
    console.log(
      `    cold screen ${ms(cold)} (rounds ${colds.map(ms).join(', ')}), target < ${ms(coldTarget)}: ${met(cold < coldTarget)}`,
    );
    console.log(
      `    warm screen ${ms(warm)}, target < ${SCREEN_WARM_TARGET_MS} ms: ${met(warm < SCREEN_WARM_TARGET_MS)}`,
    );
    // The whole series, as the job builds it when every day changed (and as it did before series were stored), in this
    // process from the stored snapshots, for the figure.
    const [market, client] = await Promise.all([readSnapshot(db, MARKET), readSnapshot(db, ids.clientId)]);
    let seriesMs = Number.NaN;
    if (market && 'market' in market && client && 'client' in client) {
      const decoded = decodeHeld({ market: market.market, clients: [client.client] });
      const input = inputFor(decoded.market, [
        { client: decoded.clients.get(ids.clientId)!, accountIds: ids.accountIds },
      ]);
      const range = { start: fromDayNumber(toDayNumber(input.movements[0]!.date) - 1), end: reports.today() };
      seriesMs = timeSync(() => valuationSeries(input, range))[1];
    }
    console.log(
      `    the recalculation jobs after each change (from the request that queued them to the snapshot and the ` +
        `valuation series stored): ${jobs.map(ms).join(', ')}, valuing ${daysValued.map(int).join(', ')} days of ` +
        `the series (from the change on); the whole valuation series (every day to today, with its year-end ` +
        `checkpoints) takes ${ms(seriesMs)}${failed ? `; ${failed} answers failed` : ''}` +
        `${flagged ? `; ${flagged} answers with recalculationInProgress` : ''}`,
    );
    // The target is the 20,000-movement book's (issue 21: the targets are for "a book like the one above"); the
    // 100,000-movement book's peak is printed for the record. On PGlite the figure is the bench process's, with the
    // bench's own data and the database in it: no server figure to hold against the target.
    const verdict = !server.own
      ? 'NOT MEASURED (PGlite: the server shares this process with the bench and the database; run the bench with ' +
        'DATABASE_URL for the server process alone)'
      : size === MOVEMENTS
        ? met(peakRss < RSS_TARGET_MB * 1024 * 1024)
        : `for the record (the target is the ${int(MOVEMENTS)}-movement book's)`;
    console.log(`    server RSS peak so far ${mb(peakRss)}, target < ${RSS_TARGET_MB} MB: ${verdict}`);
  }
  clearInterval(sampler);
  await server.close();
}

// `npx tsx scripts/bench-analytics.ts`: the analytics part alone. On PGlite (no DATABASE_URL) a fresh database in a
// temporary folder and the whole part, in this process; with DATABASE_URL (a fresh database) the screens alone, on a
// server process of their own (its RSS its own).
if (import.meta.main) {
  const { openBenchDatabase, startBenchServer } = await import('./bench-server.ts');
  const port = Number(process.env.BENCH_PORT ?? 18081);
  if (process.env.DATABASE_URL) {
    const base = await openBenchDatabase('bench-analytics', port);
    console.log(`database: ${base.described}`);
    const tenYears = { dateFrom: fromDayNumber(toDayNumber(START) - 1), dateTo: END };
    await benchScreens({ db: base.db, url: '', auth: {} }, null, tenYears);
    await base.close();
  } else {
    const server = await startBenchServer('bench-analytics', port);
    console.log(`database: ${server.described}`);
    await benchAnalytics({ app: server.app, db: server.db, url: server.url, auth: await server.signInPro() });
    await server.close();
  }
  process.exit(0);
}
