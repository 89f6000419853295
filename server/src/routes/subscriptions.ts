// Plans, subscriptions and trials (issue 19; contract: shared-api/src/contract/subscriptions.ts). A client's
// subscription is read by whoever sees the client (404 otherwise; a BASIC user its own) and paid by card by its
// adviser or the client itself; a practice's is its PRO's (a DELEGATE reads its PRO's). Card payments go through
// Stripe's embedded Checkout when its keys are configured; Stripe's webhook (public, verified by signature, each event
// once) activates, renews and ends them. Without keys, an ADMIN records the bank transfers received. Every write is
// audited; the daily expiry is the job jobs/subscriptions.ts.
import { routes, type SubscriptionStatus } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { audit } from '../access/audit.ts';
import { findVisibleClient } from '../access/clients.ts';
import {
  activateCard,
  endStripeSubscription,
  extendStripeSubscription,
  findPendingCard,
  findPlan,
  insertBankTransfer,
  insertPendingCard,
  listPlans,
  listSubscribers,
  lockSubscriber,
  markStripeEvent,
  periodEnd,
  refreshSubscribe,
  type Subscriber,
  setCheckoutSession,
  subscriptionStatus,
  today,
} from '../data/subscriptions.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import {
  cardPaymentsEnabled,
  createCheckoutSession,
  currentPeriodEnd,
  type StripeClient,
  stripeClient,
} from '../payments/stripe.ts';
import { caller } from '../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

/** Who may pay a client's subscription by card: its adviser's practice, or the client itself. */
const CLIENT_PAYERS = ['PRO', 'DELEGATE', 'BASIC'] as const;
const ADMIN = ['ADMIN'] as const;

const alreadySubscribed = () => new HttpError(409, 'Already subscribed', 'already_subscribed');
const cardDisabled = () =>
  new HttpError(409, 'Card payments are not configured: pay by bank transfer', 'card_payments_disabled');

/** The practice the caller works for: a PRO's own, a DELEGATE's PRO's. */
async function practiceOf(db: Queryable, user: AuthUser): Promise<Subscriber> {
  if (user.role === 'PRO' && user.userId !== null) return { kind: 'PRACTICE', id: user.userId };
  if (user.role === 'DELEGATE' && user.userId !== null) {
    const { rows } = await db.query<{ pro_id: number | null }>(
      `select pro_id from users where id = $1 and role = 'DELEGATE'`,
      [user.userId],
    );
    if (rows[0]?.pro_id) return { kind: 'PRACTICE', id: Number(rows[0].pro_id) };
  }
  throw notFound();
}

