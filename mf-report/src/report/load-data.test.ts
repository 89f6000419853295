// The report's calls (portal-and-report 7) and the rules on their answers: "A failure of a sub-request leaves that
// part empty rather than failing the report", "Sections are omitted when empty", fees fetched only when chosen with
// dateFrom at the start of the quarter three quarters back, and the cancel link stopping everything. The server is
// a test double answering by path.
import { describe, expect, test } from 'vitest';
import { menuItem } from '../logic/fixtures.testing.ts';
import { loadLogo, loadReportData, startReportData } from './load-data.ts';
import type { ReportRequest } from './types.ts';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** A fetch double: answers from `routes` by path (first match), 404 otherwise; records every URL asked. */
function fakeServer(routes: Array<[RegExp, Answer | ((url: URL) => Answer)]>) {
  const asked: URL[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const url = new URL(String(input), 'http://server.test');
    asked.push(url);
    const found = routes.find(([pattern]) => pattern.test(url.pathname));
    const answer = found ? (typeof found[1] === 'function' ? found[1](url) : found[1]) : { status: 404, body: {} };
    const isText = typeof answer.body === 'string' || answer.body instanceof Uint8Array;
    return new Response(isText ? (answer.body as BodyInit) : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': isText ? 'image/png' : 'application/json', ...answer.headers },
    });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const sintetico = (controvalore: number) =>
  ok({ reportSinteticoTotalComposition: [{ stocksValue: 0, cashValue: controvalore, controvalore }] });

const request: ReportRequest = {
  scope: { kind: 'client', id: 7 },
  type: 'analytic',
  from: '2024-10-31',
  to: '2024-11-22',
  sections: [],
  portfolioIds: [],
  includeLogo: true,
  locale: 'it',
};
const viewer = { role: 'PRO' as const, name: 'Marco Bianchi' };
const menu = [menuItem({ id: null, aggregate: true }), menuItem({ id: 4 }), menuItem({ id: 9 })];

function server(overrides: Array<[RegExp, Answer | ((url: URL) => Answer)]> = []) {
  return fakeServer([
    ...overrides,
    [/^\/api\/v1\/user\/client\/7$/, ok({ name: 'Mario Rossi' })],
    [/^\/api\/v1\/portfolio\/menu$/, ok(menu)],
    [/^\/api\/v1\/dashboard\/7$/, ok({ richComposition: { financial: 1000, realEstate: 500, share: 0, artLux: 0 } })],
    [/^\/api\/v1\/assets-history\/total$/, ok({ item: [{ date: '2024-11-22', value: 1500 }] })],
    [/^\/api\/v1\/report\/\d+\/sintetico$/, sintetico(1000)],
    [/^\/api\/v1\/real-estate$/, ok({ item: [{ id: 1 }] })],
    [/^\/api\/v1\/share$/, ok({ item: [] })],
    [/^\/api\/v1\/share\/year$/, ok([2023, 2024])],
    [/^\/api\/v1\/lux$/, ok({ item: [] })],
  ]);
}

describe('loadReportData', () => {
  test('an analytic report: every eligible portfolio, fees from 2024-01-01, empty shares and art left out', async () => {
    const { fetch, asked } = server();
    const data = await loadReportData({ baseUrl: '', getAccessToken: () => 'token', fetch }, request, viewer);
    expect(data.subjectName).toBe('Mario Rossi');
    expect(data.portfolios.map((p) => p.portfolio.id)).toEqual([4, 9]);
    const fees = asked.filter((u) => u.pathname.endsWith('/commissioni'));
    expect(fees.map((u) => u.searchParams.get('dateFrom'))).toEqual(['2024-01-01', '2024-01-01']);
    expect(asked.find((u) => u.pathname === '/api/v1/share/graph/revenue/2024')).toBeDefined();
    expect(data.plan.contents.map((c) => c.section)).toEqual(['overview', 'financial', 'realEstate']);
  });

  test('a failed sub-request leaves its part undefined and the report goes on', async () => {
    const { fetch } = server([
      [/^\/api\/v1\/report\/9\/sintetico$/, { status: 500, body: {} }],
      [/^\/api\/v1\/real-estate\/dashboard\/stat$/, { status: 503, body: {} }],
    ]);
    const data = await loadReportData({ baseUrl: '', getAccessToken: () => 'token', fetch }, request, viewer);
    expect(data.portfolios.find((p) => p.portfolio.id === 9)?.sintetico).toBeUndefined();
    expect(data.portfolios.find((p) => p.portfolio.id === 4)?.sintetico).toBeDefined();
    expect(data.realEstate.stat).toBeUndefined();
    expect(data.realEstate.houses?.item).toHaveLength(1);
    expect(data.plan.contents.map((c) => c.section)).toEqual(['overview', 'financial', 'realEstate']);
  });

  test('zero total wealth and a first portfolio worth 0 leave overview and financial out', async () => {
    const { fetch } = server([
      [/^\/api\/v1\/dashboard\/7$/, ok({ richComposition: { financial: 0, realEstate: 0, share: 0, artLux: 0 } })],
      [/^\/api\/v1\/report\/4\/sintetico$/, sintetico(0)],
    ]);
    const data = await loadReportData({ baseUrl: '', getAccessToken: () => 'token', fetch }, request, viewer);
    expect(data.plan.contents.map((c) => c.section)).toEqual(['realEstate']);
  });

  test('synthetic asks no fees, no lists of real assets; the cancel link stops the whole report', async () => {
    const { fetch, asked } = server();
    await loadReportData(
      { baseUrl: '', getAccessToken: () => 'token', fetch },
      { ...request, type: 'synthetic', portfolioIds: [4] },
      viewer,
    );
    expect(asked.some((u) => u.pathname.endsWith('/commissioni'))).toBe(false);
    expect(asked.some((u) => u.pathname.startsWith('/api/v1/real-estate'))).toBe(false);

    const controller = new AbortController();
    controller.abort();
    await expect(
      loadReportData({ baseUrl: '', getAccessToken: () => 'token', fetch, signal: controller.signal }, request, viewer),
    ).rejects.toThrow(/abort/i);
  });
});

/**
 * A fetch double that holds every answer until `release` is called: records when each call was issued and when it
 * was answered, as an order of events (no clock).
 */
function gatedServer(routes: ReturnType<typeof server>['fetch']) {
  const events: string[] = [];
  const held: Array<() => void> = [];
  let open = false;
  const name = (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://server.test');
    const type = url.searchParams.get('type');
    return `${url.pathname}${type ? `?type=${type}` : ''}`;
  };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = name(input);
    events.push(`start ${call}`);
    if (!open) await new Promise<void>((resolve) => held.push(resolve));
    const response = await routes(input, init);
    events.push(`end ${call}`);
    return response;
  }) as typeof globalThis.fetch;
  /** Lets the held calls answer, and the later ones straight away. */
  const release = () => {
    open = true;
    for (const answer of held.splice(0)) answer();
  };
  /** Resolves once no call is in progress or about to be issued: every promise job has run. */
  const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return { fetch, events, release, settled };
}

