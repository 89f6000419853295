-- The embedded OpenID Connect issuer (server/src/identity): what oidc-provider stores (sessions, interactions,
-- grants, codes, refresh tokens), its signing and cookie keys, and the sign-in failure counters.
-- All of it lives here so that restarts and several server processes share it.

-- One row per oidc-provider model instance; payload is the provider's own JSON.
create table oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  -- Set for the models a grant owns (codes, tokens), so revoking the grant finds them.
  grant_id text,
  user_code text,
  -- Sessions are also looked up by their uid.
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);

create index oidc_payloads_grant_id_idx on oidc_payloads (grant_id) where grant_id is not null;

create index oidc_payloads_uid_idx on oidc_payloads (model, uid) where uid is not null;

create index oidc_payloads_user_code_idx on oidc_payloads (model, user_code) where user_code is not null;

create index oidc_payloads_expires_at_idx on oidc_payloads (expires_at) where expires_at is not null;

-- Generated on first start: 'jwks' (private signing keys, JWK set) and 'cookie_keys' (array of secrets).
create table identity_secrets (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);

-- Failed sign-ins per login (lower case, whether or not such a user exists); a success deletes the row.
create table sign_in_failures (
  login text primary key,
  failures integer not null,
  last_failure_at timestamptz not null
);

create index sign_in_failures_last_failure_at_idx on sign_in_failures (last_failure_at);
