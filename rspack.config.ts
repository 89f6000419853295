// One rspack config factory for every front-end package: ES module output, content-hashed files, shared
// libraries external (resolved by the browser through the import map), a manifest for the import map.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Compiler, type Configuration, type ExternalsType, HtmlRspackPlugin, rspack } from '@rspack/core';
import { WIDGET_KINDS } from './shared-api/src/contract/widget-schemas.ts';
import { routeTable } from './shared-api/src/route-table.ts';

const root = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Shared singletons: one copy in the page, loaded through the import map (STYLE.md, micro-frontends). */
export const SHARED_SPECIFIERS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'single-spa',
  '@lingui/core',
  '@lingui/react',
  '@patrimonio/shared-ui',
  '@patrimonio/shared-ui/contract',
] as const;

/**
 * Shared specifiers loaded only when first used, through import(): the contract's schemas with TypeBox
 * (shared-ui/src/contract.ts), which the forms need and the first screen does not (issue 21). A module importing one
 * is an async module: the lazy chunk that holds it (a page, a dialog) waits for it as it loads.
 */
const ON_DEMAND_SPECIFIERS = new Set<string>(['@patrimonio/shared-ui/contract']);

export const FRONTEND_APPS = [
  'root-config',
  'mf-overview',
  'mf-financial',
  'mf-realestate',
  'mf-middleoffice',
  'mf-planning',
  'mf-admin',
  'mf-report',
] as const;

const production = process.env.NODE_ENV !== 'development';

/** Writes dist/manifest.json: import-map specifier -> URL of the emitted, hashed file. */
class ImportMapManifestPlugin {
  constructor(
    private readonly name: string,
    private readonly specifiers: Record<string, string>,
  ) {}
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('ImportMapManifestPlugin', (compilation) => {
      const stats = compilation.getStats().toJson({ all: false, entrypoints: true, publicPath: true });
      const imports: Record<string, string> = {};
      for (const [specifier, entry] of Object.entries(this.specifiers)) {
        const assets = stats.entrypoints?.[entry]?.assets ?? [];
        const js = assets.map((a) => a.name).find((n) => n.endsWith('.js'));
        if (!js) throw new Error(`${this.name}: no JS asset for entry ${entry}`);
        imports[specifier] = `/${this.name}/${js}`;
      }
      const out = compiler.options.output.path!;
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ name: this.name, imports }, null, 2)}\n`);
    });
  }
}

/**
 * Writes widgets/dist/manifest.json for the self-contained widget files: `files` (widget kind, or `all`, -> the hashed
 * file name, read by the portal's snippet page and by sites that look the current file up) and `sizes` (bytes and
 * gzip bytes of each file, for the bench and the docs).
 */
class WidgetsManifestPlugin {
  constructor(private readonly entries: Record<string, string>) {}
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('WidgetsManifestPlugin', (compilation) => {
      const stats = compilation.getStats().toJson({ all: false, entrypoints: true });
      const out = compiler.options.output.path!;
      const files: Record<string, string> = {};
      const sizes: Record<string, { bytes: number; gzip: number }> = {};
      for (const [key, entry] of Object.entries(this.entries)) {
        const js = (stats.entrypoints?.[entry]?.assets ?? []).map((a) => a.name).filter((n) => n.endsWith('.js'));
        if (js.length !== 1)
          throw new Error(`widgets: entry ${entry} must be one file, got ${js.join(', ') || 'none'}`);
        const body = readFileSync(join(out, js[0]!));
        files[key] = js[0]!;
        sizes[key] = { bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
      }
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ files, sizes }, null, 2)}\n`);
      writeFileSync(join(out, 'composition.json'), `${JSON.stringify(this.composition(compilation), null, 2)}\n`);
    });
  }

  /**
   * What makes up each file (not served; npm run bench prints it): the bytes of the modules bundled into the entry,
   * as the loaders hand them to rspack (before minification), summed by npm package or shared-ui folder.
   */
  private composition(compilation: Parameters<Parameters<Compiler['hooks']['afterEmit']['tap']>[1]>[0]) {
    const stats = compilation.getStats().toJson({
      all: false,
      entrypoints: true,
      chunks: true,
      chunkModules: true,
      nestedModules: true,
      ids: true,
      // Every module, none folded into 'n more' or 'dependent modules' groups.
      chunkModulesSpace: Number.POSITIVE_INFINITY,
      nestedModulesSpace: Number.POSITIVE_INFINITY,
      dependentModules: true,
      orphanModules: true,
    });
    type StatsModule = { name?: string; size?: number; modules?: StatsModule[] };
    const partOf = (name: string) => {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name)?.[1];
      if (pkg) return pkg;
      const own = /(shared-ui\/src\/[^/]+)/.exec(name)?.[1];
      return own ?? '(rspack runtime)';
    };
    const result: Record<string, { part: string; bytes: number }[]> = {};
    for (const [key, entry] of Object.entries(this.entries)) {
      const chunkIds = new Set(stats.entrypoints?.[entry]?.chunks ?? []);
      const parts = new Map<string, number>();
      const add = (m: StatsModule) => {
        if (m.modules?.length) return m.modules.forEach(add);
        const name = m.name ?? '';
        parts.set(partOf(name), (parts.get(partOf(name)) ?? 0) + (m.size ?? 0));
      };
      for (const chunk of stats.chunks ?? []) {
        if (chunk.id !== undefined && chunkIds.has(chunk.id))
          (chunk.modules as StatsModule[] | undefined)?.forEach(add);
      }
      result[key] = [...parts].map(([part, bytes]) => ({ part, bytes })).sort((a, b) => b.bytes - a.bytes);
    }
    return result;
  }
}

