// A worker process (`npm run worker`): runs the job queue's handlers and nothing else, on the PostgreSQL server of
// DATABASE_URL shared with the API processes (which then may run with JOB_WORKERS=false). Several workers may run:
// each job runs once, in whichever takes it. On the embedded PGlite default the API process is its own worker (one
// process holds the data folder), so this needs DATABASE_URL.
import { pino } from 'pino';
import { EnginePool } from './analytics/pool.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { dropDirOf, loadSecretsKey, SecretBox } from './exchange/secrets.ts';
import { limitHeapGrowth } from './heap.ts';
import { requeueRuns, syncSchedules } from './jobs/exchange.ts';
import { jobDefinitions } from './jobs/index.ts';
import { JobQueue, laterSend } from './jobs/queue.ts';
import { scheduleSubscriptionsExpiry } from './jobs/subscriptions.ts';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
limitHeapGrowth();
const config = loadConfig();
if (!config.databaseUrl) {
  log.error('npm run worker needs DATABASE_URL: with the embedded database the API process runs the jobs itself');
  process.exit(2);
}
const db = await openDatabase(config);
await migrate(db);
// Jobs that compute (the controls' checks) use the engine's worker threads, as the API processes do.
const engine = new EnginePool(config.analytics);
const { send, started } = laterSend();
const exchange = {
  box: new SecretBox(loadSecretsKey(config.exchange.secretsKey, config.dataDir)),
  dropDir: dropDirOf(config),
};
const jobs = await JobQueue.start(db, log, jobDefinitions({ db, engine, send, exchange }), {
  work: true,
  superviseSeconds: config.jobSuperviseSeconds,
});
started(jobs);
await syncSchedules(db, jobs);
await scheduleSubscriptionsExpiry(jobs);
await requeueRuns({ db, send });
log.info('Patrimonio worker: running the job queue on PostgreSQL');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info(`${signal}: finishing the running jobs`);
    jobs
      .stop()
      .then(() => engine.close())
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
