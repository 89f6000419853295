// The engine's worker threads (issue 15, "Load"): analytics computations run off the API's event loop, in a bounded
// pool. A full pool answers 503 with Retry-After at once; /live/version keeps answering while a heavy computation
// runs; the threads' answers equal the same computation in this thread, and follow a new data version; the threads
// stop with the app.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { signIn } from '../identity/test-sign-in.ts';
import type { AuthUser } from '../identity/types.ts';
import { demoBook } from '../testing/demo-analytics.ts';
import { backgroundIdle, createTestApp, type TestApp } from '../testing/test-app.ts';
import { withNames } from './inputs.ts';
import { realAssetsAt, weightedClients } from './real-assets.ts';
import * as reports from './reports.ts';
import { loadScope, resolveScope } from './scope.ts';
import { decodeHeld } from './snapshot-bytes.ts';

const DATE = '2026-06-30';

let t: TestApp;
let token: string;
let pro: AuthUser;
/** pro's portfolio with the most movements, its client, and the family Rossi Bianchi. */
const demo = { portfolio: 0, client: 0, family: 0, account: 0 };

const one = async <T>(sql: string, params: unknown[] = []) => (await t.app.db.query<T>(sql, params)).rows[0]!;

async function get(path: string) {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

beforeAll(async () => {
  // One thread and no queue: a second computation while one runs is refused.
  t = await createTestApp({ listen: true, env: { ANALYTICS_THREADS: '1', ANALYTICS_QUEUE: '0' } });
  // The controls' checks compute in the pool too (jobs/controls.ts), queued for the clients with bank data after each
  // recalculation: without bank data none is queued, and the one thread is the calls' alone, as this test needs.
  await t.app.db.query('delete from bank_positions');
  await t.app.db.query('delete from bank_balances');
  await backgroundIdle(t.app);
  token = (await signIn(t.url, 'pro', 'patrimonio')).accessToken;
  const book = await demoBook(t.app.db);
  pro = book.pro;
  demo.portfolio = book.portfolio;
  demo.client = book.client;
  demo.account = book.account;
  demo.family = (await one<{ id: number }>("select id from families where name = 'Famiglia Rossi Bianchi'")).id;
});
afterAll(async () => {
  await t?.close();
});

/** Resolves when the pool holds `n` computations. */
async function untilInFlight(n: number) {
  for (let i = 0; i < 6000 && t.app.engine.inFlight !== n; i++) await new Promise((r) => setTimeout(r, 5));
  expect(t.app.engine.inFlight).toBe(n);
}

describe('a bounded pool', () => {
  test('a full pool answers 503 with Retry-After at once; /live/version answers while the heavy call runs', async () => {
    expect(t.app.engine.capacity).toBe(1);
    // Fifty years of daily values with the daily series and trend: the heaviest call the contract allows.
    let heavyDone = false;
    const heavy = get(
      `/api/v1/report/${demo.portfolio}/performance?dateFrom=1976-10-30&dateTo=2026-10-30&fullData=true`,
    ).finally(() => {
      heavyDone = true;
    });
    await untilInFlight(1);

    const live = await fetch(`${t.url}/api/v1/live/version`);
    expect(live.status).toBe(200);
    expect(heavyDone).toBe(false);

    const refused = await get(`/api/v1/report/${demo.portfolio}/sintetico?date=${DATE}`);
    expect(heavyDone).toBe(false);
    expect(refused.status).toBe(503);
    const retryAfter = refused.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(30);
    expect(refused.body).toMatchObject({ statusCode: 503, code: 'BUSY', params: { retryAfter: Number(retryAfter) } });
    expect(refused.body.message).toContain(`${retryAfter} s`);

    const done = await heavy;
    expect(done.status).toBe(200);
    expect(done.body.data.length).toBeGreaterThan(18_000);
    // With the thread free again, the refused call answers.
    expect(t.app.engine.inFlight).toBe(0);
    const retried = await get(`/api/v1/report/${demo.portfolio}/sintetico?date=${DATE}`);
    expect(retried.status).toBe(200);
    expect(retried.body.reportSinteticoTotalComposition[0].controvalore).toBeGreaterThan(0);
  });

  test("a call's own 4xx checks, made in the thread, answer the same 400 with the field", async () => {
    const r = await get(`/api/v1/report/${demo.portfolio}/commissioni?dateFrom=2020-01-01&dateTo=${DATE}`);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'querystring.dateFrom', message: 'at most 12 quarters' }]);
  });

  test('ANALYTICS_THREADS and ANALYTICS_QUEUE: whole numbers, or the start stops naming the variable', () => {
    expect(loadConfig({ ANALYTICS_THREADS: '3', ANALYTICS_QUEUE: '7' }).analytics).toEqual({ threads: 3, queue: 7 });
    expect(loadConfig({ ANALYTICS_THREADS: '2' }).analytics).toEqual({ threads: 2, queue: 64 });
    expect(() => loadConfig({ ANALYTICS_THREADS: '0' })).toThrow(/ANALYTICS_THREADS/);
    expect(() => loadConfig({ ANALYTICS_QUEUE: 'many' })).toThrow(/ANALYTICS_QUEUE/);
    expect(() => loadConfig({ ANALYTICS_QUEUE: '1.5' })).toThrow(/ANALYTICS_QUEUE/);
  });
});

