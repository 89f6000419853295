import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  dueDate,
  effectiveAnnualRate,
  installmentsDue,
  installmentsInYear,
  type Mortgage,
  monthlyInstallment,
  mortgageSchedule,
  PAYMENTS_PER_YEAR,
  type RataType,
  residualDebt,
} from './mortgage.ts';

const base: Mortgage = {
  amount: 100_000,
  initDate: '2024-01-31',
  rataType: 'MONTHLY',
  totalRata: 240,
  interestRateType: 'FIX',
  amortization: 'CONST',
  interestRate: 3,
};

describe('mortgageSchedule, CONST (French)', () => {
  test('worked example: 100,000 at 3%, 240 monthly installments', () => {
    // i = 0.03 / 12 = 0.0025; installment = 100,000 x 0.0025 / (1 - 1.0025^-240) = 250 / 0.4507771 = 554.60.
    // Row 1: interest 100,000 x 0.0025 = 250.00, principal 304.60, residual 99,695.40.
    // Row 2: interest 99,695.40 x 0.0025 = 249.2385 -> 249.24, principal 305.36, residual 99,390.04.
    // Due dates from 2024-01-31: 2024-02-29 (clamped), 2024-03-31, 2024-04-30 (clamped).
    const rows = mortgageSchedule(base);
    expect(rows).toHaveLength(240);
    expect(rows.slice(0, 3)).toEqual([
      { number: 1, dueDate: '2024-02-29', installment: 554.6, interest: 250, principal: 304.6, residual: 99695.4 },
      { number: 2, dueDate: '2024-03-31', installment: 554.6, interest: 249.24, principal: 305.36, residual: 99390.04 },
      { number: 3, dueDate: '2024-04-30', installment: 554.6, interest: 248.48, principal: 306.12, residual: 99083.92 },
    ]);
    // The last row repays what is left, A / 1.0025 = 553.2146 -> 553.21, with 554.60 - 553.21 = 1.39 of interest.
    expect(rows[239]).toEqual({
      number: 240,
      dueDate: '2044-01-31',
      installment: 554.6,
      interest: 1.39,
      principal: 553.21,
      residual: 0,
    });
    // Every installment is the same 554.60.
    expect(new Set(rows.map((r) => r.installment))).toEqual(new Set([554.6]));
  });

  test('two yearly installments, by hand', () => {
    // i = 0.03; installment = 3,000 / (1 - 1.03^-2) = 3,000 / 0.0574041 = 52,261.08.
    // Row 1: interest 3,000.00, principal 49,261.08, residual 50,738.92.
    // Row 2: principal 50,738.92 (the rest), installment 52,261.08, so interest 1,522.16 (50,738.92 x 0.03 =
    // 1,522.1676: the cent of rounding goes to the interest, keeping the installment level).
    const rows = mortgageSchedule({ ...base, rataType: 'YEARLY', totalRata: 2 });
    expect(rows).toEqual([
      {
        number: 1,
        dueDate: '2025-01-31',
        installment: 52261.08,
        interest: 3000,
        principal: 49261.08,
        residual: 50738.92,
      },
      { number: 2, dueDate: '2026-01-31', installment: 52261.08, interest: 1522.16, principal: 50738.92, residual: 0 },
    ]);
  });

  test('a zero rate repays amount / n, as the rounded residual falls', () => {
    // Residuals 666.666..., 333.333..., 0 shown as 666.67, 333.33, 0: principal 333.33, 333.34, 333.33.
    const rows = mortgageSchedule({ ...base, amount: 1000, totalRata: 3, interestRate: 0 });
    expect(rows.map((r) => [r.installment, r.interest, r.residual])).toEqual([
      [333.33, 0, 666.67],
      [333.34, 0, 333.33],
      [333.33, 0, 0],
    ]);
  });
});

