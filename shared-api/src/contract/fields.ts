// The field builders of the contract (issue 15): every id, number, string and date a request carries is one of these,
// bounded to what its database column holds (./limits.ts), so that bad input is a 400 from the schema and never a
// database error. The server checks them with Ajv, the forms (shared-ui useContractForm) with TypeBox: both read
// the same standard JSON Schema keywords (minimum, maximum, maxLength, pattern).
import { type TNumberOptions, type TSchema, type TSchemaOptions, type TStringOptions, Type } from 'typebox';
import {
  DATE_OPTIONAL_TIME_PATTERN,
  DATE_PATTERN,
  DATE_TIME_PATTERN,
  ID_MAX,
  NO_NUL_PATTERN,
  NOT_BLANK_PATTERN,
  numericMax,
  numericStep,
  PAGE_MAX,
  SMALLINT_MAX,
} from './limits.ts';

/** The id of a bigint identity column: 1 to 2^53 - 1. */
export const Id = Type.Integer({ minimum: 1, maximum: ID_MAX, description: 'Numeric identifier' });
/** The id of a smallint column (a currency): 1 to 32767. */
export const SmallId = Type.Integer({ minimum: 1, maximum: SMALLINT_MAX, description: 'Numeric identifier' });
/** A currency's id (currencies.id is a smallint). */
export const CurrencyId = SmallId;
export const IdParams = Type.Object({ id: Id });

/** T or null. */
export const Nullable = <T extends TSchema>(t: T, options: TSchemaOptions = {}) =>
  Type.Union([t, Type.Null()], options);

/** Free text of at most `maxLength` characters, without NUL (may be empty). */
export const Text = (maxLength: number, options: TStringOptions = {}) =>
  Type.String({ maxLength, pattern: NO_NUL_PATTERN, ...options });

/** Required text: 1 to `maxLength` characters, not only spaces, without NUL. */
export const Name = (maxLength: number, options: TStringOptions = {}) =>
  Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK_PATTERN, ...options });

/** YYYY-MM-DD: a real date of the date picker's years (DATE_MIN..DATE_MAX). */
export const IsoDate = (options: TStringOptions = {}) =>
  Type.String({
    format: 'date',
    pattern: DATE_PATTERN,
    maxLength: 10,
    description: 'YYYY-MM-DD, years 1950 to 2100',
    ...options,
  });

/** YYYY-MM-DD HH:mm as the portal sends it, or ISO without a zone (seconds optional), years 1950 to 2100. */
export const IsoDateTime = (options: TStringOptions = {}) =>
  Type.String({
    pattern: DATE_TIME_PATTERN,
    maxLength: 26,
    description: 'YYYY-MM-DD HH:mm, or ISO without a zone; years 1950 to 2100',
    ...options,
  });

/** YYYY-MM-DD, or YYYY-MM-DD HH:mm, years 1950 to 2100. */
export const IsoDateOptionalTime = (options: TStringOptions = {}) =>
  Type.String({ pattern: DATE_OPTIONAL_TIME_PATTERN, maxLength: 26, ...options });

/**
 * A value of a numeric(precision, scale) column: finite, at most numericMax(precision, scale) in magnitude, not
 * negative unless `minimum` says otherwise; `positive` asks for at least the column's smallest step (a smaller value
 * would be stored as 0 and break a "> 0" check). Narrower bounds in `options` win; wider ones are cut to the column.
 */
export function Numeric(
  precision: number,
  scale: number,
  options: Omit<TNumberOptions, 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum'> & {
    minimum?: number;
    maximum?: number;
    positive?: boolean;
  } = {},
) {
  const { positive, minimum, maximum, ...rest } = options;
  const max = numericMax(precision, scale);
  const floor = positive ? numericStep(scale) : -max;
  return Type.Number({
    ...rest,
    minimum: Math.max(floor, minimum ?? (positive ? floor : 0)),
    maximum: Math.min(max, maximum ?? max),
  });
}

/** An amount of money in a numeric(precision, 2) column: not negative, 2 decimals kept. */
export const Money = (precision: number, options: Parameters<typeof Numeric>[2] = {}) =>
  Numeric(precision, 2, { description: 'Not negative, 2 decimals', ...options });

/** A 1-based page number. */
export const PageNumber = (options: TNumberOptions = {}) =>
  Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1, description: '1-based page', ...options });

/** A page size: 1 to `max` rows (the portal's "all" is 100000 or 10000, by list). */
export const PageSize = (max: number, byDefault: number, options: TNumberOptions = {}) =>
  Type.Integer({ minimum: 1, maximum: max, default: byDefault, ...options });
