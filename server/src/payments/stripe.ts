// Card payments through Stripe (issue 19): the official library's client, made only when the keys are configured
// (config.payments.stripe), and the Checkout Session a subscription's card payment starts with (embedded ui mode: the
// portal mounts it with @stripe/stripe-js and the client secret answered here). STRIPE_API_URL points the library at
// another address (tests run a local test double of Stripe's API there).
import type { Plan } from '@patrimonio/shared-api';
import Stripe from 'stripe';
import type { ServerConfig } from '../config.ts';
import type { Subscriber } from '../data/subscriptions.ts';

export type StripeClient = Stripe;

/** Whether card payments are enabled: the secret, publishable and webhook keys are all set. */
export const cardPaymentsEnabled = (config: ServerConfig) => {
  const s = config.payments.stripe;
  return Boolean(s.secretKey && s.publishableKey && s.webhookSecret);
};

/** The library's client for the configured keys, or null when card payments are disabled. */
export function stripeClient(config: ServerConfig): StripeClient | null {
  const s = config.payments.stripe;
  if (!cardPaymentsEnabled(config) || !s.secretKey) return null;
  const api = s.apiUrl ? new URL(s.apiUrl) : null;
  return new Stripe(s.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The metadata each Checkout Session and its Stripe subscription carry: whose subscription row it pays. */
export interface CheckoutMetadata {
  subscriptionId: string;
  kind: Subscriber['kind'];
  subscriberId: string;
  planCode: string;
  [key: string]: string;
}

/** A Checkout Session (embedded) for one period of the plan, recurring each period, returning to `returnUrl`. */
export async function createCheckoutSession(
  stripe: StripeClient,
  input: { plan: Plan; subscriptionId: number; subscriber: Subscriber; returnUrl: string; email: string | null },
): Promise<{ id: string; clientSecret: string }> {
  const metadata: CheckoutMetadata = {
    subscriptionId: String(input.subscriptionId),
    kind: input.subscriber.kind,
    subscriberId: String(input.subscriber.id),
    planCode: input.plan.code,
  };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      ui_mode: 'embedded_page',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.plan.currency.toLowerCase(),
            unit_amount: Math.round(input.plan.price * 100),
            recurring: { interval: input.plan.period === 'YEAR' ? 'year' : 'month' },
            product_data: { name: input.plan.nameIt },
          },
        },
      ],
      return_url: `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
      client_reference_id: String(input.subscriptionId),
      ...(input.email ? { customer_email: input.email } : {}),
      metadata,
      subscription_data: { metadata },
    },
    // One session per subscription row, whatever the retries.
    { idempotencyKey: `checkout-${input.subscriptionId}` },
  );
  if (!session.client_secret) throw new Error('Stripe answered a Checkout Session without a client secret');
  return { id: session.id, clientSecret: session.client_secret };
}

/** The UTC date of a Unix time (Stripe's periods). */
export const unixDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The end of a Stripe subscription's current period (on its items in current API versions), or null. */
export function currentPeriodEnd(sub: Stripe.Subscription): string | null {
  const ends = sub.items?.data?.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  return ends && ends.length > 0 ? unixDate(Math.max(...ends)) : null;
}
