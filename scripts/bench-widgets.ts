// The widgets part of `npm run bench` (issue 20): the size of each self-contained widget file (widgets/dist, built
// by npm run build, served under /widgets/), gzip -9 (node:zlib) of the body the server sends, with the target "the
// donut under 150 KB gzip with its chart library" (MET or NOT MET; nothing here fails the run), and what makes up each
// file: the modules bundled into it by npm package or shared-ui folder (widgets/dist/composition.json, written by the
// build from rspack's stats; bytes before minification, so shares are indicative: minification shrinks some
// packages more than others).
//
// Every file carries all it needs (React, React DOM, Lingui with the widgets' messages in both languages, the
// ApexCharts core and chart types it draws): nothing is left out of the figure. Run alone with `npx tsx scripts/bench-widgets.ts`: it then reads the files from widgets/dist.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const DONUT_TARGET_KB = 150;
const root = join(import.meta.dirname, '..', 'widgets', 'dist');

interface WidgetsManifest {
  files: Record<string, string>;
}
type Composition = Record<string, { part: string; bytes: number }[]>;

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** `read(name)`: a file of the widgets folder, from the server (its /widgets/ URL) or from the disk; null if absent. */
export async function benchWidgets(read: (name: string) => Promise<Uint8Array | null>): Promise<void> {
  console.log('widgets (self-contained files, /widgets/; gzip -9 of each file)');
  const manifestBody = await read('manifest.json');
  if (!manifestBody) {
    console.log('  not measured: widgets/dist not built (npm run build)');
    return;
  }
  const manifest = JSON.parse(new TextDecoder().decode(manifestBody)) as WidgetsManifest;
  const compositionPath = join(root, 'composition.json');
  const composition: Composition = existsSync(compositionPath) ? JSON.parse(readFileSync(compositionPath, 'utf8')) : {};
  for (const [kind, file] of Object.entries(manifest.files)) {
    const body = await read(file);
    if (!body) {
      console.log(`  ${kind.padEnd(18)} ${file}: missing`);
      continue;
    }
    const gzip = gzipSync(body, { level: 9 }).length;
    const target =
      kind === 'portfolio-donut'
        ? `   target < ${DONUT_TARGET_KB} KB gzip with its chart library  ${gzip < DONUT_TARGET_KB * KB ? 'MET' : 'NOT MET'}`
        : '';
    console.log(
      `  ${kind.padEnd(18)} ${kb(gzip).padStart(9)} gzip ${kb(body.length).padStart(10)} raw  ${file}${target}`,
    );
    const parts = composition[kind] ?? [];
    const total = parts.reduce((s, p) => s + p.bytes, 0);
    if (total) {
      const top = parts.slice(0, 6).map((p) => `${p.part} ${((100 * p.bytes) / total).toFixed(0)}%`);
      const rest = parts.slice(6).reduce((s, p) => s + p.bytes, 0);
      console.log(
        `  ${''.padEnd(18)} made of (source before minification, ${kb(total)}): ${top.join(', ')}${rest ? `, other ${((100 * rest) / total).toFixed(0)}%` : ''}`,
      );
    }
  }
}

/** The files as the server sends them (GET /widgets/...). */
export const fromServer =
  (url: string) =>
  async (name: string): Promise<Uint8Array | null> => {
    const res = await fetch(`${url}/widgets/${name}`);
    return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
  };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchWidgets(async (name) => (existsSync(join(root, name)) ? readFileSync(join(root, name)) : null));
}
