// The file exchange pages' constants that need nothing else (the browser tests import them as they are).

/** How often the import runs are asked again while one of them is queued or running. */
export const IMPORT_POLL_MS = 3_000;

/** How long a typed search (a user's login or name, an audit action) waits before it is asked of the server. */
export const SEARCH_DEBOUNCE_MS = 300;
