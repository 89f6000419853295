// Background work on a PostgreSQL job queue (pg-boss): jobs are rows in the database, so they survive a restart, and
// every API or worker process on the same database shares them; each job runs once, in whichever process takes it.
// On the embedded PGlite default the same queue runs in the one process, through pg-boss's PGlite adapter.
// A job is one definition in ./index.ts: a name, a queue policy, the key that deduplicates it, a handler.
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, type QueueOptions, type QueuePolicy } from 'pg-boss';
import type { Database } from '../db/database.ts';

// Up to 10 jobs a fetch, fetching again at once while fetches come back full; a new job wakes the workers at once
// (LISTEN/NOTIFY), polling every second is the backstop (pg-boss's own backstop with LISTEN/NOTIFY is 30 s, which
// left a retried job, or one sent while its worker was busy, waiting that long).
const WORK_OPTIONS = {
  batchSize: 10,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: 1,
  notifyPollingIntervalSeconds: 1,
} as const;

export interface JobDefinition<T extends object> {
  name: string;
  /** pg-boss's queue policy: 'stately' keeps at most one job queued and one running per key. */
  policy: QueuePolicy;
  /** The singleton key: jobs with the same key are deduplicated by the policy. */
  key: (data: T) => string;
  handler: (data: T) => Promise<void>;
  /** Retries and heartbeat of the queue (pg-boss's queue options), when not the defaults. */
  options?: Pick<QueueOptions, 'heartbeatSeconds' | 'retryLimit' | 'retryDelay' | 'expireInSeconds'>;
  /** Jobs a working process runs at once, each fetched alone (default: fetched 10 at a time, run one by one). */
  concurrency?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of definitions of different job data types.
type AnyJob = JobDefinition<any>;

export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly jobs: ReadonlyMap<string, AnyJob>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Connects to the database's queue (installing or migrating pg-boss's schema the first time), creates the queues of
   * the definitions and, when `work` is true, runs their handlers in this process. `superviseSeconds` (config's
   * JOB_SUPERVISE_SECONDS, default 60) is how often this process's supervision fails the jobs whose worker stopped
   * sending heartbeats, for another worker to retry them; `schedule` (default: `work`) whether it keeps cron schedules.
   */
  static async start(
    db: Database,
    log: FastifyBaseLogger,
    definitions: ReadonlyArray<AnyJob>,
    options: { work: boolean; superviseSeconds?: number; schedule?: boolean },
  ): Promise<JobQueue> {
    // Processes that work also keep the cron schedules (pg-boss fires each schedule once, whichever process keeps it).
    const supervise = options.superviseSeconds ?? 60;
    const common = {
      schedule: options.schedule ?? options.work,
      superviseIntervalSeconds: supervise,
      monitorIntervalSeconds: supervise,
      useListenNotify: true,
      instanceName: options.work ? 'worker' : 'api',
    } as const;
    const boss =
      'pglite' in db.connection
        ? new PgBoss({ ...common, db: fromPglite(db.connection.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: db.connection.url, max: 4 });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    await boss.start();
    const jobs = new Map(definitions.map((d) => [d.name, d]));
    for (const d of definitions) await boss.createQueue(d.name, { policy: d.policy, notify: true, ...d.options });
    const queue = new JobQueue(boss, jobs, log);
    if (options.work) await queue.work();
    return queue;
  }

  /**
   * Runs the definitions' handlers in this process from now on (JobQueue.start does with `work`; a batch that queues
   * all its jobs first calls it then: jobs/report-batch.ts).
   */
  async work(): Promise<void> {
    for (const d of this.jobs.values()) {
      // `concurrency` workers, each fetching one job at a time.
      const options = d.concurrency ? { ...WORK_OPTIONS, batchSize: 1, localConcurrency: d.concurrency } : WORK_OPTIONS;
      await this.boss.work<object>(d.name, options, async (batch) => {
        for (const job of batch) {
          const started = performance.now();
          await d.handler(job.data);
          this.log.debug({ job: d.name, data: job.data, ms: Math.round(performance.now() - started) }, 'job done');
        }
      });
    }
  }

  /** Queues a job; when one with the same key is already queued, nothing more is (the queue's policy). */
  async send(name: string, data: object): Promise<void> {
    const definition = this.jobs.get(name);
    if (!definition) throw new Error(`job ${name} is not registered`);
    await this.boss.send(name, data, { singletonKey: definition.key(data) });
  }

  /**
   * The jobs of one queue (of one key, when given), oldest first, with their state (created, retry, active, completed,
   * failed...) and key.
   */
  async find(
    name: string,
    key?: string,
  ): Promise<Array<{ id: string; state: string; createdOn: Date; key: string | null }>> {
    const jobs = await this.boss.findJobs(name, key === undefined ? {} : { key });
    return jobs.map((j) => ({ id: j.id, state: j.state, createdOn: j.createdOn, key: j.singletonKey ?? null }));
  }

  /**
   * Keeps one cron schedule per key on a queue (a server's fetch): `cron` null removes it. pg-boss sends the job at
   * each time, in one process of those that keep schedules.
   */
  async schedule(name: string, key: string, cron: string | null, data: object): Promise<void> {
    if (!this.jobs.has(name)) throw new Error(`job ${name} is not registered`);
    if (cron === null) await this.boss.unschedule(name, key);
    else await this.boss.schedule(name, cron, data, { key, singletonKey: key });
  }

  /** The cron schedules kept on a queue: key and cron of each. */
  async schedules(name: string): Promise<Array<{ key: string; cron: string }>> {
    const list = await this.boss.getSchedules(name);
    return list.map((s) => ({ key: s.key, cron: s.cron }));
  }

  /** Removes a queue and its jobs (a batch's own queue once the batch is over: jobs/report-batch.ts). */
  async deleteQueue(name: string): Promise<void> {
    await this.boss.offWork(name);
    await this.boss.deleteQueue(name);
  }

  /** Stops taking jobs, lets running ones finish, and closes the queue's connections. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true });
  }
}

/**
 * A `send` for the definitions' handlers before their queue exists (the queue starts with them): it waits for the
 * queue that `started` hands over.
 */
export function laterSend(): { send: (name: string, data: object) => Promise<void>; started: (q: JobQueue) => void } {
  let started: (q: JobQueue) => void = () => {};
  const queue = new Promise<JobQueue>((resolve) => {
    started = resolve;
  });
  return { send: async (name, data) => (await queue).send(name, data), started };
}
