// Bad input never answers 5xx and changes nothing (issue 15): for EVERY write route of the contract, fast-check
// takes a valid example request (demo rows ADMIN sees; the logo upload as the PRO it belongs to) and makes one of
// its values bad (server/src/testing/bad-input.ts: integers beyond their column, 1e308 and 1e999, Infinity and NaN
// as text in the path and the query, NUL characters, over-long strings, dates outside 1950-2100 or no date at all,
// wrong types, nested garbage, a required field left out). Each answer must be a 4xx (never a 5xx, never a 2xx that
// took the bad value, never the 403 of a wrong role) and no row of any table may change.
//
// BAD_INPUT_RUNS (default 10) sets the cases per route; BAD_INPUT_SEED replays a run (fast-check prints the seed of
// a failure). `npm run bench` sends 10,000 cases (scripts/bench-bad-input.ts).
import { bodyErrors, type RouteDef, routes } from '@patrimonio/shared-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import {
  type BadInputTokens,
  badInputFixtures,
  badRequests,
  changedTables,
  type Example,
  examples,
  type Fixtures,
  sendBad,
  tableChecksums,
  WRITE_ROUTES,
  type WriteRouteName,
} from '../testing/bad-input.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 10);
const SEED = process.env.BAD_INPUT_SEED ? Number(process.env.BAD_INPUT_SEED) : undefined;

