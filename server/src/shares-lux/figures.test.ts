// Worked examples of the share and lux arithmetic (figures.ts); the expected numbers are computed in the comments.
import { describe, expect, test } from 'vitest';
import {
  companyValueIn,
  type Evaluation,
  evaluationsAt,
  type LuxHolding,
  luxColumn,
  luxPie,
  luxStats,
  luxWealthAt,
  luxYield,
  shareValue,
  shareWealthIn,
} from './figures.ts';

describe('share value = ratio x company value of the year', () => {
  test('40% of 1,250,000.00 is 500,000.00; a third of 100.00 is 33.33', () => {
    expect(shareValue(40, 1_250_000)).toBe(500_000);
    expect(shareValue(33.333333, 100)).toBe(33.33);
    expect(shareValue(100, 0)).toBe(0);
  });

  const figures = [
    { companyId: 1, year: 2022, value: 1_000_000 },
    { companyId: 1, year: 2024, value: 1_200_000 },
    { companyId: 2, year: 2024, value: 400_000 },
  ];

  test('the value in force in a year is that of the latest year with figures up to it', () => {
    expect(companyValueIn(figures, 1, 2021)).toBeNull();
    expect(companyValueIn(figures, 1, 2022)).toBe(1_000_000);
    // No figures for 2023: those of 2022 still stand.
    expect(companyValueIn(figures, 1, 2023)).toBe(1_000_000);
    expect(companyValueIn(figures, 1, 2030)).toBe(1_200_000);
  });

  test("a family's share wealth weights each member's holding", () => {
    // Company 1 held 60% by A (weight 1) and 25% by B (weight 0.5); company 2 held 10% by C, not in scope.
    const holdings = [
      { companyId: 1, clientId: 10, percentage: 60 },
      { companyId: 1, clientId: 11, percentage: 25 },
      { companyId: 2, clientId: 12, percentage: 10 },
    ];
    const family = [
      { clientId: 10, weight: 1 },
      { clientId: 11, weight: 0.5 },
    ];
    // 2023: 60% x 1,000,000 + 0.5 x 25% x 1,000,000 = 600,000 + 125,000 = 725,000.
    expect(shareWealthIn(family, holdings, figures, 2023)).toBe(725_000);
    // 2024: 60% x 1,200,000 + 0.5 x 25% x 1,200,000 = 720,000 + 150,000 = 870,000.
    expect(shareWealthIn(family, holdings, figures, 2024)).toBe(870_000);
    expect(shareWealthIn(family, holdings, figures, 2021)).toBe(0);
    expect(shareWealthIn([{ clientId: 12, weight: 1 }], holdings, figures, 2024)).toBe(40_000);
  });
});

describe('art and luxury', () => {
  // A painting of A (weight 1) and a boat of B (weight 0.5).
  const members = [
    { clientId: 10, weight: 1 },
    { clientId: 11, weight: 0.5 },
  ];
  const items: LuxHolding[] = [
    { id: 1, clientId: 10, category: 'ART', yearlyIncome: 0, yearlyMaintenance: 1_000, linkedDebt: 0 },
    { id: 2, clientId: 11, category: 'BOAT', yearlyIncome: 12_000, yearlyMaintenance: 8_000, linkedDebt: 50_000 },
  ];
  const evaluations: Evaluation[] = [
    { itemId: 1, date: '2022-06-30', value: 80_000 },
    { itemId: 1, date: '2023-06-30', value: 100_000 },
    { itemId: 2, date: '2023-03-01', value: 300_000 },
  ];

  test('yield is yearly income over evaluation in percent points', () => {
    // 12,000 / 300,000 = 4%; 3,000 / 120,000 = 2.5%; 1 / 3 = 33.33%.
    expect(luxYield(12_000, 300_000)).toBe(4);
    expect(luxYield(3_000, 120_000)).toBe(2.5);
    expect(luxYield(1, 3)).toBe(33.33);
    expect(luxYield(0, 50_000)).toBe(0);
    expect(luxYield(1_000, 0)).toBeNull();
  });

  test('the latest evaluation on or before a date', () => {
    expect(evaluationsAt(evaluations)).toEqual(
      new Map([
        [1, 100_000],
        [2, 300_000],
      ]),
    );
    expect(evaluationsAt(evaluations, '2023-03-01')).toEqual(
      new Map([
        [1, 80_000],
        [2, 300_000],
      ]),
    );
    expect(evaluationsAt(evaluations, '2022-01-01').size).toBe(0);
  });

  test('stats: weighted sums of value, income, debt and maintenance', () => {
    // totalValue 100,000 + 0.5 x 300,000 = 250,000; income 0.5 x 12,000 = 6,000; debt 0.5 x 50,000 = 25,000;
    // maintenance 1,000 + 0.5 x 8,000 = 5,000.
    expect(luxStats(members, items, evaluations)).toEqual({
      totalValue: 250_000,
      yearlyIncome: 6_000,
      linkedDebt: 25_000,
      yearlyMaintenance: 5_000,
    });
    // A alone: the painting only.
    expect(luxStats([{ clientId: 10, weight: 1 }], items, evaluations)).toEqual({
      totalValue: 100_000,
      yearlyIncome: 0,
      linkedDebt: 0,
      yearlyMaintenance: 1_000,
    });
  });

  test('value at a date', () => {
    expect(luxWealthAt(members, items, evaluations, '2022-12-31')).toBe(80_000);
    // 80,000 + 0.5 x 300,000 = 230,000.
    expect(luxWealthAt(members, items, evaluations, '2023-03-01')).toBe(230_000);
    expect(luxWealthAt(members, items, evaluations)).toBe(250_000);
  });

  test('pie: value by category, largest first', () => {
    expect(luxPie(members, items, evaluations)).toEqual([
      { category: 'BOAT', value: 150_000, count: 1 },
      { category: 'ART', value: 100_000, count: 1 },
    ]);
    expect(luxPie(members, [], [])).toEqual([]);
  });

  test("column: value by category at each year's end, first to last year with an evaluation", () => {
    // End of 2022: the painting at 80,000, no boat yet; end of 2023: 100,000 and 0.5 x 300,000.
    expect(luxColumn(members, items, evaluations)).toEqual({
      years: [2022, 2023],
      series: [
        { category: 'ART', data: [80_000, 100_000] },
        { category: 'BOAT', data: [0, 150_000] },
      ],
    });
    // The car of the doc example: 50,000 on 2022-06-30, 40,000 on 2024-03-01.
    const car: LuxHolding = {
      id: 3,
      clientId: 10,
      category: 'CAR',
      yearlyIncome: 0,
      yearlyMaintenance: 0,
      linkedDebt: 0,
    };
    expect(
      luxColumn(
        [{ clientId: 10, weight: 1 }],
        [car],
        [
          { itemId: 3, date: '2022-06-30', value: 50_000 },
          { itemId: 3, date: '2024-03-01', value: 40_000 },
        ],
      ),
    ).toEqual({ years: [2022, 2023, 2024], series: [{ category: 'CAR', data: [50_000, 50_000, 40_000] }] });
    expect(luxColumn(members, [], [])).toEqual({ years: [], series: [] });
  });
});
