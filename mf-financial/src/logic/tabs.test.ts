// The financials tab in the URL query.
import { expect, test } from 'vitest';
import { tabOf, withTab } from './tabs.ts';

test('the tab comes from the query, portfolios by default', () => {
  expect(tabOf('')).toBe('portfolios');
  expect(tabOf('?tab=movements&ptf=3')).toBe('movements');
  expect(tabOf('?tab=nope')).toBe('portfolios');
});

test('setting the tab keeps the context', () => {
  expect(withTab('?ptf=3&from=2025-12-31&to=2026-11-21', 'accounts')).toBe(
    '?ptf=3&from=2025-12-31&to=2026-11-21&tab=accounts',
  );
  expect(withTab('?tab=accounts', 'intermediaries')).toBe('?tab=intermediaries');
});
