// Who manages users and reads the audit table (issue 17; spec data-and-admin 1, portal-and-report 2: the admin area's
// users and audit are ADMIN's): ADMIN only, every other role 403. The rules of a user's links: a BASIC user is one
// client (and a client has at most one user), a DELEGATE works for one PRO and alone has permissions, the other roles
// have neither; an ADMIN may not deactivate itself.
import { type Permission, type Role, USER_LINK_ERRORS } from '@patrimonio/shared-api';
import { lockClientForUser, userRole } from '../data/admin-users.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { badRequest, type FieldError, HttpError, notFound } from '../plugins/errors.ts';

/** The roles of the users' and the audit's routes. */
export const USER_ADMINS = ['ADMIN'] as const satisfies readonly Role[];

/** 409 self when an ADMIN would deactivate its own user (it would lock itself out). */
export function assertNotSelfDeactivation(actor: AuthUser, userId: number, active: boolean): void {
  if (!active && actor.userId === userId) throw new HttpError(409, 'You cannot deactivate your own user', 'self');
}

export interface UserLinks {
  permissions: Permission[];
  clientId: number | null;
  proId: number | null;
}

/** The fields of a role's links that do not fit it (400), before anything is looked up. */
function linkFieldErrors(role: Role, links: UserLinks): FieldError[] {
  const errors: FieldError[] = [];
  const basic = role === 'BASIC';
  const delegate = role === 'DELEGATE';
  if (basic && links.clientId === null) errors.push({ field: 'body.clientId', message: USER_LINK_ERRORS.required });
  if (!basic && links.clientId !== null) errors.push({ field: 'body.clientId', message: USER_LINK_ERRORS.notForRole });
  if (delegate && links.proId === null) errors.push({ field: 'body.proId', message: USER_LINK_ERRORS.required });
  if (!delegate && links.proId !== null) errors.push({ field: 'body.proId', message: USER_LINK_ERRORS.notForRole });
  if (!delegate && links.permissions.length > 0)
    errors.push({ field: 'body.permissions', message: USER_LINK_ERRORS.notForRole });
  return errors;
}

/**
 * Checks the links of a user of `role` inside the write's transaction: 400 naming the fields that do not fit the
 * role, 404 for a client or PRO that does not exist, 400 body.proId not_a_pro for a user of another role, 409
 * client_already_registered when the client has another user. The client stays locked until the transaction ends,
 * so two writes linking the same client go one after the other.
 */
export async function checkUserLinks(
  tx: Queryable,
  role: Role,
  links: UserLinks,
  userId: number | null,
): Promise<void> {
  const errors = linkFieldErrors(role, links);
  if (errors.length > 0) throw badRequest(errors, 'The links do not fit the role');
  if (links.proId !== null) {
    const proRole = await userRole(tx, links.proId);
    if (proRole === null) throw notFound();
    if (proRole !== 'PRO')
      throw badRequest([{ field: 'body.proId', message: USER_LINK_ERRORS.notPro }], 'A DELEGATE works for a PRO');
  }
  if (links.clientId !== null) {
    const client = await lockClientForUser(tx, links.clientId, userId);
    if (!client.exists) throw notFound();
    if (client.userId !== null)
      throw new HttpError(409, 'The client already has a user', 'client_already_registered', undefined, {
        userId: client.userId,
      });
  }
}
