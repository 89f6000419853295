/** Uploaded files are at most 15,000,000 bytes (413 above): movements, prices, FX rates, and the report logo. */
export const UPLOAD_MAX_BYTES = 15_000_000;