let t: TestApp;
let tokens: BadInputTokens;
let ex: Record<WriteRouteName, Example>;
let fx: Fixtures;
/** A checksum of every table before the first bad request (compared after the last: a checksum takes ~300 ms). */
let before: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  tokens = {
    admin: (await signIn(t.url, 'admin', 'patrimonio')).accessToken,
    pro: (await signIn(t.url, 'pro', 'patrimonio')).accessToken,
  };
  fx = await badInputFixtures(t.app.db);
  ex = examples(fx);
  before = await tableChecksums(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

describe('the examples the bad values start from', () => {
  test('cover the 117 write routes, and each example body is valid for its route', () => {
    expect(WRITE_ROUTES).toHaveLength(117);
    for (const route of WRITE_ROUTES) {
      const def = routes[route] as RouteDef;
      if (def.body) expect(bodyErrors(def.body, ex[route].body), route).toEqual({});
    }
  });
});

/** A request as ADMIN with a JSON body given as text (so it may hold 1e999); the answer parsed. */
async function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  const payload = typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body);
  const res = await t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${tokens.admin}`,
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as { code?: string; fields?: { field: string; message: string }[] },
    raw: res.body,
  };
}

/** A 400 of the schema naming exactly these fields, with no SQLSTATE. */
function refused(r: Awaited<ReturnType<typeof send>>, ...fields: string[]) {
  expect(r.status, r.raw).toBe(400);
  expect(r.body.code).toBe('VALIDATION');
  expect([...new Set(r.body.fields?.map((f) => f.field))]).toEqual(fields);
}

const API = '/api/v1';

describe('the classes of the attack run, one example each', () => {
  test('an integer beyond its column: currencyId 1e+308 or 40000 (a smallint), an id of 2^63 in a list', async () => {
    const account = ex.createAccount.body as Record<string, unknown>;
    refused(await send('POST', `${API}/account`, { ...account, currencyId: 1e308 }), 'body.currencyId');
    const portfolio = ex.updatePortfolio.body as Record<string, unknown>;
    refused(
      await send('PUT', `${API}/portfolio/${fx.portfolio}`, { ...portfolio, currencyId: 40_000 }),
      'body.currencyId',
    );
    refused(await send('DELETE', `${API}/movement`, { ids: [2 ** 63] }), 'body.ids.0');
  });

  test('a path id of 20 digits answers 400 (or 404), never 500', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const r = await send(method, `${API}/portfolio/99999999999999999999`);
      expect([400, 404], `${method} ${r.raw}`).toContain(r.status);
    }
    refused(await send('DELETE', `${API}/portfolio/99999999999999999999`), 'params.id');
    refused(
      await send('DELETE', `${API}/real-estate/${fx.realEstate}/mortgage/9223372036854775808`),
      'params.mortgageId',
    );
  });

  test('Infinity and NaN as numbers: in the path, in the query, and as 1e999 in a JSON body', async () => {
    refused(await send('DELETE', `${API}/lux/Infinity`), 'params.id');
    refused(await send('DELETE', `${API}/share/company/1e999`), 'params.id');
    for (const weight of ['NaN', 'Infinity', '-Infinity', '1e999']) {
      refused(
        await send('POST', `${API}/family/${fx.family}/user/${fx.person}?weight=${weight}`),
        'querystring.weight',
      );
    }
    refused(
      await send('POST', `${API}/lux/${fx.lux}/evaluation`, '{"evaluationDate":"2024-08-01","value":1e999}'),
      'body.value',
    );
  });

  test('a NUL character in a name, a description or a search text', async () => {
    refused(await send('PUT', `${API}/family/${fx.family}`, { name: 'Famiglia\u0000Rossi' }), 'body.name');
    const lux = ex.createLux.body as Record<string, unknown>;
    refused(await send('POST', `${API}/lux`, { ...lux, description: 'Quadro\u0000' }), 'body.description');
    const list = ex.listMovements;
    refused(
      await send('POST', `${API}/movement/list?ptfId=${fx.portfolio}`, { ...(list.body as object), text: '\u0000' }),
      'body.text',
    );
  });

  test('a date outside the date picker years (1950-2100), or no date at all', async () => {
    for (const date of ['0001-01-01', '99999-01-01', '1949-12-31', '2101-01-01', '2023-02-29', 'infinity']) {
      refused(
        await send('POST', `${API}/lux/${fx.lux}/evaluation`, { evaluationDate: date, value: 1000 }),
        'body.evaluationDate',
      );
    }
    const late = await send('POST', `${API}/lux/${fx.lux}/evaluation`, { evaluationDate: '2101-01-01', value: 1 });
    expect(late.body.fields).toEqual([
      { field: 'body.evaluationDate', message: 'must be a date from 1950-01-01 to 2100-12-31 (YYYY-MM-DD)' },
    ]);
    const movement = ex.createMovement.body as Record<string, unknown>;
    for (const dateTime of ['2024-02-30 10:00', '0001-01-01 10:00', '2024-01-01 25:00']) {
      refused(await send('POST', `${API}/movement`, { ...movement, dateTime }), 'body.dateTime');
    }
  });

  test('an over-long string', async () => {
    refused(await send('POST', `${API}/family`, { name: 'F'.repeat(201) }), 'body.name');
    const movement = ex.createMovement.body as Record<string, unknown>;
    refused(
      await send('POST', `${API}/movement`, { ...movement, classification: 'x'.repeat(201) }),
      'body.classification',
    );
  });
});

describe('a bad value in a write request answers 4xx and changes nothing', () => {
  test.each(WRITE_ROUTES)('%s', async (route) => {
    await fc.assert(
      fc.asyncProperty(badRequests(route, ex[route]), async (req) => {
        const { status, body } = await sendBad(t.app, tokens, req);
        const what = `${req.method} ${req.url} with ${req.fault}: ${status} ${body.slice(0, 300)}`;
        expect(status, what).toBeGreaterThanOrEqual(400);
        expect(status, what).toBeLessThan(500);
        expect(status, what).not.toBe(403);
        if (status === 400) expect(body, what).not.toMatch(/"code":"[0-9][0-9A-Z]{4}"/);
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  });
});

describe('after all the bad requests of this file', () => {
  test('no row of any table changed', async () => {
    expect(changedTables(before, await tableChecksums(t.app.db))).toEqual([]);
  });
});
