// Route tests for plans, subscriptions and trials (issue 19): trials that end on their date, a client's and a
// practice's subscription read by who may see them, a card checkout created against a local test double of Stripe's
// API (what is sent: amount, currency, interval, metadata), Stripe's webhook verified with the library's own test
// header (a bad signature changes nothing; the same event twice activates once), bank transfers recorded by an ADMIN
// only (date, reference, audited), card payments disabled without keys, and the daily expiry.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { runSubscriptionsExpiry } from '../jobs/subscriptions.ts';
import { callApi } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_patrimonio';
const stripeLib = new Stripe('sk_test_patrimonio');

/** What the Stripe test double received: each request's method, path and form-decoded body. */
const received: { method: string; path: string; form: URLSearchParams }[] = [];
let double: Server;
let nextSession = 1;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let t: TestApp;
const tokens = new Map<string, string>();
const ids: Record<string, number> = {};

beforeAll(async () => {
  // A local stand-in for Stripe's API: Checkout Sessions only.
  double = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    received.push({ method: req.method ?? '', path: req.url ?? '', form });
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_${nextSession++}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, object: 'checkout.session', client_secret: `${id}_secret_abc` }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
  });
  double.listen(0, '127.0.0.1');
  await once(double, 'listening');
  const port = (double.address() as AddressInfo).port;
  t = await createTestApp({
    listen: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_patrimonio',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_patrimonio',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      BANK_TRANSFER_IBAN: 'IT60X0542811101000000123456',
    },
  });
  for (const login of ['admin', 'backoffice', 'pro', 'pro2', 'delegate', 'client']) {
    tokens.set(login, (await signIn(t.url, login, 'patrimonio')).accessToken);
  }
  const { rows } = await t.app.db.query<{ login: string; id: number }>('select login, id from users');
  for (const u of rows) ids[u.login] = Number(u.id);
});
afterAll(async () => {
  await t?.close();
  double?.close();
});

const call = (login: string | null, method: string, url: string, body?: unknown) =>
  callApi(t, tokens, login, method, url, body);

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await t.app.db.query<T>(sql, params)).rows[0]!;
}

let nextName = 1;
/** A new client of the PRO "pro" with the given trial end (days from today; null: no trial) and subscribe flag. */
async function newClient(trialDays: number | null, subscribe = false): Promise<number> {
  const row = await one<{ id: number }>(
    `insert into clients (first_name, last_name, subscribe, trial, trial_until, created_by)
     values ('Prova', $1, $2, $3, current_date + $4::int, $5) returning id`,
    [`Abbonamento ${nextName++}`, subscribe, trialDays !== null, trialDays ?? 0, ids.pro],
  );
  if (trialDays === null) await t.app.db.query('update clients set trial_until = null where id = $1', [row.id]);
  return Number(row.id);
}

const planId = async (code: string) =>
  Number((await one<{ id: number }>('select id from plans where code = $1', [code])).id);

/** Posts a Stripe event to the webhook, signed with `secret` by the library's own test helper. */
async function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = stripeLib.webhooks.generateTestHeaderString({ payload, secret });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const completed = (eventId: string, sessionId: string, subscriptionId: number) => ({
  id: eventId,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: String(subscriptionId),
      metadata: { subscriptionId: String(subscriptionId) },
      subscription: `sub_${sessionId}`,
      customer: 'cus_test_1',
    },
  },
});

