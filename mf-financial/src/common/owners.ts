// Whose data a dialog writes: the route's client, a member of the route's family (chosen in the dialog), or the
// BASIC user's own client. Also the field errors of a 400 answer, mapped onto form fields.
import { clientDisplayName, errorStatus, type OwnerScope, useSession } from '@patrimonio/shared-ui';

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
  if (scope.kind === 'family') {
    return selection?.kind === 'family' && selection.id === scope.familyId
      ? (selection.family?.users ?? []).map((u) => ({ id: u.id, name: u.name }))
      : [];
  }
  return user?.clientId ? [{ id: user.clientId, name: user.name }] : [];
}

/**
 * The form fields named by a 400 answer ({ fields: [{ field: 'body.iban', ... }] }), through a map from the
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

/** The answers that change when financial data is written (refetched after every write). */
export const FINANCIAL_DATA_ROUTES = [
  'portfolioMenu',
  'getPortfolio',
  'portfolioAccounts',
  'listAccounts',
  'accountMenu',
  'listMovements',
  'getMovement',
  'reportSintetico',
  'reportTriplaA',
  'reportPerformance',
  'reportCommissioni',
  'reportCedole',
  'reportIntermediary',
  'portfolioVar',
  'macroAssetValues',
  'financialComposition',
  'assetsHistoryFinancial',
  'assetsHistoryTotal',
  'dashboard',
] as const;
