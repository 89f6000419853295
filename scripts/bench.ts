// npm run bench: figures to compare run to run (not pass/fail). Starts the real server on a fresh PGlite
// database, signs in as a demo adviser, and measures the API under concurrent load on loopback.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { signIn } from '../server/src/identity/test-sign-in.ts';

const port = Number(process.env.BENCH_PORT ?? 18080);
const dataDir = mkdtempSync(join(tmpdir(), 'patrimonio-bench-'));
const config = loadConfig({ ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' });
const db = await openDatabase(config);
const app = await buildApp({ config, db, logger: false });
await app.listen({ port, host: '127.0.0.1' });
const url = `http://localhost:${port}`;

const signInStarted = performance.now();
const { accessToken } = await signIn(url, 'pro', 'patrimonio');
console.log(`sign-in (code flow with PKCE, scrypt): ${(performance.now() - signInStarted).toFixed(0)} ms`);

async function measure(title: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: `${url}${path}`, connections: 20, duration: 5, headers });
  const ok = result['2xx'];
  console.log(
    `${title.padEnd(44)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  2xx ${ok}  non-2xx ${result.non2xx}`,
  );
}

const auth = { authorization: `Bearer ${accessToken}` };
await measure('GET /api/v1/live/version (no auth)', '/api/v1/live/version');
await measure('GET /api/v1/user/me (JWT check + query)', '/api/v1/user/me', auth);
await measure('GET /api/v1/user/client/{id} (access rule)', '/api/v1/user/client/1', auth);

await app.close();
rmSync(dataDir, { recursive: true, force: true });
