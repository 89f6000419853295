// Who sees which portfolio and account (DESIGN.md section 3): those of a client the caller may see
// (visibleClients), and the ones flagged testing only for ADMIN, BACK_OFFICE or an impersonating session.
import type { AuthUser } from '../identity/types.ts';
import { HttpError } from '../plugins/errors.ts';
import { visibleClients } from './visibility.ts';

/** Testing portfolios and accounts are returned only to ADMIN, BACK_OFFICE or an impersonating session. */
export function seesTesting(user: AuthUser): boolean {
  return user.role === 'ADMIN' || user.role === 'BACK_OFFICE' || Boolean(user.impersonator);
}

/** Only ADMIN, BACK_OFFICE or an impersonating session may flag portfolios and accounts as testing. */
export function assertMayFlagTesting(user: AuthUser, testing: boolean | undefined): void {
  if (testing && !seesTesting(user))
    throw new HttpError(403, 'Only ADMIN, BACK_OFFICE or an impersonating session may flag testing data');
}

/** Roles that write financial data; BASIC reads its own and writes nothing. */
export const FINANCIAL_WRITERS = ['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE'] as const;

function ownedByVisibleClient(user: AuthUser, alias: string, offset: number): { sql: string; params: unknown[] } {
  const clients = visibleClients(user, offset);
  const owner =
    clients.sql === 'true'
      ? 'true'
      : `exists (select 1 from clients c where c.id = ${alias}.client_id and ${clients.sql})`;
  return { sql: seesTesting(user) ? owner : `(${owner} and not ${alias}.testing)`, params: clients.params };
}

/** A condition on the portfolios table aliased `alias` (default `p`), parameters from $offset. */
export function visiblePortfolios(user: AuthUser, offset = 1, alias = 'p'): { sql: string; params: unknown[] } {
  return ownedByVisibleClient(user, alias, offset);
}

/** A condition on the accounts table aliased `alias` (default `a`), parameters from $offset. */
export function visibleAccounts(user: AuthUser, offset = 1, alias = 'a'): { sql: string; params: unknown[] } {
  return ownedByVisibleClient(user, alias, offset);
}
