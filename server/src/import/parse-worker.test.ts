// The parse worker runs in worker threads that may have no TypeScript loader (Node strips the types itself): its
// files must hold only erasable TypeScript (no parameter properties, enums or namespaces), or every upload fails.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

test.each([
  ['the table reader', './parse-worker.ts'],
  ['the svg sanitiser', '../report/svg.ts'],
])('%s loads under plain Node, without a loader', (_label, file) => {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(path)}); console.log(Object.keys(m).join())`,
    ],
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  expect(out.trim()).toMatch(/default|cleanSvg/);
});

// `npm start` runs the server under the tsx loader, which the workers inherit: there the logo's sanitiser, imported
// on demand, got a second copy of refusal.ts, its refusal was not recognised and a renamed executable answered 500.
test('under the tsx loader of npm start, the pool answers a refused logo and a refused table with their codes', () => {
  const pool = fileURLToPath(new URL('./parse-pool.ts', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'patrimonio-pool-'));
  const script = join(dir, 'pool.mts');
  writeFileSync(
    script,
    `const { ParsePool } = await import(${JSON.stringify(pool)});
const log = { error() {}, warn() {}, info() {}, debug() {} };
const settings = { maxUncompressedBytes: 1e8, maxRows: 1000, parseTimeoutMs: 30000, workers: 1, queue: 1, workerMemoryMb: 256 };
const pools = new ParsePool(settings, log);
const answers = [];
for (const read of [
  () => pools.svg(new TextEncoder().encode('MZ not an image')),
  () => pools.table(new TextEncoder().encode('foo;bar\\n1;2\\n'), ['date', 'amount'], ['amount']),
]) {
  try { await read(); answers.push('read'); } catch (err) { answers.push([err.statusCode ?? null, err.code ?? null]); }
}
await pools.close();
console.log(JSON.stringify(answers));
`,
  );
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 60_000,
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '')).toEqual([
      [400, 'bad_file_generic'],
      [400, 'missing_columns'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
