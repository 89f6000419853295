// Helpers of the share and lux routes: page slicing, sorting, the 409 with a message code.
import { HttpError } from '../../plugins/errors.ts';

/** One page of an already sorted list, as { item, total, page, size }. */
export function pageOf<T>(items: T[], query: { page?: number; size?: number }, defaultSize: number) {
  const page = query.page ?? 1;
  const size = query.size ?? defaultSize;
  return { item: items.slice((page - 1) * size, page * size), total: items.length, page, size };
}

/** Text order for names (Italian collation, case-insensitive). */
export const byText = (a: string, b: string) => a.localeCompare(b, 'it', { sensitivity: 'base' });

/** A 409 whose message is the code the portal translates (spec section 8: `evaluation_date_present`). */
export const conflict = (code: string) => new HttpError(409, code, code);
