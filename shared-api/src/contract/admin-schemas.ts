// Schemas of the admin's users and audit (issue 17; spec data-and-admin 1 "users and an audit table", 9 "Users table
// size 10000"): the users of every role with their state and last sign-in, their creation and editing, the one-time
// password-reset link, and the audit table of every write of the product.
import { type Static, Type } from 'typebox';
import { Permission, Role } from '../schemas.ts';
import {
  AUDIT_PAGE_SIZE,
  LOGIN_MAX_LENGTH,
  LOGIN_MIN_LENGTH,
  LOGIN_PATTERN,
  USER_SORTS,
  USERS_PAGE_SIZE,
} from './admin-codes.ts';
import { Id, IsoDate, Name, Nullable, PageNumber, PageSize, Text } from './fields.ts';
import { Page } from './financial-schemas.ts';

const strict = { additionalProperties: false } as const;
const DateTime = Type.String({ format: 'date-time' });

// ---- Users (ADMIN) ----

/** A user as the admin's table shows it: never its password, only whether it has chosen one. */
export const AdminUser = Type.Object({
  id: Id,
  login: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  role: Role,
  permissions: Type.Array(Permission, { description: 'DELEGATE only: what the assistant may do' }),
  active: Type.Boolean({ description: 'false: deactivated, may not sign in' }),
  passwordSet: Type.Boolean({ description: 'false: created, and no password chosen yet from its reset link' }),
  lastSignInAt: Nullable(DateTime, { description: 'The last sign-in at the embedded issuer; null: never' }),
  createdAt: DateTime,
  clientId: Nullable(Id, { description: 'BASIC: the client record the user is' }),
  clientName: Nullable(Type.String()),
  proId: Nullable(Id, { description: 'DELEGATE: the PRO the assistant works for' }),
  proName: Nullable(Type.String()),
});
export type AdminUser = Static<typeof AdminUser>;

export const UserQuery = Type.Object(
  {
    q: Type.Optional(Text(200, { description: 'Part of the login, the name or the email address' })),
    role: Type.Optional(Role),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(USERS_PAGE_SIZE, USERS_PAGE_SIZE, { description: '10000 = all (the spec)' })),
    sort: Type.Optional(Type.Enum(USER_SORTS, { default: 'login,asc', description: 'Never signed in: last' })),
  },
  strict,
);
export type UserQuery = Static<typeof UserQuery>;

export const UserPage = Page(AdminUser);
export type UserPage = Static<typeof UserPage>;

/** A login: 3 to 100 letters, digits and . _ @ + - (an email address is one), unique whatever the case. */
export const UserLogin = Type.String({
  minLength: LOGIN_MIN_LENGTH,
  maxLength: LOGIN_MAX_LENGTH,
  pattern: LOGIN_PATTERN,
  description: 'Letters, digits and . _ @ + -; unique whatever the case',
});
const Email = Type.String({ format: 'email', maxLength: 254 });
const Permissions = Type.Array(Permission, {
  maxItems: 2,
  uniqueItems: true,
  description: 'DELEGATE only (others: empty)',
});

/** The links a role needs: a BASIC user is one client, a DELEGATE works for one PRO; others have neither. */
const links = {
  clientId: Nullable(Id, { description: 'BASIC: required, the client the user is (one user per client); else null' }),
  proId: Nullable(Id, { description: 'DELEGATE: required, the PRO (a user of role PRO); else null' }),
};

/**
 * A new user of any role. It has no password: a one-time reset link (valid PASSWORD_RESET_VALID_HOURS) goes to its
 * email address at once, and the user chooses one on the issuer's page. A link that does not fit the role answers
 * 400 naming the field (body.clientId, body.proId, body.permissions); a client or PRO id that does not exist 404.
 */
export const UserCreate = Type.Object(
  { login: UserLogin, name: Name(200), email: Email, role: Role, permissions: Permissions, ...links },
  strict,
);
export type UserCreate = Static<typeof UserCreate>;

/**
 * Edit a user (the role and login stay). active false deactivates it: it may no longer sign in, and its refresh and
 * access tokens stop working (within seconds); an ADMIN may not deactivate itself (409 self). Links as UserCreate.
 */
export const UserUpdate = Type.Object(
  {
    name: Name(200),
    email: Nullable(Email),
    permissions: Permissions,
    ...links,
    active: Type.Boolean(),
  },
  strict,
);
export type UserUpdate = Static<typeof UserUpdate>;

/** A password-reset link was sent (or, without SMTP_URL, written to the server log and the mail outbox). */
export const PasswordResetSent = Type.Object({
  sent: Type.Boolean({ description: 'false: the mail server refused it (the link still works once it arrives)' }),
  email: Type.String({ description: 'Where it went' }),
  expiresAt: DateTime,
});
export type PasswordResetSent = Static<typeof PasswordResetSent>;

/** A created user, and the reset link it was sent (null with an outside issuer: it signs in there). */
export const UserCreated = Type.Object({ user: AdminUser, reset: Nullable(PasswordResetSent) });
export type UserCreated = Static<typeof UserCreated>;

// ---- Audit (ADMIN) ----

/** userId: the writes of this user, as the actor or impersonating another. Days are Europe/Rome's, both included. */
export const AuditQuery = Type.Object(
  {
    userId: Type.Optional(Id),
    entity: Type.Optional(Name(100, { description: 'One of GET /audit/entities' })),
    action: Type.Optional(Name(100, { description: 'create, update, delete, approve, ...' })),
    from: Type.Optional(IsoDate({ description: 'From this day (Europe/Rome), included' })),
    to: Type.Optional(IsoDate({ description: 'To this day (Europe/Rome), included' })),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(AUDIT_PAGE_SIZE, 100)),
    sort: Type.Optional(Type.Enum(['at,desc', 'at,asc'] as const, { default: 'at,desc' })),
  },
  strict,
);
export type AuditQuery = Static<typeof AuditQuery>;

/** One write: who (and, impersonating, for whom), when, what, on which row, before and after. */
export const AuditEntry = Type.Object({
  id: Id,
  at: DateTime,
  actorId: Nullable(Type.String({ description: "The acting user's id (the token's subject); null: the system" })),
  actorName: Nullable(Type.String()),
  actorRole: Nullable(Type.String()),
  impersonatorId: Nullable(Type.String({ description: 'Who acted as the actor (an ADMIN impersonating it)' })),
  impersonatorName: Nullable(Type.String()),
  action: Type.String(),
  entity: Type.String(),
  entityId: Nullable(Type.String()),
  before: Type.Unknown({ description: 'The row before (JSON), or null' }),
  after: Type.Unknown({ description: 'The row after (JSON), or null' }),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = Page(AuditEntry);
export type AuditPage = Static<typeof AuditPage>;
