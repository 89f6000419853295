// Family business shares (/share) and art and luxury goods (/lux): data-and-admin sections 3 and 9, portal-and-report
// section 7. Written by issue 6.
//
// Who: every signed-in role reads the data of the clients it sees (a BASIC user names no clientId and gets its own;
// others give clientId or familyId, else 400 on querystring.clientId); a family is not for BASIC (404). Writes are
// for ADMIN, BACK_OFFICE, PRO and DELEGATE (BASIC 403); ids the caller may not see answer 404.
//
// Shares: a company has holders (clients with a percentage each, adding up to at most 100) and yearly figures
// (revenue, profit, EBITDA and the company's value). GET /share lists one row per company, year and holder in scope,
// every year (the report's item[]; filter with `year`): ratio is the holder's percentage and
// shareValue = ratio / 100 x the company's value of that year. A company is visible when the caller sees one of
// its holders and writable when it sees all of them. Its holders (ownerList, holdings) are named only when the caller
// sees them: the others (another adviser's clients; for a BASIC user any client but its own) come summed in one last
// entry with clientId and name null, for every role (issue 13).
//
// Lux: an item has an owner client, a category and an evaluation history; its evaluation is the latest by date.
// yield = yearlyIncome / evaluation in percent points.
//
// Family mode (familyId): lists give the members' rows with owner and ownerId, unweighted (each row is the holder's
// own), plus the member's weight; the aggregates (share graph ownedValue, lux stat, pie, column) weight each member's
// figures by its family weight.
import { Type } from 'typebox';
import { ErrorBody, IdParams } from '../schemas.ts';
import { errors, type RouteDef } from './route-def.ts';
import {
  Company,
  CompanyCreate,
  CompanyFiguresInput,
  CompanyFiguresUpdate,
  CompanyHoldingsBody,
  CompanyUpdate,
  CompanyYearParams,
  LuxColumn,
  LuxCreate,
  LuxEvaluation,
  LuxEvaluationInput,
  LuxEvaluationPage,
  LuxEvaluationParams,
  LuxEvaluationQuery,
  LuxItem,
  LuxListQuery,
  LuxPage,
  LuxPie,
  LuxStats,
  LuxUpdate,
  ShareGraph,
  ShareGraphParams,
  ShareListQuery,
  ShareLuxCreated,
  ShareLuxOwnerQuery,
  SharePage,
  ShareYears,
} from './shares-lux-schemas.ts';

const withConflict = { ...errors, 409: ErrorBody } as const;
const shares = ['shares'];
const lux = ['lux'];
const writers = 'ADMIN, BACK_OFFICE, PRO and DELEGATE (BASIC 403)';

