-- The stored valuation series (issue 21, "incremental valuation"): per client scope (each portfolio, the client's
-- aggregate) the daily figures of every day from before its first movement to the day it was built (values and flows
-- of the portfolio, its lines, cash balances, accounts and classes; server/src/analytics/figures.ts encodes them), at
-- the client's and the market's analytics versions. The recalculation jobs build them; a request reads its range from
-- them and computes only the statistics; a change revalues only the days from its first changed date.

-- What each version bump changed from: the first day whose figures it can move, or null for every day (accounts,
-- portfolios, instruments, anything not dated). A stored series at versions (c, m) is valid up to the day before the
-- earliest changed_from of the client's versions after c and the market's after m.
create table analytics_changes (
  client_id bigint not null,
  version bigint not null,
  changed_from date,
  primary key (client_id, version)
);

-- One bump per id, each recording the earliest date of its rows (a null date, or none given: every day).
create function analytics_bump_from(ids bigint[], froms date[]) returns void language plpgsql as $$
begin
  with firsts as (
    select u.id, case when bool_or(u.f is null) then null else min(u.f) end as changed_from
      from unnest(ids, coalesce(froms, array[]::date[])) as u(id, f)
     where u.id is not null
     group by u.id
  ), bumped as (
    insert into analytics_versions (client_id)
      select id from firsts
    on conflict (client_id) do update set version = analytics_versions.version + 1, changed_at = now()
    returning client_id, version
  )
  insert into analytics_changes (client_id, version, changed_from)
    select b.client_id, b.version, f.changed_from from bumped b join firsts f on f.id = b.client_id
  on conflict (client_id, version) do update
    set changed_from = case
      when analytics_changes.changed_from is null or excluded.changed_from is null then null
      else least(analytics_changes.changed_from, excluded.changed_from) end;
end $$;

-- Every existing trigger bumps through analytics_bump: undated, every day.
create or replace function analytics_bump(ids bigint[]) returns void language plpgsql as $$
begin perform analytics_bump_from(ids, null); end $$;

-- Movements: from the earliest day of the rows written (before and after an update).
create function analytics_bump_movements_new() returns trigger language plpgsql as $$
begin
  perform analytics_bump_from(array(select client_id from new_rows), array(select date_time::date from new_rows));
  return null;
end $$;
create function analytics_bump_movements_old() returns trigger language plpgsql as $$
begin
  perform analytics_bump_from(array(select client_id from old_rows), array(select date_time::date from old_rows));
  return null;
end $$;
create function analytics_bump_movements_both() returns trigger language plpgsql as $$
begin
  perform analytics_bump_from(
    array(select client_id from new_rows union all select client_id from old_rows),
    array(select date_time::date from new_rows union all select date_time::date from old_rows));
  return null;
end $$;
drop trigger movements_analytics_ins on movements;
drop trigger movements_analytics_upd on movements;
drop trigger movements_analytics_del on movements;
create trigger movements_analytics_ins after insert on movements
  referencing new table as new_rows for each statement execute function analytics_bump_movements_new();
create trigger movements_analytics_upd after update on movements
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_movements_both();
create trigger movements_analytics_del after delete on movements
  referencing old table as old_rows for each statement execute function analytics_bump_movements_old();

-- Prices: carried forward, so a price moves its day and the days after. A statement that wrote no row (the update
-- half of an insert ... on conflict that only inserted) bumps nothing.
create function analytics_bump_prices_new() returns trigger language plpgsql as $$
begin
  if exists (select 1 from new_rows) then
    perform analytics_bump_from(array[0::bigint], array[(select min(date) from new_rows)]);
  end if;
  return null;
end $$;
create function analytics_bump_prices_old() returns trigger language plpgsql as $$
begin
  if exists (select 1 from old_rows) then
    perform analytics_bump_from(array[0::bigint], array[(select min(date) from old_rows)]);
  end if;
  return null;
end $$;
create function analytics_bump_prices_both() returns trigger language plpgsql as $$
begin
  if exists (select 1 from new_rows) or exists (select 1 from old_rows) then
    perform analytics_bump_from(array[0::bigint],
      array[(select min(d) from (select date as d from new_rows union all select date from old_rows) x)]);
  end if;
  return null;
end $$;
drop trigger prices_analytics on prices;
create trigger prices_analytics_ins after insert on prices
  referencing new table as new_rows for each statement execute function analytics_bump_prices_new();
create trigger prices_analytics_upd after update on prices
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_prices_both();
create trigger prices_analytics_del after delete on prices
  referencing old table as old_rows for each statement execute function analytics_bump_prices_old();

-- FX rates: carried forward and back-filled before a currency's first rate (engine/src/market.ts). A rate written with
-- no other rate of its currency before it moves the back-filled days, every day from the start: undated then.
create function analytics_fx_from(written date[], currencies smallint[]) returns date language sql as $$
  select case
    when bool_or(not exists (select 1 from fx_rates r where r.currency_id = w.c and r.date < w.d)) then null
    else min(w.d) end
    from unnest(written, currencies) as w(d, c)
$$;
create function analytics_bump_fx_new() returns trigger language plpgsql as $$
begin
  if exists (select 1 from new_rows) then
    perform analytics_bump_from(array[0::bigint],
      array[analytics_fx_from(array(select date from new_rows), array(select currency_id from new_rows))]);
  end if;
  return null;
end $$;
create function analytics_bump_fx_old() returns trigger language plpgsql as $$
begin
  if exists (select 1 from old_rows) then
    perform analytics_bump_from(array[0::bigint],
      array[analytics_fx_from(array(select date from old_rows), array(select currency_id from old_rows))]);
  end if;
  return null;
end $$;
create function analytics_bump_fx_both() returns trigger language plpgsql as $$
begin
  if exists (select 1 from new_rows) or exists (select 1 from old_rows) then
    perform analytics_bump_from(array[0::bigint], array[analytics_fx_from(
      array(select date from new_rows union all select date from old_rows),
      array(select currency_id from new_rows union all select currency_id from old_rows))]);
  end if;
  return null;
end $$;
drop trigger fx_rates_analytics on fx_rates;
create trigger fx_rates_analytics_ins after insert on fx_rates
  referencing new table as new_rows for each statement execute function analytics_bump_fx_new();
create trigger fx_rates_analytics_upd after update on fx_rates
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_fx_both();
create trigger fx_rates_analytics_del after delete on fx_rates
  referencing old table as old_rows for each statement execute function analytics_bump_fx_old();

-- The series themselves. scope: 'client' (the client's aggregate) or 'portfolio:<id>'; testing accounts left out (the
-- default view; a view with them is valued in memory). days_valued: the days the last build valued (the others were
-- kept from the series it resumed).
create table valuation_series (
  client_id bigint not null references clients (id) on delete cascade,
  scope text not null,
  client_version bigint not null,
  market_version bigint not null,
  range_start date not null,
  range_end date not null,
  days_valued integer not null,
  figures bytea not null,
  built_at timestamptz not null default now(),
  primary key (client_id, scope)
);
