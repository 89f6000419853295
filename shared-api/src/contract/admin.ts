// The admin's users and audit (issue 17; spec data-and-admin 1 "an admin area handles ... users and an audit table",
// 9 "Users table size 10000"). ADMIN only: every other role 403. Ids of users that do not exist answer 404. Sent to
// the admin base address like the file exchange's calls (adminHost). Error codes: admin-schemas.ts USER_ERROR_CODES.
import { Type } from 'typebox';
import { ErrorBody, IdParams } from '../schemas.ts';
import {
  AdminUser,
  AuditPage,
  AuditQuery,
  PasswordResetSent,
  UserCreate,
  UserCreated,
  UserPage,
  UserQuery,
  UserUpdate,
} from './admin-schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

const withConflict = { ...errors, 409: ErrorBody } as const;
/** Sent to the admin base address (the portal's configuration; the same server by default). */
const tags = ['admin'];
const admin = { auth: true, adminHost: true, tags } as const;

export const adminRoutes = {
  // ---- Users ----
  listUsers: {
    method: 'GET',
    url: '/api/v1/users',
    summary: 'The users of every role, with their state and last sign-in (size up to 10000: all) (ADMIN)',
    ...admin,
    querystring: UserQuery,
    response: { 200: UserPage, ...errors },
  },
  getUser: {
    method: 'GET',
    url: '/api/v1/users/:id',
    summary: 'One user (ADMIN)',
    ...admin,
    params: IdParams,
    response: { 200: AdminUser, ...errors },
  },
  createUser: {
    method: 'POST',
    url: '/api/v1/users',
    summary:
      'Create a user of any role (a BASIC user linked to a client, a DELEGATE to a PRO); it gets a one-time ' +
      'password-reset link by mail at once (409 login_taken, client_already_registered) (ADMIN)',
    ...admin,
    body: UserCreate,
    response: { 200: UserCreated, ...withConflict },
  },
  updateUser: {
    method: 'PUT',
    url: '/api/v1/users/:id',
    summary:
      'Edit a user; active false deactivates it (no sign-in, its tokens stop working; 409 self for the ' +
      "caller's own user; 409 client_already_registered) (ADMIN)",
    ...admin,
    params: IdParams,
    body: UserUpdate,
    response: { 200: AdminUser, ...withConflict },
  },
  resetUserPassword: {
    method: 'POST',
    url: '/api/v1/users/:id/reset-password',
    summary:
      'Mail the user a one-time password-reset link, valid 24 hours; older open links of the user stop working ' +
      '(409 user_inactive, no_email, external_issuer) (ADMIN)',
    ...admin,
    params: IdParams,
    response: { 200: PasswordResetSent, ...withConflict },
  },

  // ---- Audit ----
  listAudit: {
    method: 'GET',
    url: '/api/v1/audit',
    summary:
      'The audit table: every write, who (and for whom when impersonating), when, what, before and after; filters ' +
      'by user, entity, action and days; newest first (ADMIN)',
    ...admin,
    querystring: AuditQuery,
    response: { 200: AuditPage, ...errors },
  },
  auditEntities: {
    method: 'GET',
    url: '/api/v1/audit/entities',
    summary: 'The entity names the audit table holds, sorted (for the filter) (ADMIN)',
    ...admin,
    response: { 200: Type.Array(Type.String()), ...errors },
  },
} as const satisfies Record<string, RouteDef>;
