// A file refused as a whole, as plain data: the parse worker (./parse-worker.ts) makes it and sends it back, the
// route answers it in the error shape of plugins/errors.ts. Runs in the worker, so only erasable TypeScript here
// and in what it imports (Node strips the types itself).
import type { UploadErrorCode } from '@patrimonio/shared-api';
import type { FieldError } from '../plugins/errors.ts';

export interface Refusal {
  status: 400 | 413;
  /** An upload code (shared-api UPLOAD_ERROR_CODES), or a logo code (LOGO_ERRORS) for the report logo. */
  code: UploadErrorCode | 'bad_file_generic';
  /** In English, for API users; the portal translates the code. */
  message: string;
  fields?: FieldError[];
  params?: Record<string, string>;
}

/** Thrown where a file is read; the worker answers its refusal. */
export class RefusedFile extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/**
 * The refusal an error carries, or null. Checked by shape, not with instanceof: the worker may load this module twice
 * (its static imports through Node's type stripping, the logo's dynamic import of report/svg.ts through the tsx loader
 * that `npm start` registers), and an instance of one copy's class is no instance of the other's.
 */
export function refusalOf(err: unknown): Refusal | null {
  if (!(err instanceof Error) || !('refusal' in err)) return null;
  const refusal = (err as { refusal: unknown }).refusal as Partial<Refusal> | null;
  return refusal && (refusal.status === 400 || refusal.status === 413) && typeof refusal.code === 'string'
    ? (refusal as Refusal)
    : null;
}

/** A 400 (or 413) refusing the whole file: its code, the fields at fault, the English message, the code's details. */
export const fileRefused = (
  code: UploadErrorCode,
  message: string,
  fields: FieldError[] = [{ field: 'file', message: code }],
  params?: Record<string, string>,
  status: 400 | 413 = 400,
) => new RefusedFile({ status, code, message, fields, ...(params ? { params } : {}) });

/** 413 too_large_uncompressed: the workbook unpacks to more than `limit` bytes, or to more than it declares. */
export const tooLargeUncompressed = (limit: number, why = `unpacks to more than ${limit} bytes`) =>
  fileRefused(
    'too_large_uncompressed',
    `The workbook ${why}: the parts read may unpack to at most ${limit} bytes`,
    [{ field: 'file', message: 'too large uncompressed' }],
    { limit: String(limit) },
    413,
  );

/** 400 too_many_rows: more than `limit` data rows. */
export const tooManyRows = (limit: number) =>
  fileRefused(
    'too_many_rows',
    `The file has more than ${limit} data rows`,
    [{ field: 'file', message: 'too many rows' }],
    {
      limit: String(limit),
    },
  );
