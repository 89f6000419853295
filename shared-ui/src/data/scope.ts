// Whose data a page shows: the client in /client/:id/..., the family in /family/:familyId/..., or, for a BASIC
// user's own pages, the user's client (the server defaults to it). Financial calls add clientId or familyId.
import type { RouteMatch } from '../routes.ts';

export type OwnerScope =
  | { kind: 'client'; clientId: number; query: { clientId: number }; basePath: string; isFamily: false }
  | { kind: 'family'; familyId: number; query: { familyId: number }; basePath: string; isFamily: true }
  | { kind: 'own'; query: Record<string, never>; basePath: ''; isFamily: false };

export function ownerScope(match: Pick<RouteMatch, 'params'>): OwnerScope {
  const { id, familyId } = match.params;
  if (familyId !== undefined)
    return {
      kind: 'family',
      familyId: Number(familyId),
      query: { familyId: Number(familyId) },
      basePath: `/family/${familyId}`,
      isFamily: true,
    };
  if (id !== undefined)
    return {
      kind: 'client',
      clientId: Number(id),
      query: { clientId: Number(id) },
      basePath: `/client/${id}`,
      isFamily: false,
    };
  return { kind: 'own', query: {}, basePath: '', isFamily: false };
}

/** Spec: reports marked recalculationInProgress are polled every 15 s. Pass as a query's refetchInterval. */
export const RECALCULATION_POLL_MS = 15_000;
export const pollWhileRecalculating = (query: { state: { data?: unknown } }): number | false =>
  (query.state.data as { recalculationInProgress?: boolean } | undefined)?.recalculationInProgress
    ? RECALCULATION_POLL_MS
    : false;
