// Helpers of the share and lux routes: page slicing, sorting, the 409 with a message code, visibility conditions.
import { visibleClients } from '../../access/visibility.ts';
import type { AuthUser } from '../../identity/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Params } from '../financial/sql.ts';

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

/** A database unique violation becomes the 409 with that code; anything else is rethrown. */
export function conflictOnUnique(err: unknown, code: string): never {
  if (err && typeof err === 'object' && 'code' in err && (err as { code: unknown }).code === '23505')
    throw conflict(code);
  throw err;
}

/**
 * A company the caller may read: it sees one of its holders. `write`: it sees all of them (a holder of another tenant
 * would otherwise be changed by someone who may not see it). A condition on companies aliased `co`.
 */
export function companyVisible(user: AuthUser, p: Params, mode: 'read' | 'write'): string {
  const seen = `exists (select 1 from company_holdings h join clients c on c.id = h.client_id
                         where h.company_id = co.id and ${p.visible(visibleClients, user)})`;
  if (mode === 'read') return seen;
  return `${seen} and not exists (select 1 from company_holdings h join clients c on c.id = h.client_id
                                   where h.company_id = co.id and not (${p.visible(visibleClients, user)}))`;
}