function swcRule(selfContained = false): NonNullable<Configuration['module']>['rules'] {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          experimental: {
            plugins: [['@lingui/swc-plugin', {}]],
          },
        },
        env: { targets: 'chrome >= 111, firefox >= 115, safari >= 16.4' },
      },
      type: 'javascript/auto',
    },
    { test: /\.css$/, type: 'asset/source' },
    // A self-contained file runs on other sites' pages: its images and fonts travel inside it as data URLs.
    { test: /\.(svg|png|jpe?g|woff2?|ttf)$/, type: selfContained ? 'asset/inline' : 'asset/resource' },
  ];
}

const packageOf = (request: string) =>
  request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Shared specifiers stay imports for the browser to resolve, except inside the package itself (react-dom's
 * own files requiring react-dom) and in the vendor facade that re-exports it.
 */
function externalsFor(specifiers: readonly string[]) {
  const shared = new Set(specifiers);
  return (
    { request, contextInfo }: { request?: string; contextInfo?: { issuer: string } },
    callback: (err?: Error | null, result?: string, type?: ExternalsType) => void,
  ) => {
    if (!request || !shared.has(request)) return callback();
    const issuer = contextInfo?.issuer ?? '';
    const pkg = packageOf(request);
    const inOwnPackage = issuer.includes(`/node_modules/${pkg}/`);
    const ownFacade =
      issuer.includes('/patrimonio-vendor/') && (FACADES[issuer.split('/').pop() ?? ''] ?? []).includes(request);
    if (inOwnPackage || ownFacade) return callback();
    if (ON_DEMAND_SPECIFIERS.has(request)) return callback(null, request, 'import');
    return callback(null, request);
  };
}

/** Vendor facade file -> the modules it re-exports (bundled into it). */
const FACADES: Record<string, string[]> = {
  'react.js': ['react'],
  'react-jsx-runtime.js': ['react/jsx-runtime'],
  'react-dom.js': ['react-dom', 'react-dom/client'],
  'single-spa.js': ['single-spa'],
};

/**
 * shared-api/src/route-table.ts in the bundles: the table it reads from the contract, written out as data (method,
 * path, flags), so the API client does not bring every schema and TypeBox into shared-ui's main file. Same table, read
 * here from the same contract at build time.
 */
function routeTableModule(): string {
  // Only the table: nothing in the front end imports routeLine.
  const dir = join(root, 'node_modules', '.cache', 'patrimonio-vendor');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'route-table.js');
  writeFileSync(
    path,
    `// Written by rspack.config.ts from shared-api/src/route-table.ts.\n` +
      `export const routeTable = ${JSON.stringify(routeTable)};\n`,
  );
  return path;
}

/** Facades over ES modules re-export them as they are. */
const ESM_FACADES = new Set(['single-spa.js']);

interface PackageBuild {
  /** Folder and URL prefix, e.g. mf-overview. */
  name: string;
  /** Entry name -> source file. */
  entries: Record<string, string>;
  /** Import-map specifier -> entry name. */
  specifiers: Record<string, string>;
  /** Specifiers this build must not bundle. */
  externals: readonly string[];
  html?: boolean;
  /** Output folder relative to the repository (default: `<name>/dist`). */
  outDir?: string;
  /**
   * Self-contained files: each entry is one file with everything it imports (no externals, no chunks, the lazy
   * imports inlined), for pages that have no import map: the widgets on advisers' own sites.
   */
  selfContained?: boolean;
  /** The plugin that writes the folder's manifest.json (default: the import-map manifest of `specifiers`). */
  manifest?: { apply(compiler: Compiler): void };
}

