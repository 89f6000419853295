-- Family business shares and art and luxury goods (issue 6; data-and-admin section 3).
-- A company belongs to no tenant by itself: it is seen through the clients holding it (company_holdings).
-- Money is numeric to the cent; percentages numeric percent points.

create table companies (
  id bigint generated always as identity primary key,
  legal_name text not null,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table company_holdings (
  company_id bigint not null references companies (id) on delete cascade,
  client_id bigint not null references clients (id) on delete cascade,
  percentage numeric(9, 6) not null check (percentage > 0 and percentage <= 100),
  primary key (company_id, client_id)
);
create index company_holdings_client_idx on company_holdings (client_id);

create table company_figures (
  id bigint generated always as identity primary key,
  company_id bigint not null references companies (id) on delete cascade,
  year integer not null check (year between 1900 and 2100),
  revenue numeric(18, 2) not null default 0 check (revenue >= 0),
  profit numeric(18, 2) not null default 0,
  ebitda numeric(18, 2) not null default 0,
  value numeric(18, 2) not null default 0 check (value >= 0),
  unique (company_id, year)
);

create table lux_items (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  description text not null,
  category text not null check (category in ('ART', 'CAR', 'BIKE', 'BOAT', 'COLLECTION', 'JEWELRY')),
  buy_cost numeric(18, 2) check (buy_cost >= 0),
  yearly_income numeric(18, 2) not null default 0 check (yearly_income >= 0),
  yearly_maintenance numeric(18, 2) not null default 0 check (yearly_maintenance >= 0),
  linked_debt numeric(18, 2) not null default 0 check (linked_debt >= 0),
  note text,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index lux_items_client_idx on lux_items (client_id);

create table lux_evaluations (
  id bigint generated always as identity primary key,
  item_id bigint not null references lux_items (id) on delete cascade,
  evaluation_date date not null,
  value numeric(18, 2) not null check (value >= 0),
  unique (item_id, evaluation_date)
);

-- Cached dashboards (analytics_versions, migration 008) go stale when a client's shares or goods change.
-- Holdings and goods carry the client; figures and evaluations reach it through their company or item, which may be
-- gone already on a cascade: the holdings' and items' own delete triggers bump the clients then.
create function analytics_bump_company_holders() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(
    select h.client_id from company_holdings h
     where h.company_id in (select company_id from new_rows union all select company_id from old_rows)));
  return null;
end $$;
create function analytics_bump_company_holders_new() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(
    select h.client_id from company_holdings h where h.company_id in (select company_id from new_rows)));
  return null;
end $$;
create function analytics_bump_company_holders_old() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(
    select h.client_id from company_holdings h where h.company_id in (select company_id from old_rows)));
  return null;
end $$;
create function analytics_bump_lux_owners_new() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(select i.client_id from lux_items i where i.id in (select item_id from new_rows)));
  return null;
end $$;
create function analytics_bump_lux_owners_old() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(select i.client_id from lux_items i where i.id in (select item_id from old_rows)));
  return null;
end $$;
create function analytics_bump_lux_owners_both() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(
    select i.client_id from lux_items i
     where i.id in (select item_id from new_rows union all select item_id from old_rows)));
  return null;
end $$;

create trigger company_holdings_analytics_ins after insert on company_holdings
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger company_holdings_analytics_upd after update on company_holdings
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger company_holdings_analytics_del after delete on company_holdings
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

create trigger company_figures_analytics_ins after insert on company_figures
  referencing new table as new_rows for each statement execute function analytics_bump_company_holders_new();
create trigger company_figures_analytics_upd after update on company_figures
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_company_holders();
create trigger company_figures_analytics_del after delete on company_figures
  referencing old table as old_rows for each statement execute function analytics_bump_company_holders_old();

create trigger lux_items_analytics_ins after insert on lux_items
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger lux_items_analytics_upd after update on lux_items
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger lux_items_analytics_del after delete on lux_items
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

create trigger lux_evaluations_analytics_ins after insert on lux_evaluations
  referencing new table as new_rows for each statement execute function analytics_bump_lux_owners_new();
create trigger lux_evaluations_analytics_upd after update on lux_evaluations
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_lux_owners_both();
create trigger lux_evaluations_analytics_del after delete on lux_evaluations
  referencing old table as old_rows for each statement execute function analytics_bump_lux_owners_old();