async function statusOr404(db: Queryable, s: Subscriber): Promise<SubscriptionStatus> {
  const status = await subscriptionStatus(db, s);
  if (!status) throw notFound();
  return status;
}

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config;
  const stripe = stripeClient(config);

  route(app, routes.listPlans, async (request) => ({
    plans: await listPlans(app.db, request.query.audience),
    payment: {
      card: cardPaymentsEnabled(config),
      publishableKey: cardPaymentsEnabled(config) ? (config.payments.stripe.publishableKey ?? null) : null,
      bankTransfer: config.payments.bankTransfer,
    },
  }));

  route(app, routes.getClientSubscription, async (request) => {
    const user = caller(request);
    if (!(await findVisibleClient(app.db, user, request.params.id))) throw notFound();
    return statusOr404(app.db, { kind: 'CLIENT', id: request.params.id });
  });

  route(
    app,
    routes.getPracticeSubscription,
    async (request) => statusOr404(app.db, await practiceOf(app.db, caller(request))),
    { roles: ['PRO', 'DELEGATE'] },
  );

  /** Starts a card checkout of a plan of the audience for the subscriber, returning to the portal's `returnPath`. */
  async function checkout(user: AuthUser, subscriber: Subscriber, planId: number, returnPath: string) {
    if (!stripe) throw cardDisabled();
    const plan = await findPlan(app.db, planId);
    const audience = subscriber.kind === 'CLIENT' ? 'CLIENT' : 'PRO';
    if (!plan || plan.audience !== audience)
      throw badRequest([{ field: 'body.planId', message: `must be an active ${audience} plan` }]);
    const { id, email } = await app.db.transaction(async (tx) => {
      const row = await lockSubscriber(tx, subscriber);
      if (!row) throw notFound();
      if (row.subscribed) throw alreadySubscribed();
      const id = await insertPendingCard(tx, subscriber, plan.id, user.userId);
      await audit(tx, user, 'checkout', 'subscription', id, null, { ...subscriber, planId: plan.id, method: 'CARD' });
      return { id, email: await subscriberEmail(tx, subscriber) };
    });
    let session: { id: string; clientSecret: string };
    try {
      session = await createCheckoutSession(stripe, {
        plan,
        subscriptionId: id,
        subscriber,
        returnUrl: `${config.publicUrl}${returnPath}`,
        email,
      });
    } catch (err) {
      app.log.error({ err }, 'Stripe: creating a Checkout Session failed');
      await app.db.query(`delete from subscriptions where id = $1 and status = 'PENDING'`, [id]);
      throw new HttpError(502, 'The payment provider did not answer: try again later', 'payment_provider_error');
    }
    await setCheckoutSession(app.db, id, session.id);
    return { sessionId: session.id, clientSecret: session.clientSecret };
  }

  route(
    app,
    routes.createClientCheckout,
    async (request) => {
      const user = caller(request);
      const id = request.params.id;
      if (!(await findVisibleClient(app.db, user, id))) throw notFound();
      return checkout(user, { kind: 'CLIENT', id }, request.body.planId, `/client/${id}/subscription`);
    },
    { roles: CLIENT_PAYERS },
  );

  route(
    app,
    routes.createPracticeCheckout,
    async (request) => {
      const user = caller(request);
      return checkout(user, await practiceOf(app.db, user), request.body.planId, '/profile');
    },
    { roles: ['PRO'] },
  );

  route(
    app,
    routes.listSubscribers,
    async (request) => {
      const page = request.query.page ?? 1;
      const size = request.query.size ?? 100;
      return listSubscribers(app.db, { ...request.query, page, size });
    },
    { roles: ADMIN },
  );

  route(
    app,
    routes.recordBankTransfer,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      if ((body.clientId === undefined) === (body.proId === undefined))
        throw badRequest([{ field: 'body.clientId', message: 'give exactly one of clientId and proId' }]);
      const subscriber: Subscriber =
        body.clientId !== undefined ? { kind: 'CLIENT', id: body.clientId } : { kind: 'PRACTICE', id: body.proId! };
      const plan = await findPlan(app.db, body.planId);
      const audience = subscriber.kind === 'CLIENT' ? 'CLIENT' : 'PRO';
      if (!plan || plan.audience !== audience)
        throw badRequest([{ field: 'body.planId', message: `must be an active ${audience} plan` }]);
      const now = await today(app.db);
      if (body.paidOn > now) throw badRequest([{ field: 'body.paidOn', message: 'must not be after today' }]);
      if ((await periodEnd(app.db, body.paidOn, plan.period)) < now)
        throw badRequest([{ field: 'body.paidOn', message: 'the period this payment covers has already ended' }]);
      return app.db.transaction(async (tx) => {
        const row = await lockSubscriber(tx, subscriber);
        if (!row) throw notFound();
        if (row.subscribed) throw alreadySubscribed();
        const transfer = { paidOn: body.paidOn, reference: body.reference.trim(), amount: body.amount };
        const created = await insertBankTransfer(tx, subscriber, plan, transfer, user.userId);
        await refreshSubscribe(tx, subscriber);
        await audit(tx, user, 'bank_transfer', 'subscription', created.id, null, {
          ...subscriber,
          planId: plan.id,
          ...transfer,
          periodEnd: created.periodEnd,
        });
        return statusOr404(tx, subscriber);
      });
    },
    { roles: ADMIN },
  );

  // Stripe's webhook reads its body raw (the signature is over the exact bytes): its own JSON parser, in this scope.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    route(scope, routes.stripeWebhook, async (request) => {
      const secret = config.payments.stripe.webhookSecret;
      if (!stripe || !secret) throw cardDisabled();
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(raw))
        throw new HttpError(400, 'A signed Stripe event is expected', 'invalid_signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, secret);
      } catch {
        throw new HttpError(400, "The event's signature does not match", 'invalid_signature');
      }
      return app.db.transaction(async (tx) => {
        if (!(await markStripeEvent(tx, event.id, event.type))) return { received: true, duplicate: true };
        await handleEvent(tx, stripe, event);
        return { received: true, duplicate: false };
      });
    });
  });
}

/** The subscriber's email address for Stripe's receipts, when known. */
async function subscriberEmail(db: Queryable, s: Subscriber): Promise<string | null> {
  const { rows } = await db.query<{ email: string | null }>(
    s.kind === 'CLIENT' ? 'select email from clients where id = $1' : 'select email from users where id = $1',
    [s.id],
  );
  return rows[0]?.email || null;
}

const idOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? null));

/** One verified event, in the transaction that records it: a paid checkout activates; a subscription ends or renews. */
async function handleEvent(tx: Queryable, _stripe: StripeClient, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
      const id = Number(session.metadata?.subscriptionId ?? session.client_reference_id);
      if (!Number.isSafeInteger(id) || id < 1) return;
      const pending = await findPendingCard(tx, id);
      if (!pending || (pending.sessionId !== null && pending.sessionId !== session.id)) return;
      await activateCard(tx, id, {
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        periodEnd: null,
      });
      await refreshSubscribe(tx, pending.subscriber);
      await audit(tx, null, 'activate', 'subscription', id, null, {
        ...pending.subscriber,
        method: 'CARD',
        stripeEvent: event.id,
      });
      return;
    }
    case 'customer.subscription.deleted':
      return endStripe(tx, event.data.object.id, event.id);
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      if (['canceled', 'unpaid', 'incomplete_expired'].includes(sub.status)) return endStripe(tx, sub.id, event.id);
      const end = currentPeriodEnd(sub);
      if (end && (sub.status === 'active' || sub.status === 'trialing')) {
        const n = await extendStripeSubscription(tx, sub.id, end);
        if (n > 0)
          await audit(tx, null, 'renew', 'subscription', sub.id, null, { periodEnd: end, stripeEvent: event.id });
      }
      return;
    }
    default:
      return;
  }
}

async function endStripe(tx: Queryable, stripeSubscriptionId: string, eventId: string): Promise<void> {
  const ended = await endStripeSubscription(tx, stripeSubscriptionId);
  if (ended.length > 0)
    await audit(tx, null, 'end', 'subscription', stripeSubscriptionId, null, {
      subscribers: ended,
      stripeEvent: eventId,
    });
}
