#!/usr/bin/env node
// Run after `npm install` changes package-lock.json. The registry these machines reach serves only the
// platform packages of Linux with glibc, so npm leaves the other platforms' optional binaries (biome, rspack,
// esbuild, …) out of the lockfile, and `npm ci` then stops with "Missing: … from lock file". This adds each
// missing optional dependency as a bare entry (version, optional): `npm ci` skips it where it does not
// apply or cannot be fetched, and installs it from the registry by name and version where it does.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/;

/** Where node would find `name` from the package at `from` (its own node_modules, then its parents'). */
function resolves(from, name) {
  for (let dir = from; ; ) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i < 0 ? '' : dir.slice(0, i);
  }
}

let added = 0;
for (const [path, entry] of Object.entries({ ...packages })) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    if (!exact.test(spec)) {
      console.warn(`skipped ${name}@${spec} (optional dependency of ${path || 'the root'}): not an exact version`);
      continue;
    }
    // Top level unless another version already sits there; then beside the package that wants it.
    const top = `node_modules/${name}`;
    const at = packages[top] ? `${path}/node_modules/${name}` : top;
    packages[at] = { version: spec, ...(entry.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
