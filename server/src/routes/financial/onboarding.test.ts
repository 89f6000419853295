// GET /fabrick/onboarding/success: records one onboarding under review per client, for the caller's own client
// (BASIC) or a visible clientId; another tenant's client 404; bad query 400 with nothing written.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

const URL = '/api/v1/fabrick/onboarding/success';
let h: Harness;
let rossi: number;
let ferrari: number;

const pending = async () =>
  (await h.one<{ n: number }>("select count(*)::int as n from bank_onboardings where status = 'PENDING_REVIEW'")).n;
const audits = async () =>
  (await h.one<{ n: number }>("select count(*)::int as n from audit_log where entity = 'bank_onboarding'")).n;

beforeAll(async () => {
  h = await startHarness();
  // The demo BASIC user `client` is Mario Rossi; Giovanni Ferrari belongs to pro2.
  rossi = (await h.one<{ id: number }>("select id from clients where tax_code = 'RSSMRA80A01H501U'")).id;
  ferrari = (await h.one<{ id: number }>("select id from clients where tax_code = 'FRRGNN58T10D612I'")).id;
});
afterAll(async () => {
  await h?.t.close();
});

describe('fabrick onboarding success', () => {
  test('BASIC: its own client, pending review; a repeated call answers the same onboarding', async () => {
    const first = await h.call('client', 'GET', URL);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(Number),
      clientId: rossi,
      status: 'PENDING_REVIEW',
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const again = await h.call('client', 'GET', URL);
    expect(again.body).toEqual(first.body);
    // The adviser reporting the same client's return finds it too.
    expect((await h.call('pro', 'GET', `${URL}?clientId=${rossi}`)).body.id).toBe(first.body.id);
    expect(await pending()).toBe(1);
    expect(await audits()).toBe(1);
  });

  test('other tenants and bad queries are refused, nothing written', async () => {
    const before = { pending: await pending(), audits: await audits() };
    expect((await h.call('client', 'GET', `${URL}?clientId=${ferrari}`)).status).toBe(404);
    expect((await h.call('pro', 'GET', `${URL}?clientId=${ferrari}`)).status).toBe(404);
    expect((await h.call('pro2', 'GET', `${URL}?clientId=${rossi}`)).status).toBe(404);
    const missing = await h.call('pro', 'GET', URL);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('querystring.clientId');
    expect((await h.call('pro', 'GET', `${URL}?clientId=abc`)).status).toBe(400);
    expect((await h.call('pro', 'GET', `${URL}?clientId=${rossi}&extra=1`)).status).toBe(400);
    expect((await h.call(null, 'GET', `${URL}?clientId=${rossi}`)).status).toBe(401);
    expect({ pending: await pending(), audits: await audits() }).toEqual(before);
  });

  test('pro2 records its own client; staff may record any client', async () => {
    const r = await h.call('pro2', 'GET', `${URL}?clientId=${ferrari}`);
    expect(r.status).toBe(200);
    expect(r.body.clientId).toBe(ferrari);
    expect((await h.call('backoffice', 'GET', `${URL}?clientId=${ferrari}`)).body.id).toBe(r.body.id);
    expect(await pending()).toBe(2);
  });
});
