// The admin calls' separate base host (spec: admin calls are "sent to a separate base host"; ADMIN_API_URL): a server
// answering there lets the portal's origin, and it alone, call the routes the contract marks adminHost, from a browser
// (CORS preflight and answer); other routes and other origins get no CORS header; without a separate origin, none.
import { type RouteDef, routes } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type Harness, startHarness } from '../testing/harness.ts';
import { adminCallerOrigin, isAdminHostPath } from './admin-cors.ts';

const ADMIN_ORIGIN = 'https://admin.patrimonio.test';

let h: Harness;
let portal: string;

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_API_URL: `${ADMIN_ORIGIN}/` } });
  portal = new URL(h.t.url).origin;
});

afterAll(async () => {
  await h?.t.close();
});

const preflight = (path: string, origin: string, method = 'POST') =>
  fetch(`${h.t.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('ADMIN_API_URL on another origin than the portal', () => {
  it("answers the portal's preflight of an admin call: its origin, the methods and headers the client sends", async () => {
    const res = await preflight('/api/v1/external-server', portal);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(portal);
    expect(res.headers.get('access-control-allow-methods')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
    );
    expect(res.headers.get('access-control-allow-headers')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type']),
    );
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-max-age')).toBe('600');
    // A path with an id, and a user's reset (admin.ts), are admin calls too.
    for (const path of ['/api/v1/external-server/3/check', '/api/v1/users/7/reset-password']) {
      expect((await preflight(path, portal, 'GET')).headers.get('access-control-allow-origin')).toBe(portal);
    }
  });

  it("answers the admin call itself with the portal's origin and the headers the client reads", async () => {
    const res = await fetch(`${h.t.url}/api/v1/external-server`, {
      headers: { origin: portal, authorization: `Bearer ${h.token('admin')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(portal);
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expect(res.headers.get('access-control-expose-headers')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['content-disposition', 'retry-after']),
    );
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
    // Authorisation is the server's as ever: the portal's origin does not open an admin call to a client.
    const asClient = await fetch(`${h.t.url}/api/v1/external-server`, {
      headers: { origin: portal, authorization: `Bearer ${h.token('client')}` },
    });
    expect(asClient.status).toBe(403);
  });

  it('gives another origin no CORS header, on the preflight or the call', async () => {
    const other = 'https://evil.example';
    expect((await preflight('/api/v1/external-server', other)).headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${h.t.url}/api/v1/external-server`, {
      headers: { origin: other, authorization: `Bearer ${h.token('admin')}` },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives a route the portal sends to its own server no CORS header, even from the portal', async () => {
    const pre = await preflight('/api/v1/client/validate/user', portal);
    expect(pre.status).toBe(404);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${h.t.url}/api/v1/user/me`, {
      headers: { origin: portal, authorization: `Bearer ${h.token('admin')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('which calls and which origin', () => {
  it("takes every route the contract marks adminHost, and no other, by its path's pattern", () => {
    const all = Object.values(routes) as RouteDef[];
    const sample = (url: string) => url.replace(/:[^/]+/g, '42');
    expect(all.filter((r) => r.adminHost).length).toBeGreaterThan(10);
    for (const r of all) {
      // A path shared by an admin call and another (say, GET and POST of one URL) is admin's if either is.
      const admin = all.some((o) => o.url === r.url && o.adminHost);
      expect([r.url, isAdminHostPath(sample(r.url))]).toEqual([r.url, admin]);
    }
    expect(isAdminHostPath('/api/v1/external-server/42?size=10')).toBe(true);
    expect(isAdminHostPath('/api/v1/external-server/42/check/more')).toBe(false);
  });

  it('names the portal origin only when ADMIN_API_URL is another origin than PUBLIC_URL', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', PUBLIC_URL: 'https://app.example.com', ...env });
    expect(adminCallerOrigin(config({}))).toBeNull();
    expect(adminCallerOrigin(config({ ADMIN_API_URL: 'https://app.example.com/admin' }))).toBeNull();
    expect(adminCallerOrigin(config({ ADMIN_API_URL: 'https://admin.example.com' }))).toBe('https://app.example.com');
    expect(adminCallerOrigin(config({ ADMIN_API_URL: 'https://app.example.com:8443' }))).toBe(
      'https://app.example.com',
    );
  });
});