describe('mortgageSchedule, VAR (constant principal)', () => {
  test('worked example: 100,000 at 3%, 4 half-yearly installments', () => {
    // i = 0.03 / 2 = 0.015; principal 25,000 each; interest 1,500, 1,125, 750, 375 on 100k, 75k, 50k, 25k.
    const rows = mortgageSchedule({ ...base, amortization: 'VAR', rataType: 'HALF_YEARLY', totalRata: 4 });
    expect(rows).toEqual([
      { number: 1, dueDate: '2024-07-31', installment: 26500, interest: 1500, principal: 25000, residual: 75000 },
      { number: 2, dueDate: '2025-01-31', installment: 26125, interest: 1125, principal: 25000, residual: 50000 },
      { number: 3, dueDate: '2025-07-31', installment: 25750, interest: 750, principal: 25000, residual: 25000 },
      { number: 4, dueDate: '2026-01-31', installment: 25375, interest: 375, principal: 25000, residual: 0 },
    ]);
  });
});

describe('rates', () => {
  test('worked example: variable rates are index + spread, minus 0.4 points in simulations; FIX is untouched', () => {
    const eu3m: Mortgage = { ...base, interestRateType: 'EU3M', interestRate: 3.5, indexRate: 2.1, spread: 1.2 };
    expect(effectiveAnnualRate(eu3m)).toBeCloseTo(3.3, 12);
    expect(effectiveAnnualRate(eu3m, { simulation: true })).toBeCloseTo(2.9, 12);
    // Without an index the stored interestRate is the variable all-in rate.
    expect(effectiveAnnualRate({ ...eu3m, indexRate: null }, { simulation: true })).toBeCloseTo(3.1, 12);
    expect(effectiveAnnualRate({ ...base, interestRate: 3.5 }, { simulation: true })).toBe(3.5);
    // Never below zero.
    expect(effectiveAnnualRate({ ...eu3m, indexRate: -0.5, spread: 0.2 }, { simulation: true })).toBe(0);
  });

  test('the simulated installment of a variable mortgage uses the lowered rate', () => {
    // 2.9%: i = 0.0024167; installment = 241.67 / (1 - 1.0024167^-240) = 549.60. At 3.3%: 569.74.
    const eu6m: Mortgage = { ...base, interestRateType: 'EU6M', indexRate: 2.1, spread: 1.2 };
    expect(mortgageSchedule(eu6m)[0]!.installment).toBe(569.74);
    expect(mortgageSchedule(eu6m, { simulation: true })[0]!.installment).toBe(549.6);
  });
});

describe('due dates', () => {
  test('initDate + k periods in months, clamped to the month end', () => {
    const m = (rataType: RataType): Mortgage => ({ ...base, rataType, initDate: '2023-08-31' });
    expect(dueDate(m('MONTHLY'), 6)).toBe('2024-02-29');
    expect(dueDate(m('QUARTERLY'), 1)).toBe('2023-11-30');
    expect(dueDate(m('FOUR_MONTH'), 1)).toBe('2023-12-31');
    expect(dueDate(m('HALF_YEARLY'), 1)).toBe('2024-02-29');
    expect(dueDate(m('YEARLY'), 1)).toBe('2024-08-31');
    // Not carried from the previous clamped date: the 7th monthly payment is on the 31st again.
    expect(dueDate(m('MONTHLY'), 7)).toBe('2024-03-31');
    expect(PAYMENTS_PER_YEAR).toEqual({ MONTHLY: 12, QUARTERLY: 4, FOUR_MONTH: 3, HALF_YEARLY: 2, YEARLY: 1 });
  });
});

describe('residualDebt', () => {
  test('worked example: payments due on or before the date count', () => {
    expect(residualDebt(base, '2023-12-01')).toBe(100000);
    expect(residualDebt(base, '2024-02-28')).toBe(100000);
    expect(residualDebt(base, '2024-02-29')).toBe(99695.4);
    expect(residualDebt(base, '2024-04-15')).toBe(99390.04);
    expect(residualDebt(base, '2044-01-31')).toBe(0);
    expect(residualDebt(base, '2050-01-01')).toBe(0);
  });
});

