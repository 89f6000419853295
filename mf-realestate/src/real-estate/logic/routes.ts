// The answers refetched after every real-estate write.
import type { RouteName } from '@patrimonio/shared-api';

/** Spec section 7: after an add, edit, delete or sale the affected data is refetched. */
export const REAL_ESTATE_DATA_ROUTES: readonly RouteName[] = [
  'listRealEstate',
  'soldRealEstate',
  'getRealEstate',
  'realEstateStat',
  'realEstatePieTypology',
  'realEstatePieDestination',
  'realEstateColumnTypology',
  'realEstateColumnDestination',
  'realEstateComposition',
  'realEstateHistory',
  'lastEvaluation',
  'listEvaluations',
  'getMortgage',
  'dashboard',
  'assetsHistoryTotal',
];
