-- Issue 21 (server memory): the analytics snapshots are stored in their binary encoding (server/src/analytics/
-- snapshot-bytes.ts: the movements, prices and FX rates as columns of numbers behind a small JSON header) instead of
-- JSON text: about a third of the bytes, and a process loads them without parsing text. The JSON rows go; every
-- snapshot is built again by the next reader or the recalculation job (the store queues the rebuild of what is missing
-- at start), as after a write.
delete from analytics_snapshots;
alter table analytics_snapshots drop column data;
alter table analytics_snapshots add column bytes bytea not null;
