// The admin's users and audit: codes and limits without schemas (issue 17), so that a page can use them (through
// '@patrimonio/shared-api/constants') without bundling TypeBox.

/** The users table's size (data-and-admin 9): the page asks for all of them at once. */
export const USERS_PAGE_SIZE = 10000;
/** The audit table's largest page (the page's XLSX export takes up to this many rows at once). */
export const AUDIT_PAGE_SIZE = 100000;
/** How long a password-reset link works. */
export const PASSWORD_RESET_VALID_HOURS = 24;

/** A login: letters, digits and . _ @ + - (an email address is one), 3 to 100 characters, unique whatever the case. */
export const LOGIN_PATTERN = '^[A-Za-z0-9][A-Za-z0-9\\._@+-]*$';
export const LOGIN_MIN_LENGTH = 3;
export const LOGIN_MAX_LENGTH = 100;

/** The users list's sorts; never signed in sorts last. */
export const USER_SORTS = [
  'login,asc',
  'login,desc',
  'name,asc',
  'name,desc',
  'role,asc',
  'role,desc',
  'lastSignInAt,desc',
  'lastSignInAt,asc',
  'createdAt,desc',
  'createdAt,asc',
] as const;
export type UserSort = (typeof USER_SORTS)[number];

/**
 * The codes (ErrorBody.code) of the users' calls, for the page to pick its message:
 * - 409 login_taken: another user has this login (in any case);
 * - 409 self: an ADMIN may not deactivate itself;
 * - 409 client_already_registered: the client of a BASIC user already has a user;
 * - 409 user_inactive: no reset link for a deactivated user;
 * - 409 no_email: the user has no address to send the link to;
 * - 409 external_issuer: users sign in at an outside issuer (OIDC_ISSUER), whose passwords are not ours to reset.
 * Besides: 400 VALIDATION with fields for the links of a role (body.clientId, body.proId, body.permissions), 404 for
 * a user, client or PRO id that does not exist.
 */
export const USER_ERROR_CODES = [
  'login_taken',
  'self',
  'client_already_registered',
  'user_inactive',
  'no_email',
  'external_issuer',
] as const;
export type UserErrorCode = (typeof USER_ERROR_CODES)[number];

/** The messages of 400 field errors on a role's links (ErrorBody.fields[].message). */
export const USER_LINK_ERRORS = {
  /** BASIC without a client, DELEGATE without a PRO. */
  required: 'required',
  /** A client for a role other than BASIC, a PRO for a role other than DELEGATE, permissions for one not DELEGATE. */
  notForRole: 'not_for_role',
  /** A DELEGATE's PRO that is a user of another role. */
  notPro: 'not_a_pro',
} as const;
