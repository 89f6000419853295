// The share and lux wealth of a set of clients with weights, at a date and over a date range (what the overview
// dashboard and the asset history use), and the analytics versions that make cached dashboards stale on a change.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { luxDashboardStats, luxValueAt, luxValueSeries, shareValueAt, shareValueSeries } from './index.ts';

let t: TestApp;
let a: number;
let b: number;
let company: number;
let painting: number;
const q = async (sql: string, params: unknown[] = []) =>
  (await t.app.db.query<Record<string, unknown>>(sql, params)).rows;
const idOf = async (sql: string, params: unknown[] = []) => Number((await q(sql, params))[0]!.id);
const version = async (clientId: number) =>
  Number((await q('select version from analytics_versions where client_id = $1', [clientId]))[0]?.version ?? 0);

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  a = await idOf("insert into clients (first_name, last_name) values ('Anna', 'Conti') returning id");
  b = await idOf("insert into clients (first_name, last_name) values ('Bruno', 'Conti') returning id");
  // Company: 60% A, 25% B; value 1,000,000 in 2023 and 1,200,000 in 2024.
  company = await idOf("insert into companies (legal_name) values ('Conti S.r.l.') returning id");
  await q('insert into company_holdings (company_id, client_id, percentage) values ($1, $2, 60), ($1, $3, 25)', [
    company,
    a,
    b,
  ]);
  await q(
    `insert into company_figures (company_id, year, revenue, profit, ebitda, value)
     values ($1, 2023, 0, 0, 0, 1000000), ($1, 2024, 0, 0, 0, 1200000)`,
    [company],
  );
  // Lux: A's painting 100,000 on 2023-06-30 and 110,000 on 2024-01-01; B's boat 300,000 on 2023-12-31.
  painting = await idOf(
    "insert into lux_items (client_id, description, category) values ($1, 'Quadro', 'ART') returning id",
    [a],
  );
  const boat = await idOf(
    "insert into lux_items (client_id, description, category, linked_debt) values ($1, 'Barca', 'BOAT', 40000) returning id",
    [b],
  );
  await q(
    `insert into lux_evaluations (item_id, evaluation_date, value)
     values ($1, '2023-06-30', 100000), ($1, '2024-01-01', 110000), ($2, '2023-12-31', 300000)`,
    [painting, boat],
  );
});
afterAll(async () => {
  await t?.close();
});

const family = () => [
  { clientId: a, weight: 1 },
  { clientId: b, weight: 0.5 },
];

describe('share value of a set of clients', () => {
  test('at a date: the figures of the latest year up to the date, weighted', async () => {
    expect(await shareValueAt(t.app.db, family(), '2022-12-31')).toBe(0);
    // 60% x 1,000,000 + 0.5 x 25% x 1,000,000 = 725,000.
    expect(await shareValueAt(t.app.db, family(), '2023-06-30')).toBe(725_000);
    // 60% x 1,200,000 + 0.5 x 25% x 1,200,000 = 870,000; still so in 2025 without newer figures.
    expect(await shareValueAt(t.app.db, family(), '2024-01-01')).toBe(870_000);
    expect(await shareValueAt(t.app.db, family(), '2025-05-05')).toBe(870_000);
    expect(await shareValueAt(t.app.db, [{ clientId: b, weight: 1 }], '2024-12-31')).toBe(300_000);
    expect(await shareValueAt(t.app.db, [], '2024-12-31')).toBe(0);
  });

  test('over a range: every day, changing on 1 January', async () => {
    expect(await shareValueSeries(t.app.db, family(), '2023-12-30', '2024-01-02')).toEqual([
      { date: '2023-12-30', value: 725_000 },
      { date: '2023-12-31', value: 725_000 },
      { date: '2024-01-01', value: 870_000 },
      { date: '2024-01-02', value: 870_000 },
    ]);
  });
});

describe('lux value of a set of clients', () => {
  test('at a date: each item at its latest evaluation on or before it, weighted', async () => {
    expect(await luxValueAt(t.app.db, family(), '2023-06-29')).toBe(0);
    expect(await luxValueAt(t.app.db, family(), '2023-12-30')).toBe(100_000);
    // 100,000 + 0.5 x 300,000 = 250,000; then the painting at 110,000: 260,000.
    expect(await luxValueAt(t.app.db, family(), '2023-12-31')).toBe(250_000);
    expect(await luxValueAt(t.app.db, family(), '2024-01-01')).toBe(260_000);
  });

  test('over a range: every day, changing on evaluation dates', async () => {
    expect(await luxValueSeries(t.app.db, family(), '2023-12-30', '2024-01-02')).toEqual([
      { date: '2023-12-30', value: 100_000 },
      { date: '2023-12-31', value: 250_000 },
      { date: '2024-01-01', value: 260_000 },
      { date: '2024-01-02', value: 260_000 },
    ]);
  });

  test('the dashboard stats weight the debt too', async () => {
    expect(await luxDashboardStats(t.app.db, family())).toEqual({
      totalValue: 260_000,
      yearlyIncome: 0,
      linkedDebt: 20_000,
      yearlyMaintenance: 0,
    });
  });
});

describe('cached dashboards go stale', () => {
  test('figures, holdings, items and evaluations bump their clients', async () => {
    const [va, vb] = [await version(a), await version(b)];
    await q('update company_figures set value = value + 1 where company_id = $1 and year = 2024', [company]);
    expect([await version(a), await version(b)]).toEqual([va + 1, vb + 1]);
    await q('update company_holdings set percentage = 30 where company_id = $1 and client_id = $2', [company, b]);
    expect([await version(a), await version(b)]).toEqual([va + 1, vb + 2]);
    await q("insert into lux_evaluations (item_id, evaluation_date, value) values ($1, '2025-01-01', 1)", [painting]);
    expect([await version(a), await version(b)]).toEqual([va + 2, vb + 2]);
    await q('delete from lux_items where id = $1', [painting]);
    expect(await version(a)).toBe(va + 3);
    await q('delete from companies where id = $1', [company]);
    expect([await version(a), await version(b)]).toEqual([va + 4, vb + 3]);
  });
});
