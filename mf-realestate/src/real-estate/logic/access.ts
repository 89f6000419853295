// Who may change real estate on the page (the server enforces the same rule): every role but BASIC, which only
// reads; and nobody in report mode, where edit, sell and delete are hidden (spec section 2).
import type { Role } from '@patrimonio/shared-ui';

export const canWriteRealEstate = (role: Role | null | undefined): boolean =>
  role === 'ADMIN' || role === 'BACK_OFFICE' || role === 'PRO' || role === 'DELEGATE';

/** Whether the page shows its add, edit, sell, delete and evaluation actions. */
export const showsWriteActions = (role: Role | null | undefined, reportMode: boolean): boolean =>
  !reportMode && canWriteRealEstate(role);
