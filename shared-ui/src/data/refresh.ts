// Spec section 4: data is refetched on an interval until the next 05:00 local time, daily (the night's imports
// and recalculations land by then). At each 05:00 every cached answer is marked stale and the shown ones refetch.
// Issue 16: the answers holding the controls' results are refreshed after a bank file or an accepted difference.
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

/**
 * After a bank file the check itself runs in the background (the server's controls-check job, seconds later), so the
 * control data is refreshed at once and again on this schedule (ms after the upload): the list, an open detail and
 * the portfolio menu pick up the stored results without a reload, wherever the user has gone meanwhile.
 */
export const CONTROL_CHECK_FOLLOW_MS = [2_000, 5_000, 10_000, 20_000, 40_000] as const;

let followTimers: ReturnType<typeof setTimeout>[] = [];

/** Refreshes the control data now and on CONTROL_CHECK_FOLLOW_MS; a new call starts the schedule again. */
export function followControlCheck(): void {
  for (const timer of followTimers) clearTimeout(timer);
  void refreshControlData();
  followTimers = CONTROL_CHECK_FOLLOW_MS.map((ms) => setTimeout(() => void refreshControlData(), ms));
}