describe('installmentsInYear and monthlyInstallment', () => {
  test('worked example: 11 installments in the first year, 12 in the next, 1 in the last', () => {
    // 2024: February to December, 11 x 554.60 = 6,100.60. 2025: 12 x 554.60 = 6,655.20. 2044: January, the last.
    expect(installmentsInYear(base, 2024)).toMatchObject({ year: 2024, count: 11, installments: 6100.6 });
    expect(installmentsInYear(base, 2025)).toMatchObject({ count: 12, installments: 6655.2 });
    const last = installmentsInYear(base, 2044);
    expect(last).toEqual({ year: 2044, count: 1, installments: 554.6, interest: 1.39, principal: 553.21 });
    expect(installmentsInYear(base, 2045).count).toBe(0);
  });

  test('worked example: a quarterly installment as a monthly cost', () => {
    // 50,000 at 4%, 40 quarterly: i = 0.01, installment = 500 / (1 - 1.01^-40) = 1,522.78; x 4 / 12 = 507.59.
    const quarterly: Mortgage = { ...base, amount: 50_000, interestRate: 4, rataType: 'QUARTERLY', totalRata: 40 };
    expect(monthlyInstallment(quarterly, '2024-06-30')).toBe(507.59);
    // The monthly mortgage costs its installment; after the last payment nothing.
    expect(monthlyInstallment(base, '2030-05-15')).toBe(554.6);
    expect(monthlyInstallment(base, '2044-01-31')).toBe(0);
  });

  test('a VAR mortgage costs its next installment: after the first half-year, the second one', () => {
    // The 4 half-yearly installments above: on 2024-08-01 the next is 26,125 -> 26,125 x 2 / 12 = 4,354.17.
    const m: Mortgage = { ...base, amortization: 'VAR', rataType: 'HALF_YEARLY', totalRata: 4 };
    expect(monthlyInstallment(m, '2024-08-01')).toBe(4354.17);
  });
});

