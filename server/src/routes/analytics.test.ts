// Analytics calls (dashboard, asset histories, reports, VaR) on the real app. The figures for the demo data are checked
// against an independent computation written here from the database rows (SQL sums and plain loops, never the engine):
// holdings valued at the last price on or before the date (bonds per 100, USD at the last ECB-style rate), cash as the
// signed sum of its movements, fees and coupons summed in SQL, TWR chain-linked from daily values and external flows
// (DESIGN.md 4). A small hand-made portfolio is worked out by hand in the comments. Then the access rules (DESIGN.md 3),
// bad input, the recalculation flag (issue 4) and the shape of every answer (no NaN, no Infinity, no null where the
// contract has a number).
import { isValidIsin, type RouteName, routes } from '@patrimonio/shared-api';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { type Harness, type Login, startHarness } from '../testing/harness.ts';
import { backgroundIdle } from '../testing/test-app.ts';

/** A date inside the demo's three years (2023-10-31 to 2026-10-30), a Tuesday. */
const DATE = '2026-06-30';

let h: Harness;
const tokens = new Map<Login, string>();

// Demo ids (server/src/db/demo): Mario Rossi (pro's, the BASIC user's client) owns portfolios Intesa and Fineco and the
// testing "Simulazione UniCredit"; Giulia Bianchi (pro's) one portfolio; Giovanni Ferrari (pro2's) one; the families
// "Famiglia Rossi Bianchi" (Rossi 1, Bianchi 0.5) and "Famiglia Esposito" (four members, two without portfolios).
const demo = {
  rossi: 0,
  bianchi: 0,
  ferrari: 0,
  verdi: 0,
  colombo: 0,
  galli: 0,
  ptfIntesa: 0,
  ptfFineco: 0,
  ptfTesting: 0,
  ptfBianchi: 0,
  ptfFerrari: 0,
  ptfVerdi: 0,
  familyRossi: 0,
  familyEsposito: 0,
};

/** The 14 analytics calls (the contract's routes tagged 'analytics'; a test keeps the list complete). */
const ANALYTICS = [
  'dashboard',
  'financialComposition',
  'assetsHistoryTotal',
  'assetsHistoryFinancial',
  'reportSintetico',
  'reportPerformance',
  'reportPerformanceV1',
  'reportTriplaA',
  'reportTriplaAV1',
  'reportIntermediary',
  'reportCommissioni',
  'reportCedole',
  'macroAssetValues',
  'portfolioVar',
] as const satisfies readonly RouteName[];
type AnalyticsRoute = (typeof ANALYTICS)[number];

type Query = Record<string, string | number | boolean | undefined>;

