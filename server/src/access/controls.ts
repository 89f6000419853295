// Who works the reconciliation controls (issue 16; spec portal-and-report 2 and 6, DESIGN.md 3): ADMIN and
// BACK_OFFICE on every client, a PRO on its clients, a DELEGATE on its PRO's clients only with MANAGE_CONTROL (403
// otherwise), never BASIC (403). Ids the caller may not see answer 404; testing portfolios and accounts only for ADMIN,
// BACK_OFFICE or an impersonating session (financial-visibility.ts).
import { mayManageControls, type Role } from '@patrimonio/shared-api';
import type { Portfolio } from '../data/financial/portfolios.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { visiblePortfolio } from './financial.ts';

/** The roles of the controls' routes (a DELEGATE also needs MANAGE_CONTROL: assertMayControl). */
export const CONTROL_ROLES = ['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE'] as const satisfies readonly Role[];

/** 403 for a DELEGATE without MANAGE_CONTROL outside an impersonating session (shared-api mayManageControls). */
export function assertMayControl(user: AuthUser): void {
  if (!mayManageControls(user)) throw new HttpError(403, 'A DELEGATE needs the MANAGE_CONTROL permission', 'FORBIDDEN');
}

/**
 * The portfolio of a control (/controls/{clientId}/{portfolioId}), with the accounts the caller sees: 404 when the
 * caller does not see it (another tenant's, or testing for one who does not see testing data) or when it is not of
 * that client.
 */
export async function controlledPortfolio(
  db: Queryable,
  user: AuthUser,
  clientId: number,
  portfolioId: number,
): Promise<Portfolio> {
  const portfolio = await visiblePortfolio(db, user, portfolioId);
  if (portfolio.clientId !== clientId) throw notFound();
  return portfolio;
}
