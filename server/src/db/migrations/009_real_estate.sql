-- Real estate (data-and-admin section 3 "RealEstate", "Mortgage", "Evaluation history"): a client's houses and land,
-- their evaluation history (the latest by date is the current value) and at most one mortgage each. Money is numeric.
-- perc_owned is a fraction (0.5 = 50%), like every percent the portal stores.

create table real_estates (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  typology text not null check (typology in ('RESIDENTIAL', 'COMMERCIAL', 'LAND')),
  destination text not null check (destination in ('AVAILABLE', 'INCOME', 'FIRST_HOUSE')),
  conservation_state text not null default 'NORMAL' check (conservation_state in ('POOR', 'NORMAL', 'OPTIMAL')),
  type_property text not null check (type_property in ('PROPERTY', 'NAKED_PROPERTY', 'PROPERTY_SUP', 'USUFRUCT')),
  currency_id smallint not null default 1 references currencies (id),
  description text not null check (length(trim(description)) > 0),
  mq numeric(14, 2) check (mq > 0),
  real_estate_evaluation_type text not null default 'CUSTOM'
    check (real_estate_evaluation_type in ('CUSTOM', 'SUGGESTED')),
  custom_evaluation numeric(16, 2) check (custom_evaluation >= 0),
  suggested_evaluation numeric(16, 2) check (suggested_evaluation >= 0),
  suggested_evaluation_date date,
  purchase_date date,
  purchase_value numeric(16, 2) check (purchase_value >= 0),
  -- Yearly figures.
  income numeric(16, 2) check (income >= 0),
  maintenance_cost numeric(16, 2) check (maintenance_cost >= 0),
  perc_owned numeric(9, 8) not null check (perc_owned > 0 and perc_owned <= 1),
  address text not null,
  address_number text,
  zipcode text,
  city text not null,
  country char(2) not null check (country ~ '^[A-Z]{2}$'),
  -- The Italian province (sigla), only and always for country IT.
  province_code char(2) check ((country = 'IT') = (province_code is not null)),
  note text,
  lat numeric(9, 6) check (lat between -90 and 90),
  lng numeric(9, 6) check (lng between -180 and 180),
  cadastral_income numeric(16, 2) check (cadastral_income >= 0),
  code text,
  cadastral_code text,
  urban_section text,
  layout text,
  lot text,
  sub_lot integer check (sub_lot >= 0),
  -- A sold property leaves the tables and the figures and is listed as sold.
  sold_date date,
  sold_value numeric(16, 2) check (sold_value >= 0),
  check ((sold_date is null) = (sold_value is null)),
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index real_estates_client_idx on real_estates (client_id);

create table real_estate_evaluations (
  id bigint generated always as identity primary key,
  real_estate_id bigint not null references real_estates (id) on delete cascade,
  evaluation_date date not null,
  value numeric(16, 2) not null check (value >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One evaluation a day per property: a second one answers 409 evaluation_date_present.
  unique (real_estate_id, evaluation_date)
);

create table mortgages (
  id bigint generated always as identity primary key,
  -- One mortgage per property.
  real_estate_id bigint not null unique references real_estates (id) on delete cascade,
  amount numeric(16, 2) not null check (amount > 0),
  init_date date not null,
  rata_type text not null check (rata_type in ('MONTHLY', 'QUARTERLY', 'FOUR_MONTH', 'HALF_YEARLY', 'YEARLY')),
  total_rata integer not null check (total_rata > 0),
  interest_rate_type text not null check (interest_rate_type in ('FIX', 'EU3M', 'EU6M', 'EU1A')),
  amortization text not null check (amortization in ('CONST', 'VAR')),
  -- Annual rate in percent (3.5 = 3.5%).
  interest_rate numeric(9, 6) not null check (interest_rate >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Cached dashboards go stale when real estate changes (analytics_versions, migration 008): one bump per statement.
create trigger real_estates_analytics_ins after insert on real_estates
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger real_estates_analytics_upd after update on real_estates
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger real_estates_analytics_del after delete on real_estates
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

-- Evaluations and mortgages know their property: the client is found through it.
create function analytics_bump_new_real_estate_rows() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(select r.client_id from new_rows x join real_estates r on r.id = x.real_estate_id));
  return null;
end $$;
create function analytics_bump_old_real_estate_rows() returns trigger language plpgsql as $$
begin
  -- The property may be gone already (cascade): its own delete trigger bumps the client then.
  perform analytics_bump(array(select r.client_id from old_rows x join real_estates r on r.id = x.real_estate_id));
  return null;
end $$;
create function analytics_bump_both_real_estate_rows() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(
    select r.client_id from new_rows x join real_estates r on r.id = x.real_estate_id
    union select r.client_id from old_rows x join real_estates r on r.id = x.real_estate_id));
  return null;
end $$;

create trigger real_estate_evaluations_analytics_ins after insert on real_estate_evaluations
  referencing new table as new_rows for each statement execute function analytics_bump_new_real_estate_rows();
create trigger real_estate_evaluations_analytics_upd after update on real_estate_evaluations
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_real_estate_rows();
create trigger real_estate_evaluations_analytics_del after delete on real_estate_evaluations
  referencing old table as old_rows for each statement execute function analytics_bump_old_real_estate_rows();

create trigger mortgages_analytics_ins after insert on mortgages
  referencing new table as new_rows for each statement execute function analytics_bump_new_real_estate_rows();
create trigger mortgages_analytics_upd after update on mortgages
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_real_estate_rows();
create trigger mortgages_analytics_del after delete on mortgages
  referencing old table as old_rows for each statement execute function analytics_bump_old_real_estate_rows();
