// @web/test-runner: components and custom elements in Debian's Chromium, against the built shared-ui (the
// exact files the portal ships). Bare imports of the shared libraries resolve to the built ES modules of the
// import map, since React is CommonJS and cannot be served to the browser as it is (STACK.md pitfall 4).
import { readFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';

const manifest = JSON.parse(readFileSync(new URL('./shared-ui/dist/manifest.json', import.meta.url), 'utf8'));
// '/shared-ui/react.abc.js' in the portal is './shared-ui/dist/react.abc.js' from the repository root.
const shared = Object.fromEntries(
  Object.entries(manifest.imports).map(([specifier, url]) => [
    specifier,
    url.replace('/shared-ui/', '/shared-ui/dist/'),
  ]),
);

export default {
  rootDir: '.',
  files: [
    'shared-ui/src/**/*.browser-test.{ts,tsx}',
    // Charts and widgets (issue 5; also matched above, listed so they can be picked with --files).
    'shared-ui/src/charts/*.browser-test.tsx',
    'shared-ui/src/widgets/*.browser-test.tsx',
    // Form controls and the guided tour (issue 5; also matched above).
    'shared-ui/src/forms/*.browser-test.tsx',
    'shared-ui/src/tour/*.browser-test.tsx',
    // The report dialogs (issue 7), against the built mf-report bundle.
    'mf-report/src/ui/*.browser-test.tsx',
    // The middle office's pages (issue 16), against the built mf-middleoffice bundle.
    'mf-middleoffice/src/**/*.browser-test.tsx',
    // The file exchange's admin pages (issue 17), against the built mf-admin bundle.
    'mf-admin/src/**/*.browser-test.tsx',
    // Planning's pages (issue 18), against the built mf-planning bundle.
    'mf-planning/src/**/*.browser-test.tsx',
    // The position page's goals panel (issue 18), against the built mf-financial bundle.
    'mf-financial/src/position/*.browser-test.tsx',
    // Delegates, support and documents (issue 19), against the built mf-overview bundle.
    'mf-overview/src/**/*.browser-test.tsx',
  ],
  nodeResolve: false,
  concurrency: 1,
  testsFinishTimeout: 120_000,
  testFramework: { config: { timeout: 10_000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
      },
    }),
  ],
  plugins: [
    esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.base.json' }),
    {
      name: 'patrimonio-import-map',
      resolveImport({ source }) {
        if (shared[source]) return shared[source];
        if (source === '@esm-bundle/chai') return '/node_modules/@esm-bundle/chai/esm/chai.js';
        // axe-core is a UMD script: imported for its effect, it sets window.axe (the widgets' accessibility checks).
        if (source === 'axe-core') return '/node_modules/axe-core/axe.js';
        if (source === '@web/test-runner-commands')
          return '/node_modules/@web/test-runner-commands/browser/commands.mjs';
        return undefined;
      },
    },
  ],
};
