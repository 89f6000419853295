-- Families: one name per owner (case-insensitive, trimmed), and member lookups by client.
-- Families created by ADMIN or BACK_OFFICE have no owner (created_by null); their names are checked by the
-- route only, so deleting a PRO (created_by set null) never collides with another ownerless family.

create unique index families_owner_name_key on families (created_by, lower(btrim(name))) where created_by is not null;

create index families_created_by_idx on families (created_by, updated_at desc);

create index family_members_client_idx on family_members (client_id);
