// Who manages delegates (issue 19; spec portal-and-report 2: /delegates is PRO only): a PRO its own, and an ADMIN
// acting as a PRO (its token is the PRO's). A delegate of another PRO is not found (404), never shown.
import type { Role } from '@patrimonio/shared-api';
import type { AuthUser } from '../identity/types.ts';
import { forbidden } from '../plugins/errors.ts';

export const DELEGATE_MANAGERS: readonly Role[] = ['PRO'];

/** The PRO whose delegates the caller manages: itself; 403 for any other caller. */
export function delegatesOwner(actor: AuthUser): number {
  if (actor.role !== 'PRO' || actor.userId === null) throw forbidden();
  return actor.userId;
}
