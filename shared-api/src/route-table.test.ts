import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { routeLine, routeTable } from './route-table.ts';
import { type RouteDef, routes } from './routes.ts';

describe('routeTable: the routes as the client sends them, without schemas', () => {
  it('has every route of the contract with its method, path and flags, and nothing else', () => {
    expect(Object.keys(routeTable).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, def] of Object.entries(routes) as [keyof typeof routes, RouteDef][]) {
      const line = routeTable[name];
      expect(line.method).toBe(def.method);
      expect(line.url).toBe(def.url);
      expect(line.adminHost ?? false).toBe(def.adminHost ?? false);
      expect(line.multipart ?? false).toBe(def.multipart ?? false);
      expect(Object.keys(line).every((k) => ['method', 'url', 'adminHost', 'multipart'].includes(k))).toBe(true);
    }
  });

  it('survives being written out as data (the build puts the JSON in place of the module)', () => {
    expect(JSON.parse(JSON.stringify(routeTable))).toEqual(routeTable);
    const admin = Object.values(routes).find((d) => (d as RouteDef).adminHost) as RouteDef;
    expect(routeLine(admin)).toMatchObject({ adminHost: true });
  });

  it('is what the client sends: an admin route goes to the admin base with its method and path', async () => {
    const [name, def] = Object.entries(routes).find(
      ([, d]) => (d as RouteDef).adminHost && (d as RouteDef).method === 'GET' && !(d as RouteDef).url.includes(':'),
    ) as [keyof typeof routes, RouteDef];
    const seen: { url: string; method: string }[] = [];
    const client = createApiClient({
      getAccessToken: () => 't',
      adminBaseUrl: () => 'https://admin.example',
      fetch: async (url, init) => {
        seen.push({ url: String(url), method: String(init?.method) });
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      },
    });
    await (client as unknown as (n: string) => Promise<unknown>)(name);
    expect(seen).toEqual([{ url: `https://admin.example${def.url}`, method: 'GET' }]);
  });
});
