// The answers refetched after a write of the family business and art and luxury pages.
import type { RouteName } from '@patrimonio/shared-api';

/** The answers that change when a company, its holders or its figures change (the overview counts shares too). */
export const SHARE_DATA_ROUTES = [
  'listShares',
  'shareYears',
  'shareGraph',
  'getCompany',
  'dashboard',
  'assetsHistoryTotal',
] as const satisfies readonly RouteName[];

/** The answers that change when an item or its evaluations change. */
export const LUX_DATA_ROUTES = [
  'listLux',
  'luxStat',
  'luxPie',
  'luxColumn',
  'getLux',
  'listLuxEvaluations',
  'dashboard',
  'assetsHistoryTotal',
] as const satisfies readonly RouteName[];