describe('worked examples: yearly, quarterly and four-monthly payments', () => {
  const fix = { interestRateType: 'FIX', interestRate: 5 } as const;
  /** 10,000 at 5% (CONST), YEARLY, 3 installments from 2024-03-15. */
  const yearly: Mortgage = {
    ...fix,
    amount: 10_000,
    initDate: '2024-03-15',
    rataType: 'YEARLY',
    totalRata: 3,
    amortization: 'CONST',
  };

  test('yearly CONST: 3 installments of 3,672.09', () => {
    // i = 5% / 1 = 0.05; A = 10,000 x 0.05 / (1 - 1.05^-3) = 500 / 0.1361624 = 3,672.0856 -> 3,672.09.
    // Row 1 (2025-03-15): residual 10,000 x 1.05 - 3,672.0856 = 6,827.9144 -> 6,827.91; principal 10,000 - 6,827.91
    //   = 3,172.09; interest 3,672.09 - 3,172.09 = 500.00 (= 10,000 x 0.05).
    // Row 2 (2026-03-15): residual 6,827.9144 x 1.05 - 3,672.0856 = 3,497.2245 -> 3,497.22; principal 3,330.69;
    //   interest 341.40 (6,827.9144 x 0.05 = 341.3957).
    // Row 3 (2027-03-15): residual 0; principal 3,497.22; interest 3,672.09 - 3,497.22 = 174.87 (3,497.2245 x 0.05 =
    //   174.8612: the cent of rounding goes to the interest, the principal adds up to 10,000 exactly).
    expect(mortgageSchedule(yearly)).toEqual([
      { number: 1, dueDate: '2025-03-15', installment: 3672.09, interest: 500, principal: 3172.09, residual: 6827.91 },
      {
        number: 2,
        dueDate: '2026-03-15',
        installment: 3672.09,
        interest: 341.4,
        principal: 3330.69,
        residual: 3497.22,
      },
      { number: 3, dueDate: '2027-03-15', installment: 3672.09, interest: 174.87, principal: 3497.22, residual: 0 },
    ]);
  });

  test('yearly VAR: principal 7,500 a year, not a monthly 625', () => {
    // 30,000 at 4%, YEARLY, 4 installments from 2024-06-30: principal 30,000 / 4 = 7,500 each; interest 4% of the
    // residual before the payment: 1,200, 900, 600, 300; installment 8,700, 8,400, 8,100, 7,800.
    const m: Mortgage = { ...yearly, amount: 30_000, interestRate: 4, initDate: '2024-06-30', totalRata: 4 };
    expect(mortgageSchedule({ ...m, amortization: 'VAR' })).toEqual([
      { number: 1, dueDate: '2025-06-30', installment: 8700, interest: 1200, principal: 7500, residual: 22500 },
      { number: 2, dueDate: '2026-06-30', installment: 8400, interest: 900, principal: 7500, residual: 15000 },
      { number: 3, dueDate: '2027-06-30', installment: 8100, interest: 600, principal: 7500, residual: 7500 },
      { number: 4, dueDate: '2028-06-30', installment: 7800, interest: 300, principal: 7500, residual: 0 },
    ]);
  });

  test('quarterly VAR: 12,000 at 4% over 4 quarters', () => {
    // i = 4% / 4 = 0.01; principal 12,000 / 4 = 3,000; interest 1% of 12,000, 9,000, 6,000, 3,000. Due dates from
    // 2024-01-31: 2024-04-30 (clamped), 2024-07-31, 2024-10-31, 2025-01-31.
    const m: Mortgage = {
      ...fix,
      interestRate: 4,
      amount: 12_000,
      initDate: '2024-01-31',
      rataType: 'QUARTERLY',
      totalRata: 4,
      amortization: 'VAR',
    };
    expect(mortgageSchedule(m)).toEqual([
      { number: 1, dueDate: '2024-04-30', installment: 3120, interest: 120, principal: 3000, residual: 9000 },
      { number: 2, dueDate: '2024-07-31', installment: 3090, interest: 90, principal: 3000, residual: 6000 },
      { number: 3, dueDate: '2024-10-31', installment: 3060, interest: 60, principal: 3000, residual: 3000 },
      { number: 4, dueDate: '2025-01-31', installment: 3030, interest: 30, principal: 3000, residual: 0 },
    ]);
    // Residual debt counts the payments due on or before the date.
    expect(residualDebt(m, '2024-04-29')).toBe(12000);
    expect(residualDebt(m, '2024-04-30')).toBe(9000);
    expect(residualDebt(m, '2024-12-31')).toBe(3000);
  });

  test('four-monthly CONST and VAR: 9,000 at 6% over 3 installments from 2024-10-31', () => {
    // i = 6% / 3 = 0.02; due dates every 4 months from 2024-10-31: 2025-02-28 (clamped), 2025-06-30 (clamped),
    // 2025-10-31. CONST: A = 9,000 x 0.02 / (1 - 1.02^-3) = 180 / 0.0576778 = 3,120.7921 -> 3,120.79.
    // Row 1: residual 9,000 x 1.02 - 3,120.7921 = 6,059.2079 -> 6,059.21; principal 2,940.79; interest 180.00.
    // Row 2: residual 6,059.2079 x 1.02 - 3,120.7921 = 3,059.6001 -> 3,059.60; principal 2,999.61; interest 121.18.
    // Row 3: residual 0; principal 3,059.60; interest 61.19 (3,059.6001 x 0.02 = 61.192).
    const m: Mortgage = {
      ...fix,
      interestRate: 6,
      amount: 9000,
      initDate: '2024-10-31',
      rataType: 'FOUR_MONTH',
      totalRata: 3,
      amortization: 'CONST',
    };
    expect(mortgageSchedule(m)).toEqual([
      { number: 1, dueDate: '2025-02-28', installment: 3120.79, interest: 180, principal: 2940.79, residual: 6059.21 },
      {
        number: 2,
        dueDate: '2025-06-30',
        installment: 3120.79,
        interest: 121.18,
        principal: 2999.61,
        residual: 3059.6,
      },
      { number: 3, dueDate: '2025-10-31', installment: 3120.79, interest: 61.19, principal: 3059.6, residual: 0 },
    ]);
    // VAR: principal 3,000; interest 2% of 9,000, 6,000, 3,000 = 180, 120, 60.
    expect(mortgageSchedule({ ...m, amortization: 'VAR' })).toEqual([
      { number: 1, dueDate: '2025-02-28', installment: 3180, interest: 180, principal: 3000, residual: 6000 },
      { number: 2, dueDate: '2025-06-30', installment: 3120, interest: 120, principal: 3000, residual: 3000 },
      { number: 3, dueDate: '2025-10-31', installment: 3060, interest: 60, principal: 3000, residual: 0 },
    ]);
  });

  test('installmentsDue: the payments of a window (start, end], not 12 monthly equivalents', () => {
    // Before the first installment (due 2025-03-15) nothing is due in the 12 months to 2025-03-14.
    expect(installmentsDue(yearly, '2024-03-14', '2025-03-14')).toEqual({
      count: 0,
      installments: 0,
      interest: 0,
      principal: 0,
    });
    // The 12 months to 2025-03-15 hold the first: 3,672.09 (not 12 x 3,672.09 / 12 counted before it was due).
    expect(installmentsDue(yearly, '2024-03-15', '2025-03-15')).toEqual({
      count: 1,
      installments: 3672.09,
      interest: 500,
      principal: 3172.09,
    });
    // (2025-03-15, 2027-03-15]: rows 2 and 3, 2 x 3,672.09 = 7,344.18; interest 341.40 + 174.87 = 516.27.
    expect(installmentsDue(yearly, '2025-03-15', '2027-03-15')).toEqual({
      count: 2,
      installments: 7344.18,
      interest: 516.27,
      principal: 6827.91,
    });
    expect(installmentsDue(yearly, '2027-03-15', '2030-01-01').count).toBe(0);
  });
});

