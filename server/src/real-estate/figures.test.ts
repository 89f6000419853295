// The real-estate figures with a worked example: a half-owned flat with the engine's reference mortgage, a plot of land
// of a family member weighted 0.5, and a sold shop that no longer counts.
import type { Mortgage } from '@patrimonio/engine';
import { describe, expect, test } from 'vitest';
import { type PropertyFigures, stats, statsBy, valueAt, valueBy, valueOn, valueSeries } from './figures.ts';

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
