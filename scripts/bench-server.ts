// The server a bench part runs against: the real app, on a fresh PGlite database in a temporary folder, or on the
// fresh PostgreSQL database of DATABASE_URL (the caller provides it, see the top of scripts/bench.ts), in development
// mode with the demo data. Used by `npm run bench` and by the parts run alone (`npx tsx scripts/bench-<part>.ts`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig, type ServerConfig } from '../server/src/config.ts';
import { type Database, openDatabase } from '../server/src/db/database.ts';
import { signIn } from '../server/src/identity/test-sign-in.ts';

export interface BenchDatabase {
  config: ServerConfig;
  db: Database;
  /** The database, for the printout (PostgreSQL's URL without its password, or PGlite's folder). */
  described: string;
  /** PostgreSQL (DATABASE_URL) rather than the embedded PGlite. */
  postgres: boolean;
  /** Closes the database and removes PGlite's temporary folder. */
  close(): Promise<void>;
  /** Removes PGlite's temporary folder (after the database is closed). */
  removeFolder(): void;
}

export interface BenchServer extends BenchDatabase {
  app: FastifyInstance;
  url: string;
  /** Milliseconds the app took to start (migrations and the demo seed on a fresh database). */
  startMs: number;
  /** Signs in as the demo adviser `pro` (code flow with PKCE): the Authorization header. */
  signInPro(): Promise<Record<string, string>>;
}

/** The URL without its password. */
function hidePassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL, unparsable)';
  }
}

/** The bench's database (fresh PGlite in a folder named after the part, or DATABASE_URL's), opened. */
export async function openBenchDatabase(part: string, port: number): Promise<BenchDatabase> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), `patrimonio-${part}-`));
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    // The bench signs in with the demo accounts, whose published passwords a production start refuses: it runs in
    // development mode, which differs from production only in the sign-in page's demo list, the demo seeding and the
    // portal's source maps being served (which a browser without developer tools never asks for).
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
  });
  const db = await openDatabase(config);
  const removeFolder = () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    config,
    db,
    described: databaseUrl ? `PostgreSQL ${hidePassword(databaseUrl)}` : `PGlite (embedded) in ${dataDir}`,
    postgres: Boolean(databaseUrl),
    async close() {
      await db.close();
      removeFolder();
    },
    removeFolder,
  };
}

/** The app on the bench's database, listening on localhost:port. */
export async function startBenchServer(part: string, port: number): Promise<BenchServer> {
  const base = await openBenchDatabase(part, port);
  const started = performance.now();
  const app = await buildApp({ config: base.config, db: base.db, logger: false });
  const startMs = performance.now() - started;
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://localhost:${port}`;
  return {
    ...base,
    app,
    url,
    startMs,
    async signInPro() {
      const { accessToken } = await signIn(url, 'pro', 'patrimonio');
      return { authorization: `Bearer ${accessToken}` };
    },
    // The app closes the database (its onClose hook).
    async close() {
      await app.close();
      base.removeFolder();
    },
  };
}
