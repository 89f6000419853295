// The API contract: one schema source for server validation, OpenAPI and the front end's types.
import { type Static, Type } from 'typebox';
import { Id } from './contract/fields.ts';
import { TOUR_STEPS } from './contract/tour-codes.ts';

export * from './contract/fields.ts';
export * from './contract/limits.ts';

export const ROLES = ['BASIC', 'PRO', 'DELEGATE', 'BACK_OFFICE', 'ADMIN'] as const;
export const Role = Type.Enum(ROLES);
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'] as const;
export const Permission = Type.Enum(PERMISSIONS);
export type Permission = (typeof PERMISSIONS)[number];

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.Optional(Type.String()),
    fields: Type.Optional(
      Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
        description: 'The fields at fault, for a 400',
      }),
    ),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
        description: "The details of `code`, for the portal's translated message (e.g. the counts of a 409)",
      }),
    ),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const Version = Type.Object({ version: Type.String() });
export type Version = Static<typeof Version>;

/** The signed-in user as the portal needs it (spec: auth user data, impersonator in the profile). */
export const UserProfile = Type.Object({
  id: Type.String({ description: 'The subject of the access token' }),
  role: Role,
  name: Type.String(),
  permissions: Type.Array(Permission),
  clientId: Type.Union([Id, Type.Null()], { description: 'For BASIC: the client record the user is' }),
  proId: Type.Union([Type.String(), Type.Null()], { description: 'For DELEGATE: the PRO they work for' }),
  impersonator: Type.Union([Type.String(), Type.Null()], {
    description: 'The id of the ADMIN acting as this user (token exchange at the embedded issuer); null otherwise',
  }),
  impersonatorName: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: "The impersonating ADMIN's name, for the banner" }),
  ),
});
export type UserProfile = Static<typeof UserProfile>;

/** Client, all fields of data-and-admin section 3 plus its subscription state. */
export const Client = Type.Object({
  id: Id,
  demoUser: Type.Boolean(),
  firstName: Type.Union([Type.String(), Type.Null()]),
  lastName: Type.Union([Type.String(), Type.Null()]),
  companyName: Type.Union([Type.String(), Type.Null()]),
  vat: Type.Union([Type.String(), Type.Null()]),
  taxCode: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  user: Type.Array(Type.Object({ id: Id, weight: Type.Number() }), { description: 'Members (for a family)' }),
  currencySymbol: Type.String(),
  atokaId: Type.Union([Type.String(), Type.Null()]),
  company: Type.Boolean(),
  prefix: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  subscribe: Type.Boolean({ description: 'Has an active subscription' }),
  trial: Type.Boolean({ description: 'Is in a trial period (its end date, trialUntil, is today or later)' }),
  trialUntil: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description: 'The last day of the trial (past: the trial ended); null for a client that never had one',
  }),
  registered: Type.Boolean({ description: 'The client has a user account (registered from an invitation)' }),
  invitedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the open invitation was sent (null: none open)',
  }),
});
export type Client = Static<typeof Client>;

export const FamilyMember = Type.Object({ id: Id, name: Type.String(), weight: Type.Number() });
export const Family = Type.Object({
  id: Id,
  name: Type.String(),
  users: Type.Array(FamilyMember),
  subscribe: Type.Boolean({ description: 'At least one member has an active subscription' }),
  trial: Type.Boolean({ description: 'At least one member is in trial' }),
});
export type Family = Static<typeof Family>;

export const TourState = Type.String({ description: 'Comma list of completed steps, or -1 for none' });
export { TOUR_STEPS };
export const TourStep = Type.Enum(TOUR_STEPS);
export const TourPatch = Type.Object({ tourStep: TourStep }, { additionalProperties: false });
