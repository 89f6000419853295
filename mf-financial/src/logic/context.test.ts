// The financial context: where the portfolio and range come from (URL, session storage, defaults) and the reset.
import { describe, expect, test } from 'vitest';
import {
  needsReset,
  parsePortfolioRef,
  ptfParam,
  resetToAggregate,
  resolveState,
  selectedItem,
  storageKey,
  withState,
} from './context.ts';

const today = '2026-11-21';
const q = (s: string) => new URLSearchParams(s);

describe('resolving the state', () => {
  test('defaults: the aggregate and the default range', () => {
    expect(resolveState(q(''), null, today)).toEqual({ ptf: 'aggregate', from: '2025-12-31', to: today });
  });
  test('the URL wins over the stored record; the stored record over the defaults', () => {
    const stored = JSON.stringify({ ptf: 7, from: '2024-12-31', to: '2025-06-30' });
    expect(resolveState(q(''), stored, today)).toEqual({ ptf: 7, from: '2024-12-31', to: '2025-06-30' });
    expect(resolveState(q('ptf=9&from=2025-01-01&to=2025-02-01'), stored, today)).toEqual({
      ptf: 9,
      from: '2025-01-01',
      to: '2025-02-01',
    });
    expect(resolveState(q('ptf=aggregate'), stored, today).ptf).toBe('aggregate');
  });
  test('a bad or future range falls back whole; a bad portfolio falls back too', () => {
    expect(resolveState(q('from=2025-05-01&to=2025-01-01'), null, today)).toMatchObject({ from: '2025-12-31' });
    expect(resolveState(q('from=2025-05-01&to=2027-01-01'), null, today)).toMatchObject({ to: today });
    expect(resolveState(q('ptf=-3'), '{not json', today).ptf).toBe('aggregate');
    expect(parsePortfolioRef('12')).toBe(12);
    expect(parsePortfolioRef('0')).toBeNull();
    expect(parsePortfolioRef('x')).toBeNull();
  });
  test('writing the state keeps the other parameters', () => {
    expect(withState('?tab=movements', { ptf: 4, from: '2025-12-31', to: today })).toBe(
      '?tab=movements&ptf=4&from=2025-12-31&to=2026-11-21',
    );
  });
  test('one stored record per owner', () => {
    expect(storageKey({ kind: 'client', clientId: 3 })).toBe('patrimonio.financial.client.3');
    expect(storageKey({ kind: 'family', familyId: 3 })).toBe('patrimonio.financial.family.3');
    expect(storageKey({ kind: 'own' })).toBe('patrimonio.financial.own');
  });
});

describe('menu and reset', () => {
  const menu = [
    { id: null, aggregate: true, currencySymbol: 'CHF', firstMovementDate: '2026-02-02' },
    { id: 5, aggregate: false, currencySymbol: '$', firstMovementDate: '2026-02-02' },
  ];
  test('the selected item, and whether a portfolio vanished', () => {
    expect(selectedItem(menu, 'aggregate')?.aggregate).toBe(true);
    expect(selectedItem(menu, 5)?.currencySymbol).toBe('$');
    expect(needsReset(menu, 6)).toBe(true);
    expect(needsReset(menu, 5)).toBe(false);
    expect(needsReset(undefined, 6)).toBe(false);
  });
  test('deleting the selected portfolio: the aggregate, €, the first movement clamped, through today', () => {
    expect(resetToAggregate(menu[0], today)).toEqual({
      ptf: 'aggregate',
      from: '2026-02-01',
      to: today,
      currencySymbol: '€',
    });
    expect(resetToAggregate(undefined, today)).toEqual({
      ptf: 'aggregate',
      from: '2025-12-31',
      to: today,
      currencySymbol: '€',
    });
  });
  test('the report path parameter', () => {
    expect(ptfParam('aggregate')).toBe('aggregate');
    expect(ptfParam(12)).toBe('12');
  });
});
