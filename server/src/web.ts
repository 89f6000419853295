// Static hosting for the embedded default: each app's dist/ under its own prefix, index.html with the import map.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import { portalAuthConfig } from './identity/index.ts';
import { cspNonce } from './plugins/security-headers.ts';

export const WEB_APPS = [
  'shared-ui',
  'root-config',
  'mf-overview',
  'mf-financial',
  'mf-realestate',
  'mf-middleoffice',
  'mf-planning',
  'mf-admin',
  'mf-report',
] as const;

/** A widget file as the build names it (rspack.config.ts, createWidgetsConfig): pt-<kind or widgets>.<hash>.js. */
const WIDGET_FILE = /^\/?pt-[a-z]+(?:-[a-z]+)*\.[0-9a-f]{10}\.js$/;

/**
 * The widgets' self-contained files (widgets/dist, npm run build) under /widgets/, for advisers' own websites: any
 * origin may load them (Access-Control-Allow-Origin, since a module script is fetched in CORS mode, and
 * Cross-Origin-Resource-Policy: cross-origin in place of the same-origin the security headers set). A hashed file is
 * cached for a year; manifest.json, which names the current files, is revalidated on each use.
 */
async function registerWidgetFiles(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const root = join(config.webRoot, 'widgets', 'dist');
  if (!existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: '/widgets/',
    decorateReply: false,
    index: false,
    wildcard: true,
    // The files and the manifest only (the source maps too in development).
    allowedPath: (pathName) =>
      pathName === '/manifest.json' || WIDGET_FILE.test(pathName) || (config.dev && /\.js\.map$/.test(pathName)),
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('access-control-allow-origin', '*');
      res.header('cross-origin-resource-policy', 'cross-origin');
      res.header('cache-control', path.endsWith('manifest.json') ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
}

export async function registerWeb(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const importMapPath = join(config.webRoot, 'dist', 'importmap.json');
  const indexPath = join(config.webRoot, 'root-config', 'dist', 'index.html');

  for (const name of WEB_APPS) {
    const root = join(config.webRoot, name, 'dist');
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: `/${name}/`,
      decorateReply: false,
      index: false,
      wildcard: true,
      // Source maps only in development: in production a .map answers 404 (the builds still write them).
      allowedPath: config.dev ? undefined : (pathName) => !/\.map$/i.test(pathName),
      // The build writes .br and .gz copies next to each file (scripts/build.mjs): sent to browsers that accept them.
      preCompressed: true,
      // Hashed names never change content: cache them for a year.
      setHeaders: (res, path) => {
        if (/\.[0-9a-f]{8,}\./.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  await registerWidgetFiles(app, config);

  // The import map is read on each request, so redeploying one app is one edit of this file, no restart.
  let cached: { mtime: number; map: string } | null = null;
  const importMap = (): string => {
    const mtime = statSync(importMapPath).mtimeMs;
    if (!cached || cached.mtime !== mtime) cached = { mtime, map: readFileSync(importMapPath, 'utf8') };
    return cached.map;
  };

  app.get('/importmap.json', { schema: { hide: true } }, async (_request, reply) => {
    if (!existsSync(importMapPath))
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: 'Portal not built: run npm run build' });
    reply.header('cache-control', 'no-cache').type('application/importmap+json').send(importMap());
  });

  const portalConfig = JSON.stringify(portalAuthConfig(config));
  const sendIndex = (reply: import('fastify').FastifyReply) => {
    if (!existsSync(indexPath) || !existsSync(importMapPath)) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The portal is not built yet: run "npm run build", then start the server again.');
    }
    const html = readFileSync(indexPath, 'utf8')
      .replace('<!--IMPORTMAP-->', `<script type="importmap">${importMap()}</script>`)
      .replace(
        '<!--PORTAL_CONFIG-->',
        `<script type="application/json" id="portal-config">${portalConfig.replace(/</g, '\\u003c')}</script>`,
      )
      // The page's inline scripts (the import map, the start module) run by the nonce the response's
      // Content-Security-Policy names (plugins/security-headers.ts).
      .replace(/<script(?=[\s>])/g, `<script nonce="${cspNonce(reply.raw)}"`);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  // Every other GET that is not an API or issuer path is a portal route: single-spa decides what to show.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPortalRoute =
      request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/oidc') && !/\.[a-z0-9]+$/i.test(path);
    if (isPortalRoute) return sendIndex(reply);
    return reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: `No route ${request.method} ${path}` });
  });
}
