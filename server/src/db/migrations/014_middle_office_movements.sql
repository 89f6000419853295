-- Issue 16, the middle office's pending movements. A movement that does not come from the adviser's own hand (a file
-- import run by the back office, the file exchange's bank feeds, the open-banking onboarding, a BASIC client's own
-- entry) arrives PENDING and is left out of every figure until the middle office approves it, or rejects it with a
-- reason that is kept and shown to its author. Only APPROVED movements enter the figures
-- (server/src/analytics/snapshots.ts).

-- Where a movement came from (shared-api middle-office-codes.ts MOVEMENT_ORIGINS). Rows before this migration were
-- entered by hand or through the API: MANUAL.
alter table movements add column origin text not null default 'MANUAL'
  check (origin in ('MANUAL', 'IMPORT', 'FILE_EXCHANGE', 'OPEN_BANKING', 'CLIENT'));

-- The decision of the middle office: who approved or rejected it and when (null while PENDING, and for a movement
-- approved at entry), and the reason of a rejection (kept, audited, shown to the author).
alter table movements add column reject_reason text
  check (reject_reason is null or length(reject_reason) between 1 and 500);
alter table movements add column decided_by bigint references users (id) on delete set null;
alter table movements add column decided_at timestamptz;

alter table movements drop constraint movements_status_check;
alter table movements add constraint movements_status_check check (status in ('PENDING', 'APPROVED', 'REJECTED'));
-- A rejected movement has its reason; no other has one.
alter table movements add constraint movements_reject_reason check ((status = 'REJECTED') = (reject_reason is not null));

-- The pending list and the side menu's count read the PENDING rows per account; the rejected list its rows newest
-- first, and a user's own rejected movements.
drop index movements_pending_idx;
create index movements_pending_idx on movements (account_id, date_time desc) where status = 'PENDING';
create index movements_rejected_idx on movements (decided_at desc) where status = 'REJECTED';
create index movements_created_by_rejected_idx on movements (created_by) where status = 'REJECTED';
