-- Issue 19, professional registration and delegates (docs/registration-and-delegates.md).

-- A professional's own sign-up at /register-pro: its users row (role PRO, login = the email address) stays inactive
-- until the mailed link confirms it; this row keeps what the form declared. confirmed_at null = not confirmed yet:
-- a new registration of the same address then replaces the details and mails a fresh link.
create table pro_registrations (
  user_id bigint primary key references users (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  -- The Italian VAT number (11 digits, check digit verified) and the professional register number (e.g. OCF).
  vat text not null,
  register_number text not null,
  terms_accepted_at timestamptz not null,
  privacy_accepted_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  confirmed_at timestamptz
);

-- The one-time confirmation links of a registration; only the SHA-256 of the token is stored (hex). A link works once,
-- until expires_at; a newer link of the same user revokes the older ones.
create table pro_confirmation_tokens (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  token_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);

create unique index pro_confirmation_tokens_token_hash_key on pro_confirmation_tokens (token_hash);

create index pro_confirmation_tokens_user_id_idx on pro_confirmation_tokens (user_id);

-- A delegate its PRO removes is kept (the movements it decided and the controls it accepted still name it) but
-- deactivated and detached: no PRO, so it sees no client even if reactivated, and its login freed (renamed) so that
-- the address can be invited again. removed_at says when; only a removed DELEGATE may lack its PRO.
alter table users add column removed_at timestamptz;

alter table users drop constraint users_delegate_has_pro;

alter table users add constraint users_delegate_has_pro
  check ((role = 'DELEGATE' and (pro_id is not null or removed_at is not null)) or (role <> 'DELEGATE' and pro_id is null));

-- A PRO's delegates.
create index users_pro_id_idx on users (pro_id) where pro_id is not null;
