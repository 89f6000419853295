// The file exchange's background work (issue 17): fetching a server's files (exchange-fetch, on the server's cron
// schedule and on demand; one queued and one running per server) and importing one received file (exchange-import,
// one job per run). An import is one transaction with its run's row (exchange/import.ts): killed half-way it leaves
// nothing and its run stays QUEUED; the queue then retries it (heartbeat), and a starting process queues the QUEUED
// runs again. After an import that stored bank balances or positions, the controls' checks of those clients queue.
import { queuedRuns, scheduledServers } from '../data/exchange.ts';
import type { Database } from '../db/database.ts';
import { EXCHANGE_IMPORT, fetchServer } from '../exchange/fetch.ts';
import { importRun } from '../exchange/import.ts';
import { CONTROLS_CHECK } from './controls.ts';
import type { JobContext } from './index.ts';
import type { JobDefinition, JobQueue } from './queue.ts';

export const EXCHANGE_FETCH = 'exchange-fetch';
export { EXCHANGE_IMPORT };

export const exchangeFetch = (ctx: JobContext): JobDefinition<{ serverId: number }> => ({
  name: EXCHANGE_FETCH,
  policy: 'stately',
  key: (data) => String(data.serverId),
  handler: async ({ serverId }) => {
    await fetchServer({ db: ctx.db, send: ctx.send, ...ctx.exchange }, serverId);
  },
});

export const exchangeImport = (ctx: JobContext): JobDefinition<{ runId: number; requeued?: string }> => ({
  name: EXCHANGE_IMPORT,
  policy: 'stately',
  // One queued and one running per run; a run requeued at a start gets a key of its own, since the job of a worker
  // that died stays 'active' (and would hold the key) until its heartbeat is missed. The run's row lock keeps the
  // import single anyway.
  key: (data) => (data.requeued ? `${data.runId}@${data.requeued}` : String(data.runId)),
  // A worker that dies mid-import stops its heartbeat: the job is retried elsewhere.
  options: { heartbeatSeconds: 30, retryLimit: 10, retryDelay: 5 },
  handler: async ({ runId }) => {
    const result = await ctx.db.transaction((tx) => importRun(tx, runId));
    for (const clientId of result?.bankDataClients ?? []) await ctx.send(CONTROLS_CHECK, { clientId });
  },
});

/** Queues the runs left QUEUED (their jobs may have gone with a process that died). */
export async function requeueRuns(ctx: Pick<JobContext, 'db' | 'send'>): Promise<number> {
  const ids = await queuedRuns(ctx.db);
  const requeued = new Date().toISOString();
  for (const runId of ids) await ctx.send(EXCHANGE_IMPORT, { runId, requeued });
  return ids.length;
}

/** A server's fetch schedule follows the server: its cron while enabled, none when disabled, deleted or unscheduled. */
export async function scheduleServer(
  jobs: JobQueue,
  server: { id: number; schedule: string | null; enabled: boolean } | { id: number; deleted: true },
): Promise<void> {
  const cron = 'deleted' in server || !server.enabled ? null : server.schedule;
  await jobs.schedule(EXCHANGE_FETCH, String(server.id), cron, { serverId: server.id });
}

/** Makes the queue's schedules those of the enabled servers with a schedule (at start). */
export async function syncSchedules(db: Database, jobs: JobQueue): Promise<void> {
  for (const s of await scheduledServers(db)) await scheduleServer(jobs, { ...s, enabled: true });
}
