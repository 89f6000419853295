// Plans, subscriptions and trials (issue 19; portal-and-report sections 2 and 7): the plans and how they may be paid,
// a client's subscription (its adviser, or a BASIC user its own) and a practice's (the PRO; a DELEGATE reads its
// PRO's), a card checkout through Stripe's embedded Checkout, Stripe's webhook, and the administrator's list with
// the bank transfers it records. A client id the caller may not see answers 404. Codes: ./subscription-codes.ts.
import { ErrorBody, IdParams } from '../schemas.ts';
import { errors, type RouteDef } from './route-def.ts';
import {
  BankTransferBody,
  CheckoutBody,
  CheckoutSession,
  PlanList,
  PlanQuery,
  SubscriberPage,
  SubscriberQuery,
  SubscriptionStatus,
  WebhookAnswer,
} from './subscription-schemas.ts';

const tags = ['subscriptions'];
const conflict = { 409: ErrorBody, 502: ErrorBody } as const;

export const subscriptionRoutes = {
  listPlans: {
    method: 'GET',
    url: '/api/v1/plans',
    summary: 'The active plans (of one audience when given) and how they may be paid (card enabled, bank details)',
    tags,
    auth: true,
    querystring: PlanQuery,
    response: { 200: PlanList, ...errors },
  },
  getClientSubscription: {
    method: 'GET',
    url: '/api/v1/client/:id/subscription',
    summary: "A client's plan, trial (days left, ended) and subscription history",
    tags,
    auth: true,
    params: IdParams,
    response: { 200: SubscriptionStatus, ...errors },
  },
  createClientCheckout: {
    method: 'POST',
    url: '/api/v1/client/:id/subscription/checkout',
    summary:
      'Start a card payment of a client plan: a Stripe Checkout Session (embedded); answers its client secret. 409 already_subscribed, card_payments_disabled',
    tags,
    auth: true,
    params: IdParams,
    body: CheckoutBody,
    response: { 200: CheckoutSession, ...errors, ...conflict },
  },
  getPracticeSubscription: {
    method: 'GET',
    url: '/api/v1/practice/subscription',
    summary: "The caller's practice's plan and trial (PRO; a DELEGATE reads its PRO's)",
    tags,
    auth: true,
    response: { 200: SubscriptionStatus, ...errors },
  },
  createPracticeCheckout: {
    method: 'POST',
    url: '/api/v1/practice/subscription/checkout',
    summary: "Start a card payment of a practice plan for the caller's practice (PRO)",
    tags,
    auth: true,
    body: CheckoutBody,
    response: { 200: CheckoutSession, ...errors, ...conflict },
  },
  stripeWebhook: {
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    summary:
      "Stripe's events (public; verified by the Stripe-Signature header and STRIPE_WEBHOOK_SECRET; each event handled once)",
    tags: ['payments webhook'],
    auth: false,
    response: { 200: WebhookAnswer, 400: ErrorBody, 409: ErrorBody },
  },
  listSubscribers: {
    method: 'GET',
    url: '/api/v1/subscriptions',
    summary: 'Clients and practices with their subscription state (ADMIN)',
    tags,
    auth: true,
    adminHost: true,
    querystring: SubscriberQuery,
    response: { 200: SubscriberPage, ...errors },
  },
  recordBankTransfer: {
    method: 'POST',
    url: '/api/v1/subscriptions/bank-transfer',
    summary:
      'Record a bank transfer received: activates the plan for one period from the day paid (ADMIN). 409 already_subscribed',
    tags,
    auth: true,
    adminHost: true,
    body: BankTransferBody,
    response: { 200: SubscriptionStatus, ...errors, ...conflict },
  },
} as const satisfies Record<string, RouteDef>;
