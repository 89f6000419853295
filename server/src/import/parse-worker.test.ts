// The parse worker runs in worker threads that may have no TypeScript loader (Node strips the types itself): its
// files must hold only erasable TypeScript (no parameter properties, enums or namespaces), or every upload fails.
import { execFileSync } from 'node:child_process';
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
