// npm run bench: figures to compare run to run (not pass/fail). Starts the real server on a fresh PGlite
// database (or PostgreSQL, below) with the demo data, says which, signs in as the demo adviser and measures the
// API under 20 concurrent clients on loopback: requests per second and latency percentiles (p50, p95, p99); then, on
// PostgreSQL, the load run (scripts/bench-load.ts: 200 signed-in sessions for 60 s on the lists and the analytics,
// with its targets); then the analytics benchmark (scripts/bench-analytics.ts: 20,000 movements over 10 years, targets
// with OK or OVER), the portal (scripts/bench-portal.ts), the widgets' file sizes (scripts/bench-widgets.ts: the
// donut's target, MET or NOT MET) and the analytic report (scripts/bench-report.ts), both in headless Chromium;
// last, 10,000 bad requests over every write route (scripts/bench-bad-input.ts: 5xx and rows changed, target 0).
// Right after the 50,000-row import, the large imports (scripts/bench-imports.ts: targets with MET or NOT MET).
//
// DATABASE_URL=postgres://... runs it on PostgreSQL instead. The database must be fresh (empty: the server
// migrates it and seeds the demo data; the bench adds its rows and does not remove them), and providing one is the
// caller's job, e.g. `createdb patrimonio_bench && DATABASE_URL=postgres://user:pass@localhost/patrimonio_bench npm
// run bench`, then `dropdb patrimonio_bench`. BENCH_SECONDS (default 5) sets each concurrent measure's length,
// BENCH_PORT (18080) the port, BENCH_ANALYTICS_N (20) the sequential requests and runs of the analytics part,
// BENCH_BAD_INPUT_CASES (10000) the bad requests of the last part; the load run has its own variables (LOAD_SESSIONS,
// LOAD_SECONDS, ...: the top of scripts/bench-load.ts). BENCH_ONLY=load runs the import and the load run alone.
import { benchAnalytics } from './bench-analytics.ts';
import { benchBadInput } from './bench-bad-input.ts';
import { benchImports } from './bench-imports.ts';
import { benchLoad } from './bench-load.ts';
import { benchPortal } from './bench-portal.ts';
import { benchReport } from './bench-report.ts';
import { startBenchServer } from './bench-server.ts';
import { benchWidgets, fromServer } from './bench-widgets.ts';

const CONCURRENCY = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;

const port = Number(process.env.BENCH_PORT ?? 18080);
// PGlite in a temporary folder unless DATABASE_URL is given (then that database, see the top of the file).
const server = await startBenchServer('bench', port);
const { app, db, url } = server;
console.log(`database: ${server.described}`);
console.log(`start with migrations and demo seed: ${server.startMs.toFixed(0)} ms`);

const signInStarted = performance.now();
const auth = await server.signInPro();
console.log(`sign-in (code flow with PKCE, scrypt): ${(performance.now() - signInStarted).toFixed(0)} ms`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** CONCURRENCY workers repeat the request for DURATION_MS; every latency is kept for the percentiles. */
async function measure(title: string, request: () => Promise<Response>) {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await request();
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / (DURATION_MS / 1000);
  console.log(
    `${title.padEnd(52)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  failed ${failures}`,
  );
}

const onlyLoad = process.env.BENCH_ONLY === 'load';
if (!onlyLoad) {
  await measure('GET /api/v1/live/version (no auth)', () => fetch(`${url}/api/v1/live/version`));
  await measure('GET /api/v1/user/me (JWT check + query)', () => fetch(`${url}/api/v1/user/me`, { headers: auth }));
  await measure('GET /api/v1/user/client (page of 10)', () => fetch(`${url}/api/v1/user/client`, { headers: auth }));

  const { rows } = await db.query<{ id: number }>(
    `select p.id from portfolios p join clients c on c.id = p.client_id join users u on u.id = c.created_by
      where u.login = 'pro' and not p.testing order by p.id limit 1`,
  );
  if (rows[0]) {
    const body = JSON.stringify({});
    await measure(`POST /api/v1/movement/list (portfolio ${rows[0].id}, 50 rows)`, () =>
      fetch(`${url}/api/v1/movement/list?ptfId=${rows[0]!.id}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      }),
    );
  } else {
    console.log('POST /api/v1/movement/list: no demo portfolio to list');
  }
}

// Import of a 50,000-row movement file into a demo cash account of pro's (target: under 10 s).
const { rows: cash } = await db.query<{ id: number }>(
  `select a.id from accounts a join clients c on c.id = a.client_id join users u on u.id = c.created_by
    where u.login = 'pro' and a.account_type = 'CONTO_CORRENTE' and not a.testing order by a.id limit 1`,
);
if (cash[0]) {
  const causes = ['DEPOSIT', 'WITHDRAWAL', 'INTEREST', 'FEE'];
  const lines = ['date;cause;subcause;isin;quantity;price;amount;currency;description'];
  for (let i = 0; i < 50_000; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + (i % 1800) * 86_400_000).toISOString().slice(0, 10);
    const cause = causes[i % causes.length]!;
    lines.push(
      // A ';' file writes the decimal comma (docs/import/README.md, "Numbers").
      `${day};${cause};${cause === 'FEE' ? 'CONTO_CORRENTE' : ''};;;;${String((1 + (i % 997)) / 4).replace('.', ',')};EUR;bench row ${i}`,
    );
  }
  const form = new FormData();
  form.append('accountId', String(cash[0].id));
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bench-50000.csv');
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/movement/upload`, { method: 'POST', headers: auth, body: form });
  const rejected = (await res.json()) as unknown[];
  console.log(
    `POST /api/v1/movement/upload, 50,000 CSV rows: ${((performance.now() - t0) / 1000).toFixed(2)} s (status ${res.status}, rejected rows ${Array.isArray(rejected) ? rejected.length : '?'})`,
  );
}

// The large imports (scripts/bench-imports.ts: 219,240 prices, 100,000 movements, a bad header, a 120,000-row XLSX,
// each against its target), onto a client of their own: the demo portfolios of the load run stay as they were.
if (!onlyLoad) await benchImports({ app, db, url, auth });

// The load run, after the import: one of pro's portfolios now holds 50,000 movements, so some of its analytics calls
// are heavy, as a few always are.
console.log('');
await benchLoad({ app, url });
if (onlyLoad) {
  await server.close();
  process.exit(0);
}

console.log('');
await benchAnalytics({ app, db, url, auth });

// The portal in headless Chromium (scripts/bench-portal.ts: JS before the overview is interactive, time to it).
console.log('');
await benchPortal({ url });

// The widgets' self-contained files (scripts/bench-widgets.ts: gzip size of each, the donut's target).
console.log('');
await benchWidgets(fromServer(url));

// The analytic report of the largest demo client in headless Chromium (scripts/bench-report.ts: time, size).
console.log('');
await benchReport({ url });

// Bad input (scripts/bench-bad-input.ts): every answer 4xx, no row changed.
console.log('');
await benchBadInput({ app, db, url });

await server.close();
