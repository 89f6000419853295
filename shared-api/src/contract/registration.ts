// Client registration from an invitation link (/register-client?token=...): public calls, no session.
// The token is the one-time secret of the invitation mail; GET shows whom it was sent to, POST creates the client's
// own (BASIC) account with that address as login and uses the token up.
import { type Static, Type } from 'typebox';
import { ErrorBody } from '../schemas.ts';
import { Text } from './fields.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules.ts';
import type { RouteDef } from './route-def.ts';

// Error codes (ErrorBody.code), for the page to pick its message: 404 invalid_token (no such link); 410 token_used,
// token_revoked (a newer invitation replaced it) or token_expired; 409 client_already_registered or login_taken;
// 400 VALIDATION with fields (body.password: too_short, same_as_email, or the schema's own message).

const Token = Text(200, { minLength: 1, description: 'The token of the invitation link' });

export const RegistrationQuery = Type.Object({ token: Token }, { additionalProperties: false });
export type RegistrationQuery = Static<typeof RegistrationQuery>;

export const RegistrationInfo = Type.Object({
  email: Type.String({ description: 'The address the invitation was sent to: the login of the new account' }),
  clientName: Type.String({ description: "The client's display name" }),
  expiresAt: Type.String({ format: 'date-time', description: 'Until when the link works' }),
});
export type RegistrationInfo = Static<typeof RegistrationInfo>;

export const RegisterClientBody = Type.Object(
  {
    token: Token,
    password: Text(MAX_PASSWORD_LENGTH, {
      minLength: MIN_PASSWORD_LENGTH,
      description: `At least ${MIN_PASSWORD_LENGTH} characters, not the email address`,
    }),
    privacyAccepted: Type.Literal(true, { description: 'The client has read the privacy notice' }),
  },
  { additionalProperties: false },
);
export type RegisterClientBody = Static<typeof RegisterClientBody>;

export const RegisteredClient = Type.Object({
  login: Type.String({ description: 'The login of the new account (the invitation address, lower case)' }),
});
export type RegisteredClient = Static<typeof RegisteredClient>;

const tokenErrors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody } as const;

export const registrationRoutes = {
  registrationInfo: {
    method: 'GET',
    url: '/api/v1/register/client',
    summary:
      'Public: the invitation behind a registration link (address and client name). 404 unknown link, 410 used, ' +
      'replaced or expired, 409 the client already has an account. Repeated failures from one address are slowed down.',
    tags: ['registration'],
    auth: false,
    querystring: RegistrationQuery,
    response: { 200: RegistrationInfo, ...tokenErrors },
  },
  registerClient: {
    method: 'POST',
    url: '/api/v1/register/client',
    summary:
      "Public: creates the client's own (BASIC) account from a registration link; the link then stops working. " +
      '400 weak password, 404/410 as for the GET, 409 the client already has an account or the login is taken.',
    tags: ['registration'],
    auth: false,
    body: RegisterClientBody,
    response: { 200: RegisteredClient, ...tokenErrors },
  },
} as const satisfies Record<string, RouteDef>;
