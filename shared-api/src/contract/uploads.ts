// File imports (multipart/form-data): movements of an account, instrument prices, FX rates. One template per import
// (docs/import/README.md), CSV or XLSX. The answer is the list of rejected rows: empty means every row was stored,
// non-empty means nothing was stored. 413 above 15,000,000 bytes; the limits of reading a file and their codes are in
// upload-limits.ts and upload-codes.ts (503 uploads_busy when every reader is busy).
import { type Static, Type } from 'typebox';
import { ErrorBody } from '../schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

import { REJECTION_CODES, type RejectionCode, UPLOAD_ERROR_CODES, type UploadErrorCode } from './upload-codes.ts';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_ROWS,
  UPLOAD_MAX_UNCOMPRESSED_BYTES,
  UPLOAD_PARSE_TIMEOUT_MS,
} from './upload-limits.ts';

export {
  REJECTION_CODES,
  type RejectionCode,
  UPLOAD_ERROR_CODES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_ROWS,
  UPLOAD_MAX_UNCOMPRESSED_BYTES,
  UPLOAD_PARSE_TIMEOUT_MS,
  type UploadErrorCode,
};

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

const uploadErrors = { ...errors, 413: ErrorBody, 503: ErrorBody } as const;

// STORED_ROWS_HEADER lives with the limits (no schemas there): the API client reads it without the contract.
export { STORED_ROWS_HEADER } from './upload-limits.ts';

export const uploadRoutes = {
  uploadMovements: {
    method: 'POST',
    url: '/api/v1/movement/upload',
    summary:
      'Import movements from CSV/XLSX (multipart: file, accountId, optional offsetAccountId for the cash side of ' +
      'trades); ADMIN and BACK_OFFICE imports wait for approval (PENDING). Success answers the number of rows stored ' +
      'in the header X-Stored-Rows',
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
  uploadBankBalances: {
    method: 'POST',
    url: '/api/v1/controls/upload/balances',
    summary:
      "Import the bank's cash balances (columns account, date, balance, currency; account = IBAN or our account id) for the controls; ADMIN, BACK_OFFICE, PRO, DELEGATE with MANAGE_CONTROL",
    tags: ['middle office'],
    auth: true,
    multipart: true,
    response: { 200: UploadResult, ...uploadErrors },
  },
  uploadBankPositions: {
    method: 'POST',
    url: '/api/v1/controls/upload/positions',
    summary:
      "Import the bank's positions (columns account, date, isin, quantity, price, currency) of securities accounts for the controls; ADMIN, BACK_OFFICE, PRO, DELEGATE with MANAGE_CONTROL",
    tags: ['middle office'],
    auth: true,
    multipart: true,
    response: { 200: UploadResult, ...uploadErrors },
  },
} as const satisfies Record<string, RouteDef>;
