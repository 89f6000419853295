import { transformAsync } from '@babel/core';
import { defineConfig, type Plugin } from 'vitest/config';

/** Lingui macros in tests, as @lingui/swc-plugin does in the rspack build (same message ids). */
function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id) || id.includes('node_modules') || !code.includes('/macro')) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

// Three projects: unit (everything, server tests on PGlite), server (the server tests again on the PostgreSQL
// server of TEST_DATABASE_URL) and e2e (Chromium journeys against the built portal and the real server).
export default defineConfig({
  plugins: [linguiMacros()],
  test: {
    // One test file per core, not vitest's default of one less: the files wait on PostgreSQL, the job queue, the
    // browser and the servers they start much of the time, and on a 2-core machine one file at a time left a core
    // idle (PostgreSQL pass 436 s with one worker, 260 s with two; PGlite pass 545 s and 385 s; issue 21, CI time).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{engine,server,shared-api,shared-ui,root-config,mf-*}/src/**/*.test.ts'],
          env: { TEST_DATABASE_URL: '' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.ts'],
          // axe-core on every page the journeys visit: a serious or critical violation fails the test (issue 22).
          setupFiles: ['tests/support/axe-setup.ts'],
          // One journey at a time: two at once (one per core) took the pass from 700 to 440 s, but the session
          // journey's ordered sign-out and sign-in across two tabs then timed out once in three runs.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