describe('the calls are issued at once', () => {
  const expectedAtOnce = [
    '/api/v1/user/client/7',
    '/api/v1/user/logo-report',
    '/api/v1/dashboard/7',
    '/api/v1/assets-history/total',
    ...[4, 9].flatMap((id) => [
      `/api/v1/report/${id}/sintetico`,
      `/api/v2/report/${id}/triplaA`,
      `/api/v2/report/${id}/performance`,
      `/api/v1/report/${id}/commissioni`,
      `/api/v1/portfolio/${id}/var`,
    ]),
    '/api/v1/real-estate?type=house',
    '/api/v1/real-estate?type=land',
    '/api/v1/real-estate/dashboard/stat',
    '/api/v1/real-estate/dashboard/pie-destination',
    '/api/v1/real-estate/dashboard/pie-typology',
    '/api/v1/share',
    '/api/v1/share/year',
    '/api/v1/lux',
    '/api/v1/lux/dashboard/stat',
    '/api/v1/lux/dashboard/pie',
    '/api/v1/lux/dashboard/column',
  ];

  test('with the menu given, every call that needs no other answer is issued before any answers', async () => {
    const gate = gatedServer(server().fetch);
    const source = startReportData({ baseUrl: '', getAccessToken: () => 'token', fetch: gate.fetch }, request, viewer, {
      menu,
    });
    await gate.settled();
    const started = gate.events.map((e) => e.replace(/^start /, ''));
    expect(gate.events.every((e) => e.startsWith('start '))).toBe(true);
    expect([...started].sort()).toEqual([...expectedAtOnce].sort());

    gate.release();
    await source.shares;
    // The share charts need the latest year: issued after /share/year answered, all three at once.
    const graphs = gate.events.flatMap((e, i) => (e.startsWith('start /api/v1/share/graph/') ? [i] : []));
    expect(graphs).toHaveLength(3);
    expect(Math.min(...graphs)).toBeGreaterThan(gate.events.indexOf('end /api/v1/share/year'));
    const firstGraphEnd = gate.events.findIndex((e) => e.startsWith('end /api/v1/share/graph/'));
    expect(Math.max(...graphs)).toBeLessThan(firstGraphEnd);
  });

  test('without the menu, the calls that do not depend on it are issued beside it; the portfolios once it answers', async () => {
    const gate = gatedServer(server().fetch);
    const data = loadReportData({ baseUrl: '', getAccessToken: () => 'token', fetch: gate.fetch }, request, viewer);
    await gate.settled();
    const started = gate.events.map((e) => e.replace(/^start /, ''));
    const portfolioCalls = (call: string) => /^\/api\/v[12]\/(report|portfolio)\/\d+\//.test(call);
    expect([...started].sort()).toEqual(
      ['/api/v1/portfolio/menu', ...expectedAtOnce.filter((call) => !portfolioCalls(call))].sort(),
    );
    gate.release();
    const loaded = await data;
    expect(loaded.portfolios.map((p) => p.portfolio.id)).toEqual([4, 9]);
    const menuEnd = gate.events.indexOf('end /api/v1/portfolio/menu');
    const firstPortfolioCall = gate.events.findIndex((e) => e.startsWith('start ') && portfolioCalls(e.slice(6)));
    expect(firstPortfolioCall).toBeGreaterThan(menuEnd);
  });
});

