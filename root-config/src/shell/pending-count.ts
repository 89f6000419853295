// The side menu's pending-movements badge (issue 16): the live count of GET /movement/temporary/count, asked only
// when the menu shows the entry (showsPendingCount: who may approve, no client selected). It is one query of the
// shared cache (shared-ui is one copy in the page), so every app's write that invalidates 'pendingCount' (approve,
// reject, edit before approving, a movement added, edited, deleted or imported) refetches it at once; besides, it
// is asked again every minute while the tab is visible (TanStack Query pauses the interval in a hidden tab).
import { useApiQuery } from '@patrimonio/shared-ui';

export const PENDING_COUNT_POLL_MS = 60_000;

/** The count to show, or null (no badge) when the user may not approve or the last call failed. */
export function usePendingCount(enabled: boolean): number | null {
  const count = useApiQuery('pendingCount', undefined, {
    enabled,
    refetchInterval: PENDING_COUNT_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return enabled && count.status === 'success' ? count.data.count : null;
}
