// Codes and constants of plans, subscriptions and trials (./subscriptions.ts) without TypeBox, for pages (through
// '../constants.ts'), the server and the schemas.

/** Days of the trial a new client starts with. */
export const CLIENT_TRIAL_DAYS = 30;
/** Days of the trial a professional starts with when it confirms its registration. */
export const PRO_TRIAL_DAYS = 30;
/** The last days of a trial in which the shell shows a banner counting them. */
export const TRIAL_BANNER_DAYS = 7;

/** Who subscribes to a plan: a practice (its PRO) or a client. */
export const PLAN_AUDIENCES = ['PRO', 'CLIENT'] as const;
export type PlanAudience = (typeof PLAN_AUDIENCES)[number];
/** How often a plan is paid. */
export const PLAN_PERIODS = ['MONTH', 'YEAR'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
/** What a plan includes; the portal translates each code. */
export const PLAN_FEATURES = [
  'PORTFOLIOS',
  'ANALYTICS',
  'REPORTS',
  'PLANNING',
  'CLIENTS_UNLIMITED',
  'DELEGATES',
  'PRIORITY_SUPPORT',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** PENDING: a card checkout started; ACTIVE: paid for its period; ENDED: the period ended or it was cancelled. */
export const SUBSCRIPTION_STATUSES = ['PENDING', 'ACTIVE', 'ENDED'] as const;
export type SubscriptionRowStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** How a subscription was paid. */
export const PAYMENT_METHODS = ['CARD', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A client's or practice's state as the tables show it. */
export const SUBSCRIPTION_STATES = ['SUBSCRIBED', 'TRIAL', 'TRIAL_ENDED', 'NONE'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** The admin's list: whose subscriptions. */
export const SUBSCRIBER_KINDS = ['CLIENT', 'PRACTICE'] as const;
export type SubscriberKind = (typeof SUBSCRIBER_KINDS)[number];
export const SUBSCRIBERS_PAGE_SIZE = 100;

/** Bounds of a bank transfer's reference. */
export const TRANSFER_REFERENCE_MAX_LENGTH = 140;

/**
 * The reference a bank transfer quotes for a client's or a practice's subscription, so that the administrator who
 * receives it knows whose it is.
 */
export const transferReference = (kind: SubscriberKind, id: number) =>
  kind === 'CLIENT' ? `PATRIMONIO-C${id}` : `PATRIMONIO-S${id}`;

/** Whole days from `today` to `until` (YYYY-MM-DD), counting `until` itself: 1 on the trial's last day, 0 after it. */
export function trialDaysLeft(until: string | null, today: string): number {
  if (!until) return 0;
  const days = Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1;
  return Math.max(0, days);
}
