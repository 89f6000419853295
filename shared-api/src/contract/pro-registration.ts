// A professional's own sign-up at /register-pro (issue 19): public calls, no session. POST /register/pro creates an
// unconfirmed PRO account (login = the email address in lower case; it cannot sign in yet) and mails a one-time
// confirmation link `${PUBLIC_URL}/register-pro?token=...`; the page with the token calls POST /register/pro/confirm,
// which activates the account and starts the practice's trial of PRO_TRIAL_DAYS days.
import { type Static, Type } from 'typebox';
import { ErrorBody } from '../schemas.ts';
import { LOGIN_MAX_LENGTH, LOGIN_PATTERN } from './admin-codes.ts';
import { Name, Text } from './fields.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules.ts';
import { REGISTER_NUMBER_MAX_LENGTH, REGISTER_NUMBER_PATTERN } from './pro-registration-codes.ts';
import type { RouteDef } from './route-def.ts';

// Errors (ErrorBody.code): 400 VALIDATION with fields (body.vat: invalid_vat; body.password: too_short, too_simple,
// same_as_email, or the schema's own message); 409 login_taken (an account with this address exists; the same
// answer whatever its role or state); 429 too many registrations from one address. Confirm: 404 invalid_token,
// 410 token_used, token_revoked (a newer link replaced it), token_expired.

/** The email address, which becomes the login: it must also be a valid login (letters, digits and . _ @ + -). */
export const RegistrationEmail = Type.String({
  format: 'email',
  maxLength: LOGIN_MAX_LENGTH,
  pattern: LOGIN_PATTERN,
  description: 'The email address, which becomes the login (letters, digits and . _ @ + -)',
});

export const ProRegistrationBody = Type.Object(
  {
    firstName: Name(100),
    lastName: Name(100),
    email: RegistrationEmail,
    vat: Type.String({
      minLength: 11,
      maxLength: 16,
      pattern: '^[A-Za-z0-9 ]*$',
      description: 'The Italian VAT number: 11 digits with a valid check digit (an IT prefix and spaces are allowed)',
    }),
    registerNumber: Type.String({
      maxLength: REGISTER_NUMBER_MAX_LENGTH,
      pattern: REGISTER_NUMBER_PATTERN,
      description: 'The professional register number (e.g. OCF): 3 to 30 letters and digits',
    }),
    password: Text(MAX_PASSWORD_LENGTH, {
      minLength: MIN_PASSWORD_LENGTH,
      description: `At least ${MIN_PASSWORD_LENGTH} characters with a letter and a digit or symbol, not the email`,
    }),
    termsAccepted: Type.Literal(true, { description: 'The professional accepts the terms of service' }),
    privacyAccepted: Type.Literal(true, { description: 'The professional has read the privacy notice' }),
  },
  { additionalProperties: false },
);
export type ProRegistrationBody = Static<typeof ProRegistrationBody>;

export const ProRegistrationSent = Type.Object({
  email: Type.String({ description: 'Where the confirmation link went' }),
  expiresAt: Type.String({ format: 'date-time', description: 'Until when the link works' }),
});
export type ProRegistrationSent = Static<typeof ProRegistrationSent>;

export const ProConfirmBody = Type.Object(
  { token: Text(200, { minLength: 1, description: 'The token of the confirmation link' }) },
  { additionalProperties: false },
);
export type ProConfirmBody = Static<typeof ProConfirmBody>;

export const ProConfirmed = Type.Object({
  login: Type.String({ description: 'The login of the activated account (the email address, lower case)' }),
  trialUntil: Type.String({ format: 'date', description: 'The last day of the practice trial' }),
});
export type ProConfirmed = Static<typeof ProConfirmed>;

export const proRegistrationRoutes = {
  registerPro: {
    method: 'POST',
    url: '/api/v1/register/pro',
    summary:
      'Public: a professional signs up. Creates an unconfirmed PRO account and mails a one-time confirmation link; ' +
      'an address whose registration is not confirmed yet gets its details replaced and a fresh link. 400 bad VAT ' +
      'number or weak password, 409 the address is taken, 429 too many registrations from one address.',
    tags: ['registration'],
    auth: false,
    body: ProRegistrationBody,
    response: { 200: ProRegistrationSent, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
  },
  confirmProRegistration: {
    method: 'POST',
    url: '/api/v1/register/pro/confirm',
    summary:
      "Public: confirms a professional's registration from its mailed link: activates the account and starts the " +
      'trial. 404 unknown link, 410 used, replaced or expired. Repeated failures from one address are slowed down.',
    tags: ['registration'],
    auth: false,
    body: ProConfirmBody,
    response: { 200: ProConfirmed, 400: ErrorBody, 404: ErrorBody, 410: ErrorBody },
  },
} as const satisfies Record<string, RouteDef>;
