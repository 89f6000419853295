// The widgets' self-contained files under /widgets/ (issue 20): any origin may load them (CORS, cross-origin resource
// policy over the security headers' same-origin), hashed files are cached for a year and manifest.json is revalidated;
// anything else in the folder, or a file that is not there, answers 404.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

const FILE = 'pt-portfolio-donut.0123456789.js';
const BODY = `customElements.define('pt-portfolio-donut', class extends HTMLElement {});\n${'// padding\n'.repeat(200)}`;

/** A built widgets folder in miniature: one widget file with its gzip copy and map, the manifest, a stray file. */
function webRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'patrimonio-widgets-'));
  const dist = join(root, 'widgets', 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, FILE), BODY);
  writeFileSync(join(dist, `${FILE}.gz`), gzipSync(BODY));
  writeFileSync(join(dist, `${FILE}.map`), '{"version":3,"sources":[],"mappings":""}');
  writeFileSync(
    join(dist, 'manifest.json'),
    JSON.stringify({ files: { 'portfolio-donut': FILE }, sizes: { 'portfolio-donut': { bytes: 1, gzip: 1 } } }),
  );
  writeFileSync(join(dist, 'notes.txt'), 'not a widget file');
  return root;
}

let root: string;
let prod: TestApp;
let dev: TestApp;

beforeAll(async () => {
  root = webRoot();
  prod = await createTestApp({ env: { WEB_ROOT: root, NODE_ENV: 'production' } });
  dev = await createTestApp({ env: { WEB_ROOT: root } });
});

afterAll(async () => {
  await prod?.close();
  await dev?.close();
  rmSync(root, { recursive: true, force: true });
});

const ORIGIN = 'https://adviser-site.example';

describe('GET /widgets/<file>', () => {
  it('serves a hashed widget file to any origin, as JavaScript, cached for a year', async () => {
    for (const app of [prod, dev]) {
      const res = await app.app.inject({ method: 'GET', url: `/widgets/${FILE}`, headers: { origin: ORIGIN } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(BODY);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      // The security headers' same-origin would have the browser block the file on another site.
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends the gzip copy to a browser that accepts it, with the same headers', async () => {
    const res = await prod.app.inject({
      method: 'GET',
      url: `/widgets/${FILE}`,
      headers: { origin: ORIGIN, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a file that is not there or is not a widget file', async () => {
    for (const url of [
      '/widgets/pt-portfolio-donut.ffffffffff.js',
      '/widgets/pt-unknown.0123456789.js',
      '/widgets/notes.txt',
      '/widgets/../widgets/notes.txt',
    ]) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).not.toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves the source map in development only', async () => {
    expect((await prod.app.inject({ method: 'GET', url: `/widgets/${FILE}.map` })).statusCode).toBe(404);
    expect((await dev.app.inject({ method: 'GET', url: `/widgets/${FILE}.map` })).statusCode).toBe(200);
  });
});

describe('GET /widgets/manifest.json', () => {
  it('names the current files, to any origin, revalidated on each use', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/widgets/manifest.json', headers: { origin: ORIGIN } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().files['portfolio-donut']).toBe(FILE);
  });
});
