// Clients: people and companies, validation, invitations.
import { type Static, type TSchema, Type } from 'typebox';
import { Client, ErrorBody } from '../schemas.ts';
import { Text as BoundedText, Id, IdParams, IsoDateOptionalTime, PageNumber, PageSize } from './fields.ts';
import { errors, type RouteDef } from './route-def.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));
const Text = (max = 200, options?: Parameters<typeof BoundedText>[1]) => BoundedText(max, options);

export const CLIENT_SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'firstName', 'lastName', 'companyName'] as const;

/** Table search (data-and-admin section 9: size 10, page 1, empty q, sort updatedAt desc; size 10000 for all). */
export const ClientListQuery = Type.Object(
  {
    q: Type.Optional(Text()),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(10000, 10)),
    sort: Type.Optional(
      Type.String({
        pattern: `^(${CLIENT_SORT_FIELDS.join('|')})(,(asc|desc))?$`,
        maxLength: 32,
        default: 'updatedAt,desc',
        description: 'field[,asc|desc]',
      }),
    ),
    fromDate: Type.Optional(
      IsoDateOptionalTime({ description: 'Only clients updated since: YYYY-MM-DD or YYYY-MM-DD HH:mm' }),
    ),
  },
  { additionalProperties: false },
);
export type ClientListQuery = Static<typeof ClientListQuery>;

export const ClientPage = Type.Object({
  item: Type.Array(Client),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
});
export type ClientPage = Static<typeof ClientPage>;

const Email = Type.String({ format: 'email', maxLength: 254 });
const Contact = {
  email: Nullable(Email),
  prefix: Nullable(Type.String({ pattern: '^\\+?[0-9]{1,4}$', maxLength: 5 })),
  mobile: Nullable(Type.String({ pattern: '^[0-9 ]{4,20}$', maxLength: 20 })),
  name: Nullable(Text()),
};

/** Optional details when adding a person (POST /client/empty/{taxCode}). */
export const NewPersonClient = Type.Object(
  { firstName: Nullable(Text()), lastName: Nullable(Text()), ...Contact },
  { additionalProperties: false },
);
export type NewPersonClient = Static<typeof NewPersonClient>;

/** Optional details when adding a company (POST /client/company/empty/{vat}); atokaId stands in for the vat. */
export const NewCompanyClient = Type.Object(
  { companyName: Nullable(Text()), atokaId: Nullable(Text(64)), ...Contact },
  { additionalProperties: false },
);
export type NewCompanyClient = Static<typeof NewCompanyClient>;

/** Editing a person: fields left out stay as they are, null clears them (the tax code cannot be cleared). */
export const PersonClientUpdate = Type.Object(
  {
    firstName: Nullable(Text()),
    lastName: Nullable(Text()),
    taxCode: Type.Optional(Text(32)),
    currencySymbol: Type.Optional(Text(8, { minLength: 1 })),
    ...Contact,
  },
  { additionalProperties: false },
);
export type PersonClientUpdate = Static<typeof PersonClientUpdate>;

/** Editing a company: fields left out stay as they are; a company keeps a vat or an atokaId. */
export const CompanyClientUpdate = Type.Object(
  {
    companyName: Nullable(Text()),
    vat: Nullable(Text(32)),
    atokaId: Nullable(Text(64)),
    currencySymbol: Type.Optional(Text(8, { minLength: 1 })),
    ...Contact,
  },
  { additionalProperties: false },
);
export type CompanyClientUpdate = Static<typeof CompanyClientUpdate>;

export const ValidatePersonBody = Type.Object({ taxCode: Text(32) }, { additionalProperties: false });
export const ValidateCompanyBody = Type.Object(
  { atokaId: Nullable(Text(64)), vat: Nullable(Text(32)) },
  { additionalProperties: false },
);

/**
 * The answer, in the same words and status, for every reason a client cannot be added that involves another tenant:
 * the tax code, VAT number or registry id is held by a client the caller may not see (another adviser's, or one the
 * back office holds for no adviser yet), whether or not that client has an account. Validation answers it as the
 * reason, the adds as a 409 with this code; neither says which reason it is (issue 13). `duplicate_client` (409
 * naming the client, data-and-admin 8) stays for a client the caller sees.
 */
export const CLIENT_CANNOT_BE_ADDED = 'cannot_be_added';

export const CLIENT_VALIDATION_REASONS = [
  'missing_tax_code',
  'invalid_tax_code',
  'missing_vat',
  'invalid_vat',
  'duplicate_client',
  CLIENT_CANNOT_BE_ADDED,
] as const;
export type ClientValidationReason = (typeof CLIENT_VALIDATION_REASONS)[number];

