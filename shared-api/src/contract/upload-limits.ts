/** Uploaded files are at most 15,000,000 bytes (413 above): movements, prices, FX rates, and the report logo. */
export const UPLOAD_MAX_BYTES = 15_000_000;

// What reading an uploaded file may take, by default (the server's UPLOAD_* settings change them; a refusal names the
// limit in force in its params). docs/import/README.md, "Limits".

/** The parts of an XLSX that are read may unpack to at most this many bytes in all (413 too_large_uncompressed). */
export const UPLOAD_MAX_UNCOMPRESSED_BYTES = 100_000_000;
/** At most this many data rows (the header not counted) in one file (400 too_many_rows). */
export const UPLOAD_MAX_ROWS = 250_000;
/** Reading one file may take at most this long (400 parse_timeout); the reading is stopped then. */
export const UPLOAD_PARSE_TIMEOUT_MS = 30_000;

/**
 * The response header of a movement import that stored its rows: how many it stored (the body, an empty list, does
 * not say); the middle office's import says how many movements now wait for approval.
 */
export const STORED_ROWS_HEADER = 'x-stored-rows';
