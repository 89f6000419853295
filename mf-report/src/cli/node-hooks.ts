// Module-customization hooks for running the report's TypeScript sources in plain Node (the `npm run report`
// command), registered after tsx (register-hooks.ts): what rspack and vitest do at build time, done at load time.
// - Lingui macros: tsx does not run Babel, so files importing a Lingui macro get @lingui/babel-plugin-lingui-macro
//   (the same plugin and message ids as vitest.config.ts and the rspack build), on tsx's JavaScript output or, where
//   tsx's own hooks run after these (Node 26), on the TypeScript source.
// - Assets, as rspack.config.ts loads them: .css as its text (asset/source), images and fonts as their URL
//   (asset/resource), here the file: URL.
import { readFileSync } from 'node:fs';
import type { LoadHookSync } from 'node:module';
import { transformSync } from '@babel/core';

const SOURCE_ASSET = /\.css$/;
const RESOURCE_ASSET = /\.(svg|png|jpe?g|woff2?|ttf)$/;
const MACRO_IMPORT = /from\s*["']@lingui\/(core|react)\/macro["']/;

const text = (source: string | ArrayBuffer | ArrayBufferView | undefined | null): string =>
  source == null
    ? ''
    : typeof source === 'string'
      ? source
      : new TextDecoder().decode(source instanceof ArrayBuffer ? source : (source as ArrayBufferView));

/** Synchronous, for module.registerHooks (register-hooks.ts), in the thread that loads the modules. */
export const load: LoadHookSync = (url, context, nextLoad) => {
  const path = url.split('?')[0] ?? url;
  if (SOURCE_ASSET.test(path)) {
    const css = readFileSync(new URL(path), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(css)};`, shortCircuit: true };
  }
  if (RESOURCE_ASSET.test(path)) {
    return { format: 'module', source: `export default ${JSON.stringify(path)};`, shortCircuit: true };
  }
  const result = nextLoad(url, context);
  if (result.format !== 'module' || !url.startsWith('file:') || url.includes('/node_modules/')) return result;
  const code = text(result.source);
  if (!MACRO_IMPORT.test(code)) return result;
  const transformed = transformSync(code, {
    filename: new URL(path).pathname,
    babelrc: false,
    configFile: false,
    sourceMaps: 'inline',
    // TypeScript syntax too: where tsx hooks in synchronously (module.registerHooks, as it does on Node 26) it
    // transforms after this hook, which then sees the source itself; the types are left for tsx to strip.
    parserOpts: { plugins: /\.[cm]?[jt]sx$/.test(path) ? ['typescript', 'jsx'] : ['typescript'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  });
  return { ...result, source: transformed?.code ?? code };
};
