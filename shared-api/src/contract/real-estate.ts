// Real estate (data-and-admin sections 3, 5 and 7 "Real estate" and "Lookups"): houses and lands, evaluations,
// mortgages, the suggested evaluation, the sold list, the dashboard figures and the asset history of a property.
// Reads: every role on the clients it sees (clientId or familyId; BASIC may omit both). Writes: not BASIC (403).
import { Type } from 'typebox';
import { ErrorBody, IdParams } from '../schemas.ts';
import { Created } from './financial-schemas.ts';
import {
  Evaluation,
  EvaluationInput,
  EvaluationListQuery,
  EvaluationParams,
  LastEvaluationQuery,
  Mortgage,
  MortgageInput,
  MortgageParams,
  MortgageSchedule,
  MortgageScheduleQuery,
  RealEstate,
  RealEstateColumns,
  RealEstateComposition,
  RealEstateCreate,
  RealEstateHistory,
  RealEstateHistoryQuery,
  RealEstateListQuery,
  RealEstateOwnerQuery,
  RealEstatePage,
  RealEstatePie,
  RealEstateSell,
  RealEstateStat,
  RealEstateUpdate,
  SoldListQuery,
  SuggestedEvaluation,
  SuggestedEvaluationQuery,
} from './real-estate-schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

const tags = ['real-estate'];
const withConflict = { ...errors, 409: ErrorBody } as const;
const writeNote = 'BASIC may not call it (403); a property the caller may not see answers 404.';
const ownerNote = 'clientId or familyId (a family lists its members\u2019 properties with owner and ownerId)';

const get = <Q, R>(url: string, summary: string, querystring: Q, response: R) =>
  ({ method: 'GET', url, summary, tags, auth: true, querystring, response: { 200: response, ...errors } }) as const;

