-- Clients: outgoing mail (the outbox), one-time client invitations, and what adding a bare client needs.

-- Every message the server sends. Without SMTP_URL it is only logged (transport 'log', status 'logged'), so
-- the outbox is the development inbox; with SMTP_URL it is recorded 'pending', then 'sent' or 'failed'.
create table mail_outbox (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  kind text not null,
  to_address text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  transport text not null check (transport in ('log', 'smtp')),
  status text not null default 'pending' check (status in ('pending', 'logged', 'sent', 'failed')),
  sent_at timestamptz,
  error text,
  client_id bigint references clients (id) on delete set null
);

create index mail_outbox_created_at_idx on mail_outbox (created_at desc);

-- One-time registration tokens for a client's own (BASIC) account. Only the SHA-256 of the token is stored
-- (hex); a new invitation revokes the open ones of the same client.
create table client_invitations (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  email text not null,
  token_hash text not null,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);

create unique index client_invitations_token_hash_key on client_invitations (token_hash);

create index client_invitations_client_id_idx on client_invitations (client_id);

-- A person added from the tax code alone has no names yet: the tax code is enough.
alter table clients drop constraint clients_person_or_company;

alter table clients add constraint clients_person_or_company check (
  company or first_name is not null or last_name is not null or name is not null or tax_code is not null
);

-- A company added from the company registry (Atoka) may come without a VAT number: one registry id, one client.
create unique index clients_atoka_id_key on clients (atoka_id) where atoka_id is not null;
