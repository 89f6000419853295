// Route tests for widget tokens and the widget data API (issue 20; docs/widgets.md, "Security model"): issue, list,
// revoke and re-issue with their errors and audit records; each of the eight widgets answers its contract shape with
// the same figures the portal's own API gives the PRO for the client (or the family); a revoked or expired token is
// refused at once; the token's widgets and origins are enforced, with CORS headers only for its origins (and the
// preflight likewise); the token is no bearer for the rest of the API; the widget data API writes nothing and takes no
// other query key; every accepted use is counted.
import { addDays } from '@patrimonio/engine';
import {
  bodyErrors,
  feeRangeStart,
  WIDGET_DATA,
  WIDGET_KINDS,
  WIDGET_TOKEN_MAX_DAYS,
  WIDGET_TOKEN_MAX_LIVE,
  type WidgetKind,
} from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCESS_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '../identity/impersonation.ts';
import { signIn } from '../identity/test-sign-in.ts';
import { callApi } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { romeToday, WIDGET_TOKEN_RATE } from './widgets.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const ids: Record<string, number> = {};
/** pro's demo client (Mario Rossi, with portfolios, shares and art) and family. */
let clientId: number;
let familyId: number;
const SITE = 'https://studio.example';
const today = romeToday();

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  for (const login of ['pro', 'pro2', 'delegate', 'admin', 'backoffice', 'client']) {
    tokens.set(login, (await signIn(t.url, login, 'patrimonio')).accessToken);
  }
  const { rows } = await t.app.db.query<{ login: string; id: number }>('select login, id from users');
  for (const u of rows) ids[u.login] = Number(u.id);
  clientId = Number((await one<{ client_id: number }>("select client_id from users where login = 'client'")).client_id);
  familyId = Number(
    (await one<{ id: number }>("select id from families where name = 'Famiglia Rossi Bianchi'", [])).id,
  );
});
afterAll(async () => {
  await t?.close();
});

const api = (login: string | null, method: string, url: string, body?: unknown) =>
  callApi(t, tokens, login, method, url, body);

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await t.app.db.query<T>(sql, params)).rows[0]!;
}

const issueBody = (over: Record<string, unknown> = {}) => ({
  label: 'Sito dello studio',
  widgets: [...WIDGET_KINDS],
  origins: [SITE],
  expiresOn: addDays(today, 30),
  ...over,
});

interface Issued {
  token: string;
  item: { id: number; state: string; hint: string; uses: number; origins: string[]; expiresOn: string };
}

async function issue(owner: 'clients' | 'families', id: number, over: Record<string, unknown> = {}): Promise<Issued> {
  const r = await api('pro', 'POST', `/api/v1/${owner}/${id}/widget-tokens`, issueBody(over));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Issued;
}

/** A call of the widget data API with a widget token, as a browser at `origin` would make it (none: a server). */
function widget(
  token: string | null,
  kind: string,
  opts: { origin?: string; query?: string; method?: string; authorization?: string } = {},
) {
  return t.app.inject({
    method: (opts.method ?? 'GET') as 'GET',
    url: `/api/v1/widget-data/${kind}${opts.query ? `?${opts.query}` : ''}`,
    headers: {
      ...(opts.authorization !== undefined
        ? { authorization: opts.authorization }
        : token
          ? { authorization: `Bearer ${token}` }
          : {}),
      ...(opts.origin ? { origin: opts.origin } : {}),
    },
  });
}

const usesOf = async (id: number) =>
  Number((await one<{ uses: string }>('select uses::text as uses from widget_tokens where id = $1', [id])).uses);

const auditOf = (id: number) =>
  t.app.db
    .query<{ action: string; actor_id: string }>(
      "select action, actor_id from audit_log where entity = 'widget_token' and entity_id = $1 order by id",
      [String(id)],
    )
    .then((r) => r.rows);

