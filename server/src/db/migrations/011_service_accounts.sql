-- Service accounts of the embedded issuer (OAuth 2 client credentials, server/src/identity/service-accounts.ts):
-- batch jobs such as `npm run report` sign in as a client of their own, bound to one user whose role and visibility
-- they act with. The secret is stored hashed (scrypt, like users' passwords). Deleting the row, or deactivating the
-- user, ends the account's access at once.
create table service_accounts (
  client_id text primary key,
  name text not null,
  secret_hash text not null,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint service_accounts_client_id_format check (client_id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$')
);

create index service_accounts_user_id_idx on service_accounts (user_id);
