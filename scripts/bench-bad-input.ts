// The bad-input part of `npm run bench` (issue 15, "Bad input"): 10,000 generated bad requests over every write route
// of the contract (server/src/testing/bad-input.ts: a valid example request with one value made bad: integers beyond
// their column, 1e308 and 1e999, Infinity and NaN as text, NUL characters, over-long strings, dates outside the date
// picker's years, wrong types, nested garbage), sent as the role allowed to call each route. Printed: the cases sent,
// the statuses seen, the 5xx answers (target 0) and the tables whose rows changed (target 0), with OK or OVER, and
// the first 5xx and accepted requests when there are any. Figures to compare run to run; nothing here fails the run.
// (Every CI run sends a few cases per route: server/src/routes/bad-input.test.ts.)
//
// BENCH_BAD_INPUT_CASES (default 10000) sets the cases, BENCH_BAD_INPUT_SEED the seed (default: from the clock,
// printed). Run alone with `npx tsx scripts/bench-bad-input.ts` (it starts its own server on an in-memory PGlite
// with the demo data).
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../server/src/db/database.ts';
import { signIn } from '../server/src/identity/test-sign-in.ts';
import { runBadInput } from '../server/src/testing/bad-input.ts';

const CASES = Math.max(1, Number(process.env.BENCH_BAD_INPUT_CASES ?? 10_000));

export async function benchBadInput({ app, db, url }: { app: FastifyInstance; db: Queryable; url: string }) {
  const seed = Number(process.env.BENCH_BAD_INPUT_SEED ?? Date.now() % 2 ** 31);
  const tokens = {
    admin: (await signIn(url, 'admin', 'patrimonio')).accessToken,
    pro: (await signIn(url, 'pro', 'patrimonio')).accessToken,
  };
  const t0 = performance.now();
  const run = await runBadInput({ app, db, tokens, cases: CASES, seed });
  const seconds = (performance.now() - t0) / 1000;
  const verdict = (n: number) => (n === 0 ? 'OK' : 'OVER');
  const statuses = Object.entries(run.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  console.log(`bad input (seed ${seed}): ${run.sent} cases over the write routes in ${seconds.toFixed(1)} s`);
  console.log(`  statuses seen: ${statuses}`);
  console.log(`  5xx answers: ${run.serverErrorCount} (target 0) ${verdict(run.serverErrorCount)}`);
  console.log(
    `  tables with rows changed: ${run.changed.length}${run.changed.length ? ` (${run.changed.join(', ')})` : ''} (target 0) ${verdict(run.changed.length)}`,
  );
  console.log(`  bad values accepted (2xx): ${run.acceptedCount} (target 0) ${verdict(run.acceptedCount)}`);
  for (const { request, status, body } of run.serverErrors) {
    console.log(`  ${status} ${request.method} ${request.url} with ${request.fault}: ${body.slice(0, 200)}`);
  }
  for (const { request, status } of run.accepted) {
    console.log(`  ${status} (accepted) ${request.method} ${request.url} with ${request.fault}`);
  }
}

// Alone: a server of its own on an in-memory PGlite with the demo data.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { buildApp } = await import('../server/src/app.ts');
  const { loadConfig } = await import('../server/src/config.ts');
  const { openDatabase } = await import('../server/src/db/database.ts');
  const port = Number(process.env.BENCH_PORT ?? 18081);
  const config = loadConfig({ ...process.env, PORT: String(port), DATA_DIR: 'memory://', NODE_ENV: 'test' });
  const db = await openDatabase(config);
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  try {
    await benchBadInput({ app, db, url: `http://localhost:${port}` });
  } finally {
    await app.close();
  }
}
