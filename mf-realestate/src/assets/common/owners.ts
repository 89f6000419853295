// Whose data a dialog writes (the route's client, or a member of the route's family chosen in the dialog), the
// answers refetched after a write, and the field errors of a 400 answer mapped onto form fields.
import type { RouteName } from '@patrimonio/shared-api';
import { clientDisplayName, errorStatus, type OwnerScope, useSession } from '@patrimonio/shared-ui';

export interface Owner {
  id: number;
  name: string;
}

/** The clients a new item or holding may belong to: the route's client, or the family's members. */
export function useOwners(scope: OwnerScope): Owner[] {
  const { selection, user } = useSession();
  if (scope.kind === 'client') {
    const name =
      selection?.kind === 'client' && selection.id === scope.clientId ? clientDisplayName(selection.client) : '';
    return [{ id: scope.clientId, name }];
  }
  if (scope.kind === 'family') {
    return selection?.kind === 'family' && selection.id === scope.familyId
      ? (selection.family?.users ?? []).map((u) => ({ id: u.id, name: u.name }))
      : [];
  }
  return user?.clientId ? [{ id: user.clientId, name: user.name }] : [];
}

/**
 * The form fields named by a 400 answer ({ fields: [{ field: 'body.description', ... }] }), through a map from the
 * API's field to the form's; unmapped fields are left out.
 */
export function serverFieldErrors<K extends string>(
  error: unknown,
  map: Record<string, K>,
): Partial<Record<K, 'server'>> {
  if (errorStatus(error) !== 400) return {};
  const body = (error as { body?: { fields?: Array<{ field?: string }> } }).body;
  const out: Partial<Record<K, 'server'>> = {};
  for (const f of body?.fields ?? []) {
    const key = map[(f.field ?? '').replace(/^body\./, '')];
    if (key) out[key] = 'server';
  }
  return out;
}

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
