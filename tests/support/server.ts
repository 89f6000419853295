// Starts the real server (npm start's server, without the build) on a free port with a fresh PGlite
// database in a temporary folder (a copy of the tests' seeded demo database), serving the built portal.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDataDirFromTemplate } from '../../server/src/testing/template.ts';

export const repoRoot = new URL('../..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the server; `env` may be a function of the port it will listen on (say, an address naming that port). */
export async function startServer(
  settings: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<RunningServer> {
  const port = await freePort();
  const env = typeof settings === 'function' ? settings(port) : settings;
  const dataDir = mkdtempSync(join(tmpdir(), 'patrimonio-e2e-'));
  // The demo database copied in (a few seconds) rather than made by the server's first start (initdb and the seed).
  if (!env.DATABASE_URL && env.SEED_DEMO !== 'false') await pgliteDataDirFromTemplate(dataDir);
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/v1/live/version`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
