// Analytics: the overview dashboard, asset histories, the financial reports and VaR, for a portfolio, a client's
// aggregate or a family's aggregate (path `aggregate` with clientId or familyId; a BASIC user's own client by
// default). Figures come from the engine (engine/README.md); shapes in analytics-schemas.ts.
import { ErrorBody, IdParams } from '../schemas.ts';
import {
  AtDateQuery,
  CedoleReport,
  Dashboard,
  FeesReport,
  FinancialComposition,
  HistoryPage,
  HistoryQuery,
  IntermediaryReport,
  MacroAssetValues,
  PerformanceQuery,
  PerformanceReport,
  PortfolioRefParams,
  PortfolioVar,
  RangeQuery,
  Sintetico,
  TotalHistoryQuery,
  TriplaA,
} from './analytics-schemas.ts';
import { errors as commonErrors, type RouteDef } from './route-def.ts';

const tags = ['analytics'];
/** The engine's threads are busy (their queue is full): 503 with a Retry-After header, in seconds. */
const errors = { ...commonErrors, 503: ErrorBody } as const;

const performance = {
  method: 'GET',
  summary:
    'Returns over dateFrom..dateTo (TWR daily chain-linked, MWR), per macro and asset class, the daily series and ' +
    'the trend waterfall (fullData=false leaves out the series and the trend)',
  tags,
  auth: true,
  params: PortfolioRefParams,
  querystring: PerformanceQuery,
  response: { 200: PerformanceReport, ...errors },
} as const;

const triplaA = {
  method: 'GET',
  summary:
    'Compositions over dateFrom..dateTo: total, macro asset class, asset class, stock and cash, with gm, returns, gains',
  tags,
  auth: true,
  params: PortfolioRefParams,
  querystring: RangeQuery,
  response: { 200: TriplaA, ...errors },
} as const;

export const analyticsRoutes = {
  dashboard: {
    method: 'GET',
    url: '/api/v1/dashboard/:id',
    summary:
      'Overview of a client (id = clientId) or a family (id = familyId, with familyId in the query): wealth by kind, ' +
      'net income of the last 12 months by kind, and the wealth projection',
    tags,
    auth: true,
    params: IdParams,
    querystring: AtDateQuery,
    response: { 200: Dashboard, ...errors },
  },
  financialComposition: {
    method: 'GET',
    url: '/api/v1/dashboard/:ptf/financial-composition',
    summary: 'Securities, cash and macro asset classes of a portfolio or aggregate at a date',
    tags,
    auth: true,
    params: PortfolioRefParams,
    querystring: AtDateQuery,
    response: { 200: FinancialComposition, ...errors },
  },
  assetsHistoryTotal: {
    method: 'GET',
    url: '/api/v1/assets-history/total',
    summary:
      'Daily total wealth of a client or family (asset filters one kind; only FINANCIAL has figures until real assets exist)',
    tags,
    auth: true,
    querystring: TotalHistoryQuery,
    response: { 200: HistoryPage, ...errors },
  },
  assetsHistoryFinancial: {
    method: 'GET',
    url: '/api/v1/assets-history/financial/:ptf',
    summary: 'Daily value of a portfolio or aggregate',
    tags,
    auth: true,
    params: PortfolioRefParams,
    querystring: HistoryQuery,
    response: { 200: HistoryPage, ...errors },
  },
  reportSintetico: {
    method: 'GET',
    url: '/api/v1/report/:ptf/sintetico',
    summary: 'Synthetic report at a date: totals, accounts, intermediaries, classes and currencies',
    tags,
    auth: true,
    params: PortfolioRefParams,
    querystring: AtDateQuery,
    response: { 200: Sintetico, ...errors },
  },
  reportPerformance: { ...performance, url: '/api/v2/report/:ptf/performance' },
  reportPerformanceV1: {
    ...performance,
    url: '/api/v1/report/:ptf/performance',
    summary: 'Same as /api/v2/report/{ptf}/performance',
  },
  reportTriplaA: { ...triplaA, url: '/api/v2/report/:ptf/triplaA' },
  reportTriplaAV1: { ...triplaA, url: '/api/v1/report/:ptf/triplaA', summary: 'Same as /api/v2/report/{ptf}/triplaA' },
  reportIntermediary: {
    method: 'GET',
    url: '/api/v1/report/:ptf/intermediary',
    summary: 'Values by intermediary and account at a date',
    tags,
    auth: true,
    params: PortfolioRefParams,
    querystring: AtDateQuery,
    response: { 200: IntermediaryReport, ...errors },
  },
  reportCommissioni: {
    method: 'GET',
    url: '/api/v1/report/:ptf/commissioni',
    summary:
      'Fees by account, subcause and quarter: the quarters from dateFrom to dateTo (default the last 4 full quarters)',
    tags,
    auth: true,
    params: PortfolioRefParams,
    querystring: RangeQuery,
    response: { 200: FeesReport, ...errors },
  },
  reportCedole: {
    method: 'GET',
    url: '/api/v1/report/:ptf/cedole',
    summary:
      'Coupons, dividends and redemptions paid and expected in dateFrom..dateTo (default the next 5 years); not for families',
    tags,
    auth: true,
    params: PortfolioRefParams,
    querystring: RangeQuery,
    response: { 200: CedoleReport, ...errors },
  },
  macroAssetValues: {
    method: 'GET',
    url: '/api/v1/macroasset/:ptf/values',
    summary: 'Securities value by macro asset class (Equity, Alternative, Bond) at a date',
    tags,
    auth: true,
    params: PortfolioRefParams,
    querystring: AtDateQuery,
    response: { 200: MacroAssetValues, ...errors },
  },
  portfolioVar: {
    method: 'GET',
    url: '/api/v1/portfolio/:ptf/var',
    summary: 'Value at risk from the daily returns of the last year (historical simulation; parametric for comparison)',
    tags,
    auth: true,
    params: PortfolioRefParams,
    querystring: AtDateQuery,
    response: { 200: PortfolioVar, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