describe('issuing, listing, revoking and re-issuing tokens', () => {
  test('a PRO issues a token for its client: shown once, stored as its SHA-256, audited', async () => {
    const { token, item } = await issue('clients', clientId, { origins: ['https://Studio.Example'] });
    expect(token).toMatch(/^ptw_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({ state: 'active', uses: 0, origins: [SITE], clientId, familyId: null });
    expect(item.hint).toBe(`${token.slice(0, 8)}…${token.slice(-4)}`);
    const row = await one<{ hash: string; issuer_id: string }>(
      "select encode(token_hash, 'hex') as hash, issuer_id::text as issuer_id from widget_tokens where id = $1",
      [item.id],
    );
    const { createHash } = await import('node:crypto');
    expect(row.hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Number(row.issuer_id)).toBe(ids.pro);
    const dump = JSON.stringify(await t.app.db.query('select * from widget_tokens where id = $1', [item.id]));
    expect(dump).not.toContain(token.slice(4));
    expect(await auditOf(item.id)).toEqual([{ action: 'issue_widget_token', actor_id: String(ids.pro) }]);
    const audited = await one<{ after: string }>(
      "select after::text as after from audit_log where entity = 'widget_token' and entity_id = $1",
      [String(item.id)],
    );
    expect(audited.after).not.toContain(token.slice(8, -4));
  });

  test('the list is the owner’s tokens the PRO issued, newest first; a family has its own', async () => {
    const a = await issue('clients', clientId, { label: 'Primo' });
    const b = await issue('clients', clientId, { label: 'Secondo' });
    const f = await issue('families', familyId, { label: 'Famiglia' });
    const list = await api('pro', 'GET', `/api/v1/clients/${clientId}/widget-tokens`);
    expect(list.status).toBe(200);
    const listed = (list.body.item as { id: number }[]).map((x) => x.id);
    expect(listed.indexOf(b.item.id)).toBeLessThan(listed.indexOf(a.item.id));
    expect(listed).not.toContain(f.item.id);
    expect(JSON.stringify(list.body)).not.toContain(a.token);
    const fam = await api('pro', 'GET', `/api/v1/families/${familyId}/widget-tokens`);
    expect((fam.body.item as { id: number }[]).map((x) => x.id)).toContain(f.item.id);
  });

  test('only a PRO, for its own clients and families: other roles 403, another PRO 404', async () => {
    for (const login of ['delegate', 'admin', 'backoffice', 'client']) {
      expect((await api(login, 'POST', `/api/v1/clients/${clientId}/widget-tokens`, issueBody())).status, login).toBe(
        403,
      );
      expect((await api(login, 'GET', `/api/v1/families/${familyId}/widget-tokens`)).status, login).toBe(403);
    }
    expect((await api('pro2', 'POST', `/api/v1/clients/${clientId}/widget-tokens`, issueBody())).status).toBe(404);
    expect((await api('pro2', 'GET', `/api/v1/clients/${clientId}/widget-tokens`)).status).toBe(404);
    expect((await api('pro2', 'POST', `/api/v1/families/${familyId}/widget-tokens`, issueBody())).status).toBe(404);
    expect((await api(null, 'GET', `/api/v1/clients/${clientId}/widget-tokens`)).status).toBe(401);
    const mine = await issue('clients', clientId);
    expect((await api('pro2', 'POST', `/api/v1/widget-tokens/${mine.item.id}/revoke`)).status).toBe(404);
    expect((await api('pro2', 'POST', `/api/v1/widget-tokens/${mine.item.id}/reissue`)).status).toBe(404);
    expect((await api('delegate', 'POST', `/api/v1/widget-tokens/${mine.item.id}/revoke`)).status).toBe(403);
    expect((await widget(mine.token, 'wealth-total')).statusCode).toBe(200);
  });

  test('an ADMIN acting as the PRO issues as that PRO; the audit names the ADMIN as impersonator', async () => {
    const res = await fetch(`${t.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'patrimonio-portal',
        grant_type: TOKEN_EXCHANGE_GRANT,
        subject_token: tokens.get('admin')!,
        subject_token_type: ACCESS_TOKEN_TYPE,
        requested_subject: String(ids.pro),
      }),
    });
    expect(res.status).toBe(200);
    tokens.set('admin-as-pro', ((await res.json()) as { access_token: string }).access_token);
    const r = await api('admin-as-pro', 'POST', `/api/v1/clients/${clientId}/widget-tokens`, issueBody());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await one<{ issuer_id: string; actor_id: string; impersonator_id: string }>(
      `select t.issuer_id::text as issuer_id, a.actor_id, a.impersonator_id::text as impersonator_id
         from widget_tokens t join audit_log a on a.entity = 'widget_token' and a.entity_id = t.id::text
        where t.id = $1`,
      [r.body.item.id],
    );
    expect(row).toEqual({ issuer_id: String(ids.pro), actor_id: String(ids.pro), impersonator_id: String(ids.admin) });
  });

  test('bad settings answer 400: expiry in the past or beyond the limit, a bad origin, no widget', async () => {
    const url = `/api/v1/clients/${clientId}/widget-tokens`;
    const bad = async (over: Record<string, unknown>, field: string) => {
      const r = await api('pro', 'POST', url, issueBody(over));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    };
    await bad({ expiresOn: addDays(today, -1) }, 'body.expiresOn');
    await bad({ expiresOn: addDays(today, WIDGET_TOKEN_MAX_DAYS + 1) }, 'body.expiresOn');
    await bad({ origins: ['http://studio.example'] }, 'body.origins.0');
    await bad({ origins: ['https://studio.example/pagina'] }, 'body.origins.0');
    await bad({ origins: [] }, 'body.origins');
    await bad({ widgets: [] }, 'body.widgets');
    await bad({ widgets: ['pie'] }, 'body.widgets.0');
    // The limits themselves are accepted.
    await issue('clients', clientId, { expiresOn: today, origins: ['http://localhost:8080'] });
    await issue('clients', clientId, { expiresOn: addDays(today, WIDGET_TOKEN_MAX_DAYS) });
  });

  test(`at most ${WIDGET_TOKEN_MAX_LIVE} live tokens per client: 409 widget_tokens_limit; revoking frees one`, async () => {
    const fresh = Number(
      (
        await one<{ id: number }>(
          "insert into clients (last_name, created_by) values ('Widget Limite', $1) returning id",
          [ids.pro],
        )
      ).id,
    );
    const made: Issued[] = [];
    for (let i = 0; i < WIDGET_TOKEN_MAX_LIVE; i++) made.push(await issue('clients', fresh));
    const over = await api('pro', 'POST', `/api/v1/clients/${fresh}/widget-tokens`, issueBody());
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('widget_tokens_limit');
    const count = await one<{ n: number }>('select count(*)::int as n from widget_tokens where client_id = $1', [
      fresh,
    ]);
    expect(count.n).toBe(WIDGET_TOKEN_MAX_LIVE);
    expect((await api('pro', 'POST', `/api/v1/widget-tokens/${made[0]!.item.id}/revoke`)).status).toBe(200);
    await issue('clients', fresh);
    // At the limit again: re-issuing the revoked token would make one live token too many; a live one may be re-issued
    // (it replaces itself).
    const again = await api('pro', 'POST', `/api/v1/widget-tokens/${made[0]!.item.id}/reissue`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('widget_tokens_limit');
    expect((await api('pro', 'POST', `/api/v1/widget-tokens/${made[1]!.item.id}/reissue`)).status).toBe(200);
  });

  test('revoking stops the token at once; revoking again changes nothing', async () => {
    const { token, item } = await issue('clients', clientId);
    expect((await widget(token, 'wealth-total')).statusCode).toBe(200);
    const r = await api('pro', 'POST', `/api/v1/widget-tokens/${item.id}/revoke`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: item.id, state: 'revoked' });
    expect(r.body.revokedAt).toEqual(expect.any(String));
    const refused = await widget(token, 'wealth-total');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('widget_token_invalid');
    const again = await api('pro', 'POST', `/api/v1/widget-tokens/${item.id}/revoke`);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(r.body.revokedAt);
    expect((await auditOf(item.id)).map((a) => a.action)).toEqual(['issue_widget_token', 'revoke_widget_token']);
  });

  test('re-issuing: a new token of the same settings, the old one revoked and replaced', async () => {
    const old = await issue('clients', clientId, {
      label: 'Da rinnovare',
      widgets: ['fee-table'],
      expiresOn: addDays(today, 10),
    });
    const r = await api('pro', 'POST', `/api/v1/widget-tokens/${old.item.id}/reissue`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const fresh = r.body as Issued;
    expect(fresh.token).not.toBe(old.token);
    expect(fresh.item).toMatchObject({
      label: 'Da rinnovare',
      widgets: ['fee-table'],
      origins: [SITE],
      state: 'active',
      expiresOn: addDays(today, 10),
    });
    expect((await widget(old.token, 'fee-table')).statusCode).toBe(401);
    expect((await widget(fresh.token, 'fee-table')).statusCode).toBe(200);
    const row = await one<{ replaced_by: string; revoked: boolean }>(
      'select replaced_by::text as replaced_by, revoked_at is not null as revoked from widget_tokens where id = $1',
      [old.item.id],
    );
    expect(row).toEqual({ replaced_by: String(fresh.item.id), revoked: true });
    expect((await auditOf(old.item.id)).map((a) => a.action)).toEqual(['issue_widget_token', 'reissue_widget_token']);
    expect((await auditOf(fresh.item.id)).map((a) => a.action)).toEqual(['issue_widget_token']);
    // An expired token may be re-issued too.
    await t.app.db.query(
      "update widget_tokens set expires_on = $2::date - 1, created_at = now() - interval '40 days' where id = $1",
      [fresh.item.id, today],
    );
    const renewed = await api('pro', 'POST', `/api/v1/widget-tokens/${fresh.item.id}/reissue`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.item.state).toBe('active');
  });
});

describe('the widget data API', () => {
  let all: Issued;
  beforeAll(async () => {
    all = await issue('clients', clientId);
  });

  /** A widget's answer with the token, checked against its contract shape. */
  async function data<K extends WidgetKind>(kind: K, token = all.token, query?: string) {
    const r = await widget(token, kind, query ? { query } : {});
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(bodyErrors(WIDGET_DATA[kind], body), kind).toEqual({});
    // biome-ignore lint/suspicious/noExplicitAny: compared field by field below
    return body as any;
  }
  // biome-ignore lint/suspicious/noExplicitAny: the portal's answers, compared field by field
  const portal = async (url: string): Promise<any> => {
    const r = await api('pro', 'GET', url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  test('wealth-total and projection-band: the overview dashboard’s figures', async () => {
    const dash = await portal(`/api/v1/dashboard/${clientId}`);
    const total = await data('wealth-total');
    const kinds = dash.richComposition as Record<string, number>;
    const sum = Object.values(kinds).reduce((s, v) => s + v, 0);
    expect(total.total).toBeCloseTo(sum, 2);
    expect(total.total).toBeGreaterThan(0);
    expect(total.date).toBe(dash.date);
    expect(Object.fromEntries(total.parts.map((p: { key: string; value: number }) => [p.key, p.value]))).toEqual(kinds);
    const band = await data('projection-band');
    expect(band).toEqual({
      dates: dash.calculus.dates,
      inflation: dash.calculus.inflation,
      graph: dash.calculus.graph,
      maxValue: dash.calculus.maxValue,
    });
  });

  test('portfolio-donut: the financial composition by macro class', async () => {
    const comp = await portal(`/api/v1/dashboard/aggregate/financial-composition?clientId=${clientId}`);
    const donut = await data('portfolio-donut');
    expect(donut.slices).toEqual(
      comp.macroAssetClassComposition.map((m: { macroAssetClassName: string; stockValue: number }) => ({
        key: m.macroAssetClassName,
        value: m.stockValue,
      })),
    );
    expect(donut.slices.length).toBeGreaterThan(0);
  });

  test('performance-bars and trend-waterfall: the performance report of the range', async () => {
    const range = `dateFrom=${today.slice(0, 4)}-01-01&dateTo=${today}`;
    const perf = await portal(`/api/v2/report/aggregate/performance?clientId=${clientId}&${range}`);
    const bars = await data('performance-bars', all.token, range);
    expect(bars.dateFrom).toBe(perf.dateFrom);
    expect(bars.classes).toEqual(
      perf.macroAssetClassComposition.map(
        (m: {
          description: string;
          totalPerformancePercentageMW: number | null;
          assetClassList: { description: string; totalPerformancePercentageMW: number | null }[];
        }) => ({
          key: m.description,
          value: m.totalPerformancePercentageMW,
          assetClassList: m.assetClassList.map((a) => ({
            label: a.description,
            value: a.totalPerformancePercentageMW,
          })),
        }),
      ),
    );
    expect(bars.classes.length).toBeGreaterThan(0);
    const fall = await data('trend-waterfall', all.token, range);
    expect(fall.rows).toEqual(perf.trend.map(({ cashFlow: _c, ...row }: { cashFlow: number }) => row));
    expect(fall.start).toEqual({ date: perf.dateFrom, total: perf.data[0].total });
    expect(fall.rows.length).toBeGreaterThan(0);
    // Without a range: the portal's default one (to today).
    const byDefault = await data('performance-bars');
    expect(byDefault.dateTo).toBe(new Date().toISOString().slice(0, 10));
  });

  test('fee-table: the fee report of the four quarters to the date', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const fees = await portal(
      `/api/v1/report/aggregate/commissioni?clientId=${clientId}&dateFrom=${feeRangeStart(to)}&dateTo=${to}`,
    );
    const table = await data('fee-table');
    const { portfolioData: _p, recalculationInProgress: _r, ...expected } = fees;
    expect(table).toEqual(expected);
    expect(table.quarters).toHaveLength(4);
    expect(table.accountComposition.length).toBeGreaterThan(0);
  });

  test('business-chart and artlux-donut: the shares of the latest year, the art and luxury pie', async () => {
    const years = (await portal(`/api/v1/share/year?clientId=${clientId}`)) as number[];
    const chart = await data('business-chart');
    expect(chart.year).toBe(years[0] ?? null);
    // The demo client holds companies with yearly figures, and art.
    expect(chart.companies.length).toBeGreaterThan(0);
    if (years[0] !== undefined) {
      const revenue = await portal(`/api/v1/share/graph/revenue/${years[0]}?clientId=${clientId}`);
      const ebitda = await portal(`/api/v1/share/graph/ebitda/${years[0]}?clientId=${clientId}`);
      expect(chart.companies.map((c: { label: string }) => c.label)).toEqual(
        revenue.item.map((i: { legalName: string }) => i.legalName),
      );
      expect(chart.companies.map((c: { revenue: number }) => c.revenue)).toEqual(
        revenue.item.map((i: { value: number }) => i.value),
      );
      expect(chart.companies.map((c: { ebitda: number }) => c.ebitda)).toEqual(
        ebitda.item.map((i: { value: number }) => i.value),
      );
    }
    const pie = await portal(`/api/v1/lux/dashboard/pie?clientId=${clientId}`);
    const donut = await data('artlux-donut');
    expect(donut.slices.length).toBeGreaterThan(0);
    expect(donut.slices).toEqual(
      pie.map((s: { category: string; value: number }) => ({ key: s.category, value: s.value })),
    );
  });

  test('a family token reads the family’s aggregate', async () => {
    const fam = await issue('families', familyId, { widgets: ['wealth-total'] });
    const dash = await portal(`/api/v1/dashboard/${familyId}?familyId=${familyId}`);
    const total = await data('wealth-total', fam.token);
    const sum = (Object.values(dash.richComposition) as number[]).reduce((s, v) => s + v, 0);
    expect(total.total).toBeCloseTo(sum, 2);
    const single = await data('wealth-total');
    expect(total.total).not.toBe(single.total);
  });

  test('no token, an unknown one, an expired one: 401 widget_token_invalid', async () => {
    for (const authorization of [
      '',
      'Bearer',
      `Bearer ptw_${'A'.repeat(43)}`,
      'Basic Zm9vOmJhcg==',
      `Bearer ${tokens.get('pro')}`,
    ]) {
      const r = await widget(null, 'wealth-total', { authorization });
      expect(r.statusCode, authorization).toBe(401);
      expect(r.json().code).toBe('widget_token_invalid');
    }
    const late = await issue('clients', clientId, { expiresOn: today });
    expect((await widget(late.token, 'wealth-total')).statusCode).toBe(200);
    await t.app.db.query('update widget_tokens set expires_on = expires_on - 1 where id = $1', [late.item.id]);
    const expired = await widget(late.token, 'wealth-total');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('widget_token_invalid');
    const listed = await api('pro', 'GET', `/api/v1/clients/${clientId}/widget-tokens`);
    expect(listed.body.item.find((x: { id: number }) => x.id === late.item.id).state).toBe('expired');
  });

  test('the issuing PRO must be active and still own the client: else 401', async () => {
    const fresh = Number(
      (
        await one<{ id: number }>(
          "insert into clients (last_name, created_by) values ('Widget Ceduto', $1) returning id",
          [ids.pro],
        )
      ).id,
    );
    const { token } = await issue('clients', fresh, { widgets: ['wealth-total'] });
    expect((await widget(token, 'wealth-total')).statusCode).toBe(200);
    await t.app.db.query('update clients set created_by = $2 where id = $1', [fresh, ids.pro2]);
    expect((await widget(token, 'wealth-total')).statusCode).toBe(401);
    await t.app.db.query('update clients set created_by = $2 where id = $1', [fresh, ids.pro]);
    expect((await widget(token, 'wealth-total')).statusCode).toBe(200);
    await t.app.db.query('update users set active = false where id = $1', [ids.pro]);
    try {
      expect((await widget(token, 'wealth-total')).statusCode).toBe(401);
    } finally {
      await t.app.db.query('update users set active = true where id = $1', [ids.pro]);
    }
  });

  test('a widget not among the token’s: 403 widget_not_allowed', async () => {
    const { token } = await issue('clients', clientId, { widgets: ['wealth-total'] });
    const r = await widget(token, 'fee-table');
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('widget_not_allowed');
    expect((await widget(token, 'no-such-widget')).statusCode).toBe(400);
  });

  test('CORS: the token’s origins get the answer; any other origin 403 without CORS headers', async () => {
    const ok = await widget(all.token, 'wealth-total', { origin: SITE });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(ok.headers.vary)).toMatch(/origin/i);
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    // The security headers stay, and do not stop the cross-origin read.
    expect(ok.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const other = await widget(all.token, 'wealth-total', { origin: 'https://intruso.example' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('origin_not_allowed');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // No Origin (a server, or the portal's same-origin preview): served, without CORS headers.
    const server = await widget(all.token, 'wealth-total');
    expect(server.statusCode).toBe(200);
    expect(server.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the preflight allows an origin some live token lists, and no other', async () => {
    const pre = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/widget-data/wealth-total',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const ok = await pre(SITE);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(ok.headers['access-control-allow-methods'])).toBe('GET');
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toBe('authorization');
    expect(Number(ok.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await pre('https://intruso.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-methods']).toBeUndefined();
    // An origin only a revoked token lists still gets the preflight, and then the token's 401 in readable form (the
    // widget says the token is not valid), never its data.
    const lone = await issue('clients', clientId, { origins: ['https://solo.example'], widgets: ['wealth-total'] });
    expect((await pre('https://solo.example')).headers['access-control-allow-origin']).toBe('https://solo.example');
    await api('pro', 'POST', `/api/v1/widget-tokens/${lone.item.id}/revoke`);
    expect((await pre('https://solo.example')).headers['access-control-allow-origin']).toBe('https://solo.example');
    const refused = await widget(lone.token, 'wealth-total', { origin: 'https://solo.example' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('widget_token_invalid');
    expect(refused.headers['access-control-allow-origin']).toBe('https://solo.example');
    // Another site with the revoked token: no CORS header, as with a live one.
    const elsewhere = await widget(lone.token, 'wealth-total', { origin: 'https://intruso.example' });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the widget token is no bearer for the rest of the API', async () => {
    for (const url of [
      '/api/v1/user/client',
      `/api/v1/dashboard/${clientId}`,
      `/api/v1/clients/${clientId}/widget-tokens`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${all.token}` } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  test('no write on the widget data API, no other query key', async () => {
    const before = await usesOf(all.item.id);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const r = await widget(all.token, 'wealth-total', { method });
      expect(r.statusCode, method).toBe(404);
    }
    for (const query of [`clientId=${clientId}`, `familyId=${familyId}`, 'date=2024-01-01', 'dateTo=2024-13-01']) {
      const r = await widget(all.token, 'wealth-total', { query });
      expect(r.statusCode, query).toBe(400);
    }
    expect(await usesOf(all.item.id)).toBe(before);
  });

  test('every accepted use is counted; refused ones are not', async () => {
    const { token, item } = await issue('clients', clientId, { widgets: ['wealth-total'] });
    await widget(token, 'wealth-total');
    await widget(token, 'wealth-total', { origin: SITE });
    await widget(token, 'fee-table');
    await widget(token, 'wealth-total', { origin: 'https://intruso.example' });
    expect(await usesOf(item.id)).toBe(2);
    const listed = await api('pro', 'GET', `/api/v1/clients/${clientId}/widget-tokens`);
    const mine = listed.body.item.find((x: { id: number }) => x.id === item.id);
    expect(mine.uses).toBe(2);
    expect(mine.lastUsedAt).toEqual(expect.any(String));
  });
});

describe('the per-token rate limit', () => {
  test(`beyond ${WIDGET_TOKEN_RATE.max} calls a minute of one token: 429 with Retry-After, not counted; others unaffected`, async () => {
    const busy = await issue('clients', clientId, { widgets: ['wealth-total'] });
    const calm = await issue('clients', clientId, { widgets: ['wealth-total'] });
    expect((await widget(busy.token, 'wealth-total')).statusCode).toBe(200);
    const key = `widget-token ${busy.item.id}`;
    const counted = await one<{ hits: number }>('select hits from rate_limits where key = $1', [key]);
    expect(Number(counted.hits)).toBe(1);
    // The window's count brought to the limit (as many calls would), then one more call.
    await t.app.db.query('update rate_limits set hits = $2 where key = $1', [key, WIDGET_TOKEN_RATE.max]);
    const refused = await widget(busy.token, 'wealth-total');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await usesOf(busy.item.id)).toBe(1);
    expect((await widget(calm.token, 'wealth-total')).statusCode).toBe(200);
  });
});

describe('beside the admin routes’ CORS (ADMIN_API_URL on another origin)', () => {
  let a: TestApp;
  const secret = `ptw_${'w'.repeat(43)}`;
  const ADMIN_ORIGIN = 'https://admin.example';
  beforeAll(async () => {
    a = await createTestApp({ env: { ADMIN_API_URL: `${ADMIN_ORIGIN}/` } });
    const { createHash } = await import('node:crypto');
    await a.app.db.query(
      `insert into widget_tokens (issuer_id, client_id, label, widgets, origins, expires_on, token_hash, hint)
       select u.login_id, u.client_id, 'Coesistenza', '{wealth-total}', $1, current_date + 30, decode($2, 'hex'), 'x'
         from (select (select id from users where login = 'pro') as login_id,
                      (select client_id from users where login = 'client') as client_id) u`,
      [[SITE], createHash('sha256').update(secret).digest('hex')],
    );
  });
  afterAll(async () => {
    await a?.close();
  });

  test('the widget preflight and answer keep their own CORS; the admin routes stay closed to the widget origin', async () => {
    const pre = await a.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/widget-data/wealth-total',
      headers: {
        origin: SITE,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(pre.headers['access-control-allow-methods'])).toBe('GET');
    const get = await a.app.inject({
      method: 'GET',
      url: '/api/v1/widget-data/wealth-total',
      headers: { origin: SITE, authorization: `Bearer ${secret}` },
    });
    expect(get.statusCode, get.body).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe(SITE);
    const admin = await a.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/external-server',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
    const portal = new URL(a.config.publicUrl).origin;
    const widgetFromPortal = await a.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/widget-data/wealth-total',
      headers: { origin: portal, 'access-control-request-method': 'GET' },
    });
    expect(widgetFromPortal.headers['access-control-allow-origin']).toBeUndefined();
  });
});
