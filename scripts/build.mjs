#!/usr/bin/env node
// npm run build [-- app ...]: compiles the i18n catalogs, builds the front-end packages with rspack (all, or
// the ones named) and composes dist/importmap.json from every package's manifest; the whole build also builds
// the Storybook catalogue. Rebuilding one app changes only its own files and its own line of the import map.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = [
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
// The widgets for advisers' own sites: self-contained files in widgets/dist, outside the import map.
const builds = [...packages, 'widgets'];
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of only)
  if (!builds.includes(name)) throw new Error(`unknown package ${name}; one of ${builds.join(', ')}`);

const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) =>
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

run(bin('lingui'), ['compile', '--strict', '--typescript']);
// The widgets' own catalogues (only their messages), from the compiled portal catalogues' sources.
run(bin('tsx'), ['scripts/widgets-i18n.ts']);
// The widgets' Custom Elements Manifest (shared-ui/custom-elements.json), which the Storybook docs pages read.
if (!only.length || only.includes('widgets')) run('npm', ['run', '--silent', 'widgets:manifest']);
run(bin('rspack'), ['build'], {
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  ...(only.length ? { BUILD_ONLY: only.join(',') } : {}),
});

export function composeImportMap() {
  const imports = {};
  for (const name of packages) {
    const manifest = join(root, name, 'dist', 'manifest.json');
    if (!existsSync(manifest)) throw new Error(`${name} has not been built (${manifest} missing)`);
    Object.assign(imports, JSON.parse(readFileSync(manifest, 'utf8')).imports);
  }
  const out = join(root, 'dist', 'importmap.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ imports }, null, 2)}\n`);
  return out;
}

/**
 * Brotli and gzip copies of each text file of a package's dist, served by the server in place of the original to
 * browsers that accept them (@fastify/static preCompressed): the portal downloads about a quarter of the bytes.
 */
function precompress(dir) {
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const path = join(dir, String(entry));
    if (!/\.(js|mjs|css|html|svg|json|map)$/.test(path) || statSync(path).size < 1024) continue;
    const body = readFileSync(path);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    files++;
  }
  return files;
}
// A development build is served as it is: its large unminified files would take minutes to compress at these levels.
if (process.env.NODE_ENV === 'development') console.log('development build: not precompressed');
else {
  let compressed = 0;
  for (const name of only.length ? only : builds) compressed += precompress(join(root, name, 'dist'));
  console.log(`precompressed ${compressed} files (br, gz)`);
}

if (!only.length || only.some((name) => packages.includes(name))) console.log(`import map: ${composeImportMap()}`);

// The whole build also makes the component catalogue (Storybook, both languages) as static files; rebuilding
// named packages alone skips it.
if (!only.length) {
  run(bin('storybook'), ['build', '-o', 'storybook-static', '--quiet', '--disable-telemetry']);
  console.log(`component catalogue: ${join(root, 'storybook-static')}`);
}
