-- Derived figures (positions, valuations, returns: server/src/analytics) are computed from a client's accounts,
-- portfolios and movements and from the market data. Every change to those bumps a version here, in the same
-- transaction, so the analytics cache knows what is stale whoever wrote the rows (API, import, seed, SQL).
-- client_id 0 is the market: instruments, prices and FX rates, shared by every client.
create table analytics_versions (
  client_id bigint primary key,
  version bigint not null default 1,
  changed_at timestamptz not null default now()
);

create function analytics_bump(ids bigint[]) returns void language plpgsql as $$
begin
  insert into analytics_versions (client_id)
    select distinct id from unnest(ids) as u(id) where id is not null
  on conflict (client_id) do update set version = analytics_versions.version + 1, changed_at = now();
end $$;

-- Statement-level triggers with transition tables: one bump per statement, even for a 50,000-row import.
create function analytics_bump_new_clients() returns trigger language plpgsql as $$
begin perform analytics_bump(array(select client_id from new_rows)); return null; end $$;
create function analytics_bump_old_clients() returns trigger language plpgsql as $$
begin perform analytics_bump(array(select client_id from old_rows)); return null; end $$;
create function analytics_bump_both_clients() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(select client_id from new_rows union select client_id from old_rows));
  return null;
end $$;
create function analytics_bump_new_links() returns trigger language plpgsql as $$
begin
  perform analytics_bump(array(select p.client_id from new_rows l join portfolios p on p.id = l.portfolio_id));
  return null;
end $$;
create function analytics_bump_old_links() returns trigger language plpgsql as $$
begin
  -- The portfolio may be gone already (cascade): its own delete trigger bumps the client then.
  perform analytics_bump(array(select p.client_id from old_rows l join portfolios p on p.id = l.portfolio_id));
  return null;
end $$;
create function analytics_bump_market() returns trigger language plpgsql as $$
begin perform analytics_bump(array[0::bigint]); return null; end $$;

create trigger movements_analytics_ins after insert on movements
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger movements_analytics_upd after update on movements
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger movements_analytics_del after delete on movements
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

create trigger accounts_analytics_ins after insert on accounts
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger accounts_analytics_upd after update on accounts
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger accounts_analytics_del after delete on accounts
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

create trigger portfolios_analytics_ins after insert on portfolios
  referencing new table as new_rows for each statement execute function analytics_bump_new_clients();
create trigger portfolios_analytics_upd after update on portfolios
  referencing old table as old_rows new table as new_rows for each statement execute function analytics_bump_both_clients();
create trigger portfolios_analytics_del after delete on portfolios
  referencing old table as old_rows for each statement execute function analytics_bump_old_clients();

create trigger portfolio_accounts_analytics_ins after insert on portfolio_accounts
  referencing new table as new_rows for each statement execute function analytics_bump_new_links();
create trigger portfolio_accounts_analytics_del after delete on portfolio_accounts
  referencing old table as old_rows for each statement execute function analytics_bump_old_links();

create trigger instruments_analytics after insert or update or delete on instruments
  for each statement execute function analytics_bump_market();
create trigger prices_analytics after insert or update or delete on prices
  for each statement execute function analytics_bump_market();
create trigger fx_rates_analytics after insert or update or delete on fx_rates
  for each statement execute function analytics_bump_market();
