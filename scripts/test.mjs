#!/usr/bin/env node
// npm test: every check, in order, stopping at the first failure:
// format + lint, i18n catalogs complete and current, typecheck, build, the development build, unit and server tests
// on PGlite,
// components in Chromium (@web/test-runner),
// server tests on PostgreSQL (when TEST_DATABASE_URL names a server, as .ci/run sets it), end-to-end
// journeys in Chromium against the built portal and the real server. Ends with "N passed, N failed".
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0 };
const reports = mkdtempSync(join(tmpdir(), 'patrimonio-test-'));

function step(title, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${title}`);
  try {
    execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  } catch {
    console.log(`\n${title}: FAILED`);
    totals.failed += 1;
    finish(1);
  }
  console.log(`=== ${title}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function vitest(title, args, env = {}) {
  const out = join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const started = Date.now();
  console.log(`\n=== ${title}`);
  let failed = false;
  try {
    execFileSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
  } catch {
    failed = true;
  }
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    if (r.numTotalTests === 0) failed = true;
  }
  if (failed) {
    console.log(`\n${title}: FAILED`);
    if (totals.failed === 0) totals.failed = 1;
    finish(1);
  }
  console.log(`=== ${title}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** @web/test-runner prints its own "N passed, N failed" line: that count joins the totals. */
function webTestRunner(title) {
  const started = Date.now();
  console.log(`\n=== ${title}`);
  let output = '';
  let failed = false;
  try {
    output = execFileSync(bin('web-test-runner'), [], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
  } catch (err) {
    output = `${err.stdout ?? ''}${err.stderr ?? ''}`;
    failed = true;
  }
  process.stdout.write(output);
  const counts = [...output.matchAll(/(\d+) passed, (\d+) failed/g)].pop();
  const passed = Number(counts?.[1] ?? 0);
  totals.passed += passed;
  totals.failed += Number(counts?.[2] ?? 0);
  if (failed || passed === 0) {
    console.log(`\n${title}: FAILED`);
    if (totals.failed === 0) totals.failed = 1;
    finish(1);
  }
  console.log(`=== ${title}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function finish(code) {
  rmSync(reports, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code || (totals.failed > 0 ? 1 : 0));
}

step('format and lint (biome)', bin('biome'), ['ci', '--colors=off', '.']);
step('i18n catalogs current and complete', process.execPath, [join(root, 'scripts', 'check-i18n.mjs')]);
step('typecheck (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
step('build (the front-end packages and the Storybook catalogue)', process.execPath, [
  join(root, 'scripts', 'build.mjs'),
]);
// The development build (NODE_ENV=development, the README's default for npm start) once, into a folder of its own:
// unminified, so it is quick, and it keeps the production files above for the tests below.
step('development build (rspack, NODE_ENV=development)', bin('rspack'), ['build'], {
  NODE_ENV: 'development',
  BUILD_OUT_DIR: join(reports, 'development-build'),
});
vitest('unit and server tests (PGlite)', ['--project', 'unit']);
webTestRunner('components in Chromium (@web/test-runner)');
if (process.env.TEST_DATABASE_URL) {
  vitest('server tests (PostgreSQL)', ['--project', 'server'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  console.log('\n=== server tests (PostgreSQL): not run here, TEST_DATABASE_URL is unset (.ci/run sets it)');
}
vitest('end-to-end (Chromium)', ['--project', 'e2e']);
finish(0);
