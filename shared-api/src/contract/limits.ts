// The bounds of every value the contract accepts (issue 15), from the database's column types
// (server/src/db/migrations) and the date picker's years (portal-and-report section 9). Schema-free, so a page takes
// them from '@patrimonio/shared-api/constants'; the schema builders that use them are ./fields.ts.

/** Ids of bigint identity columns: JSON numbers are exact up to 2^53 - 1, well inside bigint. */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
/** Ids of smallint columns (currencies). */
export const SMALLINT_MAX = 32_767;
/** The largest 1-based page a list accepts (page x size stays far inside bigint offsets). */
export const PAGE_MAX = 1_000_000;

/**
 * The largest magnitude a numeric(precision, scale) column takes: 10^(precision - scale) - 1, a whole unit below
 * its limit, so that rounding to `scale` decimals never overflows it.
 */
export const numericMax = (precision: number, scale: number): number => 10 ** (precision - scale) - 1;
/** The smallest positive value a numeric(precision, scale) column keeps (a smaller one is stored as 0). */
export const numericStep = (scale: number): number => 10 ** -scale;

/** The date picker's years (portal-and-report section 9: 1950 to 2100): every date the contract accepts. */
export const DATE_YEAR_MIN = 1950;
export const DATE_YEAR_MAX = 2100;
export const DATE_MIN = `${DATE_YEAR_MIN}-01-01`;
export const DATE_MAX = `${DATE_YEAR_MAX}-12-31`;

// A calendar date of 1950-2100 as a regular expression, so that Ajv on the server, TypeBox in the forms and the
// OpenAPI document all check the same thing with standard JSON Schema: years 1950-2100, the days of each month, and
// 29 February in leap years only (1952, 1956, ..., 2096; 2100 is not one).
const YEAR = '(?:19[5-9][0-9]|20[0-9]{2}|2100)';
const LEAP_YEAR = '(?:19(?:5[26]|[68][048]|[79][26])|20(?:[02468][048]|[13579][26]))';
const MONTH_DAY =
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))';
const DATE = `(?:${YEAR}-${MONTH_DAY}|${LEAP_YEAR}-02-29)`;
/** HH:mm, then optionally :ss and up to 6 decimals of a second. */
const TIME = '(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,6})?)?';

/** YYYY-MM-DD, a real date of DATE_MIN..DATE_MAX. */
export const DATE_PATTERN = `^${DATE}$`;
/** YYYY-MM-DD HH:mm (or T, seconds optional), no zone, on a real date of DATE_MIN..DATE_MAX. */
export const DATE_TIME_PATTERN = `^${DATE}[ T]${TIME}$`;
/** YYYY-MM-DD, optionally followed by a time as in DATE_TIME_PATTERN. */
export const DATE_OPTIONAL_TIME_PATTERN = `^${DATE}(?:[ T]${TIME})?$`;

/** Free text refuses the NUL character, which PostgreSQL text cannot hold. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** Required text: no NUL, and at least one character that is not a space. */
export const NOT_BLANK_PATTERN = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';
