// Plans, subscriptions and trials (issue 19): the plans table, each subscription of a client or a practice (a PRO),
// the subscribe flags the protected-route rules read (clients.subscribe, users.subscribe), the admin's list, and the
// Stripe events already handled. A subscriber is a client or a practice; its trial counts while its end date is today
// or later (trialActiveSql). Who may read or write which subscriber: routes/subscriptions.ts.
import {
  type Plan,
  type PlanAudience,
  type SubscriberKind,
  type SubscriberPage,
  type SubscriberQuery,
  type SubscriptionRecord,
  type SubscriptionState,
  type SubscriptionStatus,
  transferReference,
  trialDaysLeft,
} from '@patrimonio/shared-api';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable, Row } from '../db/database.ts';
import { trialActiveSql } from './clients.ts';
import { isoDate, likePattern } from './sql.ts';

export interface Subscriber {
  kind: SubscriberKind;
  id: number;
}

/** The subscriber's column of the subscriptions table and its own table's flag. */
const subscriberColumn = (kind: SubscriberKind) => (kind === 'CLIENT' ? 'client_id' : 'pro_id');

function toPlan(r: Row): Plan {
  return {
    id: Number(r.id),
    audience: r.audience as Plan['audience'],
    code: String(r.code),
    nameIt: String(r.name_it),
    nameEn: String(r.name_en),
    price: Number(r.price),
    currency: 'EUR',
    period: r.period as Plan['period'],
    features: (r.features as Plan['features']) ?? [],
  };
}

/** The active plans, of one audience when given, in their order. */
export async function listPlans(db: Queryable, audience?: PlanAudience): Promise<Plan[]> {
  const { rows } = await db.query(
    `select * from plans where active and ($1::text is null or audience = $1) order by sort_order, id`,
    [audience ?? null],
  );
  return rows.map(toPlan);
}

/** An active plan by id, or null. */
export async function findPlan(db: Queryable, id: number): Promise<Plan | null> {
  const { rows } = await db.query('select * from plans where id = $1 and active', [id]);
  return rows[0] ? toPlan(rows[0]) : null;
}

/** The state of a subscriber from its flags: subscribed wins, then a trial running, then a trial that ended. */
const stateSql = (subscribe: string, trial: string, trialUntil: string) =>
  `case when ${subscribe} then 'SUBSCRIBED' when ${trial} then 'TRIAL' when ${trialUntil} is not null then 'TRIAL_ENDED' else 'NONE' end`;

/** The subscriber's name, flags and trial, or null when there is none (a PRACTICE is a PRO user). */
async function subscriberRow(db: Queryable, s: Subscriber, lock: boolean) {
  const forUpdate = lock ? ' for update' : '';
  const { rows } =
    s.kind === 'CLIENT'
      ? await db.query(
          `select ${clientDisplayNameSql('c')} as name, c.subscribe, ${trialActiveSql('c')} as trial, c.trial_until
             from clients c where c.id = $1${forUpdate}`,
          [s.id],
        )
      : await db.query(
          `select u.name, u.subscribe, coalesce(u.trial_until >= current_date, false) as trial, u.trial_until
             from users u where u.id = $1 and u.role = 'PRO'${forUpdate}`,
          [s.id],
        );
  const r = rows[0];
  if (!r) return null;
  return {
    name: String(r.name),
    subscribed: Boolean(r.subscribe),
    trial: Boolean(r.trial),
    trialUntil: isoDate(r.trial_until),
  };
}

/** Whether the subscriber exists; with lock, its row is locked for the transaction (one activation at a time). */
export async function lockSubscriber(db: Queryable, s: Subscriber): Promise<{ subscribed: boolean } | null> {
  return subscriberRow(db, s, true);
}

