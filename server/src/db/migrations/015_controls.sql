-- The reconciliation controls (issue 16): the bank's own view of each account, checked against ours.
-- The bank's figures come in as files (POST /controls/upload/balances and /positions; the file exchange will feed the
-- same tables later). A new file for an (account, date) replaces that date's rows of the account. They are not engine
-- input: they bump no analytics version; the controls-check job (server/src/jobs/controls.ts) is queued instead.

-- Cash balances of current accounts (CONTO_CORRENTE) at the end of a date, in the account's currency; may be negative.
create table bank_balances (
  account_id bigint not null references accounts (id) on delete cascade,
  date date not null,
  balance numeric(20, 2) not null,
  currency_id smallint not null references currencies (id),
  uploaded_by bigint references users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  primary key (account_id, date)
);

create index bank_balances_date_idx on bank_balances (date);

-- Positions of securities accounts (CUSTODIA_TITOLI) at the end of a date: quantity per ISIN (a bond's nominal) and
-- the bank's price (per unit, bonds per 100 of nominal) when it sent one. The ISIN is kept as the bank wrote it: it
-- may name an instrument our registry does not (yet) hold; the checks join instruments on it.
create table bank_positions (
  account_id bigint not null references accounts (id) on delete cascade,
  date date not null,
  isin char(12) not null check (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$'),
  quantity numeric(24, 6) not null check (quantity >= 0),
  price numeric(24, 8) check (price >= 0),
  currency_id smallint not null references currencies (id),
  uploaded_by bigint references users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  primary key (account_id, date, isin)
);

create index bank_positions_date_idx on bank_positions (date);

-- What the controls-check job found per portfolio at each date with bank data for its accounts, so that /controls
-- lists without computing: OK when every balance and quantity matches or a difference was accepted, DIFFERENCES
-- otherwise; `differences` counts the balances and quantities that differ (before any acceptance). A row is written
-- when its result changes (checked_at: when the result it holds was found).
create table control_results (
  portfolio_id bigint not null references portfolios (id) on delete cascade,
  date date not null,
  status text not null check (status in ('OK', 'DIFFERENCES')),
  differences integer not null check (differences >= 0),
  checked_at timestamptz not null default now(),
  primary key (portfolio_id, date)
);

-- A difference accepted at a bank date, with its mandatory note (audited): the date counts as OK.
create table control_acceptances (
  portfolio_id bigint not null references portfolios (id) on delete cascade,
  date date not null,
  note text not null check (length(trim(note)) > 0),
  accepted_by bigint references users (id) on delete set null,
  accepted_at timestamptz not null default now(),
  primary key (portfolio_id, date)
);
