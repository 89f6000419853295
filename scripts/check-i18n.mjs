#!/usr/bin/env node
// Every visible string is in the catalogs: extraction must not change the committed .po files, and the
// compile is strict (every message translated in Italian and English).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(root, 'shared-ui', 'src', 'locales');
const catalogs = readdirSync(localesDir).map((l) => join(localesDir, l, 'messages.po'));
// Line references move with every edit; compare messages, not the reference comments.
const messagesOf = (text) => text.replace(/^#:.*\n/gm, '').replace(/^"POT-Creation-Date:.*\n/gm, '');
const before = new Map(catalogs.map((f) => [f, readFileSync(f, 'utf8')]));
const lingui = join(root, 'node_modules', '.bin', 'lingui');
execFileSync(lingui, ['extract', '--clean'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const stale = catalogs.filter((f) => messagesOf(readFileSync(f, 'utf8')) !== messagesOf(before.get(f)));
for (const [f, text] of before) writeFileSync(f, text);
if (stale.length) {
  console.error(`Catalogs out of date: ${stale.join(', ')}. Run "npm run i18n:extract", translate, commit.`);
  process.exit(1);
}
execFileSync(lingui, ['compile', '--strict', '--typescript'], { cwd: root, stdio: 'inherit' });
execFileSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/widgets-i18n.ts'], { cwd: root, stdio: 'inherit' });
