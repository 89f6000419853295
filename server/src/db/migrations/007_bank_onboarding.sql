-- Open-banking onboarding (Fabrick): when a client comes back from the provider's consent pages, the portal
-- calls GET /fabrick/onboarding/success. The completed onboarding waits here for the back office's review;
-- movements are downloaded only after it is approved (spec data-and-admin section 8).
create table bank_onboardings (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients (id) on delete cascade,
  status text not null default 'PENDING_REVIEW' check (status in ('PENDING_REVIEW', 'APPROVED', 'REJECTED')),
  requested_by bigint references users (id) on delete set null,
  completed_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by bigint references users (id) on delete set null
);

-- At most one onboarding under review per client: a repeated success call finds the open one.
create unique index bank_onboardings_one_pending on bank_onboardings (client_id) where status = 'PENDING_REVIEW';
