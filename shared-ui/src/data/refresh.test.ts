// Issue 16: a bank file or an accepted difference may move a portfolio's lastQuantityCheckOkDate; the answers that
// hold it (the portfolio menu the report dialog bounds its range with, the portfolio, the controls) are marked stale
// so that whatever shows them refetches, and nothing else is touched; after a bank file, again while the server's
// background check runs.
import { afterEach, expect, test, vi } from 'vitest';
import { queryClient } from './query.ts';
import { CONTROL_CHECK_FOLLOW_MS, CONTROL_DATA_ROUTES, followControlCheck, refreshControlData } from './refresh.ts';

afterEach(() => queryClient.clear());

test('refreshControlData marks the portfolio menu and the controls stale, and only them', async () => {
  const menu = ['portfolioMenu', null, { clientId: 42 }];
  const detail = ['controlDetail', { clientId: 42, portfolioId: 7 }, {}];
  const stocks = ['listStocks', null, { size: 100000 }];
  for (const key of [menu, detail, stocks]) queryClient.setQueryData(key, { some: 'answer' });
  expect(queryClient.getQueryState(menu)?.isInvalidated).toBe(false);

  await refreshControlData();

  expect(queryClient.getQueryState(menu)?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(stocks)?.isInvalidated).toBe(false);
  expect(CONTROL_DATA_ROUTES).toContain('portfolioMenu');
});

test('followControlCheck refreshes now and again on its schedule, once per step, restarting on a new upload', async () => {
  vi.useFakeTimers();
  try {
    const menu = ['portfolioMenu', null, { clientId: 42 }];
    queryClient.setQueryData(menu, []);
    const invalidated = () => queryClient.getQueryState(menu)?.isInvalidated;
    const fresh = () => queryClient.setQueryData(menu, []);

    followControlCheck();
    expect(invalidated()).toBe(true);
    fresh();
    // Each step of the schedule marks the answers stale again (the background check may have stored its results).
    let previous = 0;
    for (const ms of CONTROL_CHECK_FOLLOW_MS) {
      vi.advanceTimersByTime(ms - previous - 1);
      expect(invalidated()).toBe(false);
      vi.advanceTimersByTime(1);
      expect(invalidated()).toBe(true);
      fresh();
      previous = ms;
    }
    vi.advanceTimersByTime(600_000);
    expect(invalidated()).toBe(false);

    // A second upload halfway starts the schedule again instead of adding a second one.
    followControlCheck();
    fresh();
    vi.advanceTimersByTime(CONTROL_CHECK_FOLLOW_MS[0] - 1);
    followControlCheck();
    fresh();
    vi.advanceTimersByTime(1);
    expect(invalidated()).toBe(false);
    vi.runAllTimers();
  } finally {
    vi.useRealTimers();
  }
});
