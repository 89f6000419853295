// Multipart uploads (movements, prices, FX rates, the bank's balances and positions) through the typed client's
// `upload`, on the routes the contract marks multipart. The answer is the list of rejected rows: empty means every row
// was stored, non-empty means nothing was (docs/import/README.md); a refused file is thrown as an ApiError (400 with a
// code, 413, 503).
import type { RejectedRow, UploadRouteName } from '@patrimonio/shared-api';
import { UPLOAD_MAX_BYTES } from '@patrimonio/shared-api/constants';
import { api } from '../api.ts';

export type { RejectedRow, UploadRouteName };
export const UPLOAD_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a picked file cannot be sent, before sending it. */
export function checkFiles(files: ArrayLike<File> | null | undefined): 'none' | 'tooMany' | 'tooLarge' | 'type' | null {
  if (!files || files.length === 0) return 'none';
  if (files.length > 1) return 'tooMany';
  const file = files[0]!;
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'type';
  return null;
}

/** What an upload answered: the rejected rows (none: every row was stored), and how many rows it stored when told. */
export interface UploadOutcome {
  rejected: RejectedRow[];
  /** The rows stored, when the route says (a movement import's X-Stored-Rows); null otherwise. */
  stored: number | null;
}

export async function uploadFile(
  route: UploadRouteName,
  file: File,
  fields: Record<string, string | number | null | undefined> = {},
): Promise<UploadOutcome> {
  const answer = await api.uploadAnswer(route, { file, fields });
  const rows: unknown = answer.data;
  return { rejected: Array.isArray(rows) ? (rows as RejectedRow[]) : [], stored: answer.storedRows };
}

/**
 * A template of an import as a CSV file: the header line of its columns, `;`-separated (the Italian convention of
 * docs/import/README.md, "Formats"), for an upload dialog's "CSV template" link when the template is not a file.
 */
export function templateCsv(columns: readonly string[]): Blob {
  return new Blob([`${columns.join(';')}\n`], { type: 'text/csv;charset=utf-8' });
}
