// Multipart uploads (movements, prices, FX rates): the typed client sends JSON only, so these go through fetch with
// the session's bearer token. The answer is the list of rejected rows: empty means every row was stored, non-empty
// means nothing was (docs/import/README.md).
import type { RejectedRow } from '@patrimonio/shared-api';
import { UPLOAD_MAX_BYTES } from '@patrimonio/shared-api/constants';
import { sessionStore } from '@patrimonio/shared-ui';

export type { RejectedRow };
export const UPLOAD_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const UPLOAD_URLS = {
  movements: '/api/v1/movement/upload',
  prices: '/api/v1/stock/price/upload',
  fxRates: '/api/v1/currency/rate/upload',
} as const;

export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Upload ${status}`);
  }
}

/** Why a picked file cannot be sent, before sending it. */
export function checkFiles(files: ArrayLike<File> | null | undefined): 'none' | 'tooMany' | 'tooLarge' | 'type' | null {
  if (!files || files.length === 0) return 'none';
  if (files.length > 1) return 'tooMany';
  const file = files[0]!;
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'type';
  return null;
}

export async function uploadFile(
  url: string,
  file: File,
  fields: Record<string, string | number | null | undefined> = {},
): Promise<RejectedRow[]> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined && v !== '') form.append(k, String(v));
  form.append('file', file, file.name);
  const token = sessionStore.get().accessToken;
  const res = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) throw new UploadError(res.status, data);
  return Array.isArray(data) ? (data as RejectedRow[]) : [];
}