describe('bad input', () => {
  test('throws a RangeError', () => {
    expect(() => mortgageSchedule({ ...base, amount: 0 })).toThrow(RangeError);
    expect(() => mortgageSchedule({ ...base, totalRata: 2.5 })).toThrow(RangeError);
    expect(() => mortgageSchedule({ ...base, rataType: 'WEEKLY' as RataType })).toThrow(RangeError);
    expect(() => mortgageSchedule({ ...base, interestRate: Number.NaN })).toThrow(RangeError);
  });
});

describe('properties', () => {
  const mortgageArb = fc.record({
    amount: fc.integer({ min: 1_000_00, max: 2_000_000_00 }).map((cents) => cents / 100),
    initDate: fc.constantFrom('2020-01-31', '2022-02-28', '2023-06-15', '2024-02-29'),
    rataType: fc.constantFrom<RataType>('MONTHLY', 'QUARTERLY', 'FOUR_MONTH', 'HALF_YEARLY', 'YEARLY'),
    totalRata: fc.integer({ min: 1, max: 480 }),
    interestRateType: fc.constantFrom<Mortgage['interestRateType']>('FIX', 'EU3M'),
    amortization: fc.constantFrom<Mortgage['amortization']>('CONST', 'VAR'),
    interestRate: fc.double({ min: 0, max: 15, noNaN: true }),
  });

  test('the principal sums to the amount; the residual never rises and ends at 0; installment = interest + principal', () => {
    fc.assert(
      fc.property(mortgageArb, fc.boolean(), (m, simulation) => {
        const rows = mortgageSchedule(m, { simulation });
        expect(rows).toHaveLength(m.totalRata);
        const principal = rows.reduce((s, r) => s + r.principal, 0);
        expect(Math.abs(principal - m.amount)).toBeLessThan(1e-6);
        let previous = m.amount;
        for (const row of rows) {
          expect(row.principal).toBeGreaterThanOrEqual(0);
          expect(row.interest).toBeGreaterThanOrEqual(0);
          expect(row.residual).toBeLessThanOrEqual(previous);
          expect(row.installment).toBeCloseTo(row.interest + row.principal, 6);
          previous = row.residual;
        }
        expect(rows[rows.length - 1]!.residual).toBe(0);
        // Due dates strictly increase.
        for (let k = 1; k < rows.length; k++) expect(rows[k]!.dueDate > rows[k - 1]!.dueDate).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  test('CONST installments are level; VAR principal is level to the cent', () => {
    fc.assert(
      fc.property(mortgageArb, (m) => {
        const rows = mortgageSchedule(m);
        if (m.amortization === 'CONST') {
          // At a (near) zero rate a row may carry no interest and pay only its principal.
          for (const row of rows) if (row.interest > 0) expect(row.installment).toBe(rows[0]!.installment);
        } else {
          for (const row of rows)
            expect(Math.abs(row.principal - m.amount / m.totalRata)).toBeLessThanOrEqual(0.0100001);
        }
      }),
      { numRuns: 200 },
    );
  });
});
