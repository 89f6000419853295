// Issue 16: a bank file or an accepted difference may move a portfolio's lastQuantityCheckOkDate; the answers that
// hold it (the portfolio menu the report dialog bounds its range with, the portfolio, the controls) are marked stale
// so that whatever shows them refetches, and nothing else is touched.
import { afterEach, expect, test } from 'vitest';
import { queryClient } from './query.ts';
import { CONTROL_DATA_ROUTES, refreshControlData } from './refresh.ts';

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
