// Scale-out (issue 14, DESIGN.md 3): two API processes on one database answer the same figures, and the analytics
// recalculation runs once, on the shared job queue, in whichever process takes it. Each "process" here is a whole app
// of its own (its own connection pool on PostgreSQL, its own in-memory analytics store and job workers); on the
// embedded PGlite default they share the one PGlite instance, as they share the PostgreSQL server in the other run.
import { afterAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { callApi } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ANALYTICS_RECALCULATION } from './analytics.ts';
import { jobDefinitions } from './index.ts';
import { JobQueue } from './queue.ts';

const DATE = '2026-06-30';
const DEPOSIT = 1234.56;
const open: Array<{ close(): Promise<unknown> }> = [];
afterAll(async () => {
  // Second apps first: the first one owns the database.
  for (const x of open.reverse()) await x.close();
});

async function start(env: Record<string, string> = {}, first?: TestApp): Promise<TestApp> {
  const t = first
    ? await createTestApp({ sameDatabaseAs: first, env: { PUBLIC_URL: first.url, ...env } })
    : await createTestApp({ listen: true, env });
  open.push(t);
  return t;
}

/** Mario Verdi's portfolio at UniCredit (pro's client), its current account, and the client's id. */
async function verdi(t: TestApp) {
  const q = async (sql: string, params: unknown[]) => (await t.app.db.query<{ id: number }>(sql, params)).rows[0]!.id;
  const clientId = await q('select id from clients where tax_code = $1', ['VRDLCU62C12L219G']);
  const portfolioId = await q('select id from portfolios where client_id = $1 and name = $2', [
    clientId,
    'Portafoglio UniCredit',
  ]);
  const accountId = await q(
    `select a.id from accounts a join portfolio_accounts pa on pa.account_id = a.id
      where pa.portfolio_id = $1 and a.account_type = 'CONTO_CORRENTE' order by a.id limit 1`,
    [portfolioId],
  );
  return { clientId, portfolioId, accountId };
}

async function tokenOf(t: TestApp) {
  return new Map([['pro', (await signIn(t.url, 'pro', 'patrimonio')).accessToken]]);
}

/** The portfolio's value at DATE as the app answers it, and whether a recalculation is under way. */
async function value(t: TestApp, tokens: Map<string, string>, portfolioId: number) {
  const r = await callApi(t, tokens, 'pro', 'GET', `/api/v1/report/${portfolioId}/sintetico?date=${DATE}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return {
    total: r.body.reportSinteticoTotalComposition[0].controvalore as number,
    recalculating: r.body.recalculationInProgress as boolean,
  };
}

async function deposit(t: TestApp, tokens: Map<string, string>, accountId: number) {
  const r = await callApi(t, tokens, 'pro', 'POST', '/api/v1/movement', {
    accountId,
    dateTime: '2026-06-15 10:00',
    cause: 'DEPOSIT',
    amount: DEPOSIT,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const stateOf = async (t: TestApp, clientId: number) =>
  (
    await t.app.db.query<{ version: number; built: number | null }>(
      `select v.version, s.version as built from analytics_versions v
         left join analytics_snapshots s on s.client_id = v.client_id where v.client_id = $1`,
      [clientId],
    )
  ).rows[0]!;

/**
 * The jobs of a key, once none is waiting or running any more: a handler stores its snapshot before pg-boss marks its
 * job completed, so a snapshot seen stored does not yet mean a finished job. Times out after 30 s with what it saw.
 */
async function settledJobs(t: TestApp, key: string) {
  let jobs = await t.app.jobs.find(ANALYTICS_RECALCULATION, key);
  for (let i = 0; i < 600 && jobs.some((j) => ['created', 'retry', 'active'].includes(j.state)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    jobs = await t.app.jobs.find(ANALYTICS_RECALCULATION, key);
  }
  return jobs;
}

describe('two API processes on one database', () => {
  test('a write through one, the next read through the other: the previous figures flagged, then the new ones, rebuilt once', async () => {
    const a = await start();
    const b = await start({}, a);
    const tokens = await tokenOf(a);
    const { clientId, portfolioId, accountId } = await verdi(a);
    await a.app.analytics.idle();
    await b.app.analytics.idle();
    const before = await value(b, tokens, portfolioId);
    expect(before.recalculating).toBe(false);
    expect(await value(a, tokens, portfolioId)).toEqual(before);

    const jobsBefore = (await a.app.jobs.find(ANALYTICS_RECALCULATION, String(clientId))).length;
    await deposit(a, tokens, accountId);
    // B holds the copy from before the write: it answers it at once, flagged, and queues the rebuild.
    const stale = await value(b, tokens, portfolioId);
    expect(stale).toEqual({ total: before.total, recalculating: true });
    await b.app.analytics.idle();
    const after = await value(b, tokens, portfolioId);
    expect(after.recalculating).toBe(false);
    expect(after.total).toBeCloseTo(before.total + DEPOSIT, 2);
    // A reads the stored rebuild: the same figures, and no second rebuild.
    expect(await value(a, tokens, portfolioId)).toEqual(after);
    const rebuilds = (await settledJobs(a, String(clientId))).slice(jobsBefore);
    expect(rebuilds.map((j) => j.state)).toEqual(['completed']);
    const state = await stateOf(a, clientId);
    expect(state.built).toBe(state.version);
  });

  test('queued work outlives the process that queued it, and a worker process runs it', async () => {
    // API processes that run no jobs (JOB_WORKERS=false), as when `npm run worker` processes do.
    const api = { JOB_WORKERS: 'false' };
    const a = await start(api);
    const b = await start(api, a);
    const tokens = await tokenOf(a);
    const { clientId, portfolioId, accountId } = await verdi(a);
    const before = await value(b, tokens, portfolioId);
    await deposit(a, tokens, accountId);
    expect(await value(b, tokens, portfolioId)).toEqual({ total: before.total, recalculating: true });
    const key = String(clientId);
    const queued = await a.app.jobs.find(ANALYTICS_RECALCULATION, key);
    expect(queued.at(-1)?.state).toBe('created');
    // The process that queued it stops; the job stays in the database.
    await b.close();
    open.splice(open.indexOf(b), 1);
    expect((await a.app.jobs.find(ANALYTICS_RECALCULATION, key)).at(-1)).toEqual(queued.at(-1));

    // A worker process (server/src/worker.ts does this) takes it.
    const ctx = {
      db: a.app.db,
      engine: a.app.engine,
      send: (name: string, data: object) => a.app.jobs.send(name, data),
      exchange: a.app.exchange,
    };
    const worker = await JobQueue.start(a.app.db, a.app.log, jobDefinitions(ctx), { work: true });
    open.push({ close: () => worker.stop() });
    for (let i = 0; i < 600 && (await stateOf(a, clientId)).built !== (await stateOf(a, clientId)).version; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const state = await stateOf(a, clientId);
    expect(state.built).toBe(state.version);
    const job = (await settledJobs(a, key)).find((j) => j.id === queued.at(-1)!.id);
    expect(job?.state).toBe('completed');
    const after = await value(a, tokens, portfolioId);
    expect(after.recalculating).toBe(false);
    expect(after.total).toBeCloseTo(before.total + DEPOSIT, 2);
  });
});