function toRecord(r: Row): SubscriptionRecord {
  return {
    id: Number(r.id),
    planId: Number(r.plan_id),
    planCode: String(r.plan_code),
    status: r.status as SubscriptionRecord['status'],
    method: r.method as SubscriptionRecord['method'],
    periodStart: isoDate(r.period_start),
    periodEnd: isoDate(r.period_end),
    transferDate: isoDate(r.transfer_date),
    transferReference: (r.transfer_reference as string | null) ?? null,
    amount: r.amount === null || r.amount === undefined ? null : Number(r.amount),
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

/** Today in the database's calendar (the same day the trial checks use). */
export async function today(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ d: unknown }>('select current_date as d');
  return isoDate(rows[0]?.d)!;
}

/** The subscriber's plan, trial and history; null when it does not exist. */
export async function subscriptionStatus(db: Queryable, s: Subscriber): Promise<SubscriptionStatus | null> {
  const row = await subscriberRow(db, s, false);
  if (!row) return null;
  const { rows } = await db.query(
    `select s.*, p.code as plan_code from subscriptions s join plans p on p.id = s.plan_id
      where s.${subscriberColumn(s.kind)} = $1 order by s.created_at desc, s.id desc limit 50`,
    [s.id],
  );
  const history = rows.map(toRecord);
  const active = history.find((h) => h.status === 'ACTIVE') ?? null;
  const plan = active ? await findPlanAny(db, active.planId) : null;
  const state: SubscriptionState = row.subscribed
    ? 'SUBSCRIBED'
    : row.trial
      ? 'TRIAL'
      : row.trialUntil
        ? 'TRIAL_ENDED'
        : 'NONE';
  return {
    kind: s.kind,
    id: s.id,
    name: row.name,
    state,
    subscribed: row.subscribed,
    trial: row.trial,
    trialUntil: row.trialUntil,
    trialDaysLeft: row.trial ? trialDaysLeft(row.trialUntil, await today(db)) : 0,
    trialEnded: state === 'TRIAL_ENDED',
    plan,
    periodEnd: active?.periodEnd ?? null,
    transferReference: transferReference(s.kind, s.id),
    history,
  };
}

async function findPlanAny(db: Queryable, id: number): Promise<Plan | null> {
  const { rows } = await db.query('select * from plans where id = $1', [id]);
  return rows[0] ? toPlan(rows[0]) : null;
}

/** Turns the subscriber's subscribe flag on when it has an active subscription, off otherwise. */
export async function refreshSubscribe(tx: Queryable, s: Subscriber): Promise<void> {
  const table = s.kind === 'CLIENT' ? 'clients' : 'users';
  await tx.query(
    `update ${table} t set subscribe = exists (
       select 1 from subscriptions s where s.${subscriberColumn(s.kind)} = t.id and s.status = 'ACTIVE')
     where t.id = $1`,
    [s.id],
  );
}

/** The SQL end of one paid period starting on `start` (its last day). */
const periodEndSql = (start: string, period: string) =>
  `(${start}::date + (case ${period} when 'YEAR' then interval '1 year' else interval '1 month' end) - interval '1 day')::date`;

/** A card checkout started: a PENDING subscription of the plan; answers its id. */
export async function insertPendingCard(
  tx: Queryable,
  s: Subscriber,
  planId: number,
  recordedBy: number | null,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into subscriptions (${subscriberColumn(s.kind)}, plan_id, status, method, recorded_by)
     values ($1, $2, 'PENDING', 'CARD', $3) returning id`,
    [s.id, planId, recordedBy],
  );
  return Number(rows[0]!.id);
}

export async function setCheckoutSession(tx: Queryable, id: number, sessionId: string): Promise<void> {
  await tx.query('update subscriptions set stripe_checkout_session_id = $2, updated_at = now() where id = $1', [
    id,
    sessionId,
  ]);
}

/** A PENDING card subscription by id (locked), with its subscriber; null when none. */
export async function findPendingCard(
  tx: Queryable,
  id: number,
): Promise<{ subscriber: Subscriber; sessionId: string | null } | null> {
  const { rows } = await tx.query(
    `select client_id, pro_id, stripe_checkout_session_id from subscriptions
      where id = $1 and status = 'PENDING' and method = 'CARD' for update`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    subscriber: r.client_id ? { kind: 'CLIENT', id: Number(r.client_id) } : { kind: 'PRACTICE', id: Number(r.pro_id) },
    sessionId: (r.stripe_checkout_session_id as string | null) ?? null,
  };
}

/** A card payment completed: the subscription is ACTIVE for one period from today, with Stripe's ids. */
export async function activateCard(
  tx: Queryable,
  id: number,
  stripe: { subscriptionId: string | null; customerId: string | null; periodEnd: string | null },
): Promise<void> {
  await tx.query(
    `update subscriptions s set status = 'ACTIVE', period_start = current_date,
        period_end = coalesce($4::date, ${periodEndSql('current_date', '(select p.period from plans p where p.id = s.plan_id)')}),
        stripe_subscription_id = $2, stripe_customer_id = $3, updated_at = now()
      where s.id = $1`,
    [id, stripe.subscriptionId, stripe.customerId, stripe.periodEnd],
  );
}

/** A bank transfer received: an ACTIVE subscription for one period from the day paid; answers its id and end. */
export async function insertBankTransfer(
  tx: Queryable,
  s: Subscriber,
  plan: Plan,
  transfer: { paidOn: string; reference: string; amount: number },
  recordedBy: number | null,
): Promise<{ id: number; periodEnd: string }> {
  const { rows } = await tx.query<{ id: number; period_end: unknown }>(
    `insert into subscriptions (${subscriberColumn(s.kind)}, plan_id, status, method, period_start, period_end,
        transfer_date, transfer_reference, amount, recorded_by)
     values ($1, $2, 'ACTIVE', 'BANK_TRANSFER', $3::date, ${periodEndSql('$3', '$4::text')}, $3::date, $5, $6, $7)
     returning id, period_end`,
    [s.id, plan.id, transfer.paidOn, plan.period, transfer.reference, transfer.amount, recordedBy],
  );
  return { id: Number(rows[0]!.id), periodEnd: isoDate(rows[0]!.period_end)! };
}

/** The last day of one period of the plan paid on `paidOn`. */
export async function periodEnd(db: Queryable, paidOn: string, period: Plan['period']): Promise<string> {
  const { rows } = await db.query<{ d: unknown }>(`select ${periodEndSql('$1', '$2::text')} as d`, [paidOn, period]);
  return isoDate(rows[0]?.d)!;
}

/** The subscribers of the card subscriptions with this Stripe subscription id. */
async function subscribersOf(tx: Queryable, where: string, params: unknown[]): Promise<Subscriber[]> {
  const { rows } = await tx.query(`select distinct client_id, pro_id from subscriptions where ${where}`, params);
  return rows.map((r) =>
    r.client_id ? { kind: 'CLIENT', id: Number(r.client_id) } : { kind: 'PRACTICE', id: Number(r.pro_id) },
  );
}

/** Stripe ended the subscription: ENDED, and its subscriber's flag follows. Answers the subscribers changed. */
export async function endStripeSubscription(tx: Queryable, stripeSubscriptionId: string): Promise<Subscriber[]> {
  const subscribers = await subscribersOf(tx, `stripe_subscription_id = $1 and status = 'ACTIVE'`, [
    stripeSubscriptionId,
  ]);
  await tx.query(
    `update subscriptions set status = 'ENDED', updated_at = now() where stripe_subscription_id = $1 and status = 'ACTIVE'`,
    [stripeSubscriptionId],
  );
  for (const s of subscribers) await refreshSubscribe(tx, s);
  return subscribers;
}

/** Stripe renewed the subscription: its paid period now ends on `periodEnd`. */
export async function extendStripeSubscription(
  tx: Queryable,
  stripeSubscriptionId: string,
  periodEnd: string,
): Promise<number> {
  const { rows } = await tx.query(
    `update subscriptions set period_end = greatest(period_end, $2::date), updated_at = now()
      where stripe_subscription_id = $1 and status = 'ACTIVE' returning id`,
    [stripeSubscriptionId, periodEnd],
  );
  return rows.length;
}

/**
 * The daily expiry: every ACTIVE subscription whose paid period ended before today, un-renewed, is ENDED and its
 * subscriber's subscribe flag follows. A card's renewal moves its period end (the webhook) before the day after.
 */
export async function expireSubscriptions(tx: Queryable): Promise<Subscriber[]> {
  const subscribers = await subscribersOf(tx, `status = 'ACTIVE' and period_end < current_date`, []);
  await tx.query(
    `update subscriptions set status = 'ENDED', updated_at = now() where status = 'ACTIVE' and period_end < current_date`,
  );
  for (const s of subscribers) await refreshSubscribe(tx, s);
  return subscribers;
}

/** Records a Stripe event as handled; false when it already was (a repeated delivery). */
export async function markStripeEvent(tx: Queryable, id: string, type: string): Promise<boolean> {
  const { rows } = await tx.query(
    'insert into stripe_events (id, type) values ($1, $2) on conflict (id) do nothing returning id',
    [id, type],
  );
  return rows.length > 0;
}

/** The admin's list: clients and practices with their state and active plan. */
export async function listSubscribers(
  db: Queryable,
  query: SubscriberQuery & { page: number; size: number },
): Promise<SubscriberPage> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.kind) {
    params.push(query.kind);
    where.push(`x.kind = $${params.length}`);
  }
  if (query.state) {
    params.push(query.state);
    where.push(`x.state = $${params.length}`);
  }
  if (query.q) {
    params.push(likePattern(query.q));
    where.push(`x.name ilike $${params.length}`);
  }
  const from = `(
    select 'CLIENT' as kind, c.id, ${clientDisplayNameSql('c')} as name, c.trial_until,
           ${stateSql('c.subscribe', trialActiveSql('c'), 'c.trial_until')} as state
      from clients c
    union all
    select 'PRACTICE', u.id, u.name, u.trial_until,
           ${stateSql('u.subscribe', 'coalesce(u.trial_until >= current_date, false)', 'u.trial_until')}
      from users u where u.role = 'PRO'
  ) x`;
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const { rows: count } = await db.query<{ n: number }>(`select count(*)::int as n from ${from} ${filter}`, params);
  const { rows } = await db.query(
    `select x.*, a.plan_code, a.method, a.period_end from ${from}
       left join lateral (
         select p.code as plan_code, s.method, s.period_end from subscriptions s join plans p on p.id = s.plan_id
          where s.status = 'ACTIVE' and (case when x.kind = 'CLIENT' then s.client_id else s.pro_id end) = x.id
          order by s.period_end desc limit 1) a on true
     ${filter}
     order by case x.state when 'TRIAL_ENDED' then 0 when 'TRIAL' then 1 when 'NONE' then 2 else 3 end,
              x.trial_until nulls last, lower(x.name), x.kind, x.id
     limit ${query.size} offset ${(query.page - 1) * query.size}`,
    params,
  );
  return {
    item: rows.map((r) => {
      const kind = r.kind as SubscriberKind;
      return {
        kind,
        id: Number(r.id),
        name: String(r.name),
        state: r.state as SubscriptionState,
        trialUntil: isoDate(r.trial_until),
        planCode: (r.plan_code as string | null) ?? null,
        method: (r.method as SubscriptionRecord['method'] | null) ?? null,
        periodEnd: isoDate(r.period_end),
        transferReference: transferReference(kind, Number(r.id)),
      };
    }),
    total: count[0]?.n ?? 0,
    page: query.page,
    size: query.size,
  };
}
