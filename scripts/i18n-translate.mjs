#!/usr/bin/env node
// Fills English translations: `node scripts/i18n-translate.mjs translations.json` where the JSON maps Italian
// source messages (the msgid) to English. Only empty msgstr entries of the English catalog are filled; a msgid
// not in the catalog is reported. Run after `npm run i18n:extract`, under the same lock when several people edit:
//   flock /tmp/patrimonio-i18n.lock sh -c 'npm run i18n:extract && node scripts/i18n-translate.mjs my.json'
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const file = join(root, 'shared-ui', 'src', 'locales', 'en', 'messages.po');
const translations = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const po = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
let text = readFileSync(file, 'utf8');
const missing = [];
let filled = 0;
for (const [source, english] of Object.entries(translations)) {
  const entry = `msgid ${po(source)}\nmsgstr ""\n`;
  if (text.includes(entry)) {
    text = text.replace(entry, `msgid ${po(source)}\nmsgstr ${po(english)}\n`);
    filled++;
  } else if (!text.includes(`msgid ${po(source)}\n`)) missing.push(source);
}
writeFileSync(file, text);
console.log(
  `${filled} filled${missing.length ? `; not in the catalog: ${missing.map((m) => JSON.stringify(m)).join(', ')}` : ''}`,
);
