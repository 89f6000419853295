// The codes of the import refusals, without schemas, so that a page can list them (through
// '@patrimonio/shared-api/constants') without bundling TypeBox: the rows' codes and the whole-file codes.

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
  // Bank files of the controls: an account that is no account the caller sees (IBAN or id), an IBAN that names more
  // than one of them (the row cannot say which), or an account of the wrong type for the file.
  'unknownAccount',
  'ambiguousAccount',
  'accountType',
  // A bank balance in another currency than its account's (balances are in the account's currency).
  'accountCurrency',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/**
 * Why a file was refused as a whole (ErrorBody.code; details in ErrorBody.params): no file sent; an empty
 * file; neither CSV nor XLSX; a CSV that cannot be parsed; a header without the template's columns (params.columns);
 * no data row; numbers that read both ways under the file's convention (params: delimiter, decimal, group, value,
 * row). All 400 but for these: `too_large_uncompressed` is 413 (an XLSX whose parts unpack beyond the limit, or
 * whose sizes lie; params.limit in bytes), `uploads_busy` is 503 with Retry-After (every reader busy and the queue
 * full; params.retryAfter in seconds). Also 400: `too_many_rows` (params.limit), `parse_timeout` (reading took longer
 * than params.seconds), `malformed_multipart` (a body that is not well-formed multipart/form-data),
 * `too_many_files` (more than one file). The portal translates the code; the message says it in English.
 */
export const UPLOAD_ERROR_CODES = [
  'file_required',
  'empty_file',
  'not_a_table',
  'unreadable_csv',
  'missing_columns',
  'no_data_rows',
  'ambiguous_numbers',
  'too_large_uncompressed',
  'too_many_rows',
  'parse_timeout',
  'malformed_multipart',
  'too_many_files',
  'uploads_busy',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];
