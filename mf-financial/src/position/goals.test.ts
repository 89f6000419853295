// The position page's goals panel: today's wealth set against the goals in date order.
import { describe, expect, test } from 'vitest';
import { goalCoverage, wealthToday } from './goals.ts';

const goal = (id: number, description: string, initDate: string, amount: number) => ({
  id,
  description,
  initDate,
  amount,
  probability: 0.5,
});

describe('goal coverage', () => {
  test('worked example: the nearest goals first, the last one partly covered', () => {
    const rows = goalCoverage(
      [
        goal(3, 'Università', '2034-09-01', 300000),
        goal(1, 'Auto', '2028-01-01', 40000),
        goal(2, 'Casa', '2031-06-30', 250000),
      ],
      500000,
    );
    expect(rows.map((r) => [r.description, r.covered])).toEqual([
      ['Auto', 1],
      ['Casa', 1],
      ['Università', 0.7],
    ]);
  });

  test('nothing left: 0; no wealth or negative wealth covers nothing', () => {
    expect(
      goalCoverage([goal(1, 'A', '2030-01-01', 100), goal(2, 'B', '2031-01-01', 100)], 100).map((r) => r.covered),
    ).toEqual([1, 0]);
    expect(goalCoverage([goal(1, 'A', '2030-01-01', 100)], -5)[0]!.covered).toBe(0);
  });

  test("today's wealth is the start of the bands", () => {
    expect(wealthToday({ graph: [{ data: [500000, 510000] }, { data: [500000, 530000] }] })).toBe(500000);
    expect(wealthToday({ graph: [] })).toBe(0);
  });
});
