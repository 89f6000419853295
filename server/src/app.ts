// Builds the Fastify application in layers: infrastructure (database, identity, docs), then access, then routes.
import { readFileSync } from 'node:fs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { EnginePool } from './analytics/pool.ts';
import { AnalyticsStore } from './analytics/store.ts';
import { type ServerConfig, trustProxyOption } from './config.ts';
import type { Database } from './db/database.ts';
import { ensureDemoDrop } from './db/demo/exchange.ts';
import { refuseDemoSecretsInProduction } from './db/demo/production-guard.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed-demo.ts';
import { registerDocs } from './docs.ts';
import { dropDirOf, loadSecretsKey, SecretBox } from './exchange/secrets.ts';
import { type Identity, setupIdentity } from './identity/index.ts';
import type { AuthUser } from './identity/types.ts';
import { ParsePool } from './import/parse-pool.ts';
import { ANALYTICS_RECALCULATION, ANALYTICS_SERIES } from './jobs/analytics.ts';
import { requeueRuns, syncSchedules } from './jobs/exchange.ts';
import { jobDefinitions } from './jobs/index.ts';
import { JobQueue, laterSend } from './jobs/queue.ts';
import { scheduleSubscriptionsExpiry } from './jobs/subscriptions.ts';
import { registerAdminCors } from './plugins/admin-cors.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrors } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerValidation } from './plugins/validation.ts';
import { apiRoutes } from './routes/index.ts';
import { registerWeb } from './web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: ServerConfig;
    analytics: AnalyticsStore;
    /** The engine's worker threads: every analytics computation runs there (analytics/pool.ts). */
    engine: EnginePool;
    jobs: JobQueue;
    /** The worker threads uploaded files are read in (import/parse-pool.ts). */
    parsePool: ParsePool;
    /** The file exchange: the key of the servers' secrets and the LOCAL servers' drop directory. */
    exchange: { box: SecretBox; dropDir: string };
    /** Token verification, and the revocation of an impersonation (identity/index.ts). */
    identity: Identity;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const SERVER_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

export interface BuildOptions {
  config: ServerConfig;
  db: Database;
  logger?: boolean;
}

/** The URL with the value of every `token` query parameter replaced, for the request log. */
export const redactTokens = (url: string) => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

export async function buildApp({ config, db, logger = true }: BuildOptions): Promise<FastifyInstance> {
  await migrate(db);
  await refuseDemoSecretsInProduction(db, config);
  if (config.seedDemo) await seedDemo(db);

  const app = Fastify({
    logger: logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // Invitation tokens travel in the address (/register-client?token=...): keep them out of the log.
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({
              method: req.method,
              url: redactTokens(req.url),
              remoteAddress: req.ip,
            }),
          },
        }
      : false,
    // Forwarded headers only from the proxies TRUST_PROXY names (request.ip, the throttles and the log follow it).
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();
  registerValidation(app);
  app.decorate('db', db);
  app.decorate('config', config);
  // Background work: the job queue on the same database; this process runs the jobs too unless JOB_WORKERS=false
  // (then `npm run worker` processes do).
  const { send, started } = laterSend();
  const analytics = new AnalyticsStore(
    db,
    app.log,
    (clientId) => send(ANALYTICS_RECALCULATION, { clientId }),
    (clientId) => send(ANALYTICS_SERIES, { clientId }),
  );
  const engine = new EnginePool(config.analytics);
  const exchange = {
    box: new SecretBox(loadSecretsKey(config.exchange.secretsKey, config.dataDir)),
    dropDir: dropDirOf(config),
  };
  app.decorate('exchange', exchange);
  // The demo server's sample bank files, in its folder of the drop directory.
  if (config.seedDemo) await ensureDemoDrop(exchange.dropDir);
  const jobs = await JobQueue.start(db, app.log, jobDefinitions({ db, analytics, engine, send, exchange }), {
    work: config.jobWorkers,
    superviseSeconds: config.jobSuperviseSeconds,
  });
  started(jobs);
  // A process that works keeps the servers' fetch schedules and picks up the runs a stopped process left queued.
  if (config.jobWorkers) {
    await syncSchedules(db, jobs);
    await scheduleSubscriptionsExpiry(jobs);
    await requeueRuns({ db, send });
  }
  app.decorate('analytics', analytics);
  app.decorate('engine', engine);
  app.decorate('jobs', jobs);
  // Running jobs (which may compute in the engine's threads) and loads finish before the database closes; the engine's
  // threads stop with the app.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await engine.close();
    await analytics.settled();
    await db.close();
  });
  app.addHook('onReady', async () => analytics.warmUp());
  // Uploaded files are read in worker threads, within the limits of config.uploads.
  const parsePool = new ParsePool(config.uploads, app.log);
  app.decorate('parsePool', parsePool);
  app.addHook('onClose', async () => parsePool.close());

  registerErrors(app);
  await registerSecurityHeaders(app, config);
  await registerAdminCors(app, config);
  await registerDocs(app);
  const identity = await setupIdentity(app, { db, config });
  app.decorate('identity', identity);
  registerAuth(app, identity.verify);

  await app.register(apiRoutes);

  await registerWeb(app, config);
  return app;
}
