-- Issue 20, widget tokens (docs/widgets.md, "Security model"): a PRO's read-only token for the widgets of one of its
-- clients or families, used from the adviser's own web site. Only the SHA-256 of the token is stored (token_hash);
-- hint keeps its first and last characters so that the PRO tells tokens apart. A token works while revoked_at is null
-- and the Europe/Rome date is not after expires_on; a re-issue revokes it and names its successor (replaced_by).
create table widget_tokens (
  id bigint generated always as identity primary key,
  -- The PRO who issued it: the data are read as this PRO sees them, and only while it is active and still owns them.
  issuer_id bigint not null references users (id) on delete cascade,
  client_id bigint references clients (id) on delete cascade,
  family_id bigint references families (id) on delete cascade,
  label text not null,
  widgets text[] not null,
  -- Web origins (scheme://host[:port], lower case) whose pages may use it from a browser.
  origins text[] not null,
  expires_on date not null,
  token_hash bytea not null,
  hint text not null,
  uses bigint not null default 0,
  last_used_at timestamptz,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  replaced_by bigint references widget_tokens (id) on delete set null,
  constraint widget_tokens_one_owner check ((client_id is null) <> (family_id is null)),
  constraint widget_tokens_some_widgets check (cardinality(widgets) > 0),
  constraint widget_tokens_some_origins check (cardinality(origins) > 0)
);

create unique index widget_tokens_token_hash_key on widget_tokens (token_hash);

create index widget_tokens_client_id_idx on widget_tokens (client_id) where client_id is not null;

create index widget_tokens_family_id_idx on widget_tokens (family_id) where family_id is not null;

create index widget_tokens_issuer_id_idx on widget_tokens (issuer_id);

-- The preflight's question: does some token list this origin?
create index widget_tokens_origins_idx on widget_tokens using gin (origins);
