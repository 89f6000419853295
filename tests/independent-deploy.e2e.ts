// Each app can be rebuilt and redeployed alone: rebuilding mf-overview changes only its own files and its own
// line of the import map, which the running server serves at once without a restart.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningServer, repoRoot, startServer } from './support/server.ts';

const APPS = [
  'shared-ui',
  'root-config',
  'mf-overview',
  'mf-financial',
  'mf-realestate',
  'mf-middleoffice',
  'mf-planning',
  'mf-admin',
  'mf-report',
];

function fingerprint(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(repoRoot, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  for (const app of APPS) walk(join(repoRoot, app, 'dist'));
  return files;
}
const importMap = () =>
  JSON.parse(readFileSync(join(repoRoot, 'dist', 'importmap.json'), 'utf8')).imports as Record<string, string>;
const build = (env: Record<string, string>) =>
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), 'mf-overview'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  // Put the regular build back (builds are deterministic, so the original hashes return).
  build({ BUILD_ID: '' });
  await server?.stop();
});

test('rebuilding one app leaves the other apps and the other import-map lines unchanged', async () => {
  const filesBefore = fingerprint();
  const mapBefore = importMap();

  build({ BUILD_ID: 'redeploy-probe' });

  const filesAfter = fingerprint();
  const mapAfter = importMap();
  const changedApps = new Set<string>();
  for (const path of new Set([...filesBefore.keys(), ...filesAfter.keys()])) {
    if (filesBefore.get(path) !== filesAfter.get(path)) changedApps.add(path.split('/')[0]!);
  }
  expect([...changedApps]).toEqual(['mf-overview']);
  const changedLines = Object.keys({ ...mapBefore, ...mapAfter }).filter((k) => mapBefore[k] !== mapAfter[k]);
  expect(changedLines).toEqual(['@patrimonio/mf-overview']);

  // The server reads the map per request: the new entry is live, and its file is served.
  const served = (await (await fetch(`${server.url}/importmap.json`)).json()) as { imports: Record<string, string> };
  expect(served.imports['@patrimonio/mf-overview']).toBe(mapAfter['@patrimonio/mf-overview']);
  const html = await (await fetch(`${server.url}/clients`)).text();
  expect(html).toContain(mapAfter['@patrimonio/mf-overview']);
  const js = await fetch(`${server.url}${mapAfter['@patrimonio/mf-overview']}`);
  expect(js.status).toBe(200);
  expect(await js.text()).toContain('/*! mf-overview build redeploy-probe */');
});
