-- Financial data: currencies, intermediaries and branches, portfolios and accounts, instruments, prices and FX
-- rates, movements, report settings and logos. Money and quantities are numeric, never floating point.

create table currencies (
  id smallint generated always as identity primary key,
  iso char(3) not null unique check (iso ~ '^[A-Z]{3}$'),
  symbol text not null,
  name text not null
);

-- Reference data (not demo data): the currencies the portal offers.
insert into currencies (iso, symbol, name) values
  ('EUR', '€', 'Euro'),
  ('USD', '$', 'Dollaro statunitense'),
  ('GBP', '£', 'Sterlina britannica'),
  ('CHF', 'CHF', 'Franco svizzero'),
  ('JPY', '¥', 'Yen giapponese'),
  ('SEK', 'kr', 'Corona svedese'),
  ('NOK', 'kr', 'Corona norvegese'),
  ('DKK', 'kr', 'Corona danese'),
  ('CAD', 'C$', 'Dollaro canadese'),
  ('AUD', 'A$', 'Dollaro australiano');

create table financial_intermediaries (
  id bigint generated always as identity primary key,
  name text not null check (length(trim(name)) > 0),
  fi_type text not null check (fi_type in ('TRUST', 'CREDIT_INSTITUTE')),
  -- Italian bank code (ABI) and SWIFT/BIC, when known.
  abi text check (abi ~ '^[0-9]{5}$'),
  bic text check (bic ~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$'),
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index financial_intermediaries_type_name_idx on financial_intermediaries (fi_type, lower(name));
create index financial_intermediaries_abi_idx on financial_intermediaries (abi) where abi is not null;

create table branches (
  id bigint generated always as identity primary key,
  financial_intermediary_id bigint not null references financial_intermediaries (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  -- Italian branch code (CAB), when known.
  cab text check (cab ~ '^[0-9]{5}$'),
  address text,
  city text,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index branches_intermediary_idx on branches (financial_intermediary_id);

-- A client's portfolio. The aggregate portfolio of a client or a family has no row: it is computed.
create table portfolios (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  currency_id smallint not null default 1 references currencies (id),
  testing boolean not null default false,
  first_movement_date date,
  last_quantity_check_ok_date date,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index portfolios_client_idx on portfolios (client_id);

create table accounts (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  account_type text not null check (account_type in ('CONTO_CORRENTE', 'CUSTODIA_TITOLI')),
  name text not null check (length(trim(name)) > 0),
  iban text check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  currency_id smallint not null default 1 references currencies (id),
  financial_intermediary_id bigint not null references financial_intermediaries (id),
  branch_id bigint references branches (id) on delete set null,
  testing boolean not null default false,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index accounts_client_idx on accounts (client_id);
create index accounts_intermediary_idx on accounts (financial_intermediary_id);
create unique index accounts_client_iban_key on accounts (client_id, account_type, iban) where iban is not null;
create index accounts_iban_idx on accounts (iban) where iban is not null;

create table portfolio_accounts (
  portfolio_id bigint not null references portfolios (id) on delete cascade,
  account_id bigint not null references accounts (id) on delete cascade,
  primary key (portfolio_id, account_id)
);

create index portfolio_accounts_account_idx on portfolio_accounts (account_id);

create table instruments (
  id bigint generated always as identity primary key,
  isin char(12) not null unique check (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$'),
  name text not null,
  currency_id smallint not null references currencies (id),
  asset_class text not null,
  macro_asset_class text not null check (macro_asset_class in ('Equity', 'Alternative', 'Bond')),
  -- Bonds: annual coupon rate as a fraction of nominal, payments a year, dates. Prices per 100 of nominal.
  coupon_rate numeric(12, 8) check (coupon_rate >= 0),
  coupon_frequency smallint check (coupon_frequency in (1, 2, 4, 12)),
  first_coupon_date date,
  maturity_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint instruments_coupon_only_bonds check (
    macro_asset_class = 'Bond' or (coupon_rate is null and coupon_frequency is null)
  )
);

create index instruments_name_idx on instruments (lower(name));

-- End-of-day prices, in the instrument's currency.
create table prices (
  instrument_id bigint not null references instruments (id) on delete cascade,
  date date not null,
  price numeric(24, 8) not null check (price >= 0),
  primary key (instrument_id, date)
);

-- End-of-day FX rates: units of the currency for one euro.
create table fx_rates (
  currency_id smallint not null references currencies (id),
  date date not null,
  rate numeric(24, 10) not null check (rate > 0),
  primary key (currency_id, date)
);

create table movements (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  -- The owner client (the account's owner unless stated otherwise).
  client_id bigint not null references clients (id) on delete cascade,
  date_time timestamp not null,
  classification text,
  cause text not null check (
    cause in ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER_IN', 'TRANSFER_OUT', 'BUY', 'SELL', 'COUPON', 'DIVIDEND', 'INTEREST',
      'FEE', 'TAX')
  ),
  -- FEE only: CONTO_CORRENTE, DEPOSITO_TITOLI, NEGOZIAZIONE, GESTIONE, CONSULENZA, or null for Altro.
  subcause text check (
    subcause is null or (cause = 'FEE' and subcause in ('CONTO_CORRENTE', 'DEPOSITO_TITOLI', 'NEGOZIAZIONE', 'GESTIONE',
      'CONSULENZA'))
  ),
  currency_id smallint not null references currencies (id),
  instrument_id bigint references instruments (id),
  quantity numeric(24, 6),
  price numeric(24, 8) check (price >= 0),
  -- Positive; the cause gives the direction.
  amount numeric(20, 2) not null check (amount >= 0),
  offset_account_id bigint references accounts (id) on delete set null,
  status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED')),
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint movements_trade_has_instrument check (cause not in ('BUY', 'SELL') or
    (instrument_id is not null and quantity is not null and quantity > 0))
);

create index movements_account_date_idx on movements (account_id, date_time desc);
create index movements_client_date_idx on movements (client_id, date_time desc);
create index movements_instrument_idx on movements (instrument_id) where instrument_id is not null;
create index movements_pending_idx on movements (created_at desc) where status = 'PENDING';

-- Report options saved per client or per family: the sections and the portfolios chosen.
create table report_settings (
  id bigint generated always as identity primary key,
  client_id bigint references clients (id) on delete cascade,
  family_id bigint references families (id) on delete cascade,
  sections text[] not null default '{}' check (
    sections <@ array['overview', 'financial', 'fees', 'realEstate', 'shares', 'artLux']::text[]
  ),
  portfolio_ids bigint[] not null default '{}',
  updated_by bigint references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint report_settings_one_owner check ((client_id is null) <> (family_id is null))
);

create unique index report_settings_client_key on report_settings (client_id) where client_id is not null;
create unique index report_settings_family_key on report_settings (family_id) where family_id is not null;

-- The logo printed on reports, one per user (adviser or office), stored as a data URL (at most 15,000,000 bytes).
create table report_logos (
  user_id bigint primary key references users (id) on delete cascade,
  logo_stream text not null check (logo_stream ~ '^data:image/(png|jpeg|svg\+xml);base64,' and length(logo_stream) <= 20500000),
  updated_at timestamptz not null default now()
);
