/// <reference types="mocha" />
// The subscription page (/client/42/subscription, issue 19) in real Chromium, from the built mf-overview
// (npm run build -- shared-ui mf-overview) mounted through its single-spa lifecycles as in the portal. The server is a
// test double of window.fetch answering the contract's calls (shared-api contract/subscriptions.ts): the client's
// trial and its days left, the plans to choose, the bank transfer's details and reference, the card checkout's POST
// when card payments are enabled, and the return from Stripe waiting for the webhook's activation.
import { expect } from '@esm-bundle/chai';
import type { PlanList, SubscriptionStatus } from '@patrimonio/shared-api';
import { queryClient, setLocale } from '@patrimonio/shared-ui';
import { setViewport } from '@web/test-runner-commands';
import {
  FetchDouble,
  json,
  loadApp,
  q,
  renderBeside,
  signIn,
  until,
  user,
  type WebApp,
} from '../../../tests/support/web-app.tsx';

const plans = (card: boolean): PlanList => ({
  plans: [
    {
      id: 1,
      audience: 'CLIENT',
      code: 'CLIENT_MONTHLY',
      nameIt: 'Cliente mensile',
      nameEn: 'Client monthly',
      price: 9.9,
      currency: 'EUR',
      period: 'MONTH',
      features: ['PORTFOLIOS', 'REPORTS'],
    },
    {
      id: 2,
      audience: 'CLIENT',
      code: 'CLIENT_YEARLY',
      nameIt: 'Cliente annuale',
      nameEn: 'Client yearly',
      price: 99,
      currency: 'EUR',
      period: 'YEAR',
      features: ['PORTFOLIOS', 'PLANNING'],
    },
  ],
  payment: {
    card,
    publishableKey: card ? 'pk_test_browser' : null,
    bankTransfer: { beneficiary: 'Patrimonio S.r.l.', iban: 'IT60X0542811101000000123456', bic: null },
  },
});

const status = (over: Partial<SubscriptionStatus> = {}): SubscriptionStatus => ({
  kind: 'CLIENT',
  id: 42,
  name: 'Luca Verdi',
  state: 'TRIAL',
  subscribed: false,
  trial: true,
  trialUntil: '2099-01-05',
  trialDaysLeft: 5,
  trialEnded: false,
  plan: null,
  periodEnd: null,
  transferReference: 'PATRIMONIO-C42',
  history: [],
  ...over,
});

const server = { card: false, status: status() };

const double = new FetchDouble(({ method, path: p }) => {
  if (p === '/api/v1/plans') return json(plans(server.card));
  if (p === '/api/v1/client/42/subscription' && method === 'GET') return json(server.status);
  if (p === '/api/v1/client/42/subscription/checkout' && method === 'POST')
    return json({ sessionId: 'cs_test_1', clientSecret: 'cs_test_1_secret_x' });
  if (p === '/api/v1/user/data-tour') return json('-1');
  return json({ statusCode: 404, message: 'not here' }, 404);
});
const { callsTo } = double;

let app: WebApp;
let removeBeside: () => void;
let startPath: string;

const text = (testId: string) => (q(testId)?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function openPage(path = '/client/42/subscription') {
  window.history.replaceState(null, '', path);
  signIn(user('PRO'), { kind: 'client', id: 42, status: 'succeded' });
  await app.mount();
  await until(() => q('subscription-summary') !== null, 'the subscription');
}

before(async () => {
  await setViewport({ width: 1366, height: 900 });
  app = await loadApp('mf-overview');
  startPath = window.location.pathname + window.location.search;
});

beforeEach(async () => {
  await setLocale('it');
  queryClient.clear();
  server.card = false;
  server.status = status();
  double.install();
  removeBeside = renderBeside();
});

afterEach(async () => {
  await app.unmount();
  removeBeside();
  double.restore();
  window.history.replaceState(null, '', startPath);
});

describe('the subscription page (/client/42/subscription)', () => {
  it('shows the trial and its days left, the plans, and how to pay by bank transfer when cards are off', async () => {
    await openPage();
    expect(text('subscription-state')).to.equal('In prova');
    expect(text('trial-days')).to.contain('Ancora 5 giorni di prova');
    await until(() => q('plan-CLIENT_YEARLY') !== null, 'the plans');
    expect(text('plan-CLIENT_MONTHLY')).to.contain('9,90 €').and.contain('al mese').and.contain('Report in PDF');
    expect(text('plan-CLIENT_YEARLY')).to.contain("all'anno");
    expect(text('transfer-reference')).to.equal('PATRIMONIO-C42');
    expect(text('bank-details')).to.equal('IBAN IT60X0542811101000000123456 · Patrimonio S.r.l.');
    expect(text('bank-transfer')).to.contain("Un amministratore attiva l'abbonamento");
    expect(Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Paga con carta')).to.equal(
      false,
    );
  });

  it('with card payments on, the chosen plan is sent to the checkout and Stripe is mounted with its secret', async () => {
    server.card = true;
    await openPage();
    await until(() => q('plan-CLIENT_YEARLY') !== null, 'the plans');
    q('plan-CLIENT_YEARLY')!.querySelector<HTMLInputElement>('input')!.click();
    const pay = Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find(
      (b) => b.textContent === 'Paga con carta',
    )!;
    pay.click();
    await until(() => callsTo('POST', '/api/v1/client/42/subscription/checkout').length === 1, 'the checkout');
    expect(callsTo('POST', '/api/v1/client/42/subscription/checkout')[0]!.body).to.deep.equal({ planId: 2 });
    // The panel gives way to Stripe's checkout (or, offline, to its error state).
    await until(() => q('subscribe-panel') === null, 'the checkout in place of the plans');
  });

  it('back from Stripe, it waits for the activation and then shows the subscription active', async () => {
    await openPage('/client/42/subscription?session_id=cs_test_1');
    await until(() => q('payment-pending') !== null, 'the pending payment');
    expect(q('subscribe-panel')).to.equal(null);
    server.status = status({
      state: 'SUBSCRIBED',
      subscribed: true,
      trial: false,
      trialDaysLeft: 0,
      plan: plans(true).plans[0]!,
      periodEnd: '2099-02-04',
    });
    await until(() => q('payment-done') !== null, 'the activated subscription');
    expect(text('subscription-state')).to.equal('Abbonato');
    expect(text('subscription-summary')).to.contain('Cliente mensile');
  });
});