describe('plans', () => {
  test('the active plans of each audience, with card payments enabled by the keys and the bank details', async () => {
    const all = await call('pro', 'GET', '/api/v1/plans');
    expect(all.status).toBe(200);
    expect(all.body.plans.map((p: { code: string }) => p.code)).toEqual([
      'CLIENT_MONTHLY',
      'CLIENT_YEARLY',
      'PRO_MONTHLY',
      'PRO_YEARLY',
    ]);
    expect(all.body.payment).toEqual({
      card: true,
      publishableKey: 'pk_test_patrimonio',
      bankTransfer: { beneficiary: null, iban: 'IT60X0542811101000000123456', bic: null },
    });
    // The portal's Content-Security-Policy lets Stripe.js and its checkout frame in.
    const csp = String((await t.app.inject({ url: '/api/v1/live/version' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/checkout\.stripe\.com/);
    const clients = await call('client', 'GET', '/api/v1/plans?audience=CLIENT');
    expect(clients.body.plans).toHaveLength(2);
    expect(clients.body.plans[0]).toMatchObject({ price: 9.9, currency: 'EUR', period: 'MONTH' });
  });
});

describe('trials end on their date', () => {
  test('a client whose trial ended yesterday reads trial false, with its end date; one ending today is still on', async () => {
    const ended = await newClient(-1);
    const today = await newClient(0);
    const client = await call('pro', 'GET', `/api/v1/user/client/${ended}`);
    expect(client.body).toMatchObject({ trial: false, subscribe: false });
    expect(client.body.trialUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await call('pro', 'GET', `/api/v1/user/client/${today}`)).body.trial).toBe(true);
    const status = await call('pro', 'GET', `/api/v1/client/${ended}/subscription`);
    expect(status.body).toMatchObject({ state: 'TRIAL_ENDED', trial: false, trialEnded: true, trialDaysLeft: 0 });
    const running = await call('pro', 'GET', `/api/v1/client/${today}/subscription`);
    expect(running.body).toMatchObject({ state: 'TRIAL', trial: true, trialDaysLeft: 1 });
    // The clients list reads the same.
    const list = await call('pro', 'GET', '/api/v1/user/client?size=10000');
    const row = list.body.item.find((c: { id: number }) => c.id === ended);
    expect(row).toMatchObject({ trial: false });
  });

  test("a client's subscription is visible to who sees the client only; a BASIC user reads its own", async () => {
    const id = await newClient(10);
    expect((await call('pro2', 'GET', `/api/v1/client/${id}/subscription`)).status).toBe(404);
    expect((await call('delegate', 'GET', `/api/v1/client/${id}/subscription`)).body.trialDaysLeft).toBe(11);
    expect((await call('client', 'GET', `/api/v1/client/${id}/subscription`)).status).toBe(404);
    const own = await one<{ client_id: number }>("select client_id from users where login = 'client'");
    const mine = await call('client', 'GET', `/api/v1/client/${own.client_id}/subscription`);
    expect(mine.status).toBe(200);
    expect(mine.body.transferReference).toBe(`PATRIMONIO-C${own.client_id}`);
  });
});

describe('card payments', () => {
  test('a checkout creates an embedded Checkout Session of the plan, recurring, with whose subscription it pays', async () => {
    const id = await newClient(5);
    const plan = await planId('CLIENT_YEARLY');
    received.length = 0;
    const res = await call('pro', 'POST', `/api/v1/client/${id}/subscription/checkout`, { planId: plan });
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toMatch(/^cs_test_\d+_secret_abc$/);
    expect(received).toHaveLength(1);
    const form = received[0]!.form;
    const row = await one<{ id: number; status: string; method: string; stripe_checkout_session_id: string }>(
      'select * from subscriptions where client_id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'PENDING', method: 'CARD', stripe_checkout_session_id: res.body.sessionId });
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '9900',
      'line_items[0][price_data][recurring][interval]': 'year',
      'metadata[subscriptionId]': String(row.id),
      'metadata[kind]': 'CLIENT',
      'metadata[subscriberId]': String(id),
      'subscription_data[metadata][subscriptionId]': String(row.id),
      client_reference_id: String(row.id),
    });
    expect(form.get('return_url')).toBe(`${t.url}/client/${id}/subscription?session_id={CHECKOUT_SESSION_ID}`);
  });

  test('a practice plan for a client, an unknown plan, another tenant and an already subscribed client are refused', async () => {
    const id = await newClient(5);
    const proPlan = await planId('PRO_MONTHLY');
    const clientPlan = await planId('CLIENT_MONTHLY');
    expect((await call('pro', 'POST', `/api/v1/client/${id}/subscription/checkout`, { planId: proPlan })).status).toBe(
      400,
    );
    expect((await call('pro', 'POST', `/api/v1/client/${id}/subscription/checkout`, { planId: 9999 })).status).toBe(
      400,
    );
    expect(
      (await call('pro2', 'POST', `/api/v1/client/${id}/subscription/checkout`, { planId: clientPlan })).status,
    ).toBe(404);
    const subscribed = await newClient(null, true);
    const again = await call('pro', 'POST', `/api/v1/client/${subscribed}/subscription/checkout`, {
      planId: clientPlan,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_subscribed');
    expect(
      (await one<{ n: number }>('select count(*)::int as n from subscriptions where client_id = $1', [subscribed])).n,
    ).toBe(0);
  });

  test('the webhook: a bad signature changes nothing, a paid checkout activates once however often it comes', async () => {
    const id = await newClient(2);
    const res = await call('pro', 'POST', `/api/v1/client/${id}/subscription/checkout`, {
      planId: await planId('CLIENT_MONTHLY'),
    });
    const sub = await one<{ id: number }>('select id from subscriptions where client_id = $1', [id]);
    const event = completed(`evt_${id}`, res.body.sessionId, Number(sub.id));

    const forged = await webhook(event, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('invalid_signature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await one('select subscribe from clients where id = $1', [id])).subscribe).toBe(false);
    expect((await one<{ n: number }>('select count(*)::int as n from stripe_events where id = $1', [event.id])).n).toBe(
      0,
    );

    expect(await webhook(event)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await webhook(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const row = await one<{ status: string; period_end: unknown; stripe_subscription_id: string }>(
      'select status, period_end, stripe_subscription_id from subscriptions where id = $1',
      [sub.id],
    );
    expect(row).toMatchObject({ status: 'ACTIVE', stripe_subscription_id: `sub_${res.body.sessionId}` });
    expect(row.period_end).not.toBeNull();
    expect((await one('select subscribe from clients where id = $1', [id])).subscribe).toBe(true);
    const audits = await one<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'subscription' and action = 'activate' and entity_id = $1`,
      [String(sub.id)],
    );
    expect(audits.n).toBe(1);
    const status = await call('pro', 'GET', `/api/v1/client/${id}/subscription`);
    expect(status.body).toMatchObject({ state: 'SUBSCRIBED', subscribed: true, plan: { code: 'CLIENT_MONTHLY' } });

    // Stripe renews it, then ends it: the period moves, then the client is no longer subscribed.
    const renewed = await webhook({
      id: `evt_${id}_renew`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: row.stripe_subscription_id,
          object: 'subscription',
          status: 'active',
          items: { object: 'list', data: [{ current_period_end: Date.UTC(2099, 0, 31) / 1000 }] },
        },
      },
    });
    expect(renewed.status).toBe(200);
    const end = await one<{ d: string }>(
      "select to_char(period_end, 'YYYY-MM-DD') as d from subscriptions where id = $1",
      [sub.id],
    );
    expect(end.d).toBe('2099-01-31');
    await webhook({
      id: `evt_${id}_end`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: row.stripe_subscription_id, object: 'subscription', status: 'canceled' } },
    });
    expect((await one('select subscribe from clients where id = $1', [id])).subscribe).toBe(false);
    expect((await one('select status from subscriptions where id = $1', [sub.id])).status).toBe('ENDED');
  });

  test('without Stripe keys card payments are disabled: plans say so, checkout and webhook answer 409', async () => {
    const bare = await createTestApp({ sameDatabaseAs: t, listen: true });
    try {
      const bareTokens = new Map([['pro', (await signIn(bare.url, 'pro', 'patrimonio')).accessToken]]);
      const plans = await callApi(bare, bareTokens, 'pro', 'GET', '/api/v1/plans');
      expect(plans.body.payment).toMatchObject({ card: false, publishableKey: null });
      const csp = String((await bare.app.inject({ url: '/api/v1/live/version' })).headers['content-security-policy']);
      expect(csp).not.toContain('stripe');
      const id = await newClient(5);
      const res = await callApi(bare, bareTokens, 'pro', 'POST', `/api/v1/client/${id}/subscription/checkout`, {
        planId: await planId('CLIENT_MONTHLY'),
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('card_payments_disabled');
      const hook = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(409);
    } finally {
      await bare.close();
    }
  });
});

describe('bank transfers', () => {
  test('only an ADMIN records one: the plan is active from the day paid, with date and reference, audited', async () => {
    const id = await newClient(-3);
    const plan = await planId('CLIENT_MONTHLY');
    const body = { clientId: id, planId: plan, paidOn: '', reference: `PATRIMONIO-C${id}`, amount: 9.9 };
    body.paidOn = (await one<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') as d")).d;
    for (const login of ['pro', 'delegate', 'backoffice', 'client']) {
      expect((await call(login, 'POST', '/api/v1/subscriptions/bank-transfer', body)).status, login).toBe(403);
    }
    expect((await one('select subscribe from clients where id = $1', [id])).subscribe).toBe(false);
    const res = await call('admin', 'POST', '/api/v1/subscriptions/bank-transfer', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'SUBSCRIBED', subscribed: true, plan: { code: 'CLIENT_MONTHLY' } });
    expect(res.body.history[0]).toMatchObject({
      status: 'ACTIVE',
      method: 'BANK_TRANSFER',
      transferDate: body.paidOn,
      periodStart: body.paidOn,
      transferReference: body.reference,
      amount: 9.9,
    });
    const audit = await one<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'subscription' and action = 'bank_transfer'
          and actor_id = $1 and after->>'reference' = $2`,
      [String(ids.admin), body.reference],
    );
    expect(audit.n).toBe(1);
    // The client's pages open again: subscribed.
    expect((await call('pro', 'GET', `/api/v1/user/client/${id}`)).body.subscribe).toBe(true);
    const again = await call('admin', 'POST', '/api/v1/subscriptions/bank-transfer', body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_subscribed');
  });

  test('a transfer for no one or both, a future date, a period already over, a plan of the other audience: 400', async () => {
    const id = await newClient(-1);
    const plan = await planId('CLIENT_MONTHLY');
    const base = { planId: plan, reference: 'X', amount: 9.9 };
    const bad = [
      { ...base, paidOn: '2024-01-01' },
      { ...base, clientId: id, proId: ids.pro2, paidOn: '2024-01-01' },
      { ...base, clientId: id, paidOn: '2099-01-01' },
      { ...base, clientId: id, paidOn: '2020-01-01' },
      { ...base, clientId: id, planId: await planId('PRO_YEARLY'), paidOn: '2020-01-01' },
    ];
    for (const body of bad)
      expect((await call('admin', 'POST', '/api/v1/subscriptions/bank-transfer', body)).status).toBe(400);
    expect(
      (await one<{ n: number }>('select count(*)::int as n from subscriptions where client_id = $1', [id])).n,
    ).toBe(0);
  });

  test("the admin's list shows clients and practices with their state, filtered", async () => {
    const id = await newClient(-2);
    const ended = await call('admin', 'GET', '/api/v1/subscriptions?state=TRIAL_ENDED&kind=CLIENT');
    expect(ended.status).toBe(200);
    expect(ended.body.item.find((s: { id: number }) => s.id === id)).toMatchObject({
      kind: 'CLIENT',
      state: 'TRIAL_ENDED',
      transferReference: `PATRIMONIO-C${id}`,
    });
    const practices = await call('admin', 'GET', '/api/v1/subscriptions?kind=PRACTICE');
    expect(practices.body.item.map((s: { name: string }) => s.name)).toContain('Paolo Consulente');
    expect((await call('pro', 'GET', '/api/v1/subscriptions')).status).toBe(403);
  });
});

describe("a practice's subscription", () => {
  test("the PRO reads its own, a DELEGATE its PRO's and may not pay; a practice on trial pays by card", async () => {
    const pro = await call('pro', 'GET', '/api/v1/practice/subscription');
    expect(pro.body).toMatchObject({ kind: 'PRACTICE', id: ids.pro, state: 'SUBSCRIBED' });
    expect((await call('delegate', 'GET', '/api/v1/practice/subscription')).body.id).toBe(ids.pro);
    expect((await call('admin', 'GET', '/api/v1/practice/subscription')).status).toBe(403);
    const plan = await planId('PRO_MONTHLY');
    expect((await call('delegate', 'POST', '/api/v1/practice/subscription/checkout', { planId: plan })).status).toBe(
      403,
    );
    expect((await call('pro', 'POST', '/api/v1/practice/subscription/checkout', { planId: plan })).status).toBe(409);
    await t.app.db.query('update users set subscribe = false, trial_until = current_date + 3 where id = $1', [
      ids.pro2,
    ]);
    const trial = await call('pro2', 'GET', '/api/v1/practice/subscription');
    expect(trial.body).toMatchObject({ state: 'TRIAL', trialDaysLeft: 4 });
    received.length = 0;
    const res = await call('pro2', 'POST', '/api/v1/practice/subscription/checkout', { planId: plan });
    expect(res.status).toBe(200);
    expect(received[0]!.form.get('metadata[kind]')).toBe('PRACTICE');
    expect(received[0]!.form.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(received[0]!.form.get('return_url')).toBe(`${t.url}/profile?session_id={CHECKOUT_SESSION_ID}`);
    await t.app.db.query('update users set subscribe = true, trial_until = null where id = $1', [ids.pro2]);
  });
});

describe('the daily expiry', () => {
  test('a paid period ended un-renewed turns subscribe off; one still running stays', async () => {
    const over = await newClient(null, true);
    const running = await newClient(null, true);
    const plan = await planId('CLIENT_MONTHLY');
    for (const [client, end] of [
      [over, -1],
      [running, 0],
    ] as const) {
      await t.app.db.query(
        `insert into subscriptions (client_id, plan_id, status, method, period_start, period_end)
         values ($1, $2, 'ACTIVE', 'BANK_TRANSFER', current_date - 30, current_date + $3::int)`,
        [client, plan, end],
      );
    }
    expect(await runSubscriptionsExpiry({ db: t.app.db })).toBeGreaterThanOrEqual(1);
    expect((await one('select subscribe from clients where id = $1', [over])).subscribe).toBe(false);
    expect((await one('select status from subscriptions where client_id = $1', [over])).status).toBe('ENDED');
    expect((await one('select subscribe from clients where id = $1', [running])).subscribe).toBe(true);
    expect(await runSubscriptionsExpiry({ db: t.app.db })).toBe(0);
  });
});