/** Whether a client can be added, and why not (a code the UI translates). */
export const ClientValidation = Type.Object({
  valid: Type.Boolean(),
  reason: Type.Union([Type.Enum(CLIENT_VALIDATION_REASONS), Type.Null()]),
  existingClient: Type.Optional(
    Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()], {
      description: 'The client already holding the code (reason duplicate_client: one the caller sees), else null',
    }),
  ),
});
export type ClientValidation = Static<typeof ClientValidation>;

export const InviteBody = Type.Object({ email: Email }, { additionalProperties: false });
export const InviteResult = Type.Object({
  sent: Type.Boolean({ description: 'false when the SMTP server refused it (kept in the outbox as failed)' }),
  email: Type.String(),
});
export type InviteResult = Static<typeof InviteResult>;

export const DeletedClient = Type.Object({ id: Id, deleted: Type.Literal(true) });

/** One client with its advisor, for the report's cover (issue 13). */
export const ClientWithAdvisor = Type.Object({
  ...Client.properties,
  advisorName: Type.Union([Type.String(), Type.Null()], {
    description:
      "The client's PRO as the report cover names it: a PRO's own name, a DELEGATE's PRO; for ADMIN and " +
      'BACK_OFFICE the PRO who created it, else the first one assigned; null for BASIC',
  }),
});
export type ClientWithAdvisor = Static<typeof ClientWithAdvisor>;

const withConflict = { ...errors, 409: ErrorBody } as const;

export const clientRoutes = {
  listClients: {
    method: 'GET',
    url: '/api/v1/user/client',
    summary: 'The clients the caller may see, one page (not for BASIC)',
    tags: ['clients'],
    auth: true,
    querystring: ClientListQuery,
    response: { 200: ClientPage, ...errors },
  },
  getClient: {
    method: 'GET',
    url: '/api/v1/user/client/:id',
    summary: 'One client the caller may see, with its advisor',
    tags: ['clients'],
    auth: true,
    params: IdParams,
    response: { 200: ClientWithAdvisor, ...errors },
  },
  updateClient: {
    method: 'PUT',
    url: '/api/v1/user/client/:id',
    summary: 'Edit a person client',
    tags: ['clients'],
    auth: true,
    params: IdParams,
    body: PersonClientUpdate,
    response: { 200: Client, ...withConflict },
  },
  updateCompanyClient: {
    method: 'PUT',
    url: '/api/v1/user/client/:id/company',
    summary: 'Edit a company client',
    tags: ['clients'],
    auth: true,
    params: IdParams,
    body: CompanyClientUpdate,
    response: { 200: Client, ...withConflict },
  },
  deleteClient: {
    method: 'DELETE',
    url: '/api/v1/user/client/:id',
    summary: 'Delete a client and everything that belongs to it',
    tags: ['clients'],
    auth: true,
    params: IdParams,
    response: { 200: DeletedClient, ...withConflict },
  },
  validatePersonClient: {
    method: 'POST',
    url: '/api/v1/client/validate/user',
    summary: 'Whether a person with this tax code can be added',
    tags: ['clients'],
    auth: true,
    body: ValidatePersonBody,
    response: { 200: ClientValidation, ...errors },
  },
  validateCompanyClient: {
    method: 'POST',
    url: '/api/v1/client/validate/company',
    summary: 'Whether a company with this vat or registry id can be added',
    tags: ['clients'],
    auth: true,
    body: ValidateCompanyBody,
    response: { 200: ClientValidation, ...errors },
  },
  createPersonClient: {
    method: 'POST',
    url: '/api/v1/client/empty/:taxCode',
    summary: 'Add a person client from the tax code (starts a 30-day trial)',
    tags: ['clients'],
    auth: true,
    params: Type.Object({ taxCode: Text(32) }),
    body: Type.Optional(NewPersonClient),
    response: { 200: Client, ...withConflict },
  },
  createCompanyClient: {
    method: 'POST',
    url: '/api/v1/client/company/empty/:vat',
    summary: 'Add a company client from the vat, or from atokaId with an empty vat (starts a 30-day trial)',
    tags: ['clients'],
    auth: true,
    params: Type.Object({ vat: Text(32) }),
    body: Type.Optional(NewCompanyClient),
    response: { 200: Client, ...withConflict },
  },
  inviteClient: {
    method: 'PATCH',
    url: '/api/v1/user/client/:clientId/invite',
    summary: 'Invite the client to register: a one-time link valid 7 days, sent by mail',
    tags: ['clients'],
    auth: true,
    params: Type.Object({ clientId: Id }),
    body: InviteBody,
    response: { 200: InviteResult, ...withConflict },
  },
  resendInvite: {
    method: 'GET',
    url: '/api/v1/user/client/:id/invite',
    summary: 'Send the invitation again with a new link (the previous one stops working)',
    tags: ['clients'],
    auth: true,
    params: IdParams,
    response: { 200: InviteResult, ...withConflict },
  },
} as const satisfies Record<string, RouteDef>;
