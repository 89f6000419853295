// Builds the real application for tests: PGlite in memory, or a fresh database on the PostgreSQL server
// named by TEST_DATABASE_URL (CI runs the server tests both ways), copied from the seeded template (./template.ts).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { ANALYTICS_SERIES } from '../jobs/analytics.ts';
import { CONTROLS_CHECK } from '../jobs/controls.ts';
import { EXCHANGE_FETCH, EXCHANGE_IMPORT } from '../jobs/exchange.ts';
import { pgliteFromTemplate, postgresFromTemplate } from './template.ts';

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  /** Base URL when listening (started with listen: true). */
  url: string;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    listen?: boolean;
    env?: Record<string, string>;
    /** A second API process on the first one's database (its own pool on PostgreSQL; the one PGlite instance). */
    sameDatabaseAs?: TestApp;
    /** Start on a copy of the demo data whatever SEED_DEMO says (true), or on an empty database (false). */
    demoData?: boolean;
  } = {},
): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const shared = options.sameDatabaseAs;
  // A database with the demo data starts as a copy of the seeded template (./template.ts): as SEED_DEMO says, or by
  // default outside production (config.ts), or as demoData says (a production start on demo data is refused).
  const seeded = options.demoData ?? loadConfig({ NODE_ENV: 'test', ...options.env }).seedDemo;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (shared) {
    databaseUrl = shared.config.databaseUrl;
  } else if (adminUrl) {
    const name = `patrimonio_test_${randomBytes(6).toString('hex')}`;
    if (seeded) await postgresFromTemplate(adminUrl, name);
    else {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
    }
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  // Port 0 until we listen: the issuer's URLs follow the port actually bound.
  const port = options.listen ? await freePort() : 8080;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: 'memory://',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  // PGlite is one instance in this process: the second app uses it and leaves closing it to the first.
  const db =
    shared && !databaseUrl
      ? { ...shared.app.db, close: async () => {} }
      : seeded && !databaseUrl
        ? await pgliteFromTemplate()
        : await openDatabase(config);
  const app = await buildApp({ config, db, logger: false }).catch(async (err: unknown) => {
    // A refused start leaves nothing behind.
    await db.close();
    await dropDatabase();
    throw err;
  });
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    config,
    url: `http://localhost:${port}`,
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Waits until no background work of the app is under way: no analytics rebuild, no controls' check queued or
 * running (they build the current snapshots themselves and compute in the engine's threads), no file exchange fetch
 * or import queued or running.
 */
export async function backgroundIdle(app: FastifyInstance): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    await app.analytics.idle();
    const jobs = [
      ...(await app.jobs.find(EXCHANGE_FETCH)),
      ...(await app.jobs.find(EXCHANGE_IMPORT)),
      ...(await app.jobs.find(CONTROLS_CHECK)),
      ...(await app.jobs.find(ANALYTICS_SERIES)),
    ];
    const pending = jobs.some((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active');
    if (!pending && app.engine.inFlight === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the background work does not finish');
}
