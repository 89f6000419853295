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

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  tokens = {
    admin: (await signIn(t.url, 'admin', 'patrimonio')).accessToken,
    pro: (await signIn(t.url, 'pro', 'patrimonio')).accessToken,
  };
  ex = examples(await badInputFixtures(t.app.db));
});
afterAll(async () => {
  await t?.close();
});

describe('the examples the bad values start from', () => {
  test('cover the 62 write routes, and each example body is valid for its route', () => {
    expect(WRITE_ROUTES).toHaveLength(62);
    for (const route of WRITE_ROUTES) {
      const def = routes[route] as RouteDef;
      if (def.body) expect(bodyErrors(def.body, ex[route].body), route).toEqual({});
    }
  });
});

describe('a bad value in a write request answers 4xx and changes nothing', () => {
  // One checksum of every table before the first route and after the last (a checksum takes a few hundred ms).
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await tableChecksums(t.app.db);
  });

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

  test('no row of any table changed over all of them', async () => {
    expect(changedTables(before, await tableChecksums(t.app.db))).toEqual([]);
  });
});
