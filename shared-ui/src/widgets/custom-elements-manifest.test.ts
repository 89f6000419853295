// shared-ui/custom-elements.json is generated (npm run widgets:manifest) and committed: this check regenerates it in
// memory from the element files and fails when the committed copy is out of date.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = new URL('../../', import.meta.url).pathname;

type Analyze = (options: { argv: string[]; cwd: string; noWrite: boolean }) => Promise<unknown>;

describe('custom-elements.json', () => {
  it('is up to date with the element files (else run npm run widgets:manifest)', async () => {
    // The analyzer's command line, called in process without writing (the module has no type declarations).
    const cliModule = '@custom-elements-manifest/analyzer/cli.js';
    const { cli } = (await import(/* @vite-ignore */ cliModule)) as { cli: Analyze };
    const generated = await cli({
      argv: ['analyze', '--config', '../custom-elements-manifest.config.mjs', '--quiet'],
      cwd: pkg,
      noWrite: true,
    });
    const committed: unknown = JSON.parse(readFileSync(join(pkg, 'custom-elements.json'), 'utf8'));
    expect(generated).toEqual(committed);
  });

  it('names every widget element defined by a define module, with its tag', () => {
    const manifest = JSON.parse(readFileSync(join(pkg, 'custom-elements.json'), 'utf8')) as {
      modules: { declarations?: { tagName?: string; customElement?: boolean }[] }[];
    };
    const tags = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement);
    expect(tags.map((d) => d.tagName)).toEqual(expect.arrayContaining(['pt-portfolio-donut', 'pt-fee-table']));
    for (const d of tags) expect(d.tagName).toMatch(/^pt-[a-z-]+$/);
  });
});
