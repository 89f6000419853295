-- Issue 15, sign-in and tokens. Both tables are shared by every API process, so revocations and throttles hold
-- across processes and restarts.

-- Grants whose access tokens were revoked before they expire: at sign-out (RP-initiated logout ends the session's
-- grants), on a reused refresh token, on revocation of a refresh token. Access tokens of the embedded issuer carry
-- their grant's key (server/src/identity/revocation.ts); the API refuses a token whose key is here. A row is kept
-- as long as an access token issued before the revocation can live, then purged.
create table revoked_grants (
  grant_key text primary key,
  revoked_at timestamptz not null default now()
);

create index revoked_grants_revoked_at_idx on revoked_grants (revoked_at);

-- Request counters of @fastify/rate-limit (server/src/data/rate-limit-store.ts): one row per key (say, the sign-in
-- attempts of one source address) and its current window.
create table rate_limits (
  key text primary key,
  hits integer not null,
  resets_at timestamptz not null
);

create index rate_limits_resets_at_idx on rate_limits (resets_at);
