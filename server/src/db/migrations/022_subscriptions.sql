-- Plans, subscriptions and trials (issue 19): the plans a client or a practice (a PRO) subscribes to, each paid period
-- of a subscription (by card through Stripe, or by bank transfer recorded by an administrator), and the Stripe webhook
-- events already handled (their ids, so that a repeated delivery changes nothing).

create table plans (
  id bigserial primary key,
  -- Who subscribes: a PRO for its own practice, or a CLIENT (the adviser's client, or a BASIC user's own record).
  audience text not null check (audience in ('PRO', 'CLIENT')),
  code text not null unique,
  name_it text not null,
  name_en text not null,
  price numeric(12, 2) not null check (price > 0),
  currency text not null default 'EUR' check (currency = 'EUR'),
  period text not null check (period in ('MONTH', 'YEAR')),
  -- What the plan includes, as codes the portal translates (shared-api/src/contract/subscription-codes.ts).
  features text[] not null default '{}',
  active boolean not null default true,
  sort_order int not null default 0
);

insert into plans (audience, code, name_it, name_en, price, period, features, sort_order) values
  ('CLIENT', 'CLIENT_MONTHLY', 'Cliente mensile', 'Client monthly', 9.90, 'MONTH',
    array['PORTFOLIOS', 'ANALYTICS', 'REPORTS'], 10),
  ('CLIENT', 'CLIENT_YEARLY', 'Cliente annuale', 'Client yearly', 99.00, 'YEAR',
    array['PORTFOLIOS', 'ANALYTICS', 'REPORTS', 'PLANNING'], 20),
  ('PRO', 'PRO_MONTHLY', 'Studio mensile', 'Practice monthly', 49.00, 'MONTH',
    array['CLIENTS_UNLIMITED', 'DELEGATES', 'REPORTS', 'PLANNING'], 30),
  ('PRO', 'PRO_YEARLY', 'Studio annuale', 'Practice yearly', 490.00, 'YEAR',
    array['CLIENTS_UNLIMITED', 'DELEGATES', 'REPORTS', 'PLANNING', 'PRIORITY_SUPPORT'], 40);

create table subscriptions (
  id bigserial primary key,
  -- Exactly one of: a client, or a practice (its PRO user).
  client_id bigint references clients(id) on delete cascade,
  pro_id bigint references users(id) on delete cascade,
  plan_id bigint not null references plans(id),
  -- PENDING: a card checkout started; ACTIVE: paid for the period; ENDED: the period ended or it was cancelled.
  status text not null check (status in ('PENDING', 'ACTIVE', 'ENDED')),
  method text not null check (method in ('CARD', 'BANK_TRANSFER')),
  period_start date,
  period_end date,
  -- A bank transfer: when it was paid, the reference quoted and the amount received.
  transfer_date date,
  transfer_reference text,
  amount numeric(12, 2),
  stripe_checkout_session_id text unique,
  stripe_subscription_id text,
  stripe_customer_id text,
  recorded_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((client_id is null) <> (pro_id is null))
);
create index subscriptions_client_idx on subscriptions (client_id, created_at desc);
create index subscriptions_pro_idx on subscriptions (pro_id, created_at desc);
create index subscriptions_stripe_sub_idx on subscriptions (stripe_subscription_id);
create index subscriptions_active_end_idx on subscriptions (period_end) where status = 'ACTIVE';

create table stripe_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