export const shareLuxRoutes = {
  // Family business shares
  listShares: {
    method: 'GET',
    url: '/api/v1/share',
    summary:
      'Shares of the companies held in scope: one row per company, year and holder (every year unless `year` is given), sorted year desc by default',
    tags: shares,
    auth: true,
    querystring: ShareListQuery,
    response: { 200: SharePage, ...errors },
  },
  shareYears: {
    method: 'GET',
    url: '/api/v1/share/year',
    summary: 'The years with figures of the companies held in scope (chartYears), latest first',
    tags: shares,
    auth: true,
    querystring: ShareLuxOwnerQuery,
    response: { 200: ShareYears, ...errors },
  },
  shareGraph: {
    method: 'GET',
    url: '/api/v1/share/graph/:metric/:year',
    summary:
      "One metric (revenue, profit or ebitda) of the companies held in scope for one year: the company's figure (value) and the part held in scope (ownedValue, family weights applied)",
    tags: shares,
    auth: true,
    params: ShareGraphParams,
    querystring: ShareLuxOwnerQuery,
    response: { 200: ShareGraph, ...errors },
  },
  listCompanies: {
    method: 'GET',
    url: '/api/v1/share/company',
    summary:
      'The companies held in scope, with their holders and yearly figures (also those without figures yet), by legal name',
    tags: shares,
    auth: true,
    querystring: ShareLuxOwnerQuery,
    response: { 200: Type.Array(Company), ...errors },
  },
  getCompany: {
    method: 'GET',
    url: '/api/v1/share/company/:id',
    summary: 'One company with its holders and yearly figures',
    tags: shares,
    auth: true,
    params: IdParams,
    response: { 200: Company, ...errors },
  },
  createCompany: {
    method: 'POST',
    url: '/api/v1/share/company',
    summary: `Add a company with its holders and optionally its first yearly figures (one per year). ${writers}`,
    tags: shares,
    auth: true,
    body: CompanyCreate,
    response: { 200: ShareLuxCreated, ...errors },
  },
  updateCompany: {
    method: 'PUT',
    url: '/api/v1/share/company/:id',
    summary: `Rename a company. ${writers}`,
    tags: shares,
    auth: true,
    params: IdParams,
    body: CompanyUpdate,
    response: { 200: Company, ...errors },
  },
  deleteCompany: {
    method: 'DELETE',
    url: '/api/v1/share/company/:id',
    summary: `Delete a company with its holdings and figures. ${writers}`,
    tags: shares,
    auth: true,
    params: IdParams,
    response: { 200: ShareLuxCreated, ...errors },
  },
  setCompanyHoldings: {
    method: 'PUT',
    url: '/api/v1/share/company/:id/holding',
    summary: `Replace the holders and their percentages (each > 0, together <= 100). ${writers}`,
    tags: shares,
    auth: true,
    params: IdParams,
    body: CompanyHoldingsBody,
    response: { 200: Company, ...errors },
  },
  addCompanyFigures: {
    method: 'POST',
    url: '/api/v1/share/company/:id/figure',
    summary: `Add a year's figures; 409 with code year_present if the company has figures for that year (edit them with PUT). ${writers}`,
    tags: shares,
    auth: true,
    params: IdParams,
    body: CompanyFiguresInput,
    response: { 200: Company, ...withConflict },
  },
  updateCompanyFigures: {
    method: 'PUT',
    url: '/api/v1/share/company/:id/figure/:year',
    summary: `Edit a year's figures (404 if the company has none for that year). ${writers}`,
    tags: shares,
    auth: true,
    params: CompanyYearParams,
    body: CompanyFiguresUpdate,
    response: { 200: Company, ...errors },
  },
  deleteCompanyFigures: {
    method: 'DELETE',
    url: '/api/v1/share/company/:id/figure/:year',
    summary: `Delete a year's figures. ${writers}`,
    tags: shares,
    auth: true,
    params: CompanyYearParams,
    response: { 200: Company, ...errors },
  },

  // Art and luxury goods
  listLux: {
    method: 'GET',
    url: '/api/v1/lux',
    summary: 'Art and luxury goods in scope with their latest evaluation, sorted evaluation desc by default',
    tags: lux,
    auth: true,
    querystring: LuxListQuery,
    response: { 200: LuxPage, ...errors },
  },
  luxStat: {
    method: 'GET',
    url: '/api/v1/lux/dashboard/stat',
    summary: 'Totals of the goods in scope: value (latest evaluations), yearly income, linked debt, yearly maintenance',
    tags: lux,
    auth: true,
    querystring: ShareLuxOwnerQuery,
    response: { 200: LuxStats, ...errors },
  },
  luxPie: {
    method: 'GET',
    url: '/api/v1/lux/dashboard/pie',
    summary: 'Value of the goods in scope by category (latest evaluations), largest first',
    tags: lux,
    auth: true,
    querystring: ShareLuxOwnerQuery,
    response: { 200: LuxPie, ...errors },
  },
  luxColumn: {
    method: 'GET',
    url: '/api/v1/lux/dashboard/column',
    summary:
      "Value of the goods in scope by category at each year's end (the latest evaluation on or before 31 December), from the first to the last year with an evaluation",
    tags: lux,
    auth: true,
    querystring: ShareLuxOwnerQuery,
    response: { 200: LuxColumn, ...errors },
  },
  getLux: {
    method: 'GET',
    url: '/api/v1/lux/:id',
    summary: 'One art or luxury item',
    tags: lux,
    auth: true,
    params: IdParams,
    response: { 200: LuxItem, ...errors },
  },
  createLux: {
    method: 'POST',
    url: '/api/v1/lux',
    summary: `Add an item to a client with its first evaluation. ${writers}`,
    tags: lux,
    auth: true,
    body: LuxCreate,
    response: { 200: ShareLuxCreated, ...errors },
  },
  updateLux: {
    method: 'PUT',
    url: '/api/v1/lux/:id',
    summary: `Edit an item (its evaluations have their own calls; omitted amounts become 0, an omitted buy cost or note null). ${writers}`,
    tags: lux,
    auth: true,
    params: IdParams,
    body: LuxUpdate,
    response: { 200: LuxItem, ...errors },
  },
  deleteLux: {
    method: 'DELETE',
    url: '/api/v1/lux/:id',
    summary: `Delete an item and its evaluations. ${writers}`,
    tags: lux,
    auth: true,
    params: IdParams,
    response: { 200: ShareLuxCreated, ...errors },
  },
  listLuxEvaluations: {
    method: 'GET',
    url: '/api/v1/lux/:id/evaluation',
    summary: "An item's evaluation history, evaluationDate desc, 5 a page by default",
    tags: lux,
    auth: true,
    params: IdParams,
    querystring: LuxEvaluationQuery,
    response: { 200: LuxEvaluationPage, ...errors },
  },
  createLuxEvaluation: {
    method: 'POST',
    url: '/api/v1/lux/:id/evaluation',
    summary: `Add an evaluation; 409 with code evaluation_date_present if the item has one on that date. ${writers}`,
    tags: lux,
    auth: true,
    params: IdParams,
    body: LuxEvaluationInput,
    response: { 200: ShareLuxCreated, ...withConflict },
  },
  updateLuxEvaluation: {
    method: 'PUT',
    url: '/api/v1/lux/:id/evaluation/:evaluationId',
    summary: `Edit an evaluation; 409 with code evaluation_date_present if another one has the new date. ${writers}`,
    tags: lux,
    auth: true,
    params: LuxEvaluationParams,
    body: LuxEvaluationInput,
    response: { 200: LuxEvaluation, ...withConflict },
  },
  deleteLuxEvaluation: {
    method: 'DELETE',
    url: '/api/v1/lux/:id/evaluation/:evaluationId',
    summary: `Delete an evaluation; the last one of an item cannot be deleted (400: delete the item instead). ${writers}`,
    tags: lux,
    auth: true,
    params: LuxEvaluationParams,
    response: { 200: ShareLuxCreated, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
