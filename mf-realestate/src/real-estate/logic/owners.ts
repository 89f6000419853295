// Whose property a new one is: the route's client, a member of the route's family (chosen in the form), or the
// BASIC user's own client. Also the answers refetched after every real-estate write.
import type { RouteName } from '@patrimonio/shared-api';
import { clientDisplayName, type OwnerScope, useSession } from '@patrimonio/shared-ui';

export interface Owner {
  id: number;
  name: string;
}

export function useOwners(scope: OwnerScope): Owner[] {
  const { selection, user } = useSession();
  if (scope.kind === 'client') {
    const name =
      selection?.kind === 'client' && selection.id === scope.clientId ? clientDisplayName(selection.client) : '';
    return [{ id: scope.clientId, name }];
  }
  if (scope.kind === 'family')
    return selection?.kind === 'family' && selection.id === scope.familyId
      ? (selection.family?.users ?? []).map((u) => ({ id: u.id, name: u.name }))
      : [];
  return user?.clientId ? [{ id: user.clientId, name: user.name }] : [];
}

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
