// Who manages widget tokens (issue 20, docs/widgets.md): a PRO, for its own clients and families, and an ADMIN acting
// as a PRO (its token is the PRO's). DELEGATE, BASIC, BACK_OFFICE and ADMIN get 403; another PRO's client, family or
// token answers 404. And whose eyes the widget data API reads with: the issuing PRO's, while it is an active PRO that
// still sees the token's client or family.
import type { Role } from '@patrimonio/shared-api';
import type { WidgetTokenOwner, WidgetTokenRecord } from '../data/widget-tokens.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { authUserOf, findActiveUser } from '../identity/users.ts';
import { forbidden, HttpError } from '../plugins/errors.ts';
import { assertVisibleClient, assertVisibleFamily } from './clients.ts';

export const WIDGET_TOKEN_MANAGERS: readonly Role[] = ['PRO'];

/** The PRO issuing or managing tokens: the caller itself; 403 for any other caller. */
export function widgetTokenIssuer(actor: AuthUser): number {
  if (actor.role !== 'PRO' || actor.userId === null) throw forbidden();
  return actor.userId;
}

/** The client or family must be the caller's, else 404. */
export async function assertTokenOwnerVisible(db: Queryable, actor: AuthUser, owner: WidgetTokenOwner): Promise<void> {
  if (owner.clientId !== null) await assertVisibleClient(db, actor, owner.clientId);
  else await assertVisibleFamily(db, actor, owner.familyId);
}

/**
 * The caller a token's data are read as: its issuer, as the auth plugin's verifier makes a signed-in user (no
 * impersonation), while that user is active, still a PRO, and still sees the token's client or family; else null.
 */
export async function widgetTokenReader(db: Queryable, token: WidgetTokenRecord): Promise<AuthUser | null> {
  const user = await findActiveUser(db, token.issuerId);
  if (user?.role !== 'PRO') return null;
  const reader = authUserOf(user);
  const owner: WidgetTokenOwner =
    token.clientId !== null
      ? { clientId: token.clientId, familyId: null }
      : { clientId: null, familyId: token.familyId! };
  try {
    await assertTokenOwnerVisible(db, reader, owner);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  }
  return reader;
}
