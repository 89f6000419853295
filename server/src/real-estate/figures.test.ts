// The real-estate figures with a worked example: a half-owned flat with the engine's reference mortgage, a plot of land
// of a family member weighted 0.5, and a sold shop that no longer counts.
import type { Mortgage } from '@patrimonio/engine';
import { describe, expect, test } from 'vitest';
import {
  type PropertyFigures,
  projectedYearlyFlows,
  stats,
  statsBy,
  valueAt,
  valueBy,
  valueOn,
  valueSeries,
  yearlyFlow,
} from './figures.ts';

// engine/src/mortgage.ts: 100,000 at 3% FIX CONST, 240 monthly installments of 554.60 from 2024-01-31; the first two are
// due 2024-02-29 and 2024-03-31, so on 2024-04-15 the residual is 99,390.04 and the next installment is 554.60.
const mortgage: Mortgage = {
  amount: 100000,
  initDate: '2024-01-31',
  rataType: 'MONTHLY',
  totalRata: 240,
  interestRateType: 'FIX',
  amortization: 'CONST',
  interestRate: 3,
};

const flat: PropertyFigures = {
  id: 1,
  clientId: 10,
  typology: 'RESIDENTIAL',
  destination: 'INCOME',
  percOwned: 0.5,
  income: 12000,
  maintenanceCost: 2400,
  evaluations: [
    { date: '2024-01-01', value: 300000 },
    { date: '2023-01-01', value: 280000 },
  ],
  mortgage,
  soldDate: null,
  weight: 1,
};
const land: PropertyFigures = {
  id: 2,
  clientId: 11,
  typology: 'LAND',
  destination: 'AVAILABLE',
  percOwned: 1,
  income: null,
  maintenanceCost: 1200,
  evaluations: [{ date: '2022-06-30', value: 50000 }],
  mortgage: null,
  soldDate: null,
  weight: 0.5,
};
const soldShop: PropertyFigures = {
  ...land,
  id: 3,
  typology: 'COMMERCIAL',
  destination: 'INCOME',
  income: 6000,
  evaluations: [{ date: '2021-01-01', value: 90000 }],
  soldDate: '2024-02-01',
  weight: 1,
};
const all = [flat, land, soldShop];

describe('the dashboard stat', () => {
  test('worked example on 2024-04-15', () => {
    // totalValue = 300,000 x 0.5 + 50,000 x 1 x 0.5 = 175,000 (the shop is sold, the flat's latest evaluation counts)
    // linkedDebt = 99,390.04 x 0.5 = 49,695.02
    // monthlyIncome = 12,000 / 12 x 0.5 = 500; monthlyMaintenance = 2,400 / 12 x 0.5 + 1,200 / 12 x 0.5 = 150
    // monthlyDebt = 554.60 x 12 / 12 x 0.5 = 277.30
    expect(stats(all, '2024-04-15')).toEqual({
      totalValue: 175000,
      linkedDebt: 49695.02,
      monthlyIncome: 500,
      monthlyMaintenance: 150,
      monthlyDebt: 277.3,
    });
  });

  test('by destination and typology, every group listed in order', () => {
    expect(statsBy(all, '2024-04-15', ['AVAILABLE', 'INCOME', 'FIRST_HOUSE'], (p) => p.destination)).toEqual([
      { name: 'AVAILABLE', totalValue: 25000, linkedDebt: 0, monthlyIncome: 0, monthlyMaintenance: 50, monthlyDebt: 0 },
      {
        name: 'INCOME',
        totalValue: 150000,
        linkedDebt: 49695.02,
        monthlyIncome: 500,
        monthlyMaintenance: 100,
        monthlyDebt: 277.3,
      },
      { name: 'FIRST_HOUSE', totalValue: 0, linkedDebt: 0, monthlyIncome: 0, monthlyMaintenance: 0, monthlyDebt: 0 },
    ]);
    // 150,000 / 175,000 = 85.71%; 25,000 / 175,000 = 14.29%.
    expect(valueBy(all, ['RESIDENTIAL', 'COMMERCIAL', 'LAND'], (p) => p.typology)).toEqual([
      { name: 'RESIDENTIAL', value: 150000, percentage: 85.71 },
      { name: 'COMMERCIAL', value: 0, percentage: 0 },
      { name: 'LAND', value: 25000, percentage: 14.29 },
    ]);
  });
});