describe("the threads' answers", () => {
  /** The pool's answer and the same computation in this thread, for one call's scope. */
  async function both<K extends Parameters<TestApp['app']['engine']['run']>[0]>(
    ptf: string,
    query: { clientId?: number; familyId?: number },
    op: K,
    args: Parameters<TestApp['app']['engine']['run']>[1] & object,
    here: (input: ReturnType<typeof withNames>) => unknown,
  ) {
    const scope = await resolveScope(t.app.db, pro, ptf, query);
    const { data, names } = await loadScope(t.app.db, t.app.analytics, scope);
    const decoded = decodeHeld(data);
    const input = withNames(scope.input(decoded.market, decoded.clients), names);
    const pooled = await t.app.engine.run(op, args as never, scope.spec, data, names);
    return { pooled, here: here(input) };
  }

  test('equal the same computation in this thread: a portfolio, a client and a family, every operation', async () => {
    const period = { start: '2025-12-31', end: DATE };
    const ptf = String(demo.portfolio);
    const cases = [
      await both(ptf, {}, 'sintetico', { date: DATE }, (i) => ({ date: DATE, ...reports.sintetico(i, DATE) })),
      await both(ptf, {}, 'performance', { period, fullData: true }, (i) => reports.performance(i, period, true)),
      await both(ptf, {}, 'fees', { dateTo: DATE }, (i) => reports.fees(i, { dateTo: DATE })),
      await both(ptf, {}, 'history', { dateFrom: '2025-01-01', dateTo: DATE }, (i) =>
        reports.history(i, { dateFrom: '2025-01-01', dateTo: DATE }),
      ),
      await both(ptf, {}, 'portfolioVar', { date: DATE }, (i) => reports.portfolioVar(i, DATE)),
      await both('aggregate', { clientId: demo.client }, 'triplaA', { period }, (i) => reports.triplaA(i, period)),
      await both('aggregate', { clientId: demo.client }, 'cedole', { dateFrom: '2024-01-01', dateTo: DATE }, (i) =>
        reports.cedole(i, { dateFrom: '2024-01-01', dateTo: DATE }),
      ),
      await both('aggregate', { familyId: demo.family }, 'macroAssetValues', { date: DATE }, (i) => ({
        date: DATE,
        item: reports.macroAssetValues(i, DATE),
      })),
      await both('aggregate', { familyId: demo.family }, 'historySeries', { start: period.start, end: DATE }, (i) =>
        reports.historySeries(i, period.start, DATE),
      ),
    ];
    for (const { pooled, here } of cases) expect(pooled).toEqual(here);

    // The dashboard, with the real assets read on the event loop and handed to the thread.
    const scope = await resolveScope(t.app.db, pro, 'aggregate', { familyId: demo.family });
    const real = await realAssetsAt(t.app.db, await weightedClients(t.app.db, scope), DATE);
    const dashboard = await both('aggregate', { familyId: demo.family }, 'dashboard', { date: DATE, real }, (i) =>
      reports.dashboard(i, DATE, real),
    );
    expect(dashboard.pooled).toEqual(dashboard.here);
  });

  test('follow a new data version: a deposit shows up in the next answer once the snapshot is rebuilt', async () => {
    const value = async () => {
      let r = await get(`/api/v1/report/${demo.portfolio}/sintetico?date=${DATE}`);
      // The deposit's background jobs (the recalculation, then the stored series) compute on the one thread too:
      // a call meeting them is refused as busy, and retried once the thread is free, as the portal's client does.
      for (let i = 0; r.status === 503 && i < 20; i++) {
        expect(r.body.code).toBe('BUSY');
        await untilInFlight(0);
        r = await get(`/api/v1/report/${demo.portfolio}/sintetico?date=${DATE}`);
      }
      expect(r.status).toBe(200);
      return {
        total: r.body.reportSinteticoTotalComposition[0].controvalore as number,
        stale: r.body.recalculationInProgress,
      };
    };
    const before = await value();
    expect(before.stale).toBe(false);
    const deposit = await fetch(`${t.url}/api/v1/movement`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: demo.account, dateTime: '2026-06-15 10:00', cause: 'DEPOSIT', amount: 1000 }),
    });
    expect(deposit.status).toBe(200);
    await value();
    await t.app.analytics.idle();
    const after = await value();
    expect(after.stale).toBe(false);
    expect(after.total).toBeCloseTo(before.total + 1000, 2);
  });
});

describe('closing', () => {
  test("the app's close stops the threads", async () => {
    const other = await createTestApp({ env: { ANALYTICS_THREADS: '1' } });
    const scope = await resolveScope(other.app.db, pro, 'aggregate', { clientId: demo.client });
    const { data, names } = await loadScope(other.app.db, other.app.analytics, scope);
    await other.app.engine.run('sintetico', { date: DATE }, scope.spec, data, names);
    expect(other.app.engine.threads).toBe(1);
    await other.close();
    expect(other.app.engine.threads).toBe(0);
  });
});
