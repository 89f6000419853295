-- Users of every role, the clients they serve, families of clients, the guided-tour state and the audit trail.

create table clients (
  id bigint generated always as identity primary key,
  demo_user boolean not null default false,
  company boolean not null default false,
  first_name text,
  last_name text,
  company_name text,
  name text,
  vat text,
  tax_code text,
  atoka_id text,
  currency_symbol text not null default '€',
  prefix text,
  mobile text,
  email text,
  subscribe boolean not null default false,
  trial boolean not null default false,
  trial_until date,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint clients_person_or_company check (company or first_name is not null or last_name is not null or name is not null)
);

create unique index clients_tax_code_key on clients (upper(tax_code)) where tax_code is not null;
create unique index clients_vat_key on clients (vat) where vat is not null;

create table users (
  id bigint generated always as identity primary key,
  login text not null,
  password_hash text,
  name text not null,
  email text,
  role text not null check (role in ('BASIC', 'PRO', 'DELEGATE', 'BACK_OFFICE', 'ADMIN')),
  permissions text[] not null default '{}',
  -- A DELEGATE works for one PRO.
  pro_id bigint references users (id) on delete cascade,
  -- A BASIC user is one client record.
  client_id bigint references clients (id) on delete cascade,
  -- Completed guided-tour sections, comma separated; null means none.
  tour_steps text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_delegate_has_pro check ((role = 'DELEGATE') = (pro_id is not null)),
  constraint users_basic_has_client check (role <> 'BASIC' or client_id is not null),
  constraint users_permissions_known check (permissions <@ array['APPROVE_MOVEMENT', 'MANAGE_CONTROL']::text[])
);

create unique index users_login_key on users (lower(login));

alter table clients add constraint clients_created_by_fkey foreign key (created_by) references users (id) on delete set null;

-- The advisers (PRO) a client is assigned to, besides the one who created it.
create table client_advisers (
  client_id bigint not null references clients (id) on delete cascade,
  pro_id bigint not null references users (id) on delete cascade,
  primary key (client_id, pro_id)
);

create table families (
  id bigint generated always as identity primary key,
  name text not null,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table family_members (
  family_id bigint not null references families (id) on delete cascade,
  client_id bigint not null references clients (id) on delete cascade,
  weight numeric(12, 6) not null default 1 check (weight > 0),
  primary key (family_id, client_id)
);

create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id text,
  actor_role text,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb
);

create index audit_log_at_idx on audit_log (at desc);
