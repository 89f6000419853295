// The access matrix (DESIGN.md sections 3 and 6): every authenticated contract route outside registration x every demo
// login x scope (an id of the caller's tenant, of another tenant, a testing portfolio or account), plus no token. The
// expected statuses come from the rules of access-matrix.cases.ts, not from the server: 401 without a token, 403 for a
// role that may not call, 404 for an id the caller may not see, the success status otherwise. Each cell works on fresh
// rows; a refused write must leave the database as it was, an allowed one is audited.
import { type RouteName, routes } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { DEMO_LOGINS } from '../testing/api-caller.ts';
import { type Harness, startHarness } from '../testing/harness.ts';
import {
  CASES,
  type Ctx,
  expectedStatus,
  Fixtures,
  type Login,
  type Req,
  type RouteCase,
  type Scope,
  tenantOf,
  who,
} from './access-matrix.cases.ts';

const LOGINS = DEMO_LOGINS;
let h: Harness;
let fx: Fixtures;
/** Tokens for the multipart calls (the harness keeps its own for JSON calls). */
const tokens = new Map<Login, string>();

beforeAll(async () => {
  h = await startHarness();
  for (const login of LOGINS) tokens.set(login, (await signIn(h.t.url, login, 'patrimonio')).accessToken);
  fx = await Fixtures.load(h.one, LOGINS);
});
afterAll(async () => {
  await h?.t.close();
});

/**
 * The contract tables this matrix covers, by the tags of their routes: core (user, tour), clients, families, financial
 * (lookups, intermediaries, portfolios, accounts), stocks, movements, uploads (movements, stocks, lookups), onboarding
 * (financial), analytics (dashboards and reports), the middle office, and the admin's users and audit (admin).
 */
const COVERED_TAGS = [
  'user',
  'tour',
  'clients',
  'families',
  'lookups',
  'intermediaries',
  'portfolios',
  'accounts',
  'stocks',
  'movements',
  'financial',
  'analytics',
  'real-estate',
  'shares',
  'lux',
  'geo',
  'report',
  'middle office',
  'file exchange',
  'admin',
  'human capital',
  'goals',
  'simulations',
  'delegates',
  'documents',
  'support',
  'subscriptions',
  'widgets',
];
/**
 * Routes of a covered table deliberately outside it: the widget data API is public in the contract and authenticates
 * its own widget token (issue 20; widgets.test.ts tests it).
 */
const OUTSIDE_ROUTES: readonly string[] = ['widgetData'];
/** Tags deliberately outside it: the public calls (liveness; registration, which has its own tests). */
const OTHER_TAGS = ['live', 'registration', 'payments webhook'];

const covered = (def: { tags: readonly string[] }) => def.tags.some((tag) => COVERED_TAGS.includes(tag));
const inMatrix = (name: string, def: { tags: readonly string[] }) => covered(def) && !OUTSIDE_ROUTES.includes(name);

