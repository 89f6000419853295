// Rsbuild config for Storybook only: compiles shared-ui the way rspack.config.ts compiles the apps.
import { readFileSync } from 'node:fs';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

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
          plugins: [['@lingui/swc-plugin', { useLinguiV5IdGeneration: true }]],
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
  },
});
