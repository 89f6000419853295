// Rsbuild config for Storybook only: compiles shared-ui the way rspack.config.ts compiles the apps.
import { readFileSync } from 'node:fs';
import { defineConfig, type Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const MOCKER_RUNTIME = 'mocker-runtime-injected.js';

/**
 * storybook-builder-rsbuild 3.6.0 emits mocker-runtime-injected.js only while iframe.html is generated, and a
 * dev rebuild (a story compiled on demand, an edit) reuses the page without it: the file then answers 404 and
 * a reloaded preview never starts (iframe.html imports it as a module). Keeps the file in every compilation.
 */
class KeepMockerRuntimePlugin {
  apply(compiler: Rspack.Compiler) {
    let kept: string | Buffer | null = null;
    compiler.hooks.thisCompilation.tap('KeepMockerRuntimePlugin', (compilation) => {
      const stage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT;
      compilation.hooks.processAssets.tap({ name: 'KeepMockerRuntimePlugin', stage }, () => {
        const asset = compilation.getAsset(MOCKER_RUNTIME);
        if (asset) kept = asset.source.source();
        else if (kept !== null) compilation.emitAsset(MOCKER_RUNTIME, new compiler.webpack.sources.RawSource(kept));
      });
    });
  }
}

export default defineConfig({
  plugins: [pluginReact()],
  source: {
    // The portal version label (Footer), as rspack's DefinePlugin sets it.
    define: { __PORTAL_VERSION__: JSON.stringify(rootPackage.version) },
  },
  output: {
    overrideBrowserslist: ['chrome >= 111', 'firefox >= 115', 'safari >= 16.4'],
  },
  tools: {
    // Lingui macros with the v5 message ids, or the compiled catalogs do not match and raw ids show.
    swc: {
      jsc: {
        experimental: {
          plugins: [['@lingui/swc-plugin', {}]],
        },
      },
    },
    // Our stylesheets are imported as strings (asset/source) and injected by injectStyles(); CSS from
    // node_modules keeps Rsbuild's CSS handling.
    bundlerChain: (chain, { CHAIN_ID }) => {
      chain.module
        .rule(CHAIN_ID.RULE.CSS)
        .oneOf('css-source')
        .before(CHAIN_ID.ONE_OF.CSS_MAIN)
        .exclude.add(/[\\/]node_modules[\\/]/)
        .end()
        .type('asset/source');
    },
    rspack: (_config, { appendPlugins }) => {
      appendPlugins(new KeepMockerRuntimePlugin());
    },
  },
});
