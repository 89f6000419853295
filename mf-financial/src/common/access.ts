// Who may do what on the financial pages (the server enforces the same rules).
import { isImpersonating, type Role, type UserProfile } from '@patrimonio/shared-ui';

/** Portfolios, accounts, movements, intermediaries: ADMIN, BACK_OFFICE, PRO and DELEGATE write; BASIC reads. */
export const canWriteFinancial = (role: Role | null | undefined) =>
  role === 'ADMIN' || role === 'BACK_OFFICE' || role === 'PRO' || role === 'DELEGATE';

/**
 * A BASIC client adds movements to its own accounts (issue 16): they are stored pending, with origin CLIENT, until
 * the adviser approves them. Editing and deleting stay with the writers.
 */
export const canProposeMovement = (role: Role | null | undefined) => role === 'BASIC';

/** Instruments, prices and FX rates: ADMIN and BACK_OFFICE. */
export const canEditInstruments = (role: Role | null | undefined) => role === 'ADMIN' || role === 'BACK_OFFICE';

/** The legacy financials entry: impersonating sessions only (spec section 2, Layout). */
export const showsLegacyFinancials = (user: UserProfile | null | undefined) => isImpersonating(user);
