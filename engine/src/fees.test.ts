import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { amountInEur, feePercentOfGm, feeReport, feeTotalRow, lastFullQuarters, quarterStart } from './fees.ts';
import { type Account, FEE_SUBCAUSES, type Movement } from './types.ts';

const account = (id: number, name = `Account ${id}`): Account => ({
  id,
  name,
  accountType: 'CONTO_CORRENTE',
  currency: 'EUR',
  intermediaryId: 10 + id,
  intermediaryName: `Banca ${id}`,
  ownerId: 100,
  ownerName: 'Mario Rossi',
});

let nextId = 1;
const fee = (
  accountId: number,
  date: string,
  amount: number,
  subcause: Movement['subcause'],
  currency = 'EUR',
  cause: Movement['cause'] = 'FEE',
): Movement => ({ id: nextId++, accountId, date, cause, subcause, currency, amount });

// USD 1.08 per euro on every date.
const rate = (currency: string) => {
  if (currency === 'USD') return 1.08;
  throw new Error(`unexpected ${currency}`);
};

const values = (r: { quarters: { value: number }[] }) => r.quarters.map((q) => q.value);

describe('lastFullQuarters', () => {
  test('the four quarters that ended on or before the end date, oldest first', () => {
    // 2024-11-22 is in Q4 2024, which ends on 2024-12-31: the last full quarter is Q3 2024.
    expect(lastFullQuarters('2024-11-22')).toEqual([
      { year: 2023, quarter: 4 },
      { year: 2024, quarter: 1 },
      { year: 2024, quarter: 2 },
      { year: 2024, quarter: 3 },
    ]);
    // A quarter-end date completes its own quarter.
    expect(lastFullQuarters('2024-12-31', 2)).toEqual([
      { year: 2024, quarter: 3 },
      { year: 2024, quarter: 4 },
    ]);
    expect(lastFullQuarters('2024-01-01', 1)).toEqual([{ year: 2023, quarter: 4 }]);
    expect(quarterStart({ year: 2024, quarter: 4 })).toBe('2024-10-01');
  });
});

