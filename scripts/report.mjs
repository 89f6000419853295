#!/usr/bin/env node
// npm run report -- (--client ID | --family ID) --type synthetic|analytic|custom --out file.pdf [...]: the wealth
// report PDF without a browser window (mf-report/src/cli/report.ts; --help lists the options). Runs the TypeScript
// sources under tsx with the hooks that apply the Lingui macros (mf-report/src/cli/register-hooks.ts), once the
// compiled catalogs the report's text comes from exist.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const catalogs = ['it', 'en'].map((locale) => join(root, 'shared-ui', 'src', 'locales', locale, 'messages.ts'));

if (!catalogs.every((file) => existsSync(file))) {
  const compiled = spawnSync('npm', ['run', '--silent', 'i18n:compile'], { cwd: root, stdio: 'inherit' });
  if (compiled.status !== 0) {
    process.stderr.write('report: compiling the translation catalogs (npm run i18n:compile) failed\n');
    process.exit(1);
  }
}

const command = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--import',
    './mf-report/src/cli/register-hooks.ts',
    'mf-report/src/cli/report.ts',
    ...process.argv.slice(2),
  ],
  // Relative --out paths start where npm was run (INIT_CWD), which report.ts reads.
  { cwd: root, stdio: 'inherit', env: { INIT_CWD: process.cwd(), ...process.env } },
);
if (command.error) {
  process.stderr.write(`report: ${command.error.message}\n`);
  process.exit(1);
}
process.exit(command.status ?? 1);
