-- Issue 17, the bank file exchange: the servers the banks' files come from, the counterparts (banks and custodians)
-- and the formats they send, the mapping of their codes to ours, every file received (the file log) and every
-- import run (import activity). What an import stores lands as PENDING movements (origin FILE_EXCHANGE) and as the
-- bank balances and positions the controls compare (015).

-- An SFTP server, or a folder of this machine (LOCAL: relative to DATA_DIR/drop, the embedded default's drop).
-- Secrets are encrypted (AES-256-GCM, server/src/exchange/secrets.ts) and never leave the server.
create table external_servers (
  id bigint generated always as identity primary key,
  name text not null check (length(trim(name)) between 1 and 100),
  protocol text not null check (protocol in ('LOCAL', 'SFTP')),
  host text,
  port integer check (port between 1 and 65535),
  username text,
  password_enc text,
  private_key_enc text,
  folder text not null,
  file_pattern text not null,
  schedule text,
  enabled boolean not null default true,
  last_fetch_at timestamptz,
  last_fetch_ok boolean,
  last_fetch_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint external_servers_sftp_host check (protocol <> 'SFTP' or (host is not null and username is not null))
);

create unique index external_servers_name_key on external_servers (lower(name));

-- A bank or custodian: the intermediary it is in our data, where its files come from, and the formats it sends
-- (a JSON array of { format, filePattern, layout }: shared-api exchange-schemas.ts CounterpartFormat).
create table counterparts (
  id bigint generated always as identity primary key,
  name text not null check (length(trim(name)) between 1 and 100),
  abi text check (abi ~ '^[0-9]{5}$'),
  financial_intermediary_id bigint references financial_intermediaries (id) on delete set null,
  server_id bigint references external_servers (id) on delete restrict,
  folder text,
  formats jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index counterparts_name_key on counterparts (lower(name));

-- The mapping of a counterpart's codes: a transaction code (CAUSE: for credits, debits or both) to our cause and
-- subcause, an instrument code to an instrument, an account identifier to an account.
create table exchange_mappings (
  id bigint generated always as identity primary key,
  counterpart_id bigint not null references counterparts (id) on delete cascade,
  kind text not null check (kind in ('CAUSE', 'INSTRUMENT', 'ACCOUNT')),
  code text not null check (length(trim(code)) between 1 and 100),
  direction text not null default 'ANY' check (direction in ('CREDIT', 'DEBIT', 'ANY')),
  cause text,
  subcause text,
  instrument_id bigint references instruments (id) on delete cascade,
  account_id bigint references accounts (id) on delete cascade,
  updated_by bigint references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint exchange_mappings_target check (
    (kind = 'CAUSE' and cause is not null and instrument_id is null and account_id is null)
    or (kind = 'INSTRUMENT' and instrument_id is not null and cause is null and account_id is null and direction = 'ANY')
    or (kind = 'ACCOUNT' and account_id is not null and cause is null and instrument_id is null and direction = 'ANY')
  ),
  constraint exchange_mappings_subcause check (subcause is null or cause = 'FEE')
);

create unique index exchange_mappings_code_key on exchange_mappings (counterpart_id, kind, code, direction);

-- Every file received, once per (server, name, SHA-256): its bytes are kept for reloads and downloads.
create table exchange_files (
  id bigint generated always as identity primary key,
  server_id bigint references external_servers (id) on delete set null,
  counterpart_id bigint references counterparts (id) on delete set null,
  name text not null,
  size integer not null check (size >= 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea not null,
  format text check (format in ('CBI', 'CAMT053', 'LAYOUT')),
  status text not null default 'RECEIVED'
    check (status in ('RECEIVED', 'IMPORTED', 'TO_MAP', 'FAILED', 'NO_COUNTERPART')),
  received_at timestamptz not null default now()
);

-- Downloaded once: the same name with the same content from the same server is the same file.
create unique index exchange_files_once_key on exchange_files (coalesce(server_id, 0), name, sha256);
create index exchange_files_received_idx on exchange_files (received_at desc);

-- One import run of a file. QUEUED -> RUNNING -> DONE, TO_MAP (codes without mapping: nothing written) or FAILED
-- (nothing written). The run and what it stores commit together, so a run killed half-way leaves nothing and runs
-- again. At most one run of a file is queued or running.
create table import_runs (
  id bigint generated always as identity primary key,
  file_id bigint not null references exchange_files (id) on delete cascade,
  counterpart_id bigint references counterparts (id) on delete set null,
  format text check (format in ('CBI', 'CAMT053', 'LAYOUT')),
  status text not null default 'QUEUED' check (status in ('QUEUED', 'RUNNING', 'DONE', 'TO_MAP', 'FAILED')),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  ended_at timestamptz,
  rows_read integer not null default 0,
  rows_stored integer not null default 0,
  rows_pending integer not null default 0,
  rows_rejected integer not null default 0,
  errors jsonb not null default '[]',
  unmapped jsonb not null default '[]',
  requested_by bigint references users (id) on delete set null
);

create index import_runs_created_idx on import_runs (created_at desc);
create unique index import_runs_one_active_key on import_runs (file_id) where status in ('QUEUED', 'RUNNING');

-- The movements a run stored (pending) and the line of the file each came from: a reload of the file leaves the lines
-- the middle office already decided as they are, and imports the others afresh.
alter table movements add column import_run_id bigint references import_runs (id) on delete set null;
alter table movements add column import_line integer;
create index movements_import_run_idx on movements (import_run_id) where import_run_id is not null;
