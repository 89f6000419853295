// The batch reports' queue (jobs/report-batch.ts), on the database of a test app (PGlite, and PostgreSQL in the
// server pass): one job per client, each run once, a failing client reported without stopping the others, at most
// `concurrency` at once, the batch's queue removed at the end. The report itself is a test double here; the command's
// own test (mf-report/src/cli/batch.test.ts) draws real PDFs.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { BATCH_STOPPED, type BatchOutcome, REPORT_BATCH, runReportBatch } from './report-batch.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: false });
});
afterAll(async () => {
  await t?.close();
});

const items = [1, 2, 3, 4, 5, 6, 7].map((clientId) => ({ clientId, name: `Cliente ${clientId}` }));

describe('report batch on the job queue', () => {
  test('each client once, a failure reported and the others done, the queue removed at the end', async () => {
    const calls: number[] = [];
    let inFlight = 0;
    let most = 0;
    const progress: Array<[number, number, number]> = [];
    const { batchId, outcomes } = await runReportBatch({
      db: t.app.db,
      log: t.app.log,
      items,
      concurrency: 2,
      render: async ({ clientId }) => {
        calls.push(clientId);
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          await sleep(10);
          if (clientId === 4) throw new Error('HTTP 404 the client is not yours');
          return { pages: clientId };
        } finally {
          inFlight -= 1;
        }
      },
      onOutcome: (outcome, ended, total) => progress.push([outcome.clientId, ended, total]),
    });
    expect(batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBeLessThanOrEqual(2);
    expect(outcomes).toEqual<BatchOutcome<{ pages: number }>[]>(
      items.map((item) =>
        item.clientId === 4
          ? { ...item, ok: false, reason: 'HTTP 404 the client is not yours' }
          : { ...item, ok: true, result: { pages: item.clientId } },
      ),
    );
    expect(progress.map(([, ended, total]) => [ended, total])).toEqual(items.map((_, i) => [i + 1, items.length]));
    expect(progress.map(([id]) => id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const left = await t.app.db.query<{ n: number }>(`select count(*)::int as n from pgboss.queue where name like $1`, [
      `${REPORT_BATCH}/%`,
    ]);
    expect(left.rows[0]!.n).toBe(0);
  });

  test('a stopped batch: the report under way ends, the others fail as stopped, the queue is removed', async () => {
    const stop = new AbortController();
    const rendered: number[] = [];
    const { outcomes } = await runReportBatch({
      db: t.app.db,
      log: t.app.log,
      items,
      concurrency: 1,
      render: async ({ clientId }) => {
        rendered.push(clientId);
        stop.abort();
        return clientId;
      },
      signal: stop.signal,
    });
    expect(rendered).toHaveLength(1);
    expect(outcomes.filter((o) => o.ok)).toEqual([
      { ...items.find((i) => i.clientId === rendered[0])!, ok: true, result: rendered[0] },
    ]);
    expect(outcomes.filter((o) => !o.ok).map((o) => (o.ok ? '' : o.reason))).toEqual(
      Array(items.length - 1).fill(BATCH_STOPPED),
    );
    const left = await t.app.db.query<{ n: number }>(`select count(*)::int as n from pgboss.queue where name like $1`, [
      `${REPORT_BATCH}/%`,
    ]);
    expect(left.rows[0]!.n).toBe(0);
  });

  test('an empty batch ends at once', async () => {
    const { outcomes } = await runReportBatch({
      db: t.app.db,
      log: t.app.log,
      items: [],
      concurrency: 2,
      render: async () => {
        throw new Error('no client, no report');
      },
    });
    expect(outcomes).toEqual([]);
  });
});