/** The URL of an analytics call: the path parameter (:ptf or :id) and the query. */
function urlOf(name: AnalyticsRoute, param: string | number | null, query: Query = {}): string {
  const path = routes[name].url.replace(/:(\w+)/, () => encodeURIComponent(String(param)));
  const qs = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The body must match the route's response schema: a NaN or Infinity would show as null or a 500. */
function expectContract(name: AnalyticsRoute, body: unknown): void {
  const schema = routes[name].response[200];
  const errors = [...Value.Errors(schema, body)].slice(0, 5);
  expect(errors, `${name}: ${JSON.stringify(errors)}`).toEqual([]);
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field (and against the contract's schema)
type Answer = any;

async function read(
  name: AnalyticsRoute,
  param: string | number | null,
  query: Query = {},
  login: Login = 'pro',
): Promise<Answer> {
  const r = await h.call(login, 'GET', urlOf(name, param, query));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expectContract(name, r.body);
  return r.body;
}

const status = async (
  name: AnalyticsRoute,
  param: string | number | null,
  query: Query = {},
  login: Login | null = 'pro',
) => (await h.call(login, 'GET', urlOf(name, param, query))).status;

/** Half a unit of the last decimal shown (2 decimals), with room for binary representation. */
const HALF = 0.0051;

/** |actual - expected| <= tolerance (money: a cent or two of rounding). */
function near(actual: number, expected: number, tolerance = 0.02, what = ''): void {
  expect(Math.abs(actual - expected), `${what} ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

const id = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);

/** Every client's figures fresh (harness settle): the next call answers the current data. */
async function settle(): Promise<void> {
  const { rows } = await h.t.app.db.query<{ id: string }>('select id from clients');
  await h.settle(rows.map((r) => Number(r.id)));
}

// ---------------------------------------------------------------------------------------------------------------
// The independent computation
// ---------------------------------------------------------------------------------------------------------------

/** Units of a currency for one euro on a date: the last rate on or before it (the first one before any), EUR 1. */
const RATE = (currency: string, date: string) => `
  select case when (select iso from currencies where id = ${currency}) = 'EUR' then 1::numeric else coalesce(
    (select f.rate from fx_rates f where f.currency_id = ${currency} and f.date <= ${date} order by f.date desc limit 1),
    (select f.rate from fx_rates f where f.currency_id = ${currency} order by f.date limit 1)) end as rate`;

/** Causes that add to the cash they book to; the others (WITHDRAWAL, TRANSFER_OUT, BUY, FEE, TAX) take from it. */
const CASH_IN = `('DEPOSIT', 'TRANSFER_IN', 'SELL', 'COUPON', 'DIVIDEND', 'INTEREST')`;
/** External flows that move securities rather than cash (an instrument and a quantity). */
const SECURITIES_TRANSFER = `(m.cause in ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER_IN', 'TRANSFER_OUT')
  and m.instrument_id is not null and m.quantity is not null)`;

/**
 * A set of accounts at the end of a date, in SQL: each line (account, instrument) is the quantity of its approved
 * BUY/SELL/transfer movements x the last price on or before the date (/ 100 for bonds) / the currency's rate; each
 * account's cash is the signed sum of the movements booked to it (coalesce(offset_account_id, account_id)), converted
 * to its currency at the movement date's rates, then to EUR at the date's rate. Only movements of the set's accounts
 * count (as a portfolio sees them).
 */
const HOLDINGS_SQL = `
with acc as (select a.id, a.currency_id from accounts a where a.id = any($1::bigint[])),
mv as (
  select m.*, m.date_time::date as d from movements m
   where m.status = 'APPROVED' and m.date_time::date <= $2::date and m.account_id in (select id from acc)
),
qty as (
  select m.account_id, m.instrument_id,
         sum(case when m.cause in ('BUY', 'TRANSFER_IN', 'DEPOSIT') then m.quantity else -m.quantity end) as q
    from mv m
   where m.cause in ('BUY', 'SELL') or ${SECURITIES_TRANSFER}
   group by m.account_id, m.instrument_id
),
stock as (
  select q.account_id, i.macro_asset_class as macro, i.asset_class, i.id as instrument_id,
         q.q * px.price / (case when i.macro_asset_class = 'Bond' then 100 else 1 end) / r.rate as value
    from qty q join instruments i on i.id = q.instrument_id
    cross join lateral (select p.price from prices p where p.instrument_id = q.instrument_id and p.date <= $2::date
                         order by p.date desc limit 1) px
    cross join lateral (${RATE('i.currency_id', '$2::date')}) r
   where q.q <> 0
),
booked as (
  select coalesce(m.offset_account_id, m.account_id) as account_id,
         (case when m.cause in ${CASH_IN} then 1 else -1 end) * m.amount / mr.rate * ar.rate as amount
    from mv m
    join acc a on a.id = coalesce(m.offset_account_id, m.account_id)
    cross join lateral (${RATE('m.currency_id', 'm.d')}) mr
    cross join lateral (${RATE('a.currency_id', 'm.d')}) ar
   where not ${SECURITIES_TRANSFER}
),
cash as (
  select a.id as account_id, coalesce(sum(b.amount), 0) / r.rate as value
    from acc a left join booked b on b.account_id = a.id
    cross join lateral (${RATE('a.currency_id', '$2::date')}) r
   group by a.id, r.rate
)
select account_id::int, 'stock' as kind, macro, asset_class, instrument_id::int, value::float8 as value from stock
union all
select account_id::int, 'cash', null, null, null, value::float8 from cash`;

interface Holding {
  account_id: number;
  kind: 'stock' | 'cash';
  macro: 'Equity' | 'Alternative' | 'Bond' | null;
  asset_class: string | null;
  instrument_id: number | null;
  value: number;
}

async function holdings(accountIds: number[], date: string): Promise<Holding[]> {
  return (await h.t.app.db.query<Holding>(HOLDINGS_SQL, [accountIds, date])).rows;
}

async function valued(accountIds: number[], date: string) {
  const rows = await holdings(accountIds, date);
  const sum = (f: (r: Holding) => boolean) => rows.filter(f).reduce((s, r) => s + r.value, 0);
  const stocks = sum((r) => r.kind === 'stock');
  const cash = sum((r) => r.kind === 'cash');
  return { stocks, cash, total: stocks + cash, rows };
}

const accountsOfPortfolio = async (portfolioId: number) =>
  (
    await h.t.app.db.query<{ id: string }>(
      'select account_id as id from portfolio_accounts where portfolio_id = $1 order by 1',
      [portfolioId],
    )
  ).rows.map((r) => Number(r.id));

/** A client's aggregate: the accounts of its non-testing portfolios. */
/** A client's real-estate wealth at the end of a day, straight from the tables (independent of the server's code). */
const realEstateSql = async (clientId: number, date: string) =>
  (
    await h.one<{ v: number }>(
      `select coalesce(sum(e.value * r.perc_owned), 0)::float8 as v
         from real_estates r
         cross join lateral (select value from real_estate_evaluations
                              where real_estate_id = r.id and evaluation_date <= $2::date
                              order by evaluation_date desc limit 1) e
        where r.client_id = $1 and (r.sold_date is null or r.sold_date > $2::date)`,
      [clientId, date],
    )
  ).v;

const accountsOfClient = async (clientId: number) =>
  (
    await h.t.app.db.query<{ id: string }>(
      `select distinct pa.account_id as id from portfolio_accounts pa join portfolios p on p.id = pa.portfolio_id
        where p.client_id = $1 and not p.testing order by 1`,
      [clientId],
    )
  ).rows.map((r) => Number(r.id));

const familyMembers = async (familyId: number) =>
  (
    await h.t.app.db.query<{ client_id: string; weight: string }>(
      'select client_id, weight::text from family_members where family_id = $1',
      [familyId],
    )
  ).rows.map((r) => ({ clientId: Number(r.client_id), weight: Number(r.weight) }));

// The same valuation as a plain loop over the rows, for daily series (asset history, TWR, VaR).

interface Book {
  accounts: Map<number, string>;
  instruments: Map<number, { currency: string; bond: boolean }>;
  prices: Map<number, Array<[string, number]>>;
  fx: Map<string, Array<[string, number]>>;
  movements: Array<{
    account: number;
    books: number;
    date: string;
    cause: string;
    currency: string;
    instrument: number | null;
    quantity: number | null;
    amount: number;
  }>;
}

async function loadBook(accountIds: number[]): Promise<Book> {
  const q = async <T>(sql: string, params: unknown[] = []) => (await h.t.app.db.query<T>(sql, params)).rows;
  const accounts = new Map(
    (
      await q<{ id: string; iso: string }>(
        'select a.id, c.iso from accounts a join currencies c on c.id = a.currency_id where a.id = any($1::bigint[])',
        [accountIds],
      )
    ).map((r) => [Number(r.id), r.iso]),
  );
  const movements = (
    await q<Record<string, string | null>>(
      `select m.account_id, coalesce(m.offset_account_id, m.account_id) as books, to_char(m.date_time, 'YYYY-MM-DD') as d,
          m.cause, c.iso, m.instrument_id, m.quantity::text, m.amount::text
         from movements m join currencies c on c.id = m.currency_id
        where m.status = 'APPROVED' and m.account_id = any($1::bigint[]) order by m.date_time, m.id`,
      [accountIds],
    )
  ).map((r) => ({
    account: Number(r.account_id),
    books: Number(r.books),
    date: r.d!,
    cause: r.cause!,
    currency: r.iso!,
    instrument: r.instrument_id === null ? null : Number(r.instrument_id),
    quantity: r.quantity === null ? null : Number(r.quantity),
    amount: Number(r.amount),
  }));
  const instruments = new Map(
    (
      await q<{ id: string; iso: string; macro: string }>(
        `select i.id, c.iso, i.macro_asset_class as macro from instruments i join currencies c on c.id = i.currency_id`,
      )
    ).map((r) => [Number(r.id), { currency: r.iso, bond: r.macro === 'Bond' }]),
  );
  const prices = new Map<number, Array<[string, number]>>();
  const used = [...new Set(movements.map((m) => m.instrument).filter((x): x is number => x !== null))];
  for (const r of await q<{ instrument_id: string; d: string; price: string }>(
    `select instrument_id, to_char(date, 'YYYY-MM-DD') as d, price::text from prices
      where instrument_id = any($1::bigint[]) order by instrument_id, date`,
    [used],
  )) {
    const k = Number(r.instrument_id);
    if (!prices.has(k)) prices.set(k, []);
    prices.get(k)!.push([r.d, Number(r.price)]);
  }
  const fx = new Map<string, Array<[string, number]>>();
  for (const r of await q<{ iso: string; d: string; rate: string }>(
    `select c.iso, to_char(f.date, 'YYYY-MM-DD') as d, f.rate::text from fx_rates f
       join currencies c on c.id = f.currency_id order by c.iso, f.date`,
  )) {
    if (!fx.has(r.iso)) fx.set(r.iso, []);
    fx.get(r.iso)!.push([r.d, Number(r.rate)]);
  }
  return { accounts, instruments, prices, fx, movements };
}

/** The last value on or before a date (the first one before any). */
function lastOn(series: Array<[string, number]>, date: string): number {
  let found = series[0]![1];
  for (const [d, v] of series) {
    if (d > date) break;
    found = v;
  }
  return found;
}

const rateOf = (book: Book, currency: string, date: string) =>
  currency === 'EUR' ? 1 : lastOn(book.fx.get(currency)!, date);

const isSecuritiesTransfer = (m: Book['movements'][number]) =>
  ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER_IN', 'TRANSFER_OUT'].includes(m.cause) &&
  m.instrument !== null &&
  m.quantity !== null;

/** The value at the end of a date and the day's external flows (EUR), by replaying every movement up to it. */
function dayOf(book: Book, date: string): { value: number; inflow: number; outflow: number } {
  const qty = new Map<number, number>();
  const cash = new Map<number, number>();
  let inflow = 0;
  let outflow = 0;
  for (const m of book.movements) {
    if (m.date > date) break;
    if (m.cause === 'BUY' || m.cause === 'SELL' || isSecuritiesTransfer(m)) {
      const sign = ['BUY', 'DEPOSIT', 'TRANSFER_IN'].includes(m.cause) ? 1 : -1;
      qty.set(m.instrument!, (qty.get(m.instrument!) ?? 0) + sign * m.quantity!);
    }
    if (isSecuritiesTransfer(m) || !book.accounts.has(m.books)) continue;
    const into = book.accounts.get(m.books)!;
    const converted = (m.amount / rateOf(book, m.currency, m.date)) * rateOf(book, into, m.date);
    const sign = ['DEPOSIT', 'TRANSFER_IN', 'SELL', 'COUPON', 'DIVIDEND', 'INTEREST'].includes(m.cause) ? 1 : -1;
    cash.set(m.books, (cash.get(m.books) ?? 0) + sign * converted);
    if (m.date === date && ['DEPOSIT', 'TRANSFER_IN'].includes(m.cause))
      inflow += m.amount / rateOf(book, m.currency, date);
    if (m.date === date && ['WITHDRAWAL', 'TRANSFER_OUT'].includes(m.cause))
      outflow += m.amount / rateOf(book, m.currency, date);
  }
  let value = 0;
  for (const [instrument, q] of qty) {
    if (q === 0) continue;
    const i = book.instruments.get(instrument)!;
    value += (q * lastOn(book.prices.get(instrument)!, date)) / (i.bond ? 100 : 1) / rateOf(book, i.currency, date);
  }
  for (const [account, balance] of cash) value += balance / rateOf(book, book.accounts.get(account)!, date);
  return { value, inflow, outflow };
}

/** A date some months later (or earlier), the day clamped to the month's end. */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function daysFrom(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** TWR (DESIGN.md 4): r_t = (V_t + out_t) / (V_{t-1} + in_t) - 1 chain-linked, a zero denominator adding nothing. */
function twr(points: Array<{ value: number; inflow: number; outflow: number }>): number[] {
  const cumulative = [0];
  let growth = 1;
  for (let t = 1; t < points.length; t++) {
    const denominator = points[t - 1]!.value + points[t]!.inflow;
    if (denominator !== 0) growth *= (points[t]!.value + points[t]!.outflow) / denominator;
    cumulative.push(growth - 1);
  }
  return cumulative;
}

/** The IRR (actual/365) of dated flows by bisection: investor's sign, money in negative. */
function irr(flows: Array<{ date: string; amount: number }>): number {
  const t0 = Date.parse(flows[0]!.date);
  const npv = (r: number) =>
    flows.reduce((s, f) => s + f.amount / (1 + r) ** ((Date.parse(f.date) - t0) / 86_400_000 / 365), 0);
  let lo = -0.99;
  let hi = 100;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(npv(mid)) === Math.sign(npv(lo))) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Type-7 quantile of sorted numbers (linear interpolation between order statistics). */
function quantile(sorted: number[], p: number): number {
  const x = (sorted.length - 1) * p;
  const i = Math.floor(x);
  return sorted[i]! + (x - i) * ((sorted[Math.min(i + 1, sorted.length - 1)] ?? 0) - sorted[i]!);
}

const pct = (fraction: number) => fraction * 100;

// ---------------------------------------------------------------------------------------------------------------
// Set-up
// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  h = await startHarness();
  for (const login of ['pro', 'admin'] as const)
    tokens.set(login, (await signIn(h.t.url, login, 'patrimonio')).accessToken);
  const client = (taxCode: string) => id('select id from clients where tax_code = $1', [taxCode]);
  demo.rossi = await client('RSSMRA80A01H501U');
  demo.bianchi = await client('BNCGLI75M45F205M');
  demo.ferrari = await client('FRRGNN58T10D612I');
  demo.verdi = await client('VRDLCU62C12L219G');
  demo.colombo = await client('CLMLSN71S23L736Z');
  demo.galli = await id("select id from clients where company_name = 'Galli Meccanica S.p.A.'");
  const portfolio = (clientId: number, name: string) =>
    id('select id from portfolios where client_id = $1 and name = $2', [clientId, name]);
  demo.ptfIntesa = await portfolio(demo.rossi, 'Portafoglio Intesa');
  demo.ptfFineco = await portfolio(demo.rossi, 'Portafoglio Fineco');
  demo.ptfTesting = await portfolio(demo.rossi, 'Simulazione UniCredit');
  demo.ptfBianchi = await portfolio(demo.bianchi, 'Portafoglio Mediolanum');
  demo.ptfFerrari = await portfolio(demo.ferrari, 'Portafoglio Intesa');
  demo.ptfVerdi = await portfolio(demo.verdi, 'Portafoglio UniCredit');
  demo.familyRossi = await id("select id from families where name = 'Famiglia Rossi Bianchi'");
  demo.familyEsposito = await id("select id from families where name = 'Famiglia Esposito'");
  await settle();
});
afterAll(async () => {
  await h?.t.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Demo data against the independent computation
// ---------------------------------------------------------------------------------------------------------------

describe('demo figures checked by an independent computation', () => {
  test('sintetico: controvalore, stocksValue, cashValue and every account of a portfolio at a date', async () => {
    for (const ptf of [demo.ptfIntesa, demo.ptfFineco, demo.ptfBianchi]) {
      const accounts = await accountsOfPortfolio(ptf);
      for (const date of [DATE, '2024-11-16' /* a Saturday: Friday's prices */, '2025-12-31']) {
        const want = await valued(accounts, date);
        const s = await read('reportSintetico', ptf, { date });
        expect(s.recalculationInProgress).toBe(false);
        expect(s.date).toBe(date);
        const total = s.reportSinteticoTotalComposition[0];
        near(total.stocksValue, want.stocks, 0.02, `${ptf} ${date} stocks`);
        near(total.cashValue, want.cash, 0.02, `${ptf} ${date} cash`);
        near(total.controvalore, want.total, 0.02, `${ptf} ${date} controvalore`);
        for (const a of s.accountComposition) {
          const rows = want.rows.filter((r) => r.account_id === a.accountId);
          near(
            a.stockValue,
            rows.filter((r) => r.kind === 'stock').reduce((x, r) => x + r.value, 0),
            0.02,
          );
          near(
            a.cashValue,
            rows.filter((r) => r.kind === 'cash').reduce((x, r) => x + r.value, 0),
            0.02,
          );
        }
        expect(s.accountComposition.map((a: { accountId: number }) => a.accountId).sort()).toEqual(accounts);
        // The macro asset classes: securities by macro_asset_class.
        for (const m of s.macroAssetClassComposition) {
          const v = want.rows.filter((r) => r.macro === m.macroAssetClassName).reduce((x, r) => x + r.value, 0);
          near(m.stockValue, v, 0.02, m.macroAssetClassName);
        }
      }
    }
  });

  test('a USD share in a EUR account: valued at the last price / the last USD rate', async () => {
    // Portafoglio Fineco holds Apple (US0378331005, USD): its line at the date, by hand from the rows.
    const apple = await id("select id from instruments where isin = 'US0378331005'");
    const accounts = await accountsOfPortfolio(demo.ptfFineco);
    const q = await h.one<{ q: string }>(
      `select sum(case when cause = 'BUY' then quantity else -quantity end)::text as q from movements
        where account_id = any($1::bigint[]) and instrument_id = $2 and cause in ('BUY', 'SELL') and status = 'APPROVED'
          and date_time::date <= $3`,
      [accounts, apple, DATE],
    );
    const px = await h.one<{ p: string }>(
      'select price::text as p from prices where instrument_id = $1 and date <= $2 order by date desc limit 1',
      [apple, DATE],
    );
    const usd = await h.one<{ r: string }>(
      `select rate::text as r from fx_rates where currency_id = (select id from currencies where iso = 'USD')
          and date <= $1 order by date desc limit 1`,
      [DATE],
    );
    const line = (Number(q.q) * Number(px.p)) / Number(usd.r);
    expect(line).toBeGreaterThan(0);
    const t = await read('reportTriplaA', demo.ptfFineco, { dateFrom: '2025-12-31', dateTo: DATE });
    const item = t.stockComposition.find((s: { isin: string }) => s.isin === 'US0378331005');
    near(item.totalValue, line, 0.01, 'Apple');
    near(item.quantity, Number(q.q), 0.0005);
    expect(item.currency).toBe('USD');
    near(item.pzMkt, Number(px.p), 0.00005);
  });

  test('triplaA: the total, the stock and the cash lists add up to the value at dateTo', async () => {
    const accounts = await accountsOfPortfolio(demo.ptfIntesa);
    const want = await valued(accounts, DATE);
    const t = await read('reportTriplaA', demo.ptfIntesa, { dateFrom: '2025-12-31', dateTo: DATE });
    near(t.totalComposition[0].totalValue, want.total, 0.02, 'total');
    const stocks = t.stockComposition.reduce((s: number, x: { totalValue: number }) => s + x.totalValue, 0);
    near(stocks, want.stocks, 0.01 * t.stockComposition.length, 'stocks');
    const cash = t.cashComposition.reduce((s: number, x: { totalValue: number }) => s + x.totalValue, 0);
    near(cash, want.cash, 0.02, 'cash');
    // Each stock line against its own row.
    for (const s of t.stockComposition) {
      const instrument = await id('select id from instruments where isin = $1', [s.isin]);
      const v = want.rows.filter((r) => r.instrument_id === instrument).reduce((x, r) => x + r.value, 0);
      near(s.totalValue, v, 0.01, s.isin);
    }
    // The v1 path answers the same.
    const v1 = await read('reportTriplaAV1', demo.ptfIntesa, { dateFrom: '2025-12-31', dateTo: DATE });
    expect(v1).toEqual(t);
  });

  test('financial-composition, macroasset values and intermediary agree with the rows', async () => {
    const accounts = await accountsOfPortfolio(demo.ptfIntesa);
    const want = await valued(accounts, DATE);
    const fc = await read('financialComposition', demo.ptfIntesa, { date: DATE });
    near(fc.stocksValue, want.stocks);
    near(fc.cashValue, want.cash);
    near(fc.controvalore, want.total);
    const m = await read('macroAssetValues', demo.ptfIntesa, { date: DATE });
    expect(m.item.map((x: { name: string }) => x.name)).toEqual(['Equity', 'Alternative', 'Bond']);
    for (const item of m.item) {
      const v = want.rows.filter((r) => r.macro === item.name).reduce((x, r) => x + r.value, 0);
      near(item.value, v, 0.02, item.name);
      near(item.percentage, want.stocks ? pct(v / want.stocks) : 0, 0.01, item.name);
    }
    const i = await read('reportIntermediary', demo.ptfIntesa, { date: DATE });
    expect(i.intermediaryComposition).toHaveLength(1);
    near(i.intermediaryComposition[0].controvalore, want.total);
    expect(i.intermediaryComposition[0].intermediaryName).toBe('Intesa Sanpaolo');
    expect(i.accountComposition).toHaveLength(accounts.length);
  });

  test("the client aggregate is the client's non-testing portfolios; the dashboard shows the same wealth", async () => {
    const accounts = await accountsOfClient(demo.rossi);
    const want = await valued(accounts, DATE);
    const parts = [
      await valued(await accountsOfPortfolio(demo.ptfIntesa), DATE),
      await valued(await accountsOfPortfolio(demo.ptfFineco), DATE),
    ];
    near(want.total, parts[0]!.total + parts[1]!.total, 1e-6);
    // The testing portfolio stays out, even for ADMIN.
    for (const login of ['pro', 'admin', 'client'] as const) {
      const s = await read('reportSintetico', 'aggregate', { clientId: demo.rossi, date: DATE }, login);
      near(s.reportSinteticoTotalComposition[0].controvalore, want.total, 0.02, login);
      expect(s.portfolioData).toEqual({
        id: null,
        name: expect.any(String),
        aggregate: true,
        owner: 'Mario Rossi',
        ownerId: demo.rossi,
        familyId: null,
      });
    }
    const d = await read('dashboard', demo.rossi, { date: DATE });
    near(d.richComposition.financial, want.total, 0.02, 'dashboard');
    expect(d.date).toBe(DATE);
    // Net income of the last 12 months: (date - 365, date], coupons, dividends and interest less fees and taxes.
    const income = await h.one<{ v: number }>(
      `select coalesce(sum((case when m.cause in ('COUPON', 'DIVIDEND', 'INTEREST') then 1 else -1 end) * m.amount / r.rate), 0)::float8 as v
         from movements m cross join lateral (${RATE('m.currency_id', 'm.date_time::date')}) r
        where m.account_id = any($1::bigint[]) and m.status = 'APPROVED'
          and m.cause in ('COUPON', 'DIVIDEND', 'INTEREST', 'FEE', 'TAX')
          and m.date_time::date > $2::date - 365 and m.date_time::date <= $2::date`,
      [accounts, DATE],
    );
    near(d.flux.financial, income.v, 0.02, 'flux');
    // Real estate: each unsold property's latest evaluation on or before the date x the share owned (SQL).
    near(d.richComposition.realEstate, await realEstateSql(demo.rossi, DATE), 0.01, 'real estate');
    expect(d.richComposition.realEstate).toBeGreaterThan(0);
    // The projection: one band each, 90% <= 60% <= 20% every year, starting from today's wealth.
    expect(d.calculus.graph.map((g: { name: string }) => g.name)).toHaveLength(3);
    expect(d.calculus.dates.length).toBeGreaterThan(1);
    const [b90, b60, b20] = d.calculus.graph.map((g: { data: number[] }) => g.data);
    // The whole wealth is projected, the real assets included.
    const wealth = Object.values(d.richComposition as Record<string, number>).reduce((a, v) => a + v, 0);
    for (const band of [b90, b60, b20]) near(band[0], wealth, 1, 'projection start');
    for (let k = 0; k < d.calculus.dates.length; k++) {
      expect(b90[k]).toBeLessThanOrEqual(b60[k]);
      expect(b60[k]).toBeLessThanOrEqual(b20[k]);
    }
  });

  test('the family aggregate is the sum of weight x member aggregate', async () => {
    for (const family of [demo.familyRossi, demo.familyEsposito]) {
      const members = await familyMembers(family);
      let want = 0;
      let fromApi = 0;
      for (const m of members) {
        want += m.weight * (await valued(await accountsOfClient(m.clientId), DATE)).total;
        const s = await read('reportSintetico', 'aggregate', { clientId: m.clientId, date: DATE });
        fromApi += m.weight * s.reportSinteticoTotalComposition[0].controvalore;
      }
      expect(want).toBeGreaterThan(0);
      const s = await read('reportSintetico', 'aggregate', { familyId: family, date: DATE });
      near(s.reportSinteticoTotalComposition[0].controvalore, want, 0.02 * members.length, `family ${family}`);
      near(s.reportSinteticoTotalComposition[0].controvalore, fromApi, 0.02 * members.length, `family ${family} api`);
      expect(s.portfolioData).toMatchObject({ id: null, aggregate: true, ownerId: null, familyId: family });
      const d = await read('dashboard', family, { familyId: family, date: DATE });
      near(d.richComposition.financial, want, 0.02 * members.length, `family ${family} dashboard`);
    }
  });

  test('commissioni: fees per account, subcause and quarter equal the SQL sums', async () => {
    const accounts = await accountsOfPortfolio(demo.ptfIntesa);
    const { rows } = await h.t.app.db.query<{ account_id: number; sc: string; q: number; v: number }>(
      `select m.account_id::int, coalesce(m.subcause, 'Altro') as sc, extract(quarter from m.date_time)::int as q,
          sum(m.amount / r.rate)::float8 as v
         from movements m cross join lateral (${RATE('m.currency_id', 'm.date_time::date')}) r
        where m.account_id = any($1::bigint[]) and m.cause = 'FEE' and m.status = 'APPROVED'
          and m.date_time::date between '2025-01-01' and '2025-12-31'
        group by 1, 2, 3`,
      [accounts],
    );
    expect(rows.length).toBeGreaterThan(4);
    const r = await read('reportCommissioni', demo.ptfIntesa, { dateFrom: '2025-01-01', dateTo: '2025-12-31' });
    expect(r.quarters).toEqual([1, 2, 3, 4].map((quarter) => ({ year: 2025, quarter })));
    expect(r.accountComposition.map((a: { accountId: number }) => a.accountId).sort()).toEqual(accounts);
    let cells = 0;
    for (const a of r.accountComposition) {
      expect(a.subcauses.map((s: { subcauseName: string }) => s.subcauseName)).toEqual([
        'CONTO_CORRENTE',
        'DEPOSITO_TITOLI',
        'NEGOZIAZIONE',
        'GESTIONE',
        'CONSULENZA',
        'Altro',
      ]);
      for (const s of a.subcauses)
        for (const q of s.quarters) {
          const want = rows.find((x) => x.account_id === a.accountId && x.sc === s.subcauseName && x.q === q.quarter);
          near(q.value, want?.v ?? 0, HALF, `${a.accountId} ${s.subcauseName} Q${q.quarter}`);
          if (want) cells++;
        }
    }
    expect(cells).toBe(rows.length);
  });

  test('commissioni by default: the last 4 full quarters to dateTo', async () => {
    const r = await read('reportCommissioni', demo.ptfIntesa, { dateTo: '2025-11-15' });
    expect(r.quarters).toEqual([
      { year: 2024, quarter: 4 },
      { year: 2025, quarter: 1 },
      { year: 2025, quarter: 2 },
      { year: 2025, quarter: 3 },
    ]);
  });

  test("cedole: the paid rows are the range's COUPON and DIVIDEND movements, EUR at their date's rate", async () => {
    for (const ptf of [demo.ptfIntesa, demo.ptfFineco]) {
      const accounts = await accountsOfPortfolio(ptf);
      const { rows } = await h.t.app.db.query<Record<string, unknown>>(
        `select to_char(m.date_time, 'YYYY-MM-DD') as date, i.isin, m.cause as type, m.amount::float8 as amount,
            c.iso as currency, (m.amount / r.rate)::float8 as eur
           from movements m join currencies c on c.id = m.currency_id left join instruments i on i.id = m.instrument_id
           cross join lateral (${RATE('m.currency_id', 'm.date_time::date')}) r
          where m.account_id = any($1::bigint[]) and m.cause in ('COUPON', 'DIVIDEND') and m.status = 'APPROVED'
            and m.date_time::date > '2024-12-31' and m.date_time::date <= '2025-12-31'`,
        [accounts],
      );
      expect(rows.length).toBeGreaterThan(0);
      const r = await read('reportCedole', ptf, { dateFrom: '2024-12-31', dateTo: '2025-12-31' });
      const key = (x: Record<string, unknown>) => `${x.date} ${x.isin} ${x.type} ${Number(x.amount).toFixed(2)}`;
      const paid = r.item.filter((x: { paid: boolean }) => x.paid);
      expect(paid.map(key).sort()).toEqual(rows.map(key).sort());
      for (const p of paid) {
        const want = rows.find((x) => key(x) === key(p))!;
        expect(p.currency).toBe(want.currency);
        near(p.amountEur, want.eur as number, HALF, key(p));
        expect(p.estimated).toBe(false);
      }
      // Nothing expected in a past range.
      expect(r.item.filter((x: { paid: boolean }) => !x.paid)).toEqual([]);
    }
  });

  test("cedole by default: today's bonds' coupons and redemptions and last year's dividends for the next 5 years", async () => {
    const asOf = new Date().toISOString().slice(0, 10);
    const horizon = addMonths(asOf, 60);
    const accounts = await accountsOfPortfolio(demo.ptfIntesa);
    // Holdings today and the instruments' terms.
    const { rows: held } = await h.t.app.db.query<Record<string, string>>(
      `select i.id, i.isin, c.iso, i.coupon_rate::text as rate, i.coupon_frequency::text as freq,
          to_char(i.first_coupon_date, 'YYYY-MM-DD') as first, to_char(i.maturity_date, 'YYYY-MM-DD') as maturity,
          sum(case when m.cause = 'BUY' then m.quantity else -m.quantity end)::text as q
         from movements m join instruments i on i.id = m.instrument_id join currencies c on c.id = i.currency_id
        where m.account_id = any($1::bigint[]) and m.cause in ('BUY', 'SELL') and m.status = 'APPROVED'
          and m.date_time::date <= $2
        group by i.id, c.iso having sum(case when m.cause = 'BUY' then m.quantity else -m.quantity end) > 0`,
      [accounts, asOf],
    );
    const want: string[] = [];
    const row = (date: string, isin: string, type: string, amount: number) =>
      want.push(`${date} ${isin} ${type} ${amount.toFixed(2)}`);
    for (const b of held.filter((x) => x.rate !== null)) {
      const nominal = Number(b.q);
      const step = 12 / Number(b.freq);
      for (let k = 0; ; k++) {
        const date = addMonths(b.first!, k * step);
        if (date > horizon || date > b.maturity!) break;
        if (date > asOf)
          row(date, b.isin!, 'COUPON', Math.round(((nominal * Number(b.rate)) / Number(b.freq)) * 100) / 100);
      }
      if (b.maturity! > asOf && b.maturity! <= horizon) row(b.maturity!, b.isin!, 'REDEMPTION', nominal);
    }
    // Dividends of the 12 months to today, per share held on their date, times today's quantity, each year.
    const { rows: dividends } = await h.t.app.db.query<Record<string, string>>(
      `select i.isin, to_char(m.date_time, 'YYYY-MM-DD') as d, m.amount::text as amount,
          (select sum(case when t.cause = 'BUY' then t.quantity else -t.quantity end) from movements t
            where t.account_id = any($1::bigint[]) and t.instrument_id = m.instrument_id and t.status = 'APPROVED'
              and t.cause in ('BUY', 'SELL') and t.date_time::date <= m.date_time::date)::text as q
         from movements m join instruments i on i.id = m.instrument_id
        where m.account_id = any($1::bigint[]) and m.cause = 'DIVIDEND' and m.status = 'APPROVED'
          and m.date_time::date > $2 and m.date_time::date <= $3`,
      [accounts, addMonths(asOf, -12), asOf],
    );
    for (const d of dividends) {
      const now = held.find((x) => x.isin === d.isin);
      if (!now) continue;
      const amount = Math.round((Number(d.amount) / Number(d.q)) * Number(now.q) * 100) / 100;
      for (let y = 1; y <= 5; y++) {
        const date = addMonths(d.d!, 12 * y);
        if (date > asOf && date <= horizon) row(date, d.isin!, 'DIVIDEND', amount);
      }
    }
    expect(want.length).toBeGreaterThan(5);
    const r = await read('reportCedole', demo.ptfIntesa);
    expect(r).toMatchObject({ dateFrom: asOf, dateTo: horizon });
    const got = r.item.map(
      (x: Record<string, unknown>) => `${x.date} ${x.isin} ${x.type} ${Number(x.amount).toFixed(2)}`,
    );
    expect(got.sort()).toEqual(want.sort());
    // Future amounts in EUR at today's rate: no FX forecast.
    const usd = await h.one<{ r: number }>(
      `select rate::float8 as r from fx_rates where currency_id = (select id from currencies where iso = 'USD')
          and date <= $1 order by date desc limit 1`,
      [asOf],
    );
    for (const x of r.item) {
      expect(x.paid).toBe(false);
      expect(x.estimated).toBe(x.type === 'DIVIDEND');
      near(x.amountEur, x.currency === 'USD' ? x.amount / usd.r : x.amount, HALF, `${x.date} ${x.isin}`);
    }
    expect(r.item.some((x: { currency: string }) => x.currency === 'USD')).toBe(true);
  });

  test('assets-history/financial: the daily values of a window, by a plain loop over the rows', async () => {
    const accounts = await accountsOfPortfolio(demo.ptfFineco);
    const book = await loadBook(accounts);
    const days = daysFrom('2026-03-25', '2026-04-08');
    const r = await read('assetsHistoryFinancial', demo.ptfFineco, { dateFrom: days[0], dateTo: days.at(-1) });
    expect(r.total).toBe(days.length);
    expect(r.item.map((x: { date: string }) => x.date)).toEqual(days);
    for (const [k, d] of days.entries()) near(r.item[k].value, dayOf(book, d).value, 0.01, d);
    // The loop and the SQL agree with each other.
    near(dayOf(book, days[3]!).value, (await valued(accounts, days[3]!)).total, 1e-6, 'loop vs SQL');
    // Sorted descending and paged.
    const desc = await read('assetsHistoryFinancial', demo.ptfFineco, {
      dateFrom: days[0],
      dateTo: days.at(-1),
      sort: 'date,desc',
      size: 4,
      page: 2,
    });
    expect(desc).toMatchObject({ total: days.length, page: 2, size: 4 });
    expect(desc.item.map((x: { date: string }) => x.date)).toEqual([...days].reverse().slice(4, 8));
    // The client's total wealth history: both portfolios.
    const all = await loadBook(await accountsOfClient(demo.rossi));
    const total = await read('assetsHistoryTotal', null, {
      clientId: demo.rossi,
      dateFrom: days[0],
      dateTo: days.at(-1),
    });
    const window = { clientId: demo.rossi, dateFrom: days[0], dateTo: days.at(-1) };
    const byAsset = async (asset: string) =>
      ((await read('assetsHistoryTotal', null, { ...window, asset })).item as { value: number }[]).map((x) => x.value);
    const [financial = [], realEstate = [], share = [], artLux = []] = await Promise.all(
      ['FINANCIAL', 'REALESTATE', 'SHARE', 'ARTLUX'].map(byAsset),
    );
    for (const [k, d] of days.entries()) {
      near(financial[k]!, dayOf(all, d).value, 0.01, `financial ${d}`);
      near(realEstate[k]!, await realEstateSql(demo.rossi, d), 0.01, `real estate ${d}`);
      // The whole wealth is the sum of its classes.
      near(total.item[k].value, financial[k]! + realEstate[k]! + share[k]! + artLux[k]!, 0.011, `total ${d}`);
    }
    expect(realEstate.every((v) => v > 0)).toBe(true);
  });

  test('performance: TWR of a window with an external flow, recomputed from the daily values and flows', async () => {
    const accounts = await accountsOfPortfolio(demo.ptfIntesa);
    const flow = await h.one<{ d: string }>(
      `select to_char(min(date_time), 'YYYY-MM-DD') as d from movements
        where account_id = any($1::bigint[]) and cause in ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER_IN', 'TRANSFER_OUT')
          and status = 'APPROVED' and date_time >= '2025-03-01'`,
      [accounts],
    );
    const start = addDays(flow.d, -6);
    const end = addDays(flow.d, 6);
    const book = await loadBook(accounts);
    const points = daysFrom(start, end).map((d) => ({ date: d, ...dayOf(book, d) }));
    expect(points.some((p) => p.inflow + p.outflow > 0)).toBe(true);
    const series = twr(points);
    const r = await read('reportPerformance', demo.ptfIntesa, { dateFrom: start, dateTo: end });
    expect(r).toMatchObject({ dateFrom: start, dateTo: end, interval: 'month', recalculationInProgress: false });
    near(r.result, pct(series.at(-1)!), HALF, 'TWR');
    const annualised = (1 + series.at(-1)!) ** (365 / (points.length - 1)) - 1;
    near(r.resultAnnualised, pct(annualised), 0.01 + Math.abs(pct(annualised)) * 1e-6, 'annualised');
    expect(r.data.map((x: { date: string }) => x.date)).toEqual(points.map((p) => p.date));
    for (const [k, p] of points.entries()) {
      near(r.data[k].total, p.value, 0.01, p.date);
      near(r.data[k].triplaA, pct(series[k]!), HALF, p.date);
    }
    // MWR: the XIRR of -V_start, the flows and +V_end, compounded over the window.
    const flows = [
      { date: start, amount: -points[0]!.value },
      ...points.slice(1).flatMap((p) => (p.inflow - p.outflow ? [{ date: p.date, amount: p.outflow - p.inflow }] : [])),
      { date: end, amount: points.at(-1)!.value },
    ];
    const rate = irr(flows);
    near(r.resultMW, pct((1 + rate) ** ((points.length - 1) / 365) - 1), HALF, 'MWR');
    // The trend: one row (the window is in one month or two), total = the last value, transfers = net flows.
    const transfers = points.slice(1).reduce((s, p) => s + p.inflow - p.outflow, 0);
    const rows = r.trend as Array<{ date: string; total: number; transfers: number; performance: number }>;
    expect(rows.at(-1)!.date).toBe(end);
    near(rows.at(-1)!.total, points.at(-1)!.value, 0.01);
    near(
      rows.reduce((s, x) => s + x.transfers, 0),
      transfers,
      0.01,
    );
    near(
      rows.reduce((s, x) => s + x.performance, 0),
      points.at(-1)!.value - points[0]!.value - transfers,
      0.02,
    );
    // fullData=false: the figures without the series and the trend; v1 answers the same as v2.
    const short = await read('reportPerformance', demo.ptfIntesa, { dateFrom: start, dateTo: end, fullData: false });
    expect(short).toMatchObject({ data: [], trend: [], result: r.result, resultMW: r.resultMW });
    expect(await read('reportPerformanceV1', demo.ptfIntesa, { dateFrom: start, dateTo: end })).toEqual(r);
  });

  test('VaR: historical 95% and 99% from the trading-day returns of the year before the date', async () => {
    const accounts = await accountsOfPortfolio(demo.ptfIntesa);
    const book = await loadBook(accounts);
    const points = daysFrom(addDays(DATE, -365), DATE).map((d) => ({ date: d, ...dayOf(book, d) }));
    const returns: number[] = [];
    for (let t = 1; t < points.length; t++) {
      const weekday = new Date(`${points[t]!.date}T00:00:00Z`).getUTCDay();
      const denominator = points[t - 1]!.value + points[t]!.inflow;
      if (weekday === 0 || weekday === 6 || denominator === 0) continue;
      returns.push((points[t]!.value + points[t]!.outflow) / denominator - 1);
    }
    const value = points.at(-1)!.value;
    const sorted = [...returns].sort((a, b) => a - b);
    const v = await read('portfolioVar', demo.ptfIntesa, { date: DATE });
    expect(v).toMatchObject({ date: DATE, method: 'historical', observations: returns.length, minObservations: 250 });
    expect(returns.length).toBeGreaterThanOrEqual(250);
    near(v.value, value, 0.01);
    expect(v.confidence.map((c: { level: number }) => c.level)).toEqual([0.95, 0.99]);
    for (const c of v.confidence) {
      const oneDay = -quantile(sorted, 1 - c.level) * value;
      near(c.oneDay, oneDay, 0.01, `VaR ${c.level}`);
      near(c.tenDay, oneDay * Math.sqrt(10), 0.01, `10-day VaR ${c.level}`);
      near(c.oneDayPercent, pct(oneDay / value), HALF);
      expect(c.oneDay).toBeGreaterThan(0);
    }
    expect(v.parametric).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// A hand-made portfolio, worked out by hand
// ---------------------------------------------------------------------------------------------------------------

/**
 * Client "Prova Analitica" (pro's), portfolio "Portafoglio Prova" at FinecoBank: a current account C and a custody
 * account D, one EUR share "Titolo Prova" (Equity). Closes: 50 on 2024-01-03, 55 on 2024-01-04, 60 from 2024-01-15.
 *
 *   2024-01-02 DEPOSIT 10,000 on C
 *   2024-01-03 BUY 100 at 50 on D (5,000, cash from C) and its FEE NEGOZIAZIONE 5 on C
 *   2024-01-10 DEPOSIT 5,000 on C
 *   2024-02-20 DIVIDEND 100 on D (cash to C) and its TAX 26 on C
 *   2024-03-31 FEE CONTO_CORRENTE 7.50 on C, FEE DEPOSITO_TITOLI 12 on D (paid from C)
 *
 * End-of-day values (cash C + 100 shares): 01-01 0; 01-02 10,000; 01-03 4,995 + 5,000 = 9,995; 01-04..01-09 4,995 +
 * 5,500 = 10,495; 01-10..01-14 9,995 + 5,500 = 15,495; 01-15..02-19 9,995 + 6,000 = 15,995; 02-20..03-30 10,069 +
 * 6,000 = 16,069; 03-31 10,049.50 + 6,000 = 16,049.50.
 */
const hand = { client: 0, ptf: 0, cash: 0, custody: 0, instrument: 0, isin: '', family: 0 };
const Q1 = { dateFrom: '2023-12-31', dateTo: '2024-03-31' };

describe('a hand-made portfolio', () => {
  beforeAll(async () => {
    const pro = await id("select id from users where login = 'pro'");
    const fi = await id("select id from financial_intermediaries where name = 'FinecoBank'");
    hand.client = await id(
      "insert into clients (first_name, last_name, created_by) values ('Prova', 'Analitica', $1) returning id",
      [pro],
    );
    hand.ptf = await id("insert into portfolios (client_id, name) values ($1, 'Portafoglio Prova') returning id", [
      hand.client,
    ]);
    const account = async (type: string, name: string) => {
      const a = await id(
        `insert into accounts (client_id, account_type, name, financial_intermediary_id)
         values ($1, $2, $3, $4) returning id`,
        [hand.client, type, name, fi],
      );
      await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [
        hand.ptf,
        a,
      ]);
      return a;
    };
    hand.cash = await account('CONTO_CORRENTE', 'Conto Prova');
    hand.custody = await account('CUSTODIA_TITOLI', 'Dossier Prova');
    for (let n = 0; !hand.isin; n++) {
      const candidate = `IT000P${String(n).padStart(5, '0')}`;
      for (let d = 0; d <= 9 && !hand.isin; d++) if (isValidIsin(`${candidate}${d}`)) hand.isin = `${candidate}${d}`;
    }
    hand.instrument = await id(
      `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class)
       values ($1, 'Titolo Prova', (select id from currencies where iso = 'EUR'), 'Azionario Prova', 'Equity') returning id`,
      [hand.isin],
    );
    await h.t.app.db.query(
      `insert into prices (instrument_id, date, price, source)
       values ($1, '2024-01-03', 50, 'upload'), ($1, '2024-01-04', 55, 'upload'), ($1, '2024-01-15', 60, 'upload')`,
      [hand.instrument],
    );
    // The movements through the API, as an adviser records them.
    const post = async (body: Record<string, unknown>) => {
      const r = await h.call('pro', 'POST', '/api/v1/movement', body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const { cash: C, custody: D, instrument } = hand;
    await post({ accountId: C, dateTime: '2024-01-02 09:00', cause: 'DEPOSIT', amount: 10000 });
    await post({
      accountId: D,
      dateTime: '2024-01-03 10:00',
      cause: 'BUY',
      instrumentId: instrument,
      quantity: 100,
      price: 50,
      offsetAccountId: C,
    });
    await post({
      accountId: C,
      dateTime: '2024-01-03 10:01',
      cause: 'FEE',
      subcause: 'NEGOZIAZIONE',
      instrumentId: instrument,
      amount: 5,
    });
    await post({ accountId: C, dateTime: '2024-01-10 09:00', cause: 'DEPOSIT', amount: 5000 });
    await post({
      accountId: D,
      dateTime: '2024-02-20 09:00',
      cause: 'DIVIDEND',
      instrumentId: instrument,
      amount: 100,
      offsetAccountId: C,
    });
    await post({ accountId: C, dateTime: '2024-02-20 09:01', cause: 'TAX', amount: 26 });
    await post({ accountId: C, dateTime: '2024-03-31 18:00', cause: 'FEE', subcause: 'CONTO_CORRENTE', amount: 7.5 });
    await post({
      accountId: D,
      dateTime: '2024-03-31 18:01',
      cause: 'FEE',
      subcause: 'DEPOSITO_TITOLI',
      amount: 12,
      offsetAccountId: C,
    });
    hand.family = await id("insert into families (name, created_by) values ('Famiglia Prova', $1) returning id", [pro]);
    await h.t.app.db.query('insert into family_members (family_id, client_id, weight) values ($1, $2, 0.5)', [
      hand.family,
      hand.client,
    ]);
    await settle();
  });

  test('the SQL reference agrees with the hand figures', async () => {
    expect(await valued([hand.cash, hand.custody], '2024-03-31')).toMatchObject({
      stocks: 6000,
      cash: 10049.5,
      total: 16049.5,
    });
  });

  test('sintetico at 2024-03-31: 6,000 + 10,049.50 = 16,049.50; accounts 62.62% and 37.38%', async () => {
    const s = await read('reportSintetico', hand.ptf, { date: '2024-03-31' });
    expect(s.portfolioData).toEqual({
      id: hand.ptf,
      name: 'Portafoglio Prova',
      aggregate: false,
      owner: 'Prova Analitica',
      ownerId: hand.client,
      familyId: null,
    });
    expect(s.reportSinteticoTotalComposition).toEqual([
      { stocksValue: 6000, cashValue: 10049.5, controvalore: 16049.5 },
    ]);
    // 10,049.50 / 16,049.50 = 62.6157%, 6,000 / 16,049.50 = 37.3843%: 62.62 + 37.38 = 100.
    expect(
      s.accountComposition.map((a: Record<string, unknown>) => [
        a.accountId,
        a.accountType,
        a.stockValue,
        a.cashValue,
        a.percentage,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [hand.cash, 'CONTO_CORRENTE', 0, 10049.5, 62.62],
        [hand.custody, 'CUSTODIA_TITOLI', 6000, 0, 37.38],
      ]),
    );
    expect(s.intermediaryComposition).toEqual([
      expect.objectContaining({ intermediaryName: 'FinecoBank', controvalore: 16049.5, percentage: 100 }),
    ]);
    expect(
      s.macroAssetClassComposition.find((m: { macroAssetClassName: string }) => m.macroAssetClassName === 'Equity'),
    ).toMatchObject({ stockValue: 6000, percentage: 100 });
    expect(s.currencyComposition).toEqual([
      expect.objectContaining({ currency: 'EUR', stockValue: 6000, cashValue: 10049.5, controvalore: 16049.5 }),
    ]);
    const m = await read('macroAssetValues', hand.ptf, { date: '2024-03-31' });
    expect(m.item).toEqual([
      { name: 'Equity', value: 6000, percentage: 100 },
      { name: 'Alternative', value: 0, percentage: 0 },
      { name: 'Bond', value: 0, percentage: 0 },
    ]);
    const fc = await read('financialComposition', hand.ptf, { date: '2024-01-03' });
    // After the purchase and its fee: 5,000 of shares and 4,995 of cash.
    expect(fc).toMatchObject({ date: '2024-01-03', stocksValue: 5000, cashValue: 4995, controvalore: 9995 });
  });

  test('triplaA over Q1 2024: value, performance, TWR, MWR, gm, gains', async () => {
    const t = await read('reportTriplaA', hand.ptf, Q1);
    // Total: 16,049.50 - 0 - 15,000 of deposits = 1,049.50.
    // TWR: (9,995 / 10,000) (10,495 / 9,995) (15,495 / 15,495) (15,995 / 15,495) (16,069 / 15,995) (16,049.50 / 16,069)
    //      = 1.0495 x 16,049.50 / 15,495 = 1.087057131332688: 8.70571313% (8 decimals; the page shows 8.71%).
    // MWR: -10,000 on 01-02, -5,000 on 01-10, +16,049.50 on 03-31: 10,000 (1 + r)^(89/365) + 5,000 (1 + r)^(81/365)
    //      = 16,049.50 gives r = 33.09554132% a year (the annualised MWR), compounded over the 89 days from the first
    //      flow: 1.3309554132^(89/365) - 1 = 7.21992158% (the period MWR).
    // gm: (0 + 10,000 + 9,995 + 6 x 10,495 + 5 x 15,495 + 36 x 15,995 + 40 x 16,069 + 16,049.50) / 91 = 15,330.43.
    // cg: 100 x 60 - (5,000 + 5) = 995; income: the dividend, 100.
    expect(t.totalComposition).toEqual([
      {
        description: 'Totale',
        gm: 15330.43,
        compositionPercentage: 100,
        totalValue: 16049.5,
        totalPerformance: 1049.5,
        totalPerformancePercentageTW: 8.70571313,
        totalPerformancePercentageMW: 7.21992158,
        totalPerformancePercentageMWAnnualised: 33.09554132,
        cg: 995,
        cgAccomplished: 0,
        accrualCouponDividend: 100,
      },
    ]);
    // The MWR by an independent bisection.
    const rate = irr([
      { date: '2024-01-02', amount: -10000 },
      { date: '2024-01-10', amount: -5000 },
      { date: '2024-03-31', amount: 16049.5 },
    ]);
    near(t.totalComposition[0].totalPerformancePercentageMW, pct((1 + rate) ** (89 / 365) - 1), 1e-6, 'MWR');
    near(t.totalComposition[0].totalPerformancePercentageMWAnnualised, pct(rate), 1e-6, 'MWR annualised');
    near(t.totalComposition[0].totalPerformancePercentageTW, pct((1.0495 * 16049.5) / 15495 - 1), 1e-6, 'TWR');
    // The line: pmc (5,000 + 5) / 100 = 50.05, pms 50; TWR (5,000 / 5,005) (5,500 / 5,000) (6,000 / 5,500)
    // ((6,000 + 100) / 6,000) = 6,100 / 5,005 = +21.87812188%; performance 6,000 - 5,005 + 100 = 1,095.
    expect(t.stockComposition).toEqual([
      expect.objectContaining({
        isin: hand.isin,
        description: 'Titolo Prova',
        currency: 'EUR',
        ac: 'Azionario Prova',
        quantity: 100,
        pzMkt: 60,
        pmc: 50.05,
        pms: 50,
        cMkt: 6000,
        cmc: 5005,
        cg: 995,
        cgAccomplished: 0,
        totalValue: 6000,
        totalPerformance: 1095,
        totalPerformancePercentageTW: 21.87812188,
        compositionPercentage: 100,
        accrualCouponDividend: 100,
        currentAccrual: 0,
        loadAccrual: 0,
      }),
    ]);
    // The cash bears the tax and the fees not linked to a trade: 10,049.50 - 15,000 - 100 + 5,005 = -45.50
    // (= -26 - 7.50 - 12). The custody account's cash never moved (everything settled on C): not listed.
    expect(t.cashComposition).toEqual([
      expect.objectContaining({ totalValue: 10049.5, totalPerformance: -45.5, compositionPercentage: 100 }),
    ]);
    const equity = t.macroAssetClassComposition.find((m: { description: string }) => m.description === 'Equity');
    expect(equity).toMatchObject({
      totalValue: 6000,
      totalPerformance: 1095,
      totalPerformancePercentageTW: 21.87812188,
    });
    expect(equity.assetClassList).toEqual([
      expect.objectContaining({ description: 'Azionario Prova', totalValue: 6000 }),
    ]);
    expect(t.macroAssetClassComposition.map((m: { description: string }) => m.description)).toEqual([
      'Equity',
      'Alternative',
      'Bond',
    ]);
  });

  test('performance over Q1 2024: TWR, MWR, annualised, the daily series and the monthly trend rows', async () => {
    const p = await read('reportPerformance', hand.ptf, Q1);
    // Annualised over the 91 days: 1.087057131332688^(365 / 91) - 1 = 39.76803372%. The MWR and its yearly rate as in
    // the triplaA test: 7.21992158% and 33.09554132%.
    expect(p).toMatchObject({
      dateFrom: '2023-12-31',
      dateTo: '2024-03-31',
      result: 8.70571313,
      resultMW: 7.21992158,
      resultMWAnnualised: 33.09554132,
      resultAnnualised: 39.76803372,
      interval: 'month',
    });
    expect(p.data).toHaveLength(92);
    expect(p.data.slice(0, 5)).toEqual([
      { date: '2023-12-31', triplaA: 0, total: 0 },
      { date: '2024-01-01', triplaA: 0, total: 0 },
      { date: '2024-01-02', triplaA: 0, total: 10000 },
      { date: '2024-01-03', triplaA: -0.05, total: 9995 },
      { date: '2024-01-04', triplaA: 4.95, total: 10495 },
    ]);
    // The daily TWR with 8 decimals too: on 2024-01-31, 1.0495 x 15,995 / 15,495 - 1 = 8.33657631%.
    expect(p.data.find((d: { date: string }) => d.date === '2024-01-31')).toEqual({
      date: '2024-01-31',
      triplaA: 8.33657631,
      total: 15995,
    });
    // Rows: transfers are the deposits; interessi the dividend; commissioni and tasse negative; cashFlow their sum;
    // performance = total - previous total - transfers.
    //   January:  15,995; transfers 15,000; fees -5: cashFlow 14,995; performance 15,995 - 0 - 15,000 = 995.
    //   February: 16,069; dividend 100, tax -26: cashFlow 74; performance 16,069 - 15,995 = 74.
    //   March:    16,049.50; fees -19.50: cashFlow -19.50; performance -19.50.
    expect(p.trend).toEqual([
      {
        date: '2024-01-31',
        total: 15995,
        performance: 995,
        cashFlow: 14995,
        interessi: 0,
        commissioni: -5,
        tasse: 0,
        transfers: 15000,
      },
      {
        date: '2024-02-29',
        total: 16069,
        performance: 74,
        cashFlow: 74,
        interessi: 100,
        commissioni: 0,
        tasse: -26,
        transfers: 0,
      },
      {
        date: '2024-03-31',
        total: 16049.5,
        performance: -19.5,
        cashFlow: -19.5,
        interessi: 0,
        commissioni: -19.5,
        tasse: 0,
        transfers: 0,
      },
    ]);
    // No external flow in (2024-01-31, 2024-03-31]: MWR is the TWR, 16,049.50 / 15,995 - 1 = 0.34073148%, and the
    // annualised MWR the annualised TWR over the 60 days: (16,049.50 / 15,995)^(365 / 60) - 1 = 2.09081747%.
    const late = await read('reportPerformance', hand.ptf, { dateFrom: '2024-01-31', dateTo: '2024-03-31' });
    expect(late).toMatchObject({
      result: 0.34073148,
      resultMW: 0.34073148,
      resultMWAnnualised: 2.09081747,
      resultAnnualised: 2.09081747,
    });
  });

  test('commissioni for 2024 Q1: six rows per account, the fee on the account that charged it, gm per account', async () => {
    const r = await read('reportCommissioni', hand.ptf, { dateFrom: '2024-01-01', dateTo: '2024-03-31' });
    expect(r).toMatchObject({ dateFrom: '2024-01-01', dateTo: '2024-03-31', quarters: [{ year: 2024, quarter: 1 }] });
    const table = Object.fromEntries(
      r.accountComposition.map(
        (a: { accountId: number; subcauses: { subcauseName: string; quarters: { value: number }[] }[] }) => [
          a.accountId,
          Object.fromEntries(a.subcauses.map((s) => [s.subcauseName, s.quarters.map((q) => q.value)])),
        ],
      ),
    );
    const zero = {
      CONTO_CORRENTE: [0],
      DEPOSITO_TITOLI: [0],
      NEGOZIAZIONE: [0],
      GESTIONE: [0],
      CONSULENZA: [0],
      Altro: [0],
    };
    expect(table).toEqual({
      [hand.cash]: { ...zero, CONTO_CORRENTE: [7.5], NEGOZIAZIONE: [5] },
      [hand.custody]: { ...zero, DEPOSITO_TITOLI: [12] },
    });
    // gm of C: (0 + 10,000 + 7 x 4,995 + 41 x 9,995 + 40 x 10,069 + 10,049.50) / 91 = 9,533.73;
    // of D: (5,000 + 11 x 5,500 + 77 x 6,000) / 91 = 5,796.70.
    const gm = Object.fromEntries(
      r.accountComposition.map((a: { accountId: number; gm: number }) => [a.accountId, a.gm]),
    );
    expect(gm).toEqual({ [hand.cash]: 9533.73, [hand.custody]: 5796.7 });
    expect(r.accountComposition[0]).toMatchObject({ intermediary: 'FinecoBank', user: 'Prova Analitica' });
  });

  test('cedole: the dividend paid in 2024; nothing expected (no dividend in the last 12 months, no bond)', async () => {
    const r = await read('reportCedole', hand.ptf, { dateFrom: '2023-12-31', dateTo: '2024-12-31' });
    expect(r.item).toEqual([
      {
        date: '2024-02-20',
        isin: hand.isin,
        name: 'Titolo Prova',
        type: 'DIVIDEND',
        amount: 100,
        currency: 'EUR',
        amountEur: 100,
        estimated: false,
        paid: true,
      },
    ]);
    expect((await read('reportCedole', hand.ptf)).item).toEqual([]);
  });

  test('asset history: every day of the range, both ends included, sorted and paged', async () => {
    const r = await read('assetsHistoryFinancial', hand.ptf, { dateFrom: '2024-01-01', dateTo: '2024-01-10' });
    expect(r).toMatchObject({ total: 10, page: 1, size: 10000, recalculationInProgress: false });
    expect(r.item.map((x: { value: number }) => x.value)).toEqual([
      0, 10000, 9995, 10495, 10495, 10495, 10495, 10495, 10495, 15495,
    ]);
    const desc = await read('assetsHistoryFinancial', hand.ptf, {
      dateFrom: '2024-01-01',
      dateTo: '2024-01-10',
      sort: 'date,desc',
      size: 3,
    });
    expect(desc.item).toEqual([
      { date: '2024-01-10', value: 15495 },
      { date: '2024-01-09', value: 10495 },
      { date: '2024-01-08', value: 10495 },
    ]);
    const total = await read('assetsHistoryTotal', null, {
      clientId: hand.client,
      dateFrom: '2024-01-01',
      dateTo: '2024-01-10',
    });
    expect(total.item).toEqual(r.item);
  });

  test('VaR with a quarter of history: 64 trading-day returns, fewer than 250, no figures', async () => {
    // Weekdays from 2024-01-02 to 2024-03-29 (2024-01-01 held nothing): 22 + 21 + 21 = 64.
    const v = await read('portfolioVar', hand.ptf, { date: '2024-03-31' });
    expect(v).toMatchObject({
      date: '2024-03-31',
      value: 16049.5,
      method: 'historical',
      observations: 64,
      minObservations: 250,
      confidence: [],
      parametric: [],
      reason: 'INSUFFICIENT_OBSERVATIONS',
    });
  });

  test('the dashboard: wealth, and net income of the year (100 - 26 - 5 - 7.50 - 12 = 49.50)', async () => {
    const d = await read('dashboard', hand.client, { date: '2024-03-31' });
    expect(d.richComposition).toEqual({ financial: 16049.5, realEstate: 0, share: 0, artLux: 0 });
    expect(d.flux).toEqual({ financial: 49.5, realEstate: 0, share: 0, artLux: 0, humanCapital: 0 });
  });

  test('the client aggregate is the one portfolio; the family (weight 0.5) is half of it with the same returns', async () => {
    const c = await read('reportTriplaA', 'aggregate', { ...Q1, clientId: hand.client });
    const p = await read('reportTriplaA', hand.ptf, Q1);
    expect(c.totalComposition).toEqual(p.totalComposition);
    const f = await read('reportTriplaA', 'aggregate', { ...Q1, familyId: hand.family });
    expect(f.portfolioData).toMatchObject({ aggregate: true, familyId: hand.family, owner: 'Famiglia Prova' });
    expect(f.totalComposition[0]).toMatchObject({ totalValue: 8024.75, totalPerformance: 524.75, cg: 497.5 });
    // Half of every value and flow: the same rates, to the last of the 8 decimals but for binary noise.
    for (const key of [
      'totalPerformancePercentageTW',
      'totalPerformancePercentageMW',
      'totalPerformancePercentageMWAnnualised',
    ])
      near(f.totalComposition[0][key], p.totalComposition[0][key], 2e-8, key);
    const s = await read('reportSintetico', 'aggregate', { familyId: hand.family, date: '2024-03-31' });
    expect(s.reportSinteticoTotalComposition).toEqual([
      { stocksValue: 3000, cashValue: 5024.75, controvalore: 8024.75 },
    ]);
    const d = await read('dashboard', hand.family, { familyId: hand.family, date: '2024-03-31' });
    expect(d.richComposition.financial).toBe(8024.75);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Access (DESIGN.md 3)
// ---------------------------------------------------------------------------------------------------------------

/** A call naming a portfolio (or an aggregate) for each route, with dates that keep it quick. */
interface Owner {
  clientId?: number;
  familyId?: number;
}

function callFor(
  name: AnalyticsRoute,
  ptf: string | number,
  owner: Owner = {},
): [AnalyticsRoute, string | number | null, Query] {
  switch (name) {
    case 'dashboard':
      return [name, owner.familyId ?? owner.clientId ?? ptf, { ...owner, date: DATE }];
    case 'assetsHistoryTotal':
      return [name, null, { ...owner, dateFrom: '2026-06-01', dateTo: DATE }];
    case 'assetsHistoryFinancial':
    case 'reportPerformance':
    case 'reportPerformanceV1':
    case 'reportTriplaA':
    case 'reportTriplaAV1':
    case 'reportCommissioni':
    case 'reportCedole':
      return [name, ptf, { ...owner, dateFrom: '2026-03-31', dateTo: DATE }];
    default:
      return [name, ptf, { ...owner, date: DATE }];
  }
}
/** The calls with a portfolio in the path. */
const BY_PORTFOLIO = ANALYTICS.filter((n) => n !== 'dashboard' && n !== 'assetsHistoryTotal');

describe('access', () => {
  test('the list of analytics calls is the contract’s', () => {
    const tagged = Object.entries(routes)
      .filter(([, def]) => (def.tags as readonly string[]).includes('analytics'))
      .map(([n]) => n);
    expect([...ANALYTICS].sort()).toEqual(tagged.sort());
  });

  test('BASIC reads its own client: the aggregate without clientId, its portfolios and its dashboard', async () => {
    const own = await read('reportSintetico', 'aggregate', { date: DATE }, 'client');
    const named = await read('reportSintetico', 'aggregate', { clientId: demo.rossi, date: DATE }, 'pro');
    expect(own.portfolioData.ownerId).toBe(demo.rossi);
    expect(own).toEqual(named);
    for (const name of ANALYTICS) {
      const [n, p, q] = callFor(name, name === 'dashboard' ? demo.rossi : demo.ptfIntesa);
      expect(await status(n, p, q, 'client'), `${name} own portfolio`).toBe(200);
      if (BY_PORTFOLIO.includes(name as (typeof BY_PORTFOLIO)[number]))
        expect(await status(n, 'aggregate', { ...q }, 'client'), `${name} own aggregate`).toBe(200);
    }
    expect(await status('assetsHistoryTotal', null, {}, 'client')).toBe(200);
    expect(await status('dashboard', demo.rossi, {}, 'client')).toBe(200);
  });

  test("another tenant's portfolio, client or family answers 404, on every call and for every role that may not see it", async () => {
    // Ferrari is pro2's client; the families are pro's. Both demo delegates work for pro.
    for (const name of ANALYTICS) {
      const withPortfolio = name !== 'dashboard' && name !== 'assetsHistoryTotal';
      for (const login of ['pro', 'delegate', 'delegate2', 'client'] as const) {
        if (withPortfolio)
          expect(await status(...callFor(name, demo.ptfFerrari), login), `${name} ${login} portfolio`).toBe(404);
        expect(
          await status(...callFor(name, 'aggregate', { clientId: demo.ferrari }), login),
          `${name} ${login} client`,
        ).toBe(404);
      }
      for (const login of ['pro2', 'admin', 'backoffice'] as const) {
        if (withPortfolio) expect(await status(...callFor(name, demo.ptfFerrari), login), `${name} ${login}`).toBe(200);
        expect(await status(...callFor(name, 'aggregate', { clientId: demo.ferrari }), login), `${name} ${login}`).toBe(
          200,
        );
      }
      if (name === 'reportCedole') continue;
      const family = callFor(name, 'aggregate', { familyId: demo.familyRossi });
      for (const login of ['pro2', 'client'] as const)
        expect(await status(...family, login), `${name} ${login}`).toBe(404);
      for (const login of ['pro', 'delegate', 'delegate2', 'admin', 'backoffice'] as const)
        expect(await status(...family, login), `${name} ${login} family`).toBe(200);
    }
  });

  test('a testing portfolio answers only ADMIN and BACK_OFFICE', async () => {
    for (const name of BY_PORTFOLIO) {
      for (const login of ['admin', 'backoffice'] as const)
        expect(await status(...callFor(name, demo.ptfTesting), login), `${name} ${login}`).toBe(200);
      for (const login of ['pro', 'delegate', 'client'] as const)
        expect(await status(...callFor(name, demo.ptfTesting), login), `${name} ${login}`).toBe(404);
    }
    // And the staff's aggregate leaves it out like everyone's (checked against the rows above): the same figures.
    const pro = await read('reportSintetico', 'aggregate', { clientId: demo.rossi, date: DATE }, 'pro');
    const admin = await read('reportSintetico', 'aggregate', { clientId: demo.rossi, date: DATE }, 'admin');
    expect(admin.reportSinteticoTotalComposition).toEqual(pro.reportSinteticoTotalComposition);
  });

  test('a testing account in an ordinary portfolio counts only for ADMIN and BACK_OFFICE', async () => {
    const pro = await id("select id from users where login = 'pro'");
    const client = await id("insert into clients (last_name, created_by) values ('Collaudo', $1) returning id", [pro]);
    const ptf = await id("insert into portfolios (client_id, name) values ($1, 'Misto') returning id", [client]);
    for (const [testing, amount] of [
      [false, 1000],
      [true, 500],
    ] as const) {
      const account = await id(
        `insert into accounts (client_id, account_type, name, financial_intermediary_id, testing)
         values ($1, 'CONTO_CORRENTE', 'Conto', (select id from financial_intermediaries where name = 'UniCredit'), $2)
         returning id`,
        [client, testing],
      );
      await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [
        ptf,
        account,
      ]);
      await h.t.app.db.query(
        `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
         values ($1, $2, '2025-05-05 10:00', 'DEPOSIT', 1, $3, 'APPROVED')`,
        [account, client, amount],
      );
    }
    const controvalore = async (ptfRef: string | number, login: Login) =>
      (
        await read(
          'reportSintetico',
          ptfRef,
          { date: DATE, ...(ptfRef === 'aggregate' ? { clientId: client } : {}) },
          login,
        )
      ).reportSinteticoTotalComposition[0].controvalore;
    for (const login of ['pro', 'delegate'] as const) {
      expect(await controvalore(ptf, login), login).toBe(1000);
      expect(await controvalore('aggregate', login), login).toBe(1000);
    }
    for (const login of ['admin', 'backoffice'] as const) {
      expect(await controvalore(ptf, login), login).toBe(1500);
      expect(await controvalore('aggregate', login), login).toBe(1500);
    }
    const accounts = await read('reportIntermediary', ptf, { date: DATE }, 'pro');
    expect(accounts.accountComposition).toHaveLength(1);
  });

  test('clientId with familyId is 400; a portfolio with a clientId or familyId that is not its owner is 404', async () => {
    for (const name of ANALYTICS) {
      const [n, p, q] = callFor(name, name === 'dashboard' ? demo.rossi : 'aggregate', {
        clientId: demo.rossi,
        familyId: demo.familyRossi,
      });
      const r = await h.call('pro', 'GET', urlOf(n, name === 'dashboard' ? demo.rossi : p, q));
      expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.fields.map((f: { field: string }) => f.field)).toContain('querystring.familyId');
    }
    for (const name of BY_PORTFOLIO) {
      expect(await status(...callFor(name, demo.ptfIntesa, { clientId: demo.bianchi })), name).toBe(404);
      expect(await status(...callFor(name, demo.ptfIntesa, { clientId: demo.rossi })), name).toBe(200);
      if (name === 'reportCedole') continue;
      expect(await status(...callFor(name, demo.ptfIntesa, { familyId: demo.familyEsposito })), name).toBe(404);
      expect(await status(...callFor(name, demo.ptfIntesa, { familyId: demo.familyRossi })), name).toBe(200);
    }
  });

  test('cedole is not for families: familyId is 400 with the field', async () => {
    for (const ptf of ['aggregate', demo.ptfIntesa]) {
      const r = await h.call('pro', 'GET', urlOf('reportCedole', ptf, { familyId: demo.familyRossi }));
      expect(r.status).toBe(400);
      expect(r.body.fields).toEqual([{ field: 'querystring.familyId', message: expect.any(String) }]);
    }
  });

  test('the dashboard id must agree with clientId or familyId (404), and names a client or a family', async () => {
    expect(await status('dashboard', demo.rossi, { clientId: demo.bianchi })).toBe(404);
    expect(await status('dashboard', demo.bianchi, { familyId: demo.familyRossi })).toBe(404);
    expect(await status('dashboard', demo.familyRossi, { familyId: demo.familyEsposito })).toBe(404);
    expect(await status('dashboard', demo.rossi, { clientId: demo.rossi })).toBe(200);
    expect(await status('dashboard', demo.familyRossi, { familyId: demo.familyRossi })).toBe(200);
    expect(await status('dashboard', demo.ferrari)).toBe(404);
    expect(await status('dashboard', 999999)).toBe(404);
    expect(await status('dashboard', demo.rossi, {}, 'client')).toBe(200);
    expect(await status('dashboard', demo.bianchi, {}, 'client')).toBe(404);
    expect(await status('dashboard', demo.familyRossi, { familyId: demo.familyRossi }, 'client')).toBe(404);
  });

  test('an aggregate without clientId or familyId is 400 for everyone but BASIC', async () => {
    const r = await h.call('pro', 'GET', urlOf('reportSintetico', 'aggregate', { date: DATE }));
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain('querystring.clientId');
    expect(await status('assetsHistoryTotal', null, {}, 'admin')).toBe(400);
  });

  test('a portfolio id that does not exist is 404', async () => {
    for (const name of BY_PORTFOLIO) expect(await status(...callFor(name, 999999999)), name).toBe(404);
  });

  test('without a token every call is 401', async () => {
    for (const name of ANALYTICS) {
      const [n, p, q] = callFor(name, name === 'dashboard' ? demo.rossi : demo.ptfIntesa);
      expect(await status(n, p, q, null), name).toBe(401);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------------------------------

describe('bad query strings and paths are 400 with the field', () => {
  const P = () => demo.ptfIntesa;
  const cases: Array<[string, AnalyticsRoute, () => string | number, Query, string]> = [
    ['a date that does not exist', 'reportSintetico', P, { date: '2024-02-30' }, 'querystring.date'],
    ['a date in another format', 'reportSintetico', P, { date: '30/06/2026' }, 'querystring.date'],
    ['a dashboard date', 'dashboard', () => demo.rossi, { date: 'today' }, 'querystring.date'],
    [
      'dateFrom after dateTo (performance)',
      'reportPerformance',
      P,
      { dateFrom: '2024-05-01', dateTo: '2024-04-01' },
      'querystring.dateFrom',
    ],
    [
      'dateFrom equal to dateTo (performance)',
      'reportPerformance',
      P,
      { dateFrom: '2024-05-01', dateTo: '2024-05-01' },
      'querystring.dateFrom',
    ],
    [
      'dateFrom after dateTo (triplaA)',
      'reportTriplaA',
      P,
      { dateFrom: '2024-05-01', dateTo: '2024-04-01' },
      'querystring.dateFrom',
    ],
    [
      'dateFrom after dateTo (v1 triplaA)',
      'reportTriplaAV1',
      P,
      { dateFrom: '2024-05-01', dateTo: '2024-04-01' },
      'querystring.dateFrom',
    ],
    [
      'dateFrom after dateTo (commissioni)',
      'reportCommissioni',
      P,
      { dateFrom: '2024-05-01', dateTo: '2024-04-01' },
      'querystring.dateFrom',
    ],
    [
      'more than 12 quarters (commissioni)',
      'reportCommissioni',
      P,
      { dateFrom: '2020-01-01', dateTo: '2024-04-01' },
      'querystring.dateFrom',
    ],
    [
      'dateFrom after dateTo (cedole)',
      'reportCedole',
      P,
      { dateFrom: '2024-05-01', dateTo: '2024-04-01' },
      'querystring.dateFrom',
    ],
    [
      'dateFrom after dateTo (history)',
      'assetsHistoryFinancial',
      P,
      { dateFrom: '2024-05-01', dateTo: '2024-04-01' },
      'querystring.dateFrom',
    ],
    [
      'dateFrom after dateTo (total history)',
      'assetsHistoryTotal',
      () => '',
      { clientId: 1, dateFrom: '2024-05-01', dateTo: '2024-04-01' },
      'querystring.dateFrom',
    ],
    [
      'a period of 2,000 years (performance)',
      'reportPerformance',
      P,
      { dateFrom: '0001-01-01', fullData: false },
      'querystring.dateFrom',
    ],
    [
      'a period past 50 years (triplaA)',
      'reportTriplaA',
      P,
      { dateFrom: '1976-06-29', dateTo: '2026-06-30' },
      'querystring.dateFrom',
    ],
    [
      'a history to the year 9999',
      'assetsHistoryFinancial',
      P,
      { dateTo: '9999-12-31', size: 1 },
      'querystring.dateTo',
    ],
    [
      'a total history from the year 1',
      'assetsHistoryTotal',
      () => '',
      { clientId: 1, dateFrom: '0001-01-01' },
      'querystring.dateFrom',
    ],
    ['an unknown parameter', 'reportSintetico', P, { foo: 1 }, 'querystring.foo'],
    ['an unknown parameter (dashboard)', 'dashboard', () => demo.rossi, { ptf: 1 }, 'querystring.ptf'],
    ['a reporting currency other than EUR', 'reportSintetico', P, { iso: 'USD' }, 'querystring.iso'],
    ['fullData not a boolean', 'reportPerformance', P, { fullData: 'maybe' }, 'querystring.fullData'],
    ['a page size of 0', 'assetsHistoryFinancial', P, { size: 0 }, 'querystring.size'],
    ['an unknown sort', 'assetsHistoryFinancial', P, { sort: 'value' }, 'querystring.sort'],
    ['an unknown asset kind', 'assetsHistoryTotal', () => '', { clientId: 1, asset: 'GOLD' }, 'querystring.asset'],
    ['clientId not a number', 'reportSintetico', () => 'aggregate', { clientId: 'rossi' }, 'querystring.clientId'],
    ['ptf neither a number nor aggregate', 'reportSintetico', () => 'aggregato', {}, 'params.ptf'],
    ['ptf 0', 'reportTriplaA', () => '0', {}, 'params.ptf'],
    ['ptf negative', 'portfolioVar', () => '-1', {}, 'params.ptf'],
    ['ptf a decimal', 'macroAssetValues', () => '1.5', {}, 'params.ptf'],
    ['a dashboard id that is not a number', 'dashboard', () => 'famiglia', {}, 'params.id'],
  ];
  test.each(cases)('%s', async (_what, name, param, query, field) => {
    const r = await h.call('pro', 'GET', urlOf(name, param(), query));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  test('a period of 50 years is allowed (the guard against days without end is not a business rule)', async () => {
    const r = await read('reportTriplaA', demo.ptfIntesa, { dateFrom: '1976-06-30', dateTo: DATE });
    expect(r.totalComposition[0].totalValue).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Recalculation (issue 4): writes mark figures stale, a background reload recomputes, nothing waits
// ---------------------------------------------------------------------------------------------------------------

/** A multipart upload (the text fields, then the CSV as `file`), as the portal sends it. */
async function upload(login: Login, url: string, fields: Record<string, string | number>, csv: string) {
  const boundary = '----analytics-test';
  const part = (disposition: string, content: string, type = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type}\r\n${content}\r\n`;
  const payload = [
    ...Object.entries(fields).map(([k, v]) => part(`name="${k}"`, String(v))),
    part('name="file"; filename="file.csv"', csv, 'Content-Type: text/csv\r\n'),
    `--${boundary}--\r\n`,
  ].join('');
  const res = await h.t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${tokens.get(login)}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
}

describe('recalculation', () => {
  const APRIL = { dateFrom: '2024-03-31', dateTo: '2024-04-30' };

  test('a movement written through the API: the next call answers the previous figures flagged, then the new ones', async () => {
    await settle();
    const accounts = await accountsOfPortfolio(demo.ptfVerdi);
    const current = await id(
      "select id from accounts where id = any($1::bigint[]) and account_type = 'CONTO_CORRENTE'",
      [accounts],
    );
    const before = await read('reportSintetico', demo.ptfVerdi, { date: DATE });
    expect(before.recalculationInProgress).toBe(false);
    const r = await h.call('pro', 'POST', '/api/v1/movement', {
      accountId: current,
      dateTime: '2026-06-15 10:00',
      cause: 'DEPOSIT',
      amount: 1234.56,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Nothing waits for the reload: the answer is the previous copy's, flagged.
    const stale = await read('reportSintetico', demo.ptfVerdi, { date: DATE });
    expect(stale.recalculationInProgress).toBe(true);
    expect(stale.reportSinteticoTotalComposition).toEqual(before.reportSinteticoTotalComposition);
    await h.t.app.analytics.idle();
    const after = await read('reportSintetico', demo.ptfVerdi, { date: DATE });
    expect(after.recalculationInProgress).toBe(false);
    near(
      after.reportSinteticoTotalComposition[0].controvalore,
      before.reportSinteticoTotalComposition[0].controvalore + 1234.56,
      HALF,
      'deposit',
    );
    near(after.reportSinteticoTotalComposition[0].controvalore, (await valued(accounts, DATE)).total, 0.02, 'SQL');
  });

  test('a movement file: the sale shows up (realised gain) once the reload is done', async () => {
    await settle();
    const before = await read('reportTriplaA', hand.ptf, APRIL);
    expect(before.totalComposition[0]).toMatchObject({ totalValue: 16049.5, cgAccomplished: 0 });
    // SELL 40 at 62 on 2024-04-10 (2,480 to C) and its fee of 3 on D (an upload books fees on the named account).
    const r = await upload(
      'pro',
      '/api/v1/movement/upload',
      { accountId: hand.custody, offsetAccountId: hand.cash },
      [
        'date;cause;subcause;isin;quantity;price;amount;currency;description',
        `10/04/2024;SELL;;${hand.isin};40;62;;;Vendita`,
        `10/04/2024;FEE;NEGOZIAZIONE;${hand.isin};;;3;;Commissione vendita`,
      ].join('\r\n'),
    );
    expect(r).toEqual({ status: 200, body: [] });
    const stale = await read('reportTriplaA', hand.ptf, APRIL);
    expect(stale.recalculationInProgress).toBe(true);
    expect(stale.totalComposition).toEqual(before.totalComposition);
    await h.t.app.analytics.idle();
    const after = await read('reportTriplaA', hand.ptf, APRIL);
    expect(after.recalculationInProgress).toBe(false);
    // Realised: 2,480 - 3 - 40 x 50.05 = 475. Value at 04-30: 60 x 60 + 10,049.50 + 2,480 - 3 = 16,126.50; the month's
    // performance 16,126.50 - 16,049.50 = 77 (40 x (62 - 60) - 3).
    expect(after.totalComposition[0]).toMatchObject({ totalValue: 16126.5, totalPerformance: 77, cgAccomplished: 475 });
    expect(after.stockComposition[0]).toMatchObject({ quantity: 60, cmc: 3003, cg: 597, cgAccomplished: 475 });
  });

  test('a price upload marks every client stale; the hand-made value follows the new price after the reload', async () => {
    await settle();
    const csv = `isin;date;price;currency\n${hand.isin};15/04/2024;65;EUR\n`;
    expect(await upload('admin', '/api/v1/stock/price/upload', {}, csv)).toEqual({ status: 200, body: [] });
    const stale = await read('reportSintetico', hand.ptf, { date: '2024-04-30' });
    expect(stale).toMatchObject({ recalculationInProgress: true });
    expect(stale.reportSinteticoTotalComposition[0].controvalore).toBe(16126.5);
    await h.t.app.analytics.idle();
    const after = await read('reportSintetico', hand.ptf, { date: '2024-04-30' });
    // 60 x 65 = 3,900 of shares: 16,126.50 + 60 x 5 = 16,426.50.
    expect(after).toMatchObject({ recalculationInProgress: false });
    expect(after.reportSinteticoTotalComposition[0].controvalore).toBe(16426.5);
    // The market is every client's: after a market write, any client's next answer is flagged. (One write before each
    // call: a reload started by one call may be over before the next. And no background work under way at the write:
    // the controls' checks queued after the recalculation build the current market themselves, and one finishing
    // between the write and the read would rightly answer the new figures unflagged.)
    for (const clientId of [hand.client, demo.rossi, demo.bianchi, demo.ferrari, demo.colombo]) {
      await backgroundIdle(h.t.app);
      // A price rewritten as it was: a write all the same (a statement that writes no row bumps nothing).
      await h.t.app.db.query(
        'update prices set price = price where (instrument_id, date) = (select instrument_id, date from prices limit 1)',
      );
      const s = await read('reportSintetico', 'aggregate', { clientId, date: DATE }, 'admin');
      expect(s.recalculationInProgress, `client ${clientId}`).toBe(true);
    }
    await settle();
    expect(
      (await read('reportSintetico', 'aggregate', { clientId: demo.ferrari }, 'admin')).recalculationInProgress,
    ).toBe(false);
  });

  test('while recalculating every call answers the contract: lists, numbers, no NaN or Infinity', async () => {
    await settle();
    for (const name of ANALYTICS) {
      // No rebuild under way: one queued by the previous call and started after this write would build this version
      // and store it before the read, which would then rightly answer the new figures unflagged.
      await h.t.app.analytics.idle();
      // Any write to the client's tables bumps its version, even an update that changes nothing.
      await h.t.app.db.query('update portfolios set name = name where id = $1', [hand.ptf]);
      const [n, p, q] = callFor(name, name === 'dashboard' ? hand.client : hand.ptf);
      const body = await read(n, name === 'assetsHistoryTotal' ? null : p, {
        ...q,
        ...(name === 'assetsHistoryTotal' ? { clientId: hand.client } : {}),
      });
      expect(body.recalculationInProgress, name).toBe(true);
    }
    await h.t.app.analytics.idle();
  });

  test("renaming a client or an intermediary (no figure changes) shows in the next answer's names", async () => {
    const pro = await id("select id from users where login = 'pro'");
    const client = await id("insert into clients (last_name, created_by) values ('Vecchio', $1) returning id", [pro]);
    const fi = await id(
      "insert into financial_intermediaries (name, fi_type) values ('Banca Vecchia', 'CREDIT_INSTITUTE') returning id",
    );
    const ptf = await id("insert into portfolios (client_id, name) values ($1, 'Nomi') returning id", [client]);
    const account = await id(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       values ($1, 'CONTO_CORRENTE', 'Conto nomi', $2) returning id`,
      [client, fi],
    );
    await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, account]);
    await h.t.app.db.query(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
       values ($1, $2, '2025-05-05 10:00', 'DEPOSIT', 1, 700, 'APPROVED')`,
      [account, client],
    );
    await settle();
    const names = async () => {
      const s = await read('reportSintetico', ptf, { date: DATE });
      const f = await read('reportCommissioni', ptf, { dateTo: DATE });
      return {
        flagged: s.recalculationInProgress,
        portfolio: s.portfolioData.owner,
        account: s.accountComposition[0].owner,
        intermediary: s.intermediaryComposition[0].intermediaryName,
        intermediaryOwner: s.intermediaryComposition[0].owner,
        feeIntermediary: f.accountComposition[0].intermediary,
        feeUser: f.accountComposition[0].user,
      };
    };
    expect(await names()).toEqual({
      flagged: false,
      portfolio: 'Vecchio',
      account: 'Vecchio',
      intermediary: 'Banca Vecchia',
      intermediaryOwner: 'Vecchio',
      feeIntermediary: 'Banca Vecchia',
      feeUser: 'Vecchio',
    });
    await h.t.app.db.query("update clients set last_name = 'Nuovo' where id = $1", [client]);
    await h.t.app.db.query("update financial_intermediaries set name = 'Banca Nuova' where id = $1", [fi]);
    expect(await names()).toEqual({
      flagged: false,
      portfolio: 'Nuovo',
      account: 'Nuovo',
      intermediary: 'Banca Nuova',
      intermediaryOwner: 'Nuovo',
      feeIntermediary: 'Banca Nuova',
      feeUser: 'Nuovo',
    });
  });

  test('a client never loaded is read in the request itself: fresh figures, not flagged', async () => {
    await h.t.app.analytics.idle();
    const pro = await id("select id from users where login = 'pro'");
    const client = await id("insert into clients (last_name, created_by) values ('Nuovo', $1) returning id", [pro]);
    const ptf = await id("insert into portfolios (client_id, name) values ($1, 'Appena creato') returning id", [
      client,
    ]);
    const account = await id(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       values ($1, 'CONTO_CORRENTE', 'Conto nuovo', (select id from financial_intermediaries where name = 'UniCredit')) returning id`,
      [client],
    );
    await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, account]);
    await h.t.app.db.query(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
       values ($1, $2, '2025-05-05 10:00', 'DEPOSIT', 1, 2500, 'APPROVED')`,
      [account, client],
    );
    const s = await read('reportSintetico', ptf, { date: DATE });
    expect(s).toMatchObject({ recalculationInProgress: false });
    expect(s.reportSinteticoTotalComposition).toEqual([{ stocksValue: 0, cashValue: 2500, controvalore: 2500 }]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The shape of every answer at the edges: empty scopes, no history, overdrawn cash
// ---------------------------------------------------------------------------------------------------------------

describe('every answer matches the contract at the edges (no NaN, no Infinity, no null for a number)', () => {
  const edge = { emptyPtf: 0, idlePtf: 0, overdrawnPtf: 0, lastDayPtf: 0, emptyFamily: 0, colomboFamily: 0 };

  beforeAll(async () => {
    const pro = await id("select id from users where login = 'pro'");
    const fi = await id("select id from financial_intermediaries where name = 'UniCredit'");
    const portfolio = (name: string) =>
      id('insert into portfolios (client_id, name) values ($1, $2) returning id', [demo.colombo, name]);
    const account = async (ptf: number, type = 'CONTO_CORRENTE') => {
      const a = await id(
        `insert into accounts (client_id, account_type, name, financial_intermediary_id)
         values ($1, $2, 'Conto Colombo', $3) returning id`,
        [demo.colombo, type, fi],
      );
      await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, a]);
      return a;
    };
    const movement = (accountId: number, date: string, cause: string, amount: number, subcause: string | null = null) =>
      h.t.app.db.query(
        `insert into movements (account_id, client_id, date_time, cause, subcause, currency_id, amount, status)
         values ($1, $2, $3, $4, $5, 1, $6, 'APPROVED')`,
        [accountId, demo.colombo, `${date} 10:00`, cause, subcause, amount],
      );
    // A portfolio without accounts; one with an account and no movement; one whose cash only pays fees (overdrawn);
    // one whose only movement is a deposit on the last day of the range.
    edge.emptyPtf = await portfolio('Vuoto');
    edge.idlePtf = await portfolio('Fermo');
    await account(edge.idlePtf, 'CUSTODIA_TITOLI');
    edge.overdrawnPtf = await portfolio('Scoperto');
    const overdrawn = await account(edge.overdrawnPtf);
    await movement(overdrawn, '2026-01-15', 'FEE', 12, 'CONTO_CORRENTE');
    await movement(overdrawn, '2026-03-31', 'TAX', 34.2);
    edge.lastDayPtf = await portfolio('Ultimo giorno');
    await movement(await account(edge.lastDayPtf), DATE, 'DEPOSIT', 1000);
    edge.emptyFamily = await id("insert into families (name, created_by) values ('Famiglia Vuota', $1) returning id", [
      pro,
    ]);
    edge.colomboFamily = await id(
      "insert into families (name, created_by) values ('Famiglia Colombo', $1) returning id",
      [pro],
    );
    await h.t.app.db.query('insert into family_members (family_id, client_id, weight) values ($1, $2, 0.25)', [
      edge.colomboFamily,
      demo.colombo,
    ]);
    await h.t.app.db.query('insert into family_members (family_id, client_id) values ($1, $2)', [
      edge.colomboFamily,
      demo.verdi,
    ]);
    await settle();
  });

  /** Each call with no dates (today), with dates before any data, and at the demo date. */
  function variants(name: AnalyticsRoute): Query[] {
    switch (name) {
      case 'dashboard':
      case 'financialComposition':
      case 'reportSintetico':
      case 'reportIntermediary':
      case 'macroAssetValues':
      case 'portfolioVar':
        return [{}, { date: '2020-01-02' }, { date: DATE }];
      case 'assetsHistoryTotal':
      case 'assetsHistoryFinancial':
        return [
          { dateFrom: '2026-01-01' },
          { dateFrom: '2019-12-01', dateTo: '2020-01-31' },
          { dateTo: DATE, size: 5 },
        ];
      default:
        return [{}, { dateFrom: '2019-12-31', dateTo: '2020-03-31' }, { dateFrom: '2025-12-31', dateTo: DATE }];
    }
  }

  const scopes: Array<[string, () => { ptf: string | number; owner: Owner; login?: Login }]> = [
    ['a demo portfolio', () => ({ ptf: demo.ptfIntesa, owner: {} })],
    ['a demo client', () => ({ ptf: 'aggregate', owner: { clientId: demo.rossi } })],
    ['BASIC, its own client', () => ({ ptf: 'aggregate', owner: {}, login: 'client' })],
    [
      'a demo family (members without portfolios)',
      () => ({ ptf: 'aggregate', owner: { familyId: demo.familyEsposito } }),
    ],
    ['a family without members', () => ({ ptf: 'aggregate', owner: { familyId: edge.emptyFamily } })],
    [
      'a family with odd weights (0.25, default 1)',
      () => ({ ptf: 'aggregate', owner: { familyId: edge.colomboFamily } }),
    ],
    ['a client with odd portfolios', () => ({ ptf: 'aggregate', owner: { clientId: demo.colombo } })],
    ['a client without portfolios', () => ({ ptf: 'aggregate', owner: { clientId: demo.galli } })],
    ['a portfolio without accounts', () => ({ ptf: edge.emptyPtf, owner: {} })],
    ['a portfolio without movements', () => ({ ptf: edge.idlePtf, owner: {} })],
    ['an overdrawn portfolio', () => ({ ptf: edge.overdrawnPtf, owner: {} })],
    ['a deposit on the last day', () => ({ ptf: edge.lastDayPtf, owner: {} })],
    ['the testing portfolio (ADMIN)', () => ({ ptf: demo.ptfTesting, owner: {}, login: 'admin' })],
  ];

  test.each(scopes)('%s', async (_what, scope) => {
    const { ptf, owner, login = 'pro' } = scope();
    for (const name of ANALYTICS) {
      if (name === 'reportCedole' && owner.familyId !== undefined) continue;
      if (name === 'dashboard' && ptf !== 'aggregate') continue;
      if (name === 'assetsHistoryTotal' && ptf !== 'aggregate') continue;
      for (const v of variants(name)) {
        const param =
          name === 'dashboard'
            ? (owner.familyId ?? owner.clientId ?? demo.rossi)
            : name === 'assetsHistoryTotal'
              ? null
              : ptf;
        await read(name, param, { ...owner, ...v }, login);
      }
    }
  });

  test('the overdrawn portfolio: negative cash, returns null rather than a meaningless rate', async () => {
    const t = await read('reportTriplaA', edge.overdrawnPtf, { dateFrom: '2025-12-31', dateTo: DATE });
    expect(t.totalComposition[0]).toMatchObject({
      totalValue: -46.2,
      totalPerformance: -46.2,
      totalPerformancePercentageTW: null,
      totalPerformancePercentageMW: null,
    });
    const p = await read('reportPerformance', edge.overdrawnPtf, { dateFrom: '2025-12-31', dateTo: DATE });
    expect(p).toMatchObject({ result: null, resultAnnualised: null });
  });

  test('a deposit on the last day: its value counts, its return is zero', async () => {
    const p = await read('reportPerformance', edge.lastDayPtf, { dateFrom: '2025-12-31', dateTo: DATE });
    expect(p.data.at(-1)).toEqual({ date: DATE, triplaA: 0, total: 1000 });
    expect(p).toMatchObject({ result: 0 });
  });
});
