// Security headers (issue 15) on the API, the portal's index and static files, and the issuer's pages: a
// Content-Security-Policy with no inline script but the index's own (by the response's nonce), no framing, nosniff,
// a referrer policy, HSTS only over https; and the portal's source maps only in development.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignInPage } from '../identity/test-sign-in.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const repo = new URL('../../../', import.meta.url).pathname;
const ASSET = '/root-config/root-config.0123456789.js';

/** A built portal in miniature: the real index.html template, an import map, one hashed module and its map. */
function webRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'patrimonio-web-'));
  const dist = join(root, 'root-config', 'dist');
  mkdirSync(dist, { recursive: true });
  mkdirSync(join(root, 'dist'));
  copyFileSync(join(repo, 'root-config', 'src', 'index.html'), join(dist, 'index.html'));
  writeFileSync(
    join(root, 'dist', 'importmap.json'),
    JSON.stringify({ imports: { '@patrimonio/root-config': ASSET } }),
  );
  writeFileSync(
    join(dist, 'root-config.0123456789.js'),
    'export {};\n//# sourceMappingURL=root-config.0123456789.js.map\n',
  );
  writeFileSync(join(dist, 'root-config.0123456789.js.map'), '{"version":3,"sources":[],"mappings":""}');
  return root;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp).toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function nonceOf(csp: string | null): string {
  const nonces = (directives(csp).get('script-src') ?? []).filter((v) => v.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
}

/** The headers every response of the portal and the API carries. */
function expectPortalHeaders(headers: Headers) {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')?.[0]).toBe("'self'");
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

let root: string;
let dev: TestApp;

beforeAll(async () => {
  root = webRoot();
  dev = await createTestApp({ listen: true, env: { WEB_ROOT: root } });
});

afterAll(async () => {
  await dev?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('over http (development)', () => {
  it('an API route', async () => {
    const res = await fetch(`${dev.url}/api/v1/live/version`);
    expect(res.status).toBe(200);
    expectPortalHeaders(res.headers);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(false);
    // No outside issuer: the browser talks to this server only.
    expect(directives(res.headers.get('content-security-policy')).get('connect-src')).toEqual(["'self'"]);
    // An API error answers with them too.
    const refused = await fetch(`${dev.url}/api/v1/user/client`);
    expect(refused.status).toBe(401);
    expectPortalHeaders(refused.headers);
  });

  it('the portal index: each inline script carries the nonce the policy names, new on each response', async () => {
    const res = await fetch(`${dev.url}/clients`);
    expect(res.status).toBe(200);
    expectPortalHeaders(res.headers);
    const nonce = nonceOf(res.headers.get('content-security-policy'));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter(([, attrs]) => !/\ssrc=/.test(attrs ?? ''));
    // The import map, the portal's configuration (data, not run) and the module that starts the portal.
    expect(inline.map(([, attrs]) => /type="([^"]+)"/.exec(attrs ?? '')?.[1])).toEqual([
      'application/json',
      'importmap',
      'module',
    ]);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(html).toContain(
      `<script nonce="${nonce}" type="importmap">{"imports":{"@patrimonio/root-config":"${ASSET}"}}`,
    );

    const again = await fetch(`${dev.url}/clients`);
    const second = nonceOf(again.headers.get('content-security-policy'));
    expect(second).not.toBe(nonce);
    expect(await again.text()).toContain(`<script nonce="${second}" type="importmap">`);
  });

  it('a static file, and its source map', async () => {
    const res = await fetch(`${dev.url}${ASSET}`);
    expect(res.status).toBe(200);
    expectPortalHeaders(res.headers);
    const map = await fetch(`${dev.url}${ASSET}.map`);
    expect(map.status).toBe(200);
    expect(await map.json()).toMatchObject({ version: 3 });
  });

  it("the issuer's pages keep their own policy, once, with their nonce", async () => {
    const page = await openSignInPage(dev.url);
    expect(page.status).toBe(200);
    // The sign-in page again, for its headers.
    const res = await fetch(page.url, { headers: { cookie: page.jar.header() } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');

    // A page of oidc-provider's own (its error page, for an unknown client).
    const error = await fetch(`${dev.url}/oidc/auth?client_id=nobody&response_type=code&scope=openid`);
    expect(error.status).toBe(400);
    const errorNonce = nonceOf(error.headers.get('content-security-policy'));
    expect(error.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${errorNonce}'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(error.headers.get('x-frame-options')).toBe('DENY');
    expect(error.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('over https, with an outside issuer', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({
      env: {
        WEB_ROOT: root,
        PUBLIC_URL: 'https://patrimonio.example',
        OIDC_ISSUER: 'https://login.example.com/realms/advisers',
      },
    });
  });
  afterAll(async () => {
    await https?.close();
  });

  it('adds HSTS and upgrades requests; the browser may reach the issuer', async () => {
    for (const url of ['/api/v1/live/version', '/clients', ASSET]) {
      const res = await https.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const headers = new Headers(res.headers as Record<string, string>);
      expectPortalHeaders(headers);
      expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const csp = directives(headers.get('content-security-policy'));
      expect(csp.get('upgrade-insecure-requests')).toEqual([]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://login.example.com']);
    }
  });
});

describe('production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { WEB_ROOT: root, NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('answers 404 for a source map, and serves the portal', async () => {
    for (const url of [`${ASSET}.map`, `${ASSET}.MAP`, `${ASSET}.map?v=1`]) {
      const res = await prod.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('mappings');
    }
    expect((await prod.app.inject({ method: 'GET', url: ASSET })).statusCode).toBe(200);
    const index = await prod.app.inject({ method: 'GET', url: '/clients' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain(`nonce="${nonceOf(String(index.headers['content-security-policy']))}"`);
  });
});