export function createPackageConfig(pkg: PackageBuild): Configuration {
  const dir = join(root, pkg.name);
  // BUILD_OUT_DIR: a build somewhere else than the packages' dist folders (the test suite's development build), same
  // layout under it.
  const outDir = join(process.env.BUILD_OUT_DIR ?? root, pkg.outDir ?? join(pkg.name, 'dist'));
  const banner = `${pkg.name}${process.env.BUILD_ID ? ` build ${process.env.BUILD_ID}` : ''}`;
  return {
    name: pkg.name,
    context: dir,
    mode: production ? 'production' : 'development',
    // A self-contained file runs on other sites, where its map is not served (server/src/web.ts): the map is written
    // for our own debugging, but the file does not point to it (no 404 in the site's developer tools).
    devtool: production ? (pkg.selfContained ? 'hidden-source-map' : 'source-map') : 'cheap-module-source-map',
    target: 'web',
    entry: Object.fromEntries(Object.entries(pkg.entries).map(([k, v]) => [k, { import: v }])),
    output: {
      path: outDir,
      publicPath: `/${pkg.name}/`,
      filename: '[name].[contenthash:10].js',
      chunkFilename: 'chunks/[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      module: true,
      chunkFormat: 'module',
      chunkLoading: 'import',
      library: { type: 'module' },
      clean: true,
      // Self-contained: dynamic imports (the chart library) are part of the file, not chunks of their own.
      ...(pkg.selfContained ? { asyncChunks: false } : {}),
    },
    externalsType: 'module',
    externals: pkg.selfContained ? [] : [externalsFor(pkg.externals)],
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // The browser build of single-spa with production checks off. A development build leaves the key out: rspack
      // merges `resolve` into its per-dependency defaults (byDependency), which refuse an explicit undefined.
      ...(production ? { conditionNames: ['production', 'import', 'module', 'browser', 'default'] } : {}),
    },
    module: { rules: swcRule(pkg.selfContained) },
    optimization: {
      // One chunk per lazy import, except ApexCharts' core: each chart type's chunk (apexcharts-donut, -bar, -line,
      // -waterfall; shared-ui/src/charts/apex) needs it, so it is a chunk of its own (apexcharts) loaded once beside
      // them instead of a copy in each; likewise the bar type, which the waterfall draws with (it loads the
      // apexcharts-bar chunk too). A self-contained file has no chunks.
      splitChunks: pkg.selfContained
        ? false
        : {
            chunks: 'async',
            cacheGroups: {
              default: false,
              defaultVendors: false,
              apexcharts: {
                test: /[\\/]node_modules[\\/]apexcharts[\\/]dist[\\/]core\.esm\.js$/,
                name: 'apexcharts',
                chunks: 'async',
                enforce: true,
              },
              apexchartsBar: {
                test: /[\\/]node_modules[\\/]apexcharts[\\/]dist[\\/]bar\.esm\.js$/,
                name: 'apexcharts-bar',
                chunks: 'async',
                enforce: true,
              },
            },
          },
      runtimeChunk: false,
      minimize: production,
      // Keep the /*! banner */ (package and build id) in the minified files.
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin({
          extractComments: false,
          minimizerOptions: { format: { comments: 'some' } },
        }),
      ],
    },
    performance: { hints: false },
    plugins: [
      new rspack.NormalModuleReplacementPlugin(/(^|[\\/])route-table\.ts$/, routeTableModule()),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        __PORTAL_VERSION__: JSON.stringify(require(join(root, 'package.json')).version),
      }),
      new rspack.BannerPlugin({ banner, entryOnly: true }),
      // The chart library's chunks are wholly used as soon as they load: V8's explicit compile hint has Chromium
      // compile them eagerly on a background thread while they stream, instead of lazily on the main thread during the first
      // chart drawing (which was then a long task of 50-65 ms). Added after minification, which drops comments, and
      // before the source maps are written.
      new rspack.BannerPlugin({
        banner: '//# allFunctionsCalledOnLoad',
        raw: true,
        test: /apexcharts(-[a-z]+)?\.[0-9a-f]+\.js$/,
        stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      }),
      pkg.manifest ?? new ImportMapManifestPlugin(pkg.name, pkg.specifiers),
      // Anything that would still be split off (a worker, a lazy import asyncChunks missed) stays in the one file.
      ...(pkg.selfContained ? [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })] : []),
      // Static files (documents, icons) keep their names: they are linked from outside the bundles.
      ...(existsSync(join(dir, 'public'))
        ? [new rspack.CopyRspackPlugin({ patterns: [{ from: join(dir, 'public'), to: '.' }] })]
        : []),
      ...(pkg.html
        ? [
            new HtmlRspackPlugin({
              template: join(dir, 'src', 'index.html'),
              inject: false,
              minify: false,
            }),
          ]
        : []),
    ],
    stats: 'errors-warnings',
  };
}