describe('the matrix covers the contract', () => {
  test('every route of the covered tables has a case', () => {
    const missing = Object.entries(routes)
      .filter(([name, def]) => inMatrix(name, def) && !(name in CASES))
      .map(([name, def]) => `${name} (${def.method} ${def.url})`);
    expect(missing, 'routes without access rules in access-matrix.cases.ts').toEqual([]);
  });

  test('every route belongs to a covered table or to one named as outside the matrix', () => {
    const unknown = Object.entries(routes)
      .filter(
        ([name, def]) =>
          !inMatrix(name, def) && !OUTSIDE_ROUTES.includes(name) && !def.tags.some((tag) => OTHER_TAGS.includes(tag)),
      )
      .map(([name, def]) => `${name} (${def.tags.join(', ')})`);
    expect(unknown, 'a new table: give its routes cases, or name it in OTHER_TAGS').toEqual([]);
  });

  test('every case is a route of a covered table', () => {
    const stale = Object.keys(CASES).filter((name) => !(name in routes) || !inMatrix(name, routes[name as RouteName]));
    expect(stale).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Calling
// ---------------------------------------------------------------------------------------------------------------

function urlOf(name: RouteName, req: Req): string {
  const path = routes[name].url.replace(/:(\w+)/g, (_, key: string) => {
    const value = req.params?.[key];
    if (value === undefined) throw new Error(`${name}: no value for :${key}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(Object.entries(req.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${path}?${query}` : path;
}

/** A multipart/form-data request: the text fields, then the CSV (or the given file, or none) as the field `file`. */
async function upload(login: Login | null, url: string, up: NonNullable<Req['upload']>) {
  const boundary = `----matrix${fx.seq()}`;
  const part = (disposition: string, content: string | Uint8Array, type = '') =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type}\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const file =
    up.csv !== undefined ? { name: 'matrice.csv', type: 'text/csv', bytes: new TextEncoder().encode(up.csv) } : up.file;
  const payload = Buffer.concat([
    ...Object.entries(up.fields).map(([k, v]) => part(`name="${k}"`, String(v))),
    ...(file ? [part(`name="file"; filename="${file.name}"`, file.bytes, `Content-Type: ${file.type}\r\n`)] : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await h.t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(login ? { authorization: `Bearer ${tokens.get(login)}` } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: res.body && json ? (JSON.parse(res.body) as unknown) : res.body };
}

function send(login: Login | null, name: RouteName, req: Req): Promise<{ status: number; body: unknown }> {
  const url = urlOf(name, req);
  return req.upload ? upload(login, url, req.upload) : h.call(login, routes[name].method, url, req.body);
}

// ---------------------------------------------------------------------------------------------------------------
// What a refused call must not change
// ---------------------------------------------------------------------------------------------------------------

const COUNTED = [
  'users',
  'clients',
  'client_advisers',
  'client_invitations',
  'mail_outbox',
  'password_reset_tokens',
  'families',
  'family_members',
  'financial_intermediaries',
  'branches',
  'portfolios',
  'accounts',
  'portfolio_accounts',
  'instruments',
  'prices',
  'fx_rates',
  'movements',
  'bank_onboardings',
  'companies',
  'company_holdings',
  'company_figures',
  'lux_items',
  'lux_evaluations',
  'real_estates',
  'real_estate_evaluations',
  'mortgages',
  'report_settings',
  'report_logos',
  'bank_balances',
  'bank_positions',
  'control_acceptances',
  'hc_flows',
  'hc_flow_records',
  'life_policies',
  'planning_settings',
  'goals',
  'simulations',
  'documents',
  'support_tickets',
  'support_messages',
  'support_attachments',
  'subscriptions',
  'widget_tokens',
];
const UPDATED = [
  'users',
  'clients',
  'families',
  'financial_intermediaries',
  'branches',
  'portfolios',
  'accounts',
  'instruments',
  'movements',
  'real_estates',
  'real_estate_evaluations',
  'mortgages',
  'companies',
  'lux_items',
  'report_settings',
  'report_logos',
  'hc_flows',
  'life_policies',
  'planning_settings',
  'goals',
  'simulations',
  'support_tickets',
  'subscriptions',
];
const FINGERPRINT = `select ${[
  ...COUNTED.map((t) => `(select count(*)::int from ${t}) as "${t}"`),
  ...UPDATED.map((t) => `(select max(updated_at)::text from ${t}) as "${t}.updated"`),
  // The audit records of callers. The file exchange's imports audit as the system (no actor) when their job ends,
  // which may be during a later cell: a refused call never writes one of those.
  `(select count(*)::int from audit_log where actor_id is not null) as "audit_log"`,
  `(select md5(coalesce(string_agg(id || ':' || date || ':' || amount, ',' order by id), '')) from hc_flow_records) as "hc_flow_records.values"`,
  `(select coalesce(sum(weight), 0)::text from family_members) as "family_members.weight"`,
  // Rows without updated_at: their values, checksummed.
  `(select md5(coalesce(string_agg(company_id || ':' || client_id || ':' || percentage, ',' order by company_id, client_id), '')) from company_holdings) as "company_holdings.values"`,
  `(select md5(coalesce(string_agg(id || ':' || year || ':' || revenue || ':' || profit || ':' || ebitda || ':' || value, ',' order by id), '')) from company_figures) as "company_figures.values"`,
  `(select md5(coalesce(string_agg(id || ':' || evaluation_date || ':' || value, ',' order by id), '')) from lux_evaluations) as "lux_evaluations.values"`,
  `(select count(*)::int from client_invitations where revoked_at is not null) as "client_invitations.revoked"`,
  `(select count(*)::int from widget_tokens where revoked_at is not null) as "widget_tokens.revoked"`,
  `(select count(*)::int from prices where source = 'upload') as "prices.uploaded"`,
  `(select count(*)::int from fx_rates where source = 'upload') as "fx_rates.uploaded"`,
  `(select md5(coalesce(string_agg(id || ':' || coalesce(tour_steps, ''), ',' order by id), '')) from users) as "users.tour"`,
].join(',\n  ')}`;

const fingerprint = () => h.one<Record<string, number | string | null>>(FINGERPRINT);

// ---------------------------------------------------------------------------------------------------------------
// The cells
// ---------------------------------------------------------------------------------------------------------------

interface Cell {
  name: string;
  route: RouteName;
  login: Login | null;
  scope: Scope;
  expected: number;
}

function cellsOf(route: RouteName, c: RouteCase): Cell[] {
  const def = routes[route];
  const cell = (login: Login | null, scope: Scope): Cell => {
    const expected = expectedStatus(c, login, scope);
    const where = scope === 'none' ? 'no id' : scope;
    return {
      name: `${def.method} ${def.url} · ${login ?? 'no token'} · ${where} → ${expected}`,
      route,
      login,
      scope,
      expected,
    };
  };
  return [...LOGINS.flatMap((login) => c.scopes.map((scope) => cell(login, scope))), cell(null, c.scopes[0]!)];
}

const byRoute = (Object.entries(CASES) as [RouteName, RouteCase][]).map(([route, c]) => ({
  route,
  title: `${routes[route].method} ${routes[route].url} (${route})`,
  cells: cellsOf(route, c),
}));

function context(login: Login | null, scope: Scope): Ctx {
  const tenant = tenantOf(login, scope);
  return {
    login,
    scope,
    tenant,
    testing: scope === 'testing',
    // 'creator' data: the caller's own (own), else the other tenant's PRO's.
    creator: scope === 'own' ? fx.users[login ?? 'pro'] : fx.users[tenant],
    basicOwn: login !== null && who(login).role === 'BASIC' && scope === 'own',
    fx,
  };
}

describe.each(byRoute)('$title', ({ cells }) => {
  test.each(cells)('$name', async (cell) => {
    const c = CASES[cell.route]!;
    const req = await c.request(context(cell.login, cell.scope));
    const writes = c.writes ?? routes[cell.route].method !== 'GET';
    const before = writes ? await fingerprint() : null;
    const r = await send(cell.login, cell.route, req);
    expect(r.status, JSON.stringify(r.body)).toBe(cell.expected);
    if (cell.expected >= 400) {
      // Refused: nothing written, not even an audit record.
      if (before) expect(await fingerprint()).toEqual(before);
      return;
    }
    req.verify?.(r.body);
    if (before && !c.idempotent) {
      const after = await fingerprint();
      expect(after.audit_log, 'an allowed write is audited').toBeGreaterThan(before.audit_log as number);
    }
  });
});
