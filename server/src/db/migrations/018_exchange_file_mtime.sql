-- The file exchange's fetch (server/src/exchange/fetch.ts) downloads a listed file only when it may be new: a file of
-- the same server, name and size whose remote modification time is the one recorded is not read again. The time is
-- the server's own (SFTP mtime, whole seconds; a LOCAL folder's); null when the server did not say, and then the file
-- is read and known by its SHA-256 as before.
alter table exchange_files add column remote_modified_at timestamptz;
