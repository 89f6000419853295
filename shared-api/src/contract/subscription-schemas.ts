// Schemas of plans, subscriptions and trials (issue 19; ./subscriptions.ts is the route table, ./subscription-codes.ts
// the codes and constants).
import { type Static, Type } from 'typebox';
import { Id, IsoDate, Money, Name, Nullable, PageNumber, PageSize, Text } from './fields.ts';
import { Page } from './financial-schemas.ts';
import {
  PAYMENT_METHODS,
  PLAN_AUDIENCES,
  PLAN_FEATURES,
  PLAN_PERIODS,
  SUBSCRIBER_KINDS,
  SUBSCRIBERS_PAGE_SIZE,
  SUBSCRIPTION_STATES,
  SUBSCRIPTION_STATUSES,
  TRANSFER_REFERENCE_MAX_LENGTH,
} from './subscription-codes.ts';

const strict = { additionalProperties: false } as const;
const DateOnly = Type.String({ format: 'date' });

export const Plan = Type.Object({
  id: Id,
  audience: Type.Enum(PLAN_AUDIENCES),
  code: Type.String(),
  nameIt: Type.String(),
  nameEn: Type.String(),
  price: Type.Number({ description: 'Per period, VAT included' }),
  currency: Type.Literal('EUR'),
  period: Type.Enum(PLAN_PERIODS),
  features: Type.Array(Type.Enum(PLAN_FEATURES), { description: 'Codes the portal translates' }),
});
export type Plan = Static<typeof Plan>;

/** How a subscription may be paid here: by card when Stripe's keys are configured; by bank transfer always. */
export const PaymentConfig = Type.Object({
  card: Type.Boolean({ description: 'Card payments through Stripe are enabled (its keys are configured)' }),
  publishableKey: Nullable(Type.String(), { description: "Stripe's publishable key (null: card disabled)" }),
  bankTransfer: Type.Object({
    beneficiary: Nullable(Type.String()),
    iban: Nullable(Type.String()),
    bic: Nullable(Type.String()),
  }),
});
export type PaymentConfig = Static<typeof PaymentConfig>;

export const PlanQuery = Type.Object({ audience: Type.Optional(Type.Enum(PLAN_AUDIENCES)) }, strict);
export const PlanList = Type.Object({ plans: Type.Array(Plan), payment: PaymentConfig });
export type PlanList = Static<typeof PlanList>;

/** One subscription (a paid period, or a card checkout started). */
export const SubscriptionRecord = Type.Object({
  id: Id,
  planId: Id,
  planCode: Type.String(),
  status: Type.Enum(SUBSCRIPTION_STATUSES),
  method: Type.Enum(PAYMENT_METHODS),
  periodStart: Nullable(DateOnly),
  periodEnd: Nullable(DateOnly),
  transferDate: Nullable(DateOnly),
  transferReference: Nullable(Type.String()),
  amount: Nullable(Type.Number()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type SubscriptionRecord = Static<typeof SubscriptionRecord>;

/** A client's or a practice's subscription and trial. */
export const SubscriptionStatus = Type.Object({
  kind: Type.Enum(SUBSCRIBER_KINDS),
  id: Id,
  name: Type.String(),
  state: Type.Enum(SUBSCRIPTION_STATES),
  subscribed: Type.Boolean(),
  trial: Type.Boolean({ description: 'In its trial now' }),
  trialUntil: Nullable(DateOnly),
  trialDaysLeft: Type.Integer({ minimum: 0, description: 'Days left in the trial, its last day included' }),
  trialEnded: Type.Boolean({ description: 'Had a trial that ended, and is not subscribed' }),
  plan: Nullable(Plan, { description: 'The plan of the active subscription' }),
  periodEnd: Nullable(DateOnly, { description: 'The end of the paid period' }),
  transferReference: Type.String({ description: 'The reference a bank transfer quotes' }),
  history: Type.Array(SubscriptionRecord),
});
export type SubscriptionStatus = Static<typeof SubscriptionStatus>;

export const CheckoutBody = Type.Object({ planId: Id }, strict);
export type CheckoutBody = Static<typeof CheckoutBody>;
export const CheckoutSession = Type.Object({
  sessionId: Type.String(),
  clientSecret: Type.String({ description: "Stripe's embedded checkout is initialised with it" }),
});
export type CheckoutSession = Static<typeof CheckoutSession>;

export const WebhookAnswer = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() });

/** A row of the admin's subscriptions table. */
export const Subscriber = Type.Object({
  kind: Type.Enum(SUBSCRIBER_KINDS),
  id: Id,
  name: Type.String(),
  state: Type.Enum(SUBSCRIPTION_STATES),
  trialUntil: Nullable(DateOnly),
  planCode: Nullable(Type.String()),
  method: Nullable(Type.Enum(PAYMENT_METHODS)),
  periodEnd: Nullable(DateOnly),
  transferReference: Type.String(),
});
export type Subscriber = Static<typeof Subscriber>;

export const SubscriberQuery = Type.Object(
  {
    kind: Type.Optional(Type.Enum(SUBSCRIBER_KINDS)),
    state: Type.Optional(Type.Enum(SUBSCRIPTION_STATES)),
    q: Type.Optional(Text(200, { description: 'Part of the name' })),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(SUBSCRIBERS_PAGE_SIZE, SUBSCRIBERS_PAGE_SIZE)),
  },
  strict,
);
export type SubscriberQuery = Static<typeof SubscriberQuery>;
export const SubscriberPage = Page(Subscriber);
export type SubscriberPage = Static<typeof SubscriberPage>;

/** A bank transfer received: activates the plan for one period from the day it was paid. */
export const BankTransferBody = Type.Object(
  {
    clientId: Type.Optional(Id),
    proId: Type.Optional(Id),
    planId: Id,
    paidOn: IsoDate(),
    reference: Name(TRANSFER_REFERENCE_MAX_LENGTH),
    amount: Money(12, { positive: true }),
  },
  strict,
);
export type BankTransferBody = Static<typeof BankTransferBody>;
