-- Issue 19: the practice's documents per client (/docs, PRO) and support tickets (/support, every role).
-- Files (the generic upload control: one png, jpeg, gif or pdf of at most 15,000,000 bytes, checked by content) are
-- stored in the database; the media type is the one read from the content, the name a safe one.

-- A document of a PRO's practice about one of its clients. Another practice never sees it (pro_id), even when the
-- client is shared through client_advisers.
create table documents (
  id bigint generated always as identity primary key,
  pro_id bigint not null references users (id) on delete cascade,
  client_id bigint not null references clients (id) on delete cascade,
  category text not null
    check (category in ('MANDATE', 'MIFID_QUESTIONNAIRE', 'IDENTITY_DOCUMENT', 'CONTRACT', 'OTHER')),
  title text check (char_length(title) <= 200),
  expires_on date,
  file_name text not null check (char_length(file_name) between 1 and 200),
  media_type text not null check (media_type in ('image/png', 'image/jpeg', 'image/gif', 'application/pdf')),
  size_bytes integer not null check (size_bytes between 1 and 15000000),
  content bytea not null,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index documents_pro_client_idx on documents (pro_id, client_id, created_at desc);

-- A support ticket: opened by any user, handled by the staff (ADMIN, BACK_OFFICE).
create table support_tickets (
  id bigint generated always as identity primary key,
  opened_by bigint not null references users (id) on delete cascade,
  category text not null check (category in ('ACCESS', 'DATA', 'REPORT', 'BILLING', 'OTHER')),
  subject text not null check (char_length(subject) between 1 and 200),
  state text not null default 'OPEN' check (state in ('OPEN', 'IN_PROGRESS', 'CLOSED')),
  assignee_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz
);
create index support_tickets_opened_by_idx on support_tickets (opened_by, updated_at desc);
create index support_tickets_state_idx on support_tickets (state, updated_at desc);

-- An attachment of a ticket's message (the same upload rules as documents).
create table support_attachments (
  id bigint generated always as identity primary key,
  file_name text not null check (char_length(file_name) between 1 and 200),
  media_type text not null check (media_type in ('image/png', 'image/jpeg', 'image/gif', 'application/pdf')),
  size_bytes integer not null check (size_bytes between 1 and 15000000),
  content bytea not null
);

-- The thread: the opening text is the first message, then the replies of either side.
create table support_messages (
  id bigint generated always as identity primary key,
  ticket_id bigint not null references support_tickets (id) on delete cascade,
  author_id bigint references users (id) on delete set null,
  staff boolean not null,
  body text not null check (char_length(body) between 1 and 5000),
  attachment_id bigint references support_attachments (id) on delete set null,
  created_at timestamptz not null default now()
);
create index support_messages_ticket_idx on support_messages (ticket_id, id);
