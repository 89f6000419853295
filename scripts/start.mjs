#!/usr/bin/env node
// npm start: builds the portal (skip with SKIP_BUILD=1 when dist/ is current) and starts the server on the
// embedded defaults: PGlite in ./data with demo data, the embedded sign-in, http://localhost:8080.
import { execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from './server-memory.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.SKIP_BUILD !== '1')
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });

// With the server's memory settings (scripts/server-memory.mjs).
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  env: serverEnv(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
