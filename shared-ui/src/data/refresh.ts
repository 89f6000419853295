// Spec section 4: data is refetched on an interval until the next 05:00 local time, daily (the night's imports
// and recalculations land by then). At each 05:00 every cached answer is marked stale and the shown ones refetch.
import type { RouteName } from '@patrimonio/shared-api';
import { queryClient } from './query.ts';

/** Milliseconds from `now` to the next 05:00 local time (tomorrow's if 05:00 has passed). */
export function msUntilNextRefresh(now: Date = new Date()): number {
  const next = new Date(now);
  next.setHours(5, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Starts the daily refresh once per page. */
export function startDailyRefresh(): void {
  if (timer !== undefined || typeof window === 'undefined') return;
  const schedule = () => {
    timer = setTimeout(() => {
      void queryClient.invalidateQueries();
      schedule();
    }, msUntilNextRefresh());
  };
  schedule();
}

/**
 * The answers that hold a portfolio's control status or its lastQuantityCheckOkDate (issue 16): the controls, the
 * portfolio menu and the portfolio. A bank file or an accepted difference may move the date, and the report dialog
 * (mf-report) bounds its range by the menu's dates: refetching them here lets it follow without a reload.
 */
export const CONTROL_DATA_ROUTES = [
  'listControls',
  'controlDetail',
  'portfolioMenu',
  'getPortfolio',
] as const satisfies readonly RouteName[];

/** Marks every cached answer of CONTROL_DATA_ROUTES stale; the ones on screen refetch at once, the others on use. */
export async function refreshControlData(): Promise<void> {
  await Promise.all(CONTROL_DATA_ROUTES.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
}