describe('feeReport', () => {
  const movements: Movement[] = [
    fee(1, '2024-03-31', 7.5, 'CONTO_CORRENTE'),
    fee(1, '2024-03-31', 12, 'DEPOSITO_TITOLI'),
    // 10.80 USD / 1.08 USD per EUR = 10.00 EUR
    fee(1, '2024-02-10', 10.8, 'NEGOZIAZIONE', 'USD'),
    fee(1, '2024-06-30', 7.5, 'CONTO_CORRENTE'),
    fee(1, '2024-06-30', 2.5, null),
    // Not fees, another account, outside the quarters, after the end date: all left out of account 1.
    fee(1, '2024-06-30', 99, null, 'EUR', 'TAX'),
    fee(2, '2024-05-15', 3, 'GESTIONE'),
    fee(1, '2023-12-31', 50, 'GESTIONE'),
    fee(1, '2024-07-01', 40, 'CONSULENZA'),
    fee(9, '2024-05-15', 70, 'CONSULENZA'),
  ];
  const report = feeReport({
    accounts: [account(1), account(2)],
    movements,
    endDate: '2024-06-30',
    quarters: [
      { year: 2024, quarter: 1 },
      { year: 2024, quarter: 2 },
    ],
    gm: new Map([[1, 10_000]]),
    rate,
  });

  test('worked example: six subcauses in order, every quarter, zeros included', () => {
    const a1 = report.accountComposition[0]!;
    expect(a1).toMatchObject({
      accountId: 1,
      intermediaryId: 11,
      intermediary: 'Banca 1',
      user: 'Mario Rossi',
      gm: 10_000,
    });
    expect(a1.subcauses.map((s) => s.subcauseName)).toEqual([...FEE_SUBCAUSES]);
    expect(a1.subcauses.map(values)).toEqual([
      [7.5, 7.5], // CONTO_CORRENTE
      [12, 0], // DEPOSITO_TITOLI
      [10, 0], // NEGOZIAZIONE: 10.80 USD / 1.08
      [0, 0], // GESTIONE: the 2023-12-31 fee is in Q4 2023
      [0, 0], // CONSULENZA: the 2024-07-01 fee is in Q3
      [0, 2.5], // Altro: the null subcause
    ]);
    expect(a1.subcauses[0]!.quarters[1]).toEqual({ quarter: 2, year: 2024, value: 7.5 });
  });

  test('an account with no gm given and a single fee still lists all six rows', () => {
    const a2 = report.accountComposition[1]!;
    expect(a2.gm).toBe(0);
    expect(a2.subcauses).toHaveLength(6);
    expect(a2.subcauses.map(values)).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 3],
      [0, 0],
      [0, 0],
    ]);
    expect(feePercentOfGm(a2)).toBeNull();
  });

  test('total row: 7.50 + 12 + 10 = 29.50 in Q1, 7.50 + 2.50 = 10.00 in Q2; whole report adds account 2', () => {
    expect(feeTotalRow(report.accountComposition[0]!.subcauses)).toEqual([
      { quarter: 1, year: 2024, value: 29.5 },
      { quarter: 2, year: 2024, value: 10 },
    ]);
    expect(values({ quarters: feeTotalRow(report.accountComposition.flatMap((a) => a.subcauses)) })).toEqual([
      29.5, 13,
    ]);
    expect(feeTotalRow([])).toEqual([]);
  });

  test('fee as an annualised fraction of gm: 39.50 / 10,000 x 365 / 182', () => {
    // Q1 2024: 31 + 29 + 31 = 91 days; Q2: 30 + 31 + 30 = 91 days.
    expect(feePercentOfGm(report.accountComposition[0]!)).toBeCloseTo((39.5 / 10_000) * (365 / 182), 12);
    // Up to 2024-05-31 Q2 counts 30 + 31 = 61 days: 39.50 / 10,000 x 365 / 152.
    expect(feePercentOfGm(report.accountComposition[0]!, '2024-05-31')).toBeCloseTo((39.5 / 10_000) * (365 / 152), 12);
  });

  test('default quarters: the last four full ones; a quarter running past the end date counts to date', () => {
    const r = feeReport({
      accounts: [account(1)],
      movements: [
        fee(1, '2023-10-01', 1, 'GESTIONE'),
        fee(1, '2024-09-30', 2, 'GESTIONE'),
        fee(1, '2024-10-01', 4, 'GESTIONE'),
      ],
      endDate: '2024-11-22',
      rate,
    });
    const gestione = r.accountComposition[0]!.subcauses[3]!;
    expect(gestione.quarters.map((q) => `${q.year}Q${q.quarter}`)).toEqual(['2023Q4', '2024Q1', '2024Q2', '2024Q3']);
    expect(values(gestione)).toEqual([1, 0, 0, 2]);
    const partial = feeReport({
      accounts: [account(1)],
      movements: [fee(1, '2024-10-01', 4, 'GESTIONE'), fee(1, '2024-11-23', 8, 'GESTIONE')],
      endDate: '2024-11-22',
      quarters: [{ year: 2024, quarter: 4 }],
      rate,
    });
    // 2024-11-23 is after the end date.
    expect(values(partial.accountComposition[0]!.subcauses[3]!)).toEqual([4]);
  });

  test('EUR conversion: amount / rate, EUR untouched, a missing rate throws', () => {
    expect(amountInEur(108, 'USD', '2024-01-02', rate)).toBeCloseTo(100, 12);
    expect(amountInEur(5, 'EUR', '2024-01-02', rate)).toBe(5);
    expect(() => amountInEur(5, 'GBP', '2024-01-02', () => Number.NaN)).toThrow(/no FX rate/);
  });

  test('property: the quarters of all subcauses and accounts sum to the FEE rows dated in the quarters', () => {
    const quarterArb = fc.record({ year: fc.integer({ min: 2020, max: 2025 }), quarter: fc.constantFrom(1, 2, 3, 4) });
    const dateArb = fc
      .integer({ min: 0, max: 6 * 366 })
      .map((n) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const movementArb = fc.record({
      accountId: fc.integer({ min: 1, max: 3 }),
      date: dateArb,
      cause: fc.constantFrom<Movement['cause']>('FEE', 'FEE', 'FEE', 'TAX', 'DEPOSIT'),
      subcause: fc.constantFrom<Movement['subcause']>(
        null,
        'CONTO_CORRENTE',
        'DEPOSITO_TITOLI',
        'NEGOZIAZIONE',
        'GESTIONE',
        'CONSULENZA',
      ),
      cents: fc.integer({ min: 1, max: 1_000_000 }),
      currency: fc.constantFrom('EUR', 'USD'),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(quarterArb, { minLength: 1, maxLength: 6, selector: (q) => `${q.year}-${q.quarter}` }),
        fc.array(movementArb, { maxLength: 60 }),
        (qs, ms) => {
          const quarters = qs as { year: number; quarter: 1 | 2 | 3 | 4 }[];
          const movements: Movement[] = ms.map((m, i) => ({
            id: i,
            accountId: m.accountId,
            date: m.date,
            cause: m.cause,
            subcause: m.subcause,
            currency: m.currency,
            amount: m.cents / 100,
          }));
          const r = feeReport({ accounts: [account(1), account(2)], movements, endDate: '2030-12-31', quarters, rate });
          const reported = feeTotalRow(r.accountComposition.flatMap((a) => a.subcauses)).reduce(
            (s, q) => s + q.value,
            0,
          );
          // Independent count: a FEE on account 1 or 2 whose date's year and quarter are among the requested ones.
          const inRange = movements.filter((m) => {
            const q = Math.floor((Number(m.date.slice(5, 7)) - 1) / 3) + 1;
            return (
              m.cause === 'FEE' &&
              m.accountId <= 2 &&
              quarters.some((x) => x.year === Number(m.date.slice(0, 4)) && x.quarter === q)
            );
          });
          const expected = inRange.reduce((s, m) => s + (m.currency === 'USD' ? m.amount / 1.08 : m.amount), 0);
          // Each of the 2 x 6 x quarters cells is rounded to cents: at most half a cent each.
          expect(Math.abs(reported - expected)).toBeLessThanOrEqual(12 * quarters.length * 0.005 + 1e-6);
          // EUR only: every cell is a whole number of cents, so the sums agree to the cent.
          const eurOnly = movements.map((m) => ({ ...m, currency: 'EUR' }));
          const r2 = feeReport({
            accounts: [account(1), account(2)],
            movements: eurOnly,
            endDate: '2030-12-31',
            quarters,
            rate,
          });
          const reported2 = feeTotalRow(r2.accountComposition.flatMap((a) => a.subcauses)).reduce(
            (s, q) => s + q.value,
            0,
          );
          const expected2 = inRange.reduce((s, m) => s + m.amount, 0);
          expect(Math.round(reported2 * 100)).toBe(Math.round(expected2 * 100));
        },
      ),
      { numRuns: 300 },
    );
  });
});
