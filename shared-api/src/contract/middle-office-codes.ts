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