describe('the advisor on the cover', () => {
  test("a DELEGATE's report names the client's PRO as the server gives it, not the DELEGATE", async () => {
    const { fetch } = server([
      [/^\/api\/v1\/user\/client\/7$/, ok({ name: 'Mario Rossi', advisorName: 'Paolo Consulente' })],
    ]);
    const delegate = { role: 'DELEGATE' as const, name: 'Anna Assistente' };
    const data = await loadReportData({ baseUrl: '', getAccessToken: () => 'token', fetch }, request, delegate);
    expect(data.advisor).toBe('Paolo Consulente');
  });

  test("a family's advisor from the family; none when the server names none", async () => {
    const { fetch } = server([
      [/^\/api\/v1\/family\/3$/, ok({ id: 3, name: 'Famiglia Rossi', users: [], advisorName: 'Paolo Consulente' })],
    ]);
    const family: ReportRequest = { ...request, scope: { kind: 'family', id: 3 } };
    const data = await loadReportData({ baseUrl: '', getAccessToken: () => 'token', fetch }, family, viewer);
    expect(data).toMatchObject({ subjectName: 'Famiglia Rossi', advisor: 'Paolo Consulente' });
    const none = server([[/^\/api\/v1\/user\/client\/7$/, ok({ name: 'Mario Rossi', advisorName: null })]]);
    const basic = { role: 'BASIC' as const, name: 'Mario Rossi' };
    const own = await loadReportData({ baseUrl: '', getAccessToken: () => 'token', fetch: none.fetch }, request, basic);
    expect(own.advisor).toBeNull();
  });
});

describe('loadLogo', () => {
  test('the type from the content-disposition filename (png by default); 404 is no logo', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const { fetch: svgServer } = fakeServer([
      [/logo-report/, { status: 200, body: svg, headers: { 'content-disposition': 'inline; filename="logo.svg"' } }],
    ]);
    expect(await loadLogo({ baseUrl: '', getAccessToken: () => 't', fetch: svgServer })).toEqual({
      kind: 'svg',
      markup: svg,
    });
    const { fetch: pngServer } = fakeServer([
      [/logo-report/, { status: 200, body: new Uint8Array([137, 80, 78, 71]) }],
    ]);
    expect(await loadLogo({ baseUrl: '', getAccessToken: () => 't', fetch: pngServer })).toEqual({
      kind: 'raster',
      dataUrl: 'data:image/png;base64,iVBORw==',
    });
    const { fetch: none } = fakeServer([]);
    expect(await loadLogo({ baseUrl: '', getAccessToken: () => 't', fetch: none })).toBeUndefined();
  });
});
