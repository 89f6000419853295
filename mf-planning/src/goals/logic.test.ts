// The goals page's rules: the tab in the query, goals joined with their projection, the form's defaults and body.
import type { Goal, GoalOutlook } from '@patrimonio/shared-api';
import type { OwnerScope } from '@patrimonio/shared-ui';
import { describe, expect, test } from 'vitest';
import {
  defaultGoalDate,
  firstGoalDate,
  goalBody,
  goalFormDefaults,
  goalMarkers,
  goalRows,
  goalUpdateBody,
  tabOf,
  withTab,
} from './logic.ts';

const goal = (id: number, description: string, initDate: string, amount = 100000): Goal => ({
  id,
  clientId: 42,
  description,
  amount,
  initDate,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const outlook = (g: Goal, probability: number, median: number): GoalOutlook => ({
  id: g.id,
  description: g.description,
  amount: g.amount,
  initDate: g.initDate,
  probability,
  median,
  years: 5,
});
const client: OwnerScope = {
  kind: 'client',
  clientId: 42,
  query: { clientId: 42 },
  basePath: '/client/42',
  isFamily: false,
};
const own: OwnerScope = { kind: 'own', query: {}, basePath: '', isFamily: false };

describe('the tab in the URL', () => {
  test('goals by default; simulations when asked; other parameters kept', () => {
    expect(tabOf('')).toBe('goals');
    expect(tabOf('?tab=simulations')).toBe('simulations');
    expect(tabOf('?tab=nope')).toBe('goals');
    expect(withTab('?x=1', 'simulations')).toBe('?x=1&tab=simulations');
    expect(withTab('?tab=simulations&x=1', 'goals')).toBe('?x=1');
    expect(withTab('?tab=simulations', 'goals')).toBe('');
  });
});

describe('goals and their projection', () => {
  test('joined by id, by target date; a goal the projection does not list yet has no probability', () => {
    const school = goal(1, 'Università', '2034-09-01');
    const house = goal(2, 'Casa al mare', '2031-06-30', 250000);
    const car = goal(3, 'Auto', '2028-01-01', 40000);
    const rows = goalRows([school, house, car], [outlook(house, 0.42, 310000), outlook(school, 0.9, 500000)]);
    expect(rows.map((r) => [r.description, r.probability, r.median])).toEqual([
      ['Auto', null, null],
      ['Casa al mare', 0.42, 310000],
      ['Università', 0.9, 500000],
    ]);
    expect(goalMarkers([outlook(house, 0.42, 310000)])).toEqual([
      { label: 'Casa al mare', date: '2031-06-30', value: 250000 },
    ]);
    expect(goalMarkers(undefined)).toEqual([]);
  });
});

describe('the goal form', () => {
  test('a new goal is due in 10 years by default, and no earlier than tomorrow', () => {
    expect(goalFormDefaults(null, '2026-02-28')).toEqual({ description: '', amount: null, initDate: '2036-02-28' });
    expect(defaultGoalDate('2028-02-29')).toBe('2038-02-28');
    expect(firstGoalDate('2026-12-31')).toBe('2027-01-01');
    const g = goal(1, 'Casa', '2031-06-30', 250000);
    expect(goalFormDefaults(g, '2026-01-01')).toEqual({ description: 'Casa', amount: 250000, initDate: '2031-06-30' });
  });

  test('the body: trimmed description, the client for an adviser only', () => {
    const values = { description: '  Casa al mare ', amount: 250000, initDate: '2031-06-30' };
    expect(goalBody(values, client)).toEqual({
      clientId: 42,
      description: 'Casa al mare',
      amount: 250000,
      initDate: '2031-06-30',
    });
    expect(goalBody(values, own)).toEqual({ description: 'Casa al mare', amount: 250000, initDate: '2031-06-30' });
    expect(goalUpdateBody(values)).not.toHaveProperty('clientId');
  });
});
