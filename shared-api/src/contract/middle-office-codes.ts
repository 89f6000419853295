// The middle office's codes and constants without schemas, so that a page can use them (through
// '@patrimonio/shared-api/constants') without bundling TypeBox.

/** A movement's status: PENDING waits for the middle office and is left out of every figure. */
export const MOVEMENT_STATUSES = ['APPROVED', 'PENDING', 'REJECTED'] as const;
/**
 * Where a movement came from. MANUAL (entered by hand) and IMPORT (a file) by an adviser or a delegate are approved
 * at once; an IMPORT run by the back office or an admin, the file exchange's bank feeds (FILE_EXCHANGE), the
 * open-banking onboarding (OPEN_BANKING) and a BASIC client's own entry (CLIENT) arrive PENDING.
 */
export const MOVEMENT_ORIGINS = ['MANUAL', 'IMPORT', 'FILE_EXCHANGE', 'OPEN_BANKING', 'CLIENT'] as const;
export type MovementOriginCode = (typeof MOVEMENT_ORIGINS)[number];

/** A portfolio's control status at its last date with bank data. */
export const CONTROL_STATUSES = ['OK', 'DIFFERENCES', 'NO_BANK_DATA'] as const;
export type ControlStatusCode = (typeof CONTROL_STATUSES)[number];
/** Tolerances of a match between our figures and the bank's: 0.01 in money, 0.001 in quantity. */
export const CONTROL_MONEY_TOLERANCE = 0.01;
export const CONTROL_QUANTITY_TOLERANCE = 0.001;

/** Why an approval is refused (ErrorBody.code). */
export const MIDDLE_OFFICE_ERROR_CODES = ['oversold', 'not_pending'] as const;

/** Who a middle-office rule looks at: the signed-in user's role, permissions and impersonator (if any). */
export interface MiddleOfficeUser {
  role: string;
  permissions: readonly string[];
  impersonator?: string | null;
}

/**
 * The one rule of who works a part of the middle office (spec portal-and-report 2, data-and-admin 6): ADMIN,
 * BACK_OFFICE and PRO always; a DELEGATE with the part's permission, or in an impersonating session ("a PRO or an
 * impersonator sees Middle office"); BASIC never. The server enforces it (server/src/access/middle-office.ts,
 * controls.ts); the side menu and the pages show what it allows.
 */
function works(user: MiddleOfficeUser, permission: 'APPROVE_MOVEMENT' | 'MANAGE_CONTROL'): boolean {
  switch (user.role) {
    case 'ADMIN':
    case 'BACK_OFFICE':
    case 'PRO':
      return true;
    case 'DELEGATE':
      return Boolean(user.impersonator) || user.permissions.includes(permission);
    default:
      return false;
  }
}

/** Whether the user may list, approve, edit and reject pending movements (APPROVE_MOVEMENT for a DELEGATE). */
export const mayApproveMovements = (user: MiddleOfficeUser): boolean => works(user, 'APPROVE_MOVEMENT');
/** Whether the user may see the controls, upload the bank's files and accept differences (MANAGE_CONTROL). */
export const mayManageControls = (user: MiddleOfficeUser): boolean => works(user, 'MANAGE_CONTROL');