describe("the overview's yearly flow: the installments due in the last 12 months", () => {
  // A house owned whole, no income or costs, with a YEARLY CONST mortgage of 10,000 at 5% over 3 years from
  // 2024-03-15: A = 500 / (1 - 1.05^-3) = 3,672.09, due 2025-03-15, 2026-03-15 and 2027-03-15 (engine mortgage.test.ts).
  // Its monthly equivalent is 3,672.09 / 12 = 306.01: 12 x that counted a debt flow of 3,672.09 from the first day.
  const yearly: PropertyFigures = {
    ...flat,
    percOwned: 1,
    income: null,
    maintenanceCost: null,
    mortgage: {
      ...mortgage,
      amount: 10000,
      initDate: '2024-03-15',
      rataType: 'YEARLY',
      totalRata: 3,
      interestRate: 5,
    },
  };

  test("the projection's yearly flows: the installments of each year ahead, plus income less costs", () => {
    // From 2024-06-30: year 1 (2024-06-30, 2025-06-30] holds the first installment, year 2 the second, year 3 the
    // third (2027-03-15), year 4 none. With 1,200 of rent and 200 of costs a year, half owned: 500 a year besides.
    expect(projectedYearlyFlows([yearly], '2024-06-30', 4)).toEqual([-3672.09, -3672.09, -3672.09, 0]);
    const rented = { ...yearly, percOwned: 0.5, income: 1200, maintenanceCost: 200 };
    expect(projectedYearlyFlows([rented], '2024-06-30', 4)).toEqual([-1336.05, -1336.05, -1336.05, 500]);
    expect(projectedYearlyFlows([{ ...rented, soldDate: '2024-01-01' }], '2024-06-30', 2)).toEqual([0, 0]);
  });

  test('before the first installment is due: no debt flow', () => {
    expect(yearlyFlow([yearly], '2024-06-30')).toBe(0);
    expect(yearlyFlow([yearly], '2025-03-14')).toBe(0);
  });

  test('after some installments: their sum, as they fall due', () => {
    // (2024-03-15, 2025-03-15]: the first, 3,672.09. (2025-06-30, 2026-06-30]: the second. After the last, nothing.
    expect(yearlyFlow([yearly], '2025-03-15')).toBe(-3672.09);
    expect(yearlyFlow([yearly], '2026-06-30')).toBe(-3672.09);
    expect(yearlyFlow([yearly], '2027-03-16')).toBe(-3672.09);
    expect(yearlyFlow([yearly], '2028-03-15')).toBe(0);
    // A quarterly VAR mortgage of 12,000 at 4% from 2024-01-31 (3,120, 3,090, 3,060, 3,030 due 2024-04-30, 07-31,
    // 10-31, 2025-01-31), half owned: on 2024-10-31 three are due, (3,120 + 3,090 + 3,060) x 0.5 = 4,635.
    const quarterly: PropertyFigures = {
      ...yearly,
      percOwned: 0.5,
      mortgage: {
        ...mortgage,
        amount: 12000,
        initDate: '2024-01-31',
        rataType: 'QUARTERLY',
        totalRata: 4,
        interestRate: 4,
        amortization: 'VAR',
      },
    };
    expect(yearlyFlow([quarterly], '2024-10-30')).toBe(-3105);
    expect(yearlyFlow([quarterly], '2024-10-31')).toBe(-4635);
  });

  test('with income and costs, weighted, the sold shop left out', () => {
    // On 2024-04-15 the flat's monthly mortgage (554.60 from 2024-02-29) has 2 installments due in (2023-04-15,
    // 2024-04-15]: (12,000 - 2,400 - 2 x 554.60) x 0.5 = 4,245.40; the land -1,200 x 0.5 = -600. Total 3,645.40 (12 x
    // the monthly figures, 12 x (500 - 150 - 277.30) = 872.40, counted ten installments never due).
    expect(yearlyFlow(all, '2024-04-15')).toBe(3645.4);
  });
});

describe('value at a date and over time', () => {
  test('the latest evaluation on or before the date; 0 before the first and from the sale', () => {
    expect(valueAt(flat, '2022-12-31')).toBe(0);
    expect(valueAt(flat, '2023-06-30')).toBe(280000);
    expect(valueAt(soldShop, '2024-01-31')).toBe(90000);
    expect(valueAt(soldShop, '2024-02-01')).toBe(0);
  });

  test('day by day, weighted: evaluations carried forward, the sold shop gone from its sale date', () => {
    // flat 280,000 x 0.5 then 300,000 x 0.5 from 2024-01-01; land 50,000 x 0.5; shop 90,000 until 2024-01-31.
    expect(valueSeries(all, '2023-12-31', '2024-01-01')).toEqual([
      { date: '2023-12-31', value: 140000 + 25000 + 90000 },
      { date: '2024-01-01', value: 150000 + 25000 + 90000 },
    ]);
    expect(valueSeries(all, '2024-01-31', '2024-02-01').map((p) => p.value)).toEqual([265000, 175000]);
    expect(valueOn(all, '2024-02-01')).toBe(175000);
    expect(valueSeries(all, '2024-02-02', '2024-02-01')).toEqual([]);
  });
});
