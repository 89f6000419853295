// File imports (multipart/form-data): movements of an account, instrument prices, FX rates. One template per import
// (docs/import/README.md), CSV or XLSX. The answer is the list of rejected rows: empty means every row was stored,
// non-empty means nothing was stored. 413 above 15,000,000 bytes.
import { type Static, Type } from 'typebox';
import { ErrorBody } from '../schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

import { UPLOAD_MAX_BYTES } from './upload-limits.ts';

export { UPLOAD_MAX_BYTES };

/** Why a row was rejected: a code the pages translate, with its details in `params`. */
export const REJECTION_CODES = [
  'required',
  'notNumber',
  'negative',
  'notPositive',
  'tooLarge',
  'notDate',
  'unknownCause',
  'subcauseNotFee',
  'unknownSubcause',
  'notIsin',
  'unknownInstrument',
  'tradeNeedsIsin',
  'tradeNeedsQuantity',
  'tradeNeedsPrice',
  'amountTooLarge',
  'unknownCurrency',
  'duplicate',
  'priceCurrency',
  'eurRate',
  // The file's number convention (docs/import/README.md, "Numbers"): the grouping character misplaced ("9.95" in a
  // ';' file); a grouped number ("117.998") in a file whose other numbers use the grouping character as a decimal.
  'thousandsGroup',
  'ambiguousNumber',
  // An XLSX text cell with one '.' or ',' followed by three digits ("10.000"): a decimal or thousands, unsaid.
  'ambiguousText',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/**
 * Why a file was refused as a whole (400, ErrorBody.code; details in ErrorBody.params): no file sent; an empty
 * file; neither CSV nor XLSX; a CSV that cannot be parsed; a header without the template's columns (params.columns);
 * no data row; numbers that read both ways under the file's convention (params: delimiter, decimal, group, value,
 * row). The portal translates the code; the message says it in English.
 */
export const UPLOAD_ERROR_CODES = [
  'file_required',
  'empty_file',
  'not_a_table',
  'unreadable_csv',
  'missing_columns',
  'no_data_rows',
  'ambiguous_numbers',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

export const RejectedRow = Type.Object(
  {
    row: Type.Integer({ description: 'Row number in the file; the header is row 1' }),
    code: Type.Enum(REJECTION_CODES, { description: 'Why, as a code for translation' }),
    params: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description:
          'Details of the code: value (the cell), row (the first row of a duplicate), isin, currency, decimal and group (the separators of the file)',
      }),
    ),
    reason: Type.String({ description: 'Why, in English, for scripts and logs' }),
    field: Type.Optional(Type.String({ description: 'The template column at fault' })),
  },
  { additionalProperties: false },
);
export type RejectedRow = Static<typeof RejectedRow>;
export const UploadResult = Type.Array(RejectedRow, {
  description: 'Rejected rows; empty when every row was stored (nothing is stored otherwise)',
});

const uploadErrors = { ...errors, 413: ErrorBody } as const;

export const uploadRoutes = {
  uploadMovements: {
    method: 'POST',
    url: '/api/v1/movement/upload',
    summary:
      'Import movements from CSV/XLSX (multipart: file, accountId, optional offsetAccountId for the cash side of trades)',
    tags: ['movements'],
    auth: true,
    multipart: true,
    response: { 200: UploadResult, ...uploadErrors },
  },
  uploadPrices: {
    method: 'POST',
    url: '/api/v1/stock/price/upload',
    summary: 'Import end-of-day prices (columns isin, date, price, currency); ADMIN and BACK_OFFICE',
    tags: ['stocks'],
    auth: true,
    multipart: true,
    response: { 200: UploadResult, ...uploadErrors },
  },
  uploadFxRates: {
    method: 'POST',
    url: '/api/v1/currency/rate/upload',
    summary: 'Import end-of-day FX rates (columns currency, date, rate: units for one euro); ADMIN and BACK_OFFICE',
    tags: ['lookups'],
    auth: true,
    multipart: true,
    response: { 200: UploadResult, ...uploadErrors },
  },
} as const satisfies Record<string, RouteDef>;
