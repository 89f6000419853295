// Families of clients with member weights (data-and-admin sections 3, 7 "Families", 8 and 9).
import { type Static, Type } from 'typebox';
import { ErrorBody, Family } from '../schemas.ts';
import { Id, IdParams, Name, PageNumber, PageSize, Text } from './fields.ts';
import { errors, type RouteDef } from './route-def.ts';

/** Member weights are stored as numeric(12, 6): strictly positive, at least 0.000001, below a million. */
export const WEIGHT_MIN = 0.000001;
export const WEIGHT_MAX = 999_999;

/** A member weight; null (or omitted) means the default 1 (spec section 5). One JSON type list, so ajv's type
 * coercion never turns 0 into null or null into 0. */
export const FamilyWeight = Type.Unsafe<number | null>({
  type: ['number', 'null'],
  minimum: WEIGHT_MIN,
  maximum: WEIGHT_MAX,
  description: 'Weight of the member, > 0; null means 1',
});

export const FamilyName = Name(200, {
  description: 'Family name; unique per owner, case-insensitive, surrounding spaces trimmed',
});
export const FamilyNameBody = Type.Object({ name: FamilyName }, { additionalProperties: false });
export type FamilyNameBody = Static<typeof FamilyNameBody>;

/** `{ usersFamily: { "<clientId>": weight } }`: a map of client id to weight. */
export const FamilyMembersBody = Type.Object(
  {
    usersFamily: Type.Record(Type.String({ pattern: '^[1-9][0-9]{0,14}$' }), FamilyWeight, {
      additionalProperties: false,
      maxProperties: 1000,
      description: 'Client id to weight (null means 1)',
    }),
  },
  { additionalProperties: false },
);
export type FamilyMembersBody = Static<typeof FamilyMembersBody>;

export const FAMILY_SORTS = [
  'updatedAt,desc',
  'updatedAt,asc',
  'createdAt,desc',
  'createdAt,asc',
  'name,asc',
  'name,desc',
  'id,asc',
  'id,desc',
] as const;

export const FamilyListQuery = Type.Object(
  {
    q: Type.Optional(Text(200, { description: 'Part of the family name or of a member name' })),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(10000, 10, { description: '10000 = all' })),
    sort: Type.Optional(Type.Enum(FAMILY_SORTS, { default: 'updatedAt,desc' })),
  },
  { additionalProperties: false },
);
export type FamilyListQuery = Static<typeof FamilyListQuery>;

export const FamilyPage = Type.Object({
  item: Type.Array(Family),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
});
export type FamilyPage = Static<typeof FamilyPage>;

export const FamilyMemberParams = Type.Object({ familyId: Id, clientId: Id }, { additionalProperties: false });
export const FamilyWeightQuery = Type.Object(
  {
    weight: Type.Optional(
      Type.Number({ minimum: WEIGHT_MIN, maximum: WEIGHT_MAX, description: 'Weight of the member, default 1' }),
    ),
  },
  { additionalProperties: false },
);

export const CreatedId = Type.Object({ id: Id });

const withConflict = { ...errors, 409: ErrorBody } as const;
const tags = ['families'];

/** One family with its advisor, for the report's cover (issue 13). */
export const FamilyWithAdvisor = Type.Object({
  ...Family.properties,
  advisorName: Type.Union([Type.String(), Type.Null()], {
    description:
      "The family's PRO as the report cover names it: a PRO's own name, a DELEGATE's PRO; for ADMIN and " +
      'BACK_OFFICE the PRO who owns it (null when none)',
  }),
});
export type FamilyWithAdvisor = Static<typeof FamilyWithAdvisor>;

const roleNote = 'BASIC users may not call it (403); ids of families the caller may not see answer 404.';

export const familyRoutes = {
  listFamilies: {
    method: 'GET',
    url: '/api/v1/family',
    summary: 'The families the caller may see, one page',
    tags,
    auth: true,
    querystring: FamilyListQuery,
    response: { 200: FamilyPage, ...errors },
  },
  getFamily: {
    method: 'GET',
    url: '/api/v1/family/:id',
    summary: 'One family the caller may see, with its advisor',
    tags,
    auth: true,
    params: IdParams,
    response: { 200: FamilyWithAdvisor, ...errors },
  },
  createFamily: {
    method: 'POST',
    url: '/api/v1/family',
    summary: `Create a family owned by the caller (a DELEGATE's PRO; none for ADMIN and BACK_OFFICE). ${roleNote}`,
    tags,
    auth: true,
    body: FamilyNameBody,
    response: { 200: CreatedId, ...withConflict },
  },
  renameFamily: {
    method: 'PUT',
    url: '/api/v1/family/:id',
    summary: `Rename a family (409 if its owner has another family of that name). ${roleNote}`,
    tags,
    auth: true,
    params: IdParams,
    body: FamilyNameBody,
    response: { 200: Family, ...withConflict },
  },
  deleteFamily: {
    method: 'DELETE',
    url: '/api/v1/family/:id',
    summary: `Delete a family and its memberships (answers 204). ${roleNote}`,
    tags,
    auth: true,
    params: IdParams,
    response: { 200: Type.Null(), 204: Type.Null(), ...errors },
  },
  addFamilyMembers: {
    method: 'POST',
    url: '/api/v1/family/:id/user',
    summary: `Add members or update their weights (404 if a client is not visible, nothing written). ${roleNote}`,
    tags,
    auth: true,
    params: IdParams,
    body: FamilyMembersBody,
    response: { 200: Family, ...errors },
  },
  replaceFamilyMembers: {
    method: 'PUT',
    url: '/api/v1/family/:id/user',
    summary: `Replace the members (404 if a client is not visible, nothing written). ${roleNote}`,
    tags,
    auth: true,
    params: IdParams,
    body: FamilyMembersBody,
    response: { 200: Family, ...errors },
  },
  setFamilyMember: {
    method: 'POST',
    url: '/api/v1/family/:familyId/user/:clientId',
    summary: `Add one member or update its weight (default 1). ${roleNote}`,
    tags,
    auth: true,
    params: FamilyMemberParams,
    querystring: FamilyWeightQuery,
    response: { 200: Family, ...errors },
  },
  removeFamilyMember: {
    method: 'DELETE',
    url: '/api/v1/family/:familyId/user/:clientId',
    summary: `Remove one member (404 if it is not a member). ${roleNote}`,
    tags,
    auth: true,
    params: FamilyMemberParams,
    response: { 200: Family, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