/** A single-spa application or the root config: one ES module, shared libraries external. */
export function createAppConfig(name: (typeof FRONTEND_APPS)[number]): Configuration {
  return createPackageConfig({
    name,
    entries: { [name]: './src/index.ts' },
    specifiers: { [`@patrimonio/${name}`]: name },
    externals: SHARED_SPECIFIERS,
    html: name === 'root-config',
  });
}

/**
 * Vendor modules for the import map: React and friends are CommonJS, so each gets an ES module facade whose
 * named exports are read from the package itself. react-dom and react-dom/client share one file (one copy
 * of React DOM's internals).
 */
function vendorEntries(): Record<string, string> {
  const dir = join(root, 'node_modules', '.cache', 'patrimonio-vendor');
  mkdirSync(dir, { recursive: true });
  const facade = (file: string, modules: string[]) => {
    const lines: string[] = [];
    if (ESM_FACADES.has(file)) {
      const path = join(dir, file);
      writeFileSync(path, modules.map((m) => `export * from '${m}';\n`).join(''));
      return path;
    }
    const seen = new Set<string>(['default']);
    modules.forEach((m, i) => {
      lines.push(`import M${i} from '${m}';`);
      const names = Object.keys(require(m)).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && !seen.has(k));
      for (const n of names) seen.add(n);
      if (names.length) lines.push(`export const { ${names.join(', ')} } = M${i};`);
    });
    lines.push('export default M0;');
    const path = join(dir, file);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  return Object.fromEntries(
    Object.entries(FACADES).map(([file, modules]) => [file.replace(/\.js$/, ''), facade(file, modules)]),
  );
}

/** shared-ui: the shared design system and chrome, plus the vendor singletons. */
export function createSharedConfig(): Configuration {
  return createPackageConfig({
    name: 'shared-ui',
    entries: {
      ...vendorEntries(),
      'lingui-core': resolve(root, 'node_modules/@lingui/core/dist/index.mjs'),
      'lingui-react': resolve(root, 'node_modules/@lingui/react/dist/index.mjs'),
      'shared-ui': './src/index.ts',
      'shared-ui-contract': './src/contract.ts',
    },
    specifiers: {
      react: 'react',
      'react/jsx-runtime': 'react-jsx-runtime',
      'react-dom': 'react-dom',
      'react-dom/client': 'react-dom',
      'single-spa': 'single-spa',
      '@lingui/core': 'lingui-core',
      '@lingui/react': 'lingui-react',
      '@patrimonio/shared-ui': 'shared-ui',
      '@patrimonio/shared-ui/contract': 'shared-ui-contract',
    },
    // Each vendor entry keeps the others external so every library exists once.
    externals: SHARED_SPECIFIERS,
  });
}

/**
 * The widgets for advisers' own websites (widgets/dist, served under /widgets/): one self-contained ES module per
 * widget, pt-<kind>.<hash>.js, registering that one element, and pt-widgets.<hash>.js registering all. Each bundles
 * React, React DOM, Lingui with the widgets' own messages (shared-ui/src/locales/<locale>/widgets.ts) and the
 * ApexCharts chart types it draws: a plain page loads it with one script tag, no import map. Every kind of the
 * contract (shared-api WIDGET_KINDS) has its define module, shared-ui/src/widgets/define/<kind>.ts.
 */
export function createWidgetsConfig(): Configuration {
  const defineDir = join(root, 'shared-ui', 'src', 'widgets', 'define');
  const kinds = WIDGET_KINDS;
  for (const kind of kinds)
    if (!existsSync(join(defineDir, `${kind}.ts`))) throw new Error(`widgets: no define module for ${kind}`);
  const entries: Record<string, string> = Object.fromEntries(
    kinds.map((kind) => [`pt-${kind}`, join(defineDir, `${kind}.ts`)]),
  );
  entries['pt-widgets'] = join(defineDir, 'all.ts');
  const manifestEntries = {
    ...Object.fromEntries(kinds.map((kind) => [kind, `pt-${kind}`])),
    all: 'pt-widgets',
  };
  return createPackageConfig({
    name: 'widgets',
    entries,
    specifiers: {},
    externals: [],
    outDir: join('widgets', 'dist'),
    selfContained: true,
    manifest: new WidgetsManifestPlugin(manifestEntries),
  });
}

const only = process.env.BUILD_ONLY?.split(',').filter(Boolean);
const all: Configuration[] = [createSharedConfig(), ...FRONTEND_APPS.map(createAppConfig), createWidgetsConfig()];
export default only ? all.filter((c) => only.includes(c.name!)) : all;
