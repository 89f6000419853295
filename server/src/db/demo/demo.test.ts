// The demo seed: deterministic, owned by the demo accounts, valid identifiers, every movement cause, and
// movements consistent with holdings. Runs on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set).

import { isValidIsin, isValidTaxCode, isValidVat } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { Database } from '../database.ts';
import { seedDemo } from '../seed-demo.ts';
import { DEMO_END_DATE, INSTRUMENTS } from './catalog.ts';
import { isValidItalianIban } from './ids.ts';

let a: TestApp;
let b: TestApp;
let db: Database;
beforeAll(async () => {
  // Two fresh databases, seeded here, to compare.
  a = await createTestApp({ env: { SEED_DEMO: 'false' } });
  b = await createTestApp({ env: { SEED_DEMO: 'false' } });
  db = a.app.db as Database;
  const t0 = performance.now();
  expect(await seedDemo(db)).toBe(true);
  // The seed time is reported, not asserted.
  console.log(`demo seed: ${Math.round(performance.now() - t0)} ms`);
  expect(await seedDemo(b.app.db as Database)).toBe(true);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const one = async <T>(d: Database, sql: string, params: unknown[] = []): Promise<T> =>
  (await d.query<T>(sql, params)).rows[0]!;

const TABLES = [
  'clients',
  'families',
  'family_members',
  'financial_intermediaries',
  'branches',
  'portfolios',
  'accounts',
  'portfolio_accounts',
  'instruments',
  'prices',
  'fx_rates',
  'movements',
];

async function fingerprint(d: Database) {
  const counts: Record<string, number> = {};
  for (const t of TABLES) counts[t] = (await one<{ n: number }>(d, `select count(*)::int as n from ${t}`)).n;
  const sums = await one<{ amount: string; quantity: string; price: string }>(
    d,
    'select sum(amount)::text as amount, sum(quantity)::text as quantity, (select sum(price)::text from prices) as price from movements',
  );
  return { counts, sums };
}

describe('demo seed', () => {
  test('generated prices and FX rates are labelled demo', async () => {
    const labels = await db.query<{ source: string; n: number }>(
      `select source, count(*)::int as n from (select source from prices union all select source from fx_rates) s
       group by source`,
    );
    expect(labels.rows.map((r) => r.source)).toEqual(['demo']);
    expect(labels.rows[0]!.n).toBeGreaterThan(1000);
  });
  test('two seeds into two fresh databases give the same data', async () => {
    const fa = await fingerprint(db);
    expect(fa).toEqual(await fingerprint(b.app.db as Database));
    expect(fa.counts.clients).toBe(12);
    expect(fa.counts.families).toBe(2);
    expect(fa.counts.movements).toBeGreaterThan(1000);
  });

  test('clients belong to the demo advisers: pro2 has two, pro the rest, the client login is one of pro', async () => {
    const { rows } = await db.query<{ login: string; n: number }>(
      'select u.login, count(*)::int as n from clients c join users u on u.id = c.created_by group by u.login',
    );
    const by = Object.fromEntries(rows.map((r) => [r.login, r.n]));
    expect(by.pro2).toBe(2);
    expect(by.pro).toBe(10);
    const first = await db.query<{ id: number; last_name: string; pro: string }>(
      'select c.id::int as id, c.last_name, u.login as pro from clients c join users u on u.id = c.created_by order by c.id limit 4',
    );
    expect(first.rows.map((r) => [r.last_name, r.pro])).toEqual([
      ['Rossi', 'pro'],
      ['Bianchi', 'pro'],
      ['Verdi', 'pro'],
      ['Ferrari', 'pro2'],
    ]);
    const client = await one<{ pro: string }>(
      db,
      "select p.login as pro from users u join clients c on c.id = u.client_id join users p on p.id = c.created_by where u.login = 'client'",
    );
    expect(client.pro).toBe('pro');
    const fam = await one<{ name: string }>(db, 'select name from families order by id limit 1');
    expect(fam.name).toBe('Famiglia Rossi Bianchi');
    const mix = await one<{ sub: number; trial: number; neither: number; companies: number }>(
      db,
      `select count(*) filter (where subscribe)::int as sub, count(*) filter (where trial)::int as trial,
         count(*) filter (where not subscribe and not trial)::int as neither, count(*) filter (where company)::int as companies
       from clients`,
    );
    expect(mix.sub).toBeGreaterThan(0);
    expect(mix.trial).toBeGreaterThan(0);
    expect(mix.neither).toBeGreaterThan(0);
    expect(mix.companies).toBeGreaterThan(0);
  });

  test('tax codes, VATs, IBANs and ISINs are valid', async () => {
    const { rows } = await db.query<{ tax_code: string | null; vat: string | null }>(
      'select tax_code, vat from clients',
    );
    for (const r of rows) {
      if (r.tax_code) expect(isValidTaxCode(r.tax_code), r.tax_code).toBe(true);
      if (r.vat) expect(isValidVat(r.vat), r.vat).toBe(true);
      expect(r.tax_code ?? r.vat).toBeTruthy();
    }
    const ibans = await db.query<{ iban: string }>('select iban from accounts where iban is not null');
    expect(ibans.rows.length).toBeGreaterThan(10);
    for (const r of ibans.rows) expect(isValidItalianIban(r.iban), r.iban).toBe(true);
    for (const i of INSTRUMENTS) expect(isValidIsin(i.isin), i.isin).toBe(true);
  });

  test('Mario Rossi has several portfolios at several banks, one of them a test', async () => {
    const { rows } = await db.query<{ testing: boolean; bank: string; last: string }>(
      `select p.testing, fi.name as bank, p.last_quantity_check_ok_date::text as last from portfolios p
         join portfolio_accounts pa on pa.portfolio_id = p.id join accounts a on a.id = pa.account_id
         join financial_intermediaries fi on fi.id = a.financial_intermediary_id where p.client_id = 1`,
    );
    expect(new Set(rows.map((r) => r.bank)).size).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.testing)).toBe(true);
    expect(rows.every((r) => r.last === DEMO_END_DATE)).toBe(true);
    const banks = await one<{ credit: number; trust: number }>(
      db,
      `select count(*) filter (where fi_type = 'CREDIT_INSTITUTE')::int as credit, count(*) filter (where fi_type = 'TRUST')::int as trust
         from financial_intermediaries`,
    );
    expect(banks.credit).toBeGreaterThanOrEqual(4);
    expect(banks.trust).toBe(1);
  });

  test('every cause and fee subcause is present, amounts are positive, some movements are pending', async () => {
    const { rows } = await db.query<{ cause: string; subcause: string | null; n: number; min: string }>(
      'select cause, subcause, count(*)::int as n, min(amount)::text as min from movements group by 1, 2',
    );
    const keys = new Set(rows.map((r) => `${r.cause}/${r.subcause ?? ''}`));
    for (const c of [
      'DEPOSIT',
      'WITHDRAWAL',
      'TRANSFER_IN',
      'TRANSFER_OUT',
      'BUY',
      'SELL',
      'COUPON',
      'DIVIDEND',
      'INTEREST',
      'TAX',
      'FEE',
    ])
      expect(keys.has(`${c}/`), c).toBe(true);
    for (const s of ['CONTO_CORRENTE', 'DEPOSITO_TITOLI', 'NEGOZIAZIONE', 'GESTIONE', 'CONSULENZA'])
      expect(keys.has(`FEE/${s}`), s).toBe(true);
    for (const r of rows) expect(Number(r.min)).toBeGreaterThan(0);
    const pending = await one<{ n: number }>(db, "select count(*)::int as n from movements where status = 'PENDING'");
    expect(pending.n).toBeGreaterThan(0);
    expect(pending.n).toBeLessThan(20);
    const range = await one<{ first: string; last: string }>(
      db,
      'select min(date_time)::date::text as first, max(date_time)::date::text as last from movements',
    );
    expect(range.first < '2023-12-01').toBe(true);
    expect(range.last <= DEMO_END_DATE).toBe(true);
    const firsts = await one<{ bad: number }>(
      db,
      `select count(*)::int as bad from portfolios p where p.first_movement_date is distinct from (
         select min(m.date_time)::date from movements m join portfolio_accounts pa on pa.account_id = m.account_id
          where pa.portfolio_id = p.id and m.status = 'APPROVED')`,
    );
    expect(firsts.bad).toBe(0);
  });

  test("the middle office's work: imports of the back office waiting, a client's own entry, a rejected duplicate", async () => {
    // Who entered what: the adviser's history is MANUAL and approved at entry (no decision recorded).
    const { rows } = await db.query<{ status: string; origin: string; author: string; n: number }>(
      `select m.status, m.origin, u.login as author, count(*)::int as n
         from movements m join users u on u.id = m.created_by group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(rows.map((r) => `${r.status} ${r.origin} ${r.author}`)).toEqual([
      'APPROVED MANUAL pro',
      'APPROVED MANUAL pro2',
      'PENDING CLIENT client',
      'PENDING IMPORT backoffice',
      'REJECTED IMPORT backoffice',
    ]);
    expect(rows.find((r) => r.origin === 'CLIENT')!.n).toBe(1);
    expect(rows.find((r) => r.status === 'REJECTED')!.n).toBe(1);
    const undecided = await one<{ n: number }>(
      db,
      "select count(*)::int as n from movements where status <> 'REJECTED' and (decided_by is not null or decided_at is not null or reject_reason is not null)",
    );
    expect(undecided.n).toBe(0);
    // pro's clients have several waiting, of each kind the middle office's page shows.
    const { rows: kinds } = await db.query<{ cause: string }>(
      `select distinct m.cause from movements m join clients c on c.id = m.client_id join users u on u.id = c.created_by
        where m.status = 'PENDING' and u.login = 'pro' order by 1`,
    );
    expect(kinds.map((k) => k.cause)).toEqual(expect.arrayContaining(['BUY', 'DEPOSIT', 'FEE', 'SELL']));
    const rejected = await one<{ reason: string; by: string; login: string; at: string }>(
      db,
      `select m.reject_reason as reason, d.login as by, u.login, to_char(m.decided_at at time zone 'UTC', 'HH24:MI') as at
         from movements m join users d on d.id = m.decided_by join clients c on c.id = m.client_id
         join users u on u.id = c.created_by where m.status = 'REJECTED'`,
    );
    expect(rejected).toEqual({ reason: expect.stringMatching(/^Duplicato/), by: 'pro', login: 'pro', at: '17:30' });
  });

  test('trades: amount = quantity x price of the day (per 100 for bonds), each with its fee, never selling more than held', async () => {
    const bad = await one<{ n: number }>(
      db,
      `select count(*)::int as n from movements m join instruments i on i.id = m.instrument_id
         left join prices p on p.instrument_id = i.id and p.date = m.date_time::date
        where m.cause in ('BUY', 'SELL') and (p.price is null or m.price <> p.price or
          m.amount <> round(m.quantity * m.price / (case when i.macro_asset_class = 'Bond' then 100 else 1 end), 2))`,
    );
    expect(bad.n).toBe(0);
    const fees = await one<{ trades: number; fees: number }>(
      db,
      `select count(*) filter (where cause in ('BUY', 'SELL'))::int as trades,
         count(*) filter (where cause = 'FEE' and subcause = 'NEGOZIAZIONE')::int as fees from movements`,
    );
    expect(fees.fees).toBe(fees.trades);
    const oversold = await one<{ n: number; sells: number }>(
      db,
      `select count(*) filter (where held < 0)::int as n, count(*) filter (where cause = 'SELL')::int as sells from (
         select cause, sum(case when cause = 'BUY' then quantity else -quantity end)
           over (partition by account_id, instrument_id order by date_time, id) as held
           from movements where cause in ('BUY', 'SELL')) x`,
    );
    expect(oversold.sells).toBeGreaterThan(10);
    expect(oversold.n).toBe(0);
    const prices = await one<{ n: number; last: string }>(
      db,
      "select count(distinct instrument_id)::int as n, max(date)::text as last from prices where date >= '2023-11-01'",
    );
    expect(prices.n).toBe(INSTRUMENTS.length);
    expect(prices.last).toBe(DEMO_END_DATE);
  });
});