export const realEstateRoutes = {
  listRealEstate: {
    ...get(
      '/api/v1/real-estate',
      `Houses or lands not sold, one page; ${ownerNote}`,
      RealEstateListQuery,
      RealEstatePage,
    ),
  },
  soldRealEstate: get(
    '/api/v1/real-estate/sold',
    `Sold properties, one page; ${ownerNote}`,
    SoldListQuery,
    RealEstatePage,
  ),
  suggestedEvaluation: get(
    '/api/v1/real-estate/suggested-evaluation',
    'The suggested evaluation from the price table for a province, typology, state and area (the create form)',
    SuggestedEvaluationQuery,
    SuggestedEvaluation,
  ),
  realEstateStat: get(
    '/api/v1/real-estate/dashboard/stat',
    'totalValue, linkedDebt, monthlyIncome, monthlyMaintenance, monthlyDebt of the properties not sold (weighted for a family)',
    RealEstateOwnerQuery,
    RealEstateStat,
  ),
  realEstateColumnDestination: get(
    '/api/v1/real-estate/dashboard/column-destination',
    'The stat figures by destination (AVAILABLE, INCOME, FIRST_HOUSE)',
    RealEstateOwnerQuery,
    RealEstateColumns,
  ),
  realEstateColumnTypology: get(
    '/api/v1/real-estate/dashboard/column-typology',
    'The stat figures by typology (RESIDENTIAL, COMMERCIAL, LAND)',
    RealEstateOwnerQuery,
    RealEstateColumns,
  ),
  realEstatePieDestination: get(
    '/api/v1/real-estate/dashboard/pie-destination',
    'Value (evaluation x percOwned) by destination',
    RealEstateOwnerQuery,
    RealEstatePie,
  ),
  realEstatePieTypology: get(
    '/api/v1/real-estate/dashboard/pie-typology',
    'Value (evaluation x percOwned) by typology',
    RealEstateOwnerQuery,
    RealEstatePie,
  ),
  realEstateComposition: get(
    '/api/v1/dashboard/realestate-composition',
    'The real-estate composition: value per property, by typology and by destination (properties not sold)',
    RealEstateOwnerQuery,
    RealEstateComposition,
  ),
  realEstateHistory: {
    ...get(
      '/api/v1/assets-history/real-estate/:id',
      "A property's value x percOwned day by day, from its evaluations (from 2020-01-01 to today by default)",
      RealEstateHistoryQuery,
      RealEstateHistory,
    ),
    params: IdParams,
  },
  getRealEstate: {
    ...get('/api/v1/real-estate/:id', 'One property', RealEstateOwnerQuery, RealEstate),
    params: IdParams,
  },
  createRealEstate: {
    method: 'POST',
    url: '/api/v1/real-estate',
    summary: `Add a property to a client, with its first evaluation and optionally its mortgage. ${writeNote}`,
    tags,
    auth: true,
    body: RealEstateCreate,
    response: { 200: Created, ...errors },
  },
  updateRealEstate: {
    method: 'PUT',
    url: '/api/v1/real-estate/:id',
    summary: `Edit a property; a changed selectedEvaluation is recorded as today's evaluation; mortgage: object to create or update, null to delete. ${writeNote}`,
    tags,
    auth: true,
    params: IdParams,
    body: RealEstateUpdate,
    response: { 200: RealEstate, ...errors },
  },
  sellRealEstate: {
    method: 'PATCH',
    url: '/api/v1/real-estate/:id',
    summary: `Sell a property: it leaves the tables and figures and appears in the sold list. ${writeNote}`,
    tags,
    auth: true,
    params: IdParams,
    body: RealEstateSell,
    response: { 200: RealEstate, ...errors },
  },
  deleteRealEstate: {
    method: 'DELETE',
    url: '/api/v1/real-estate/:id',
    summary: `Delete a property with its evaluations and mortgage. ${writeNote}`,
    tags,
    auth: true,
    params: IdParams,
    response: { 200: Created, ...errors },
  },
  lastEvaluation: {
    ...get(
      '/api/v1/real-estate/:id/last-evaluation',
      "The suggested evaluation of a property in a conservation state (default: the property's)",
      LastEvaluationQuery,
      SuggestedEvaluation,
    ),
    params: IdParams,
  },
  listEvaluations: {
    ...get(
      '/api/v1/real-estate/:id/evaluation',
      "A property's evaluation history",
      EvaluationListQuery,
      Type.Object({ item: Type.Array(Evaluation), total: Type.Integer(), page: Type.Integer(), size: Type.Integer() }),
    ),
    params: IdParams,
  },
  addEvaluation: {
    method: 'POST',
    url: '/api/v1/real-estate/:id/evaluation',
    summary: `Add an evaluation (409 evaluation_date_present if the property has one on that date). ${writeNote}`,
    tags,
    auth: true,
    params: IdParams,
    body: EvaluationInput,
    response: { 200: Evaluation, ...withConflict },
  },
  updateEvaluation: {
    method: 'PUT',
    url: '/api/v1/real-estate/:id/evaluation/:evalId',
    summary: `Edit an evaluation (409 evaluation_date_present if another one has that date). ${writeNote}`,
    tags,
    auth: true,
    params: EvaluationParams,
    body: EvaluationInput,
    response: { 200: Evaluation, ...withConflict },
  },
  getMortgage: {
    method: 'GET',
    url: '/api/v1/real-estate/:id/mortgage/:mortgageId',
    summary: "A property's mortgage with its residual debt and monthly installment today",
    tags,
    auth: true,
    params: MortgageParams,
    querystring: RealEstateOwnerQuery,
    response: { 200: Mortgage, ...errors },
  },
  getMortgageSchedule: {
    method: 'GET',
    url: '/api/v1/real-estate/:id/mortgage/:mortgageId/schedule',
    summary:
      "A property's mortgage schedule: every installment (number, date, installment, interest, principal, residual debt) and the residual debt at a date (today by default)",
    tags,
    auth: true,
    params: MortgageParams,
    querystring: MortgageScheduleQuery,
    response: { 200: MortgageSchedule, ...errors },
  },
  createMortgage: {
    method: 'POST',
    url: '/api/v1/real-estate/:id/mortgage',
    summary: `Add the property's mortgage (409 mortgage_present if it has one). ${writeNote}`,
    tags,
    auth: true,
    params: IdParams,
    body: MortgageInput,
    response: { 200: Mortgage, ...withConflict },
  },
  updateMortgage: {
    method: 'PUT',
    url: '/api/v1/real-estate/:id/mortgage/:mortgageId',
    summary: `Edit the property's mortgage. ${writeNote}`,
    tags,
    auth: true,
    params: MortgageParams,
    body: MortgageInput,
    response: { 200: Mortgage, ...errors },
  },
  deleteMortgage: {
    method: 'DELETE',
    url: '/api/v1/real-estate/:id/mortgage/:mortgageId',
    summary: `Delete the property's mortgage. ${writeNote}`,
    tags,
    auth: true,
    params: MortgageParams,
    response: { 200: Created, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
