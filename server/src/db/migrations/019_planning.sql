-- Planning (issue 18; data-and-admin sections 3, 4, 7 and 9): human capital (planned cash flows outside the
-- portfolios, the flows recorded against them, life insurance, each client's retirement date and discount rate),
-- goals and simulations. Money numeric to the cent; rates and percentages numeric fractions (0.02 = 2%).

create table hc_flows (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  description text not null,
  direction text not null check (direction in ('IN', 'OUT')),
  category text not null check (category in ('SALARY', 'PENSION', 'RENT', 'BUSINESS_INCOME', 'OTHER_INCOME',
    'LIVING_COSTS', 'SCHOOL_FEES', 'TAXES', 'LOAN', 'OTHER_EXPENSE')),
  flow_group text not null check (flow_group in ('PERSONAL_FLOWS', 'WORK_FLOWS', 'BUSINESS_FLOWS', 'PROPERTY_FLOWS')),
  amount numeric(18, 2) not null check (amount > 0),
  frequency text not null check (frequency in ('ONCE', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY')),
  start_date date not null,
  end_date date check (end_date is null or end_date >= start_date),
  growth_rate numeric(9, 6) not null default 0 check (growth_rate between 0 and 1),
  note text,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index hc_flows_client_idx on hc_flows (client_id);

create table hc_flow_records (
  id bigint generated always as identity primary key,
  flow_id bigint not null references hc_flows (id) on delete cascade,
  date date not null,
  amount numeric(18, 2) not null check (amount >= 0),
  note text,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index hc_flow_records_flow_date_idx on hc_flow_records (flow_id, date);

create table life_policies (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  insurer text not null,
  policy_type text not null check (policy_type in ('TERM_LIFE', 'WHOLE_LIFE', 'UNIT_LINKED')),
  policy_number text,
  insured text not null,
  beneficiary text not null,
  capital numeric(18, 2) not null check (capital >= 0),
  premium numeric(18, 2) not null check (premium >= 0),
  premium_frequency text not null
    check (premium_frequency in ('SINGLE', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY')),
  start_date date not null,
  end_date date check (end_date is null or end_date >= start_date),
  surrender_value numeric(18, 2) check (surrender_value >= 0),
  note text,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index life_policies_client_idx on life_policies (client_id);

-- Null: the default (retirement at 67 from the tax code's birth date, else 20 years on; discount rate 0.03).
create table planning_settings (
  client_id bigint primary key references clients (id) on delete cascade,
  retirement_date date,
  discount_rate numeric(9, 6) check (discount_rate between 0 and 0.5),
  updated_at timestamptz not null default now()
);

create table goals (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  description text not null,
  amount numeric(18, 2) not null check (amount > 0),
  init_date date not null,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index goals_client_idx on goals (client_id, init_date);

-- A simulation is a scenario: a copy of the client's holdings as edited, not a link to them. Its lists (real estate
-- with mortgages, art and luxury, shares) are jsonb arrays in the contract's shape (SimulationBody); jsonb keeps
-- numbers as numeric, so amounts stay exact. The ids in them name the items they were built from.
create table simulations (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  name text not null,
  cash numeric(18, 2) not null,
  shares numeric(18, 2) not null check (shares >= 0),
  bond numeric(18, 2) not null check (bond >= 0),
  commodities numeric(18, 2) not null check (commodities >= 0),
  crypto numeric(18, 2) not null check (crypto >= 0),
  real_estate_items jsonb not null default '[]' check (jsonb_typeof(real_estate_items) = 'array'),
  artlux_items jsonb not null default '[]' check (jsonb_typeof(artlux_items) = 'array'),
  share_items jsonb not null default '[]' check (jsonb_typeof(share_items) = 'array'),
  starting_cash numeric(18, 2) not null,
  starting_percentage numeric(9, 6) not null check (starting_percentage between 0 and 1),
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index simulations_client_idx on simulations (client_id, updated_at desc);

-- The overview's flux and projection and the goal projection read the planned flows, the settings and the goals:
-- their changes make the client's cached analytics answers stale (migration 008).
create trigger hc_flows_analytics_ins after insert on hc_flows
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger hc_flows_analytics_upd after update on hc_flows
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger hc_flows_analytics_del after delete on hc_flows
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

create trigger planning_settings_analytics_ins after insert on planning_settings
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger planning_settings_analytics_upd after update on planning_settings
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger planning_settings_analytics_del after delete on planning_settings
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

create trigger goals_analytics_ins after insert on goals
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger goals_analytics_upd after update on goals
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger goals_analytics_del after delete on goals
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

create trigger simulations_analytics_ins after insert on simulations
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger simulations_analytics_upd after update on simulations
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger simulations_analytics_del after delete on simulations
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();
