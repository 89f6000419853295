// The access matrix's cases for plans, subscriptions and trials (contract/subscriptions.ts), one per route, spread into
// CASES (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Issue 19.
//
// Who (routes/subscriptions.ts): the plans are read by every role; a client's subscription by whoever sees the client
// (a BASIC user its own; another tenant's id answers 404) and paid by card by its adviser's practice or the client
// itself (gate 'payers'); a practice's subscription is read by the PRO and its DELEGATEs (gate 'practice') and paid
// by the PRO; the list and the bank transfers are the ADMIN's. The matrix's server has no Stripe keys: a card
// checkout a role may start answers 409 card_payments_disabled and writes nothing. Stripe's webhook is public (its
// own tests: subscriptions.test.ts).
import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import type { Ctx, RouteCase } from './access-matrix.cases.ts';

const OWNED = ['own', 'foreign'] as const;
const NONE = ['none'] as const;

const planId = (c: Ctx, code: string) => c.fx.insertId('select id from plans where code = $1', [code]);

/** A fresh client of the tenant whose trial ended yesterday (nothing subscribed), for a bank transfer. */
const endedTrialClient = (c: Ctx) =>
  c.fx.insertId(
    `insert into clients (last_name, trial, trial_until, created_by)
     values ($1, true, current_date - 1, (select id from users where login = $2)) returning id`,
    [c.fx.name('Prova Finita'), c.tenant],
  );

export const SUBSCRIPTION_CASES: Partial<Record<RouteName, RouteCase>> = {
  listPlans: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({
      verify: (body) => expect((body as { plans: unknown[] }).plans.length).toBeGreaterThan(0),
    }),
  },
  getClientSubscription: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: c.fx.clients[c.tenant] },
      verify: (body) => expect(body).toMatchObject({ kind: 'CLIENT', id: c.fx.clients[c.tenant] }),
    }),
  },
  createClientCheckout: {
    gate: 'payers',
    visibility: 'tenant',
    scopes: OWNED,
    ok: 409,
    writes: false,
    request: async (c) => ({
      params: { id: c.fx.clients[c.tenant] },
      body: { planId: await planId(c, 'CLIENT_MONTHLY') },
    }),
  },
  getPracticeSubscription: {
    gate: 'practice',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      verify: (body) => expect(body).toMatchObject({ kind: 'PRACTICE', id: c.fx.users[c.tenant] }),
    }),
  },
  createPracticeCheckout: {
    gate: 'advisers',
    visibility: 'shared',
    scopes: NONE,
    ok: 409,
    writes: false,
    request: async (c) => ({ body: { planId: await planId(c, 'PRO_MONTHLY') } }),
  },
  listSubscribers: {
    gate: 'admins',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({
      query: { kind: 'PRACTICE' },
      verify: (body) =>
        expect((body as { item: { kind: string }[] }).item.every((s) => s.kind === 'PRACTICE')).toBe(true),
    }),
  },
  recordBankTransfer: {
    gate: 'admins',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => {
      const clientId = await endedTrialClient(c);
      const today = new Date().toISOString().slice(0, 10);
      return {
        body: { clientId, planId: await planId(c, 'CLIENT_MONTHLY'), paidOn: today, reference: 'MATRICE', amount: 9.9 },
        verify: (body) => expect(body).toMatchObject({ id: clientId, state: 'SUBSCRIBED' }),
      };
    },
  },
};
