-- The engine's inputs as the recalculation job built them (server/src/analytics/snapshots.ts): per client (0: the
-- market) the accounts, portfolios and approved movements, or the instruments, prices and FX rates, at the version of
-- analytics_versions they were read at. The job runs once on the queue, whichever process takes it; every API process
-- then loads the same rows instead of rebuilding them. A row behind analytics_versions is stale: the next reader
-- queues its rebuild and answers from the copy it has, flagged recalculationInProgress.
create table analytics_snapshots (
  client_id bigint primary key,
  version bigint not null,
  data text not null,
  built_at timestamptz not null default now()
);
