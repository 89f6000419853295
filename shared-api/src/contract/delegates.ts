// A professional's delegates (issue 19, /delegates, PRO only): the assistants who work on the PRO's clients with
// the permissions APPROVE_MOVEMENT and MANAGE_CONTROL. Inviting one creates a DELEGATE user (login = the email
// address) and mails it the welcome link to choose its password: that link is its registration. Changes take effect on
// the delegate's next call (the server reads its role, permissions and state on every call).
import { type Static, Type } from 'typebox';
import { Permission } from '../schemas.ts';
import { PasswordResetSent } from './admin-schemas.ts';
import { Id, IdParams, Name, Nullable } from './fields.ts';
import { RegistrationEmail } from './pro-registration.ts';
import { errors, type RouteDef } from './route-def.ts';

/** invited: no password chosen yet; active: may sign in; suspended: its PRO suspended it. */
export const DELEGATE_STATES = ['invited', 'active', 'suspended'] as const;
export type DelegateState = (typeof DELEGATE_STATES)[number];

const DateTime = Type.String({ format: 'date-time' });
const Permissions = Type.Array(Permission, { maxItems: 2, uniqueItems: true });

export const Delegate = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String({ description: 'The address, which is also the login' }),
  permissions: Type.Array(Permission),
  state: Type.Enum(DELEGATE_STATES),
  lastSignInAt: Nullable(DateTime, { description: 'null: never signed in' }),
  createdAt: DateTime,
});
export type Delegate = Static<typeof Delegate>;

export const DelegateList = Type.Object({ item: Type.Array(Delegate) });
export type DelegateList = Static<typeof DelegateList>;

export const DelegateInvite = Type.Object(
  { name: Name(200), email: RegistrationEmail, permissions: Permissions },
  { additionalProperties: false },
);
export type DelegateInvite = Static<typeof DelegateInvite>;

/** active false suspends the delegate (its next call is refused), true resumes it. */
export const DelegateUpdate = Type.Object(
  { permissions: Permissions, active: Type.Boolean() },
  { additionalProperties: false },
);
export type DelegateUpdate = Static<typeof DelegateUpdate>;

/** The delegate and its welcome link (null with an outside issuer: it signs in there). */
export const DelegateInvited = Type.Object({ delegate: Delegate, invitation: Nullable(PasswordResetSent) });
export type DelegateInvited = Static<typeof DelegateInvited>;

export const DelegateRemoved = Type.Object({ id: Id });
export type DelegateRemoved = Static<typeof DelegateRemoved>;

const codes = '403 not a PRO; 404 not a delegate of the caller';

export const delegateRoutes = {
  listDelegates: {
    method: 'GET',
    url: '/api/v1/delegates',
    summary: "The caller PRO's delegates, by name. 403 not a PRO.",
    tags: ['delegates'],
    auth: true,
    response: { 200: DelegateList, ...errors },
  },
  inviteDelegate: {
    method: 'POST',
    url: '/api/v1/delegates',
    summary:
      'Invites a delegate: a DELEGATE user of the caller with this address as login, mailed its welcome link to ' +
      'choose a password. 403 not a PRO; 409 login_taken (an account with this address exists).',
    tags: ['delegates'],
    auth: true,
    body: DelegateInvite,
    response: { 200: DelegateInvited, ...errors, 409: errors[400] },
  },
  updateDelegate: {
    method: 'PUT',
    url: '/api/v1/delegates/:id',
    summary: `Sets a delegate's permissions; active false suspends it, true resumes it. ${codes}.`,
    tags: ['delegates'],
    auth: true,
    params: IdParams,
    body: DelegateUpdate,
    response: { 200: Delegate, ...errors },
  },
  resendDelegateInvite: {
    method: 'POST',
    url: '/api/v1/delegates/:id/invite',
    summary:
      'Mails the delegate a fresh welcome link (older links stop working). ' +
      `${codes}; 409 already_registered (it has chosen its password), user_inactive (suspended), external_issuer.`,
    tags: ['delegates'],
    auth: true,
    params: IdParams,
    response: { 200: PasswordResetSent, ...errors, 409: errors[400] },
  },
  removeDelegate: {
    method: 'DELETE',
    url: '/api/v1/delegates/:id',
    summary:
      'Removes a delegate: it is deactivated and detached from the PRO (its past decisions keep its name), and its ' +
      `address may be invited again. ${codes}.`,
    tags: ['delegates'],
    auth: true,
    params: IdParams,
    response: { 200: DelegateRemoved, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
