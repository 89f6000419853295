// Who may approve movements (the middle office, issue 16; spec data-and-admin 6, DESIGN.md 3): ADMIN and BACK_OFFICE
// across all clients, a PRO its clients, a DELEGATE its PRO's clients only with APPROVE_MOVEMENT (or in an impersonating
// session), BASIC never: the one rule of shared-api's middle-office-codes.ts, which the menu and the pages follow too. Which
// movements an approver reaches is what it sees (financial-visibility.ts visibleAccounts): another tenant's movement
// id answers 404. Every call of the pending movements goes through mayApproveMovements.
import { mayApproveMovements } from '@patrimonio/shared-api';
import type { AuthUser } from '../identity/types.ts';
import { forbidden, HttpError } from '../plugins/errors.ts';

export { mayApproveMovements };

/** 403 unless the user may approve movements (a DELEGATE without APPROVE_MOVEMENT, a BASIC user). */
export function assertMayApproveMovements(user: AuthUser): void {
  if (mayApproveMovements(user)) return;
  if (user.role === 'DELEGATE')
    throw new HttpError(403, 'A DELEGATE needs the APPROVE_MOVEMENT permission', 'FORBIDDEN');
  throw forbidden();
}
