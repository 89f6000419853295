-- The admin's users and audit (issue 17): who acted for whom in the audit trail, each user's last sign-in, and the
-- one-time password-reset links (server/src/identity/password-reset.ts).

-- When an ADMIN acts as another user (impersonation), the audit row's actor is that user and impersonator_id the
-- ADMIN (server/src/access/audit.ts: AuthUser.impersonator).
alter table audit_log add column impersonator_id text;

-- The audit table's filters (GET /audit): by user (as actor or impersonator), by entity, by action, newest first.
create index audit_log_actor_at_idx on audit_log (actor_id, at desc);

create index audit_log_impersonator_at_idx on audit_log (impersonator_id, at desc) where impersonator_id is not null;

create index audit_log_entity_at_idx on audit_log (entity, at desc);

create index audit_log_action_at_idx on audit_log (action, at desc);

-- Set by the embedded issuer at each successful sign-in (server/src/identity/interactions.ts).
alter table users add column last_sign_in_at timestamptz;

-- The users of a client (a BASIC user is one client; creating one checks that the client has none yet).
create index users_client_id_idx on users (client_id) where client_id is not null;

-- One-time links to choose a password: a new user's first, or a reset an ADMIN sends (issue 19 adds "forgot
-- password"). Only the SHA-256 of the token is stored (hex). A link works once, until expires_at (24 hours); a newer
-- link, or a password chosen, revokes the user's other open links.
create table password_reset_tokens (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  token_hash text not null,
  -- Who asked for it: an ADMIN, or null when the user asked itself (forgot password).
  requested_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);

create unique index password_reset_tokens_token_hash_key on password_reset_tokens (token_hash);

create index password_reset_tokens_user_id_idx on password_reset_tokens (user_id);
