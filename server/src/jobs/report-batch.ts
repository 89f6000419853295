// Batch reports (issue 21, `npm run report -- --all-clients --quarter 2026-Q3`): one job per client on the job queue
// (pg-boss), on a queue of the batch's own, report-batch/<batch id>, worked by the process that queued it. That process
// is the report command: the PDF is drawn by the report's front-end code (mf-report, under the Lingui hooks), which
// the server's processes do not load, and a batch signs in as its adviser (the service account's user), whose token
// only that command holds. So these jobs are not in jobDefinitions (./index.ts) and no API or worker process takes
// them; a queue per batch keeps two batches running at once (two advisers) from taking each other's jobs. On
// PostgreSQL (the deployment's DATABASE_URL) the jobs are rows of the deployment's queue while the batch runs; on the
// embedded default, where only the API process may open DATA_DIR, the command's queue is a PGlite database in its own
// memory. The queue and its jobs are removed once every job has ended (the command prints the summary).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { JobQueue } from './queue.ts';

export const REPORT_BATCH = 'report-batch';

/** One client of the batch. */
export interface BatchItem {
  clientId: number;
  /** The client's name, for the progress lines and the summary. */
  name: string;
}

/** How one client's job ended: what `render` gave back, or why it failed. */
export type BatchOutcome<R> = BatchItem & ({ ok: true; result: R } | { ok: false; reason: string });

export interface ReportBatchOptions<R> {
  /** The database the queue lives in: the deployment's PostgreSQL, or a PGlite of the command's own. */
  db: Database;
  log: FastifyBaseLogger;
  items: readonly BatchItem[];
  /** Jobs run at once in this process. */
  concurrency: number;
  /** Makes one client's report; a throw is that client's failure (its message the reason), not the batch's. */
  render: (item: BatchItem) => Promise<R>;
  /** Told of each ended job as it ends, with how many have ended so far. */
  onOutcome?: (outcome: BatchOutcome<R>, ended: number, total: number) => void;
  /**
   * Stops the batch (the command's Ctrl-C): the reports under way finish, the others end as failures ("stopped"),
   * and the queue is removed as at the end.
   */
  signal?: AbortSignal;
}

export const BATCH_STOPPED = 'the batch was stopped before this report';

/** Failed jobs are not retried: a report that failed once (no access, no data for the period) fails again. */
const JOB_OPTIONS = { retryLimit: 0, expireInSeconds: 15 * 60 } as const;

/** How often the queue's own view of the jobs is read, for a job it ended without the handler (expired). */
const WATCH_MS = 2000;

/**
 * Queues one job per item on the batch's queue, works them `concurrency` at a time, and resolves once every job has
 * ended, with the outcomes in the items' order. Each job runs once (pg-boss); one failing does not stop the others.
 */
export async function runReportBatch<R>(
  options: ReportBatchOptions<R>,
): Promise<{ batchId: string; outcomes: BatchOutcome<R>[] }> {
  const { items, render, onOutcome } = options;
  const batchId = randomUUID();
  const name = `${REPORT_BATCH}/${batchId}`;
  const outcomes = new Map<number, BatchOutcome<R>>();
  let allEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    allEnded = resolve;
  });
  const settle = (outcome: BatchOutcome<R>) => {
    if (outcomes.has(outcome.clientId)) return;
    outcomes.set(outcome.clientId, outcome);
    onOutcome?.(outcome, outcomes.size, items.length);
    if (outcomes.size === items.length) allEnded();
  };
  if (items.length === 0) allEnded();
  const running = new Set<number>();
  const stop = () => {
    for (const item of items)
      if (!outcomes.has(item.clientId) && !running.has(item.clientId))
        settle({ ...item, ok: false, reason: BATCH_STOPPED });
  };
  options.signal?.addEventListener('abort', stop, { once: true });

  const byId = new Map(items.map((item) => [item.clientId, item]));
  const queue = await JobQueue.start(
    options.db,
    options.log,
    [
      {
        name,
        policy: 'standard',
        key: (data: { clientId: number }) => String(data.clientId),
        options: JOB_OPTIONS,
        concurrency: options.concurrency,
        handler: async ({ clientId }: { batchId: string; clientId: number }) => {
          const item = byId.get(clientId) ?? { clientId, name: `client ${clientId}` };
          if (options.signal?.aborted) return;
          running.add(clientId);
          try {
            settle({ ...item, ok: true, result: await render(item) });
          } catch (error) {
            settle({ ...item, ok: false, reason: (error as Error).message });
            // The queue records the job as failed too.
            throw error;
          } finally {
            running.delete(clientId);
          }
        },
      },
    ],
    // Working starts once every job is queued (below).
    { work: false, schedule: false },
  );
  const watch = setInterval(() => {
    void (async () => {
      for (const job of await queue.find(name)) {
        if (job.state !== 'failed' && job.state !== 'cancelled') continue;
        const item = byId.get(Number(job.key));
        if (item && !outcomes.has(item.clientId))
          settle({ ...item, ok: false, reason: `the job queue ended the job (${job.state})` });
      }
    })().catch((err: unknown) => options.log.warn({ err }, 'report batch: reading the queue failed'));
  }, WATCH_MS);
  try {
    for (const item of items) await queue.send(name, { batchId, clientId: item.clientId });
    if (options.signal?.aborted) stop();
    else await queue.work();
    await ended;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    clearInterval(watch);
    await queue.deleteQueue(name).catch((err: unknown) => options.log.warn({ err }, 'report batch: queue kept'));
    await queue.stop();
  }
  return { batchId, outcomes: items.map((item) => outcomes.get(item.clientId)!) };
}
