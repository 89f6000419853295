// Module-customization hooks for running the report's TypeScript sources in plain Node (the `npm run report`
// command), registered after tsx (register-hooks.ts): what rspack and vitest do at build time, done at load time.
// - Lingui macros: tsx does not run Babel, so files importing a Lingui macro get @lingui/babel-plugin-lingui-macro
//   on tsx's JavaScript output (the same plugin and message ids as vitest.config.ts and the rspack build).
// - Assets, as rspack.config.ts loads them: .css as its text (asset/source), images and fonts as their URL
//   (asset/resource), here the file: URL.
import { readFile } from 'node:fs/promises';
import type { LoadHook } from 'node:module';
import { transformAsync } from '@babel/core';

const SOURCE_ASSET = /\.css$/;
const RESOURCE_ASSET = /\.(svg|png|jpe?g|woff2?|ttf)$/;
const MACRO_IMPORT = /from\s*["']@lingui\/(core|react)\/macro["']/;

const text = (source: string | ArrayBuffer | ArrayBufferView | undefined | null): string =>
  source == null
    ? ''
    : typeof source === 'string'
      ? source
      : new TextDecoder().decode(source instanceof ArrayBuffer ? source : (source as ArrayBufferView));

export const load: LoadHook = async (url, context, nextLoad) => {
  const path = url.split('?')[0] ?? url;
  if (SOURCE_ASSET.test(path)) {
    const css = await readFile(new URL(path), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(css)};`, shortCircuit: true };
  }
  if (RESOURCE_ASSET.test(path)) {
    return { format: 'module', source: `export default ${JSON.stringify(path)};`, shortCircuit: true };
  }
  const result = await nextLoad(url, context);
  if (result.format !== 'module' || !url.startsWith('file:') || url.includes('/node_modules/')) return result;
  const code = text(result.source);
  if (!MACRO_IMPORT.test(code)) return result;
  const transformed = await transformAsync(code, {
    filename: new URL(path).pathname,
    babelrc: false,
    configFile: false,
    sourceMaps: 'inline',
    parserOpts: { plugins: ['jsx'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  });
  return { ...result, source: transformed?.code ?? code };
};
