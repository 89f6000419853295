import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, addMonthsClamped } from './calendar.ts';
import { bondCashFlows, CEDOLE_HORIZON_YEARS, cedoleReport, couponDates, projectCedole } from './cedole.ts';
import type { Instrument, Movement } from './types.ts';

const bond = (over: Partial<Instrument> = {}): Instrument => ({
  id: 1,
  isin: 'IT0000000001',
  name: 'BTP 3% 2025',
  currency: 'EUR',
  assetClass: 'Government bonds',
  macroAssetClass: 'Bond',
  priceUnit: 100,
  couponRate: 0.03,
  couponFrequency: 2,
  firstCouponDate: '2020-03-15',
  maturityDate: '2025-09-15',
  ...over,
});
const share: Instrument = {
  id: 2,
  isin: 'US0000000002',
  name: 'ACME Corp',
  currency: 'USD',
  assetClass: 'US equity',
  macroAssetClass: 'Equity',
  priceUnit: 1,
};
let nextId = 1;
const mv = (date: string, cause: Movement['cause'], over: Partial<Movement>): Movement => ({
  id: nextId++,
  accountId: 1,
  date,
  cause,
  currency: 'EUR',
  amount: 0,
  ...over,
});
const rate = (currency: string) => {
  if (currency === 'USD') return 1.08;
  throw new Error(`unexpected ${currency}`);
};

describe('couponDates and bondCashFlows', () => {
  test('dates step from the first coupon date, clamped to month end, up to maturity', () => {
    const b = bond({ firstCouponDate: '2024-01-31', couponFrequency: 4, maturityDate: '2025-01-31' });
    // From 01-31: +3 months 04-30 (clamped), +6 07-31, +9 10-31, +12 2025-01-31 (maturity), +15 after maturity.
    expect(couponDates(b, '2024-03-01', '2030-12-31')).toEqual([
      '2024-04-30',
      '2024-07-31',
      '2024-10-31',
      '2025-01-31',
    ]);
    // Each date comes from the first date, not from the previous (clamped) one: 02-29 then 03-31.
    const monthly = bond({ firstCouponDate: '2024-01-31', couponFrequency: 12, maturityDate: null });
    expect(couponDates(monthly, '2024-01-31', '2024-04-30')).toEqual(['2024-02-29', '2024-03-31', '2024-04-30']);
    // (after, upTo]: a coupon on `after` is not included, one on `upTo` is; the first date is k = 0.
    expect(
      couponDates(bond({ firstCouponDate: '2026-06-30', maturityDate: null }), '2024-12-31', '2027-06-30'),
    ).toEqual(['2026-06-30', '2026-12-30', '2027-06-30']);
    // A coupon later in the as-of date's month: 2020-06-15 + 54 months = 2024-12-15.
    expect(
      couponDates(bond({ maturityDate: null, firstCouponDate: '2020-06-15' }), '2024-12-10', '2025-06-15'),
    ).toEqual(['2024-12-15', '2025-06-15']);
    expect(couponDates(bond({ couponRate: null }), '2024-12-31', '2030-12-31')).toEqual([]);
    expect(() => couponDates(bond({ couponFrequency: 3 as 4 }), '2024-12-31', '2030-12-31')).toThrow(/frequency/);
  });

  test('worked example: 10,000 nominal of a 3% semiannual bond maturing 2025-09-15', () => {
    const rows = bondCashFlows(bond(), 10_000, '2024-12-31', '2029-12-31');
    const base = { instrumentId: 1, isin: 'IT0000000001', name: 'BTP 3% 2025', currency: 'EUR', estimated: false };
    expect(rows).toEqual([
      { ...base, date: '2025-03-15', type: 'COUPON', amount: 150 }, // 10,000 x 0.03 / 2
      { ...base, date: '2025-09-15', type: 'COUPON', amount: 150 },
      { ...base, date: '2025-09-15', type: 'REDEMPTION', amount: 10_000 },
    ]);
    // Maturity beyond the horizon: coupons only, no redemption.
    expect(
      bondCashFlows(bond({ maturityDate: '2035-09-15' }), 10_000, '2024-12-31', '2029-12-31').map((r) => r.type),
    ).toEqual(Array(10).fill('COUPON'));
    // A zero-coupon bond: the redemption only.
    expect(
      bondCashFlows(bond({ couponRate: 0 }), 5_000, '2024-12-31', '2029-12-31').map((r) => [r.type, r.amount]),
    ).toEqual([
      ['COUPON', 0],
      ['COUPON', 0],
      ['REDEMPTION', 5_000],
    ]);
    expect(
      bondCashFlows(bond({ couponRate: null, couponFrequency: null }), 5_000, '2024-12-31', '2029-12-31'),
    ).toHaveLength(1);
  });
});

describe('projectCedole', () => {
  const holdings = new Map([
    [1, 10_000],
    [2, 100],
  ]);
  const movements = [
    mv('2024-05-20', 'DIVIDEND', { instrumentId: 2, amount: 54, currency: 'USD' }), // 60 shares held: 0.90 each
    mv('2024-06-03', 'BUY', { instrumentId: 2, quantity: 40, price: 100, amount: 4_000, currency: 'USD' }),
    mv('2023-12-20', 'DIVIDEND', { instrumentId: 2, amount: 999, currency: 'USD' }), // more than 12 months before
    mv('2024-03-15', 'COUPON', { instrumentId: 1, amount: 150 }),
  ];

  test('worked example: bond flows, and a dividend per share of 54 / 60 = 0.90 recurring on 100 shares', () => {
    const rows = projectCedole({ asOf: '2024-12-31', holdings, instruments: [bond(), share], movements, rate });
    expect(rows.map((r) => [r.date, r.type, r.amount, r.currency, r.amountEur, r.estimated])).toEqual([
      ['2025-03-15', 'COUPON', 150, 'EUR', 150, false],
      ['2025-05-20', 'DIVIDEND', 90, 'USD', 83.33, true], // 100 x 0.90 = 90 USD; 90 / 1.08 = 83.333...
      ['2025-09-15', 'COUPON', 150, 'EUR', 150, false],
      ['2025-09-15', 'REDEMPTION', 10_000, 'EUR', 10_000, false],
      ['2026-05-20', 'DIVIDEND', 90, 'USD', 83.33, true],
      ['2027-05-20', 'DIVIDEND', 90, 'USD', 83.33, true],
      ['2028-05-20', 'DIVIDEND', 90, 'USD', 83.33, true],
      ['2029-05-20', 'DIVIDEND', 90, 'USD', 83.33, true],
    ]);
    expect(rows[1]).toMatchObject({ instrumentId: 2, isin: 'US0000000002', name: 'ACME Corp' });
  });

  test('no rate lookup: no amountEur; a shorter horizon; a sold line projects nothing', () => {
    const rows = projectCedole({
      asOf: '2024-12-31',
      holdings,
      instruments: [bond(), share],
      movements,
      horizonYears: 1,
    });
    expect(rows.map((r) => [r.date, r.type])).toEqual([
      ['2025-03-15', 'COUPON'],
      ['2025-05-20', 'DIVIDEND'],
      ['2025-09-15', 'COUPON'],
      ['2025-09-15', 'REDEMPTION'],
    ]);
    expect(rows.every((r) => r.amountEur === undefined)).toBe(true);
    const sold = projectCedole({ asOf: '2024-12-31', holdings: new Map([[2, 0]]), instruments: [share], movements });
    expect(sold).toEqual([]);
    expect(() =>
      projectCedole({ asOf: '2024-12-31', holdings: new Map([[7, 1]]), instruments: [], movements: [] }),
    ).toThrow();
    expect(CEDOLE_HORIZON_YEARS).toBe(5);
  });

  test('a dividend on the as-of date counts; the window is (asOf - 12 months, asOf]', () => {
    const ms = [
      mv('2024-12-31', 'DIVIDEND', { instrumentId: 2, amount: 100, currency: 'USD' }),
      mv('2023-12-31', 'DIVIDEND', { instrumentId: 2, amount: 500, currency: 'USD' }),
    ];
    const rows = projectCedole({
      asOf: '2024-12-31',
      holdings: new Map([[2, 100]]),
      instruments: [share],
      movements: ms,
    });
    expect(rows.map((r) => [r.date, r.amount])).toEqual([
      ['2025-12-31', 100],
      ['2026-12-31', 100],
      ['2027-12-31', 100],
      ['2028-12-31', 100],
      ['2029-12-31', 100],
    ]);
  });

  test('property: for each full year before maturity, frequency coupons summing to nominal x rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 3650 }),
        fc.constantFrom(1 as const, 2 as const, 4 as const, 12 as const),
        fc.integer({ min: 1, max: 900 }).map((bp) => bp / 10_000),
        fc.integer({ min: 1, max: 500 }).map((n) => n * 1000),
        fc.integer({ min: 1, max: 40 }),
        (firstOffset, asOfOffset, frequency, couponRate, nominal, maturityMonths) => {
          const firstCouponDate = addDays('2015-01-01', firstOffset);
          const asOf = addDays('2018-01-01', asOfOffset);
          const maturityDate = addMonthsClamped(firstCouponDate, (12 / frequency) * maturityMonths * 4);
          const b = bond({ couponFrequency: frequency, couponRate, firstCouponDate, maturityDate });
          const horizonEnd = addMonthsClamped(asOf, 60);
          const rows = projectCedole({ asOf, holdings: new Map([[1, nominal]]), instruments: [b], movements: [] });
          // Brute force: every k from 0, kept when in (asOf, min(horizon, maturity)].
          const expectedDates: string[] = [];
          for (let k = 0; ; k++) {
            const d = addMonthsClamped(firstCouponDate, (12 / frequency) * k);
            if (d > horizonEnd || d > maturityDate) break;
            if (d > asOf) expectedDates.push(d);
          }
          expect(rows.filter((r) => r.type === 'COUPON').map((r) => r.date)).toEqual(expectedDates);
          const firstYear = Math.max(Number(asOf.slice(0, 4)) + 1, Number(firstCouponDate.slice(0, 4)) + 1);
          for (let y = firstYear; `${y}-12-31` <= horizonEnd && y < Number(maturityDate.slice(0, 4)); y++) {
            const inYear = rows.filter((r) => r.type === 'COUPON' && r.date.startsWith(`${y}-`));
            expect(inYear).toHaveLength(frequency);
            const sum = inYear.reduce((s, r) => s + r.amount, 0);
            // Each coupon is rounded to cents: at most half a cent per coupon.
            expect(Math.abs(sum - nominal * couponRate)).toBeLessThanOrEqual(frequency * 0.005 + 1e-9);
          }
          const redemptions = rows.filter((r) => r.type === 'REDEMPTION');
          expect(redemptions).toEqual(
            maturityDate > asOf && maturityDate <= horizonEnd
              ? [expect.objectContaining({ date: maturityDate, amount: nominal })]
              : [],
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('cedoleReport', () => {
  const instruments = [bond(), share];
  const holdings = new Map([
    [1, 10_000],
    [2, 100],
  ]);
  const movements = [
    mv('2024-03-15', 'COUPON', { instrumentId: 1, amount: 150 }), // before the range
    mv('2024-05-20', 'DIVIDEND', { instrumentId: 2, amount: 54, currency: 'USD' }), // before the range
    mv('2024-06-03', 'BUY', { instrumentId: 2, quantity: 40, price: 100, amount: 4_000, currency: 'USD' }),
    mv('2024-09-16', 'COUPON', { instrumentId: 1, amount: 150 }), // paid on the Monday
    mv('2024-10-01', 'COUPON', { amount: 12.5 }), // no instrument on the movement
    mv('2024-10-01', 'INTEREST', { amount: 3 }), // not a cedola
  ];

  test('worked example: paid in the range up to asOf, then expected within the range', () => {
    const rows = cedoleReport({
      period: { start: '2024-06-30', end: '2025-06-30' },
      asOf: '2024-12-31',
      holdings,
      instruments,
      movements,
      rate,
    });
    expect(rows.map((r) => [r.date, r.isin, r.type, r.amount, r.currency, r.amountEur, r.estimated])).toEqual([
      ['2024-09-16', 'IT0000000001', 'COUPON', 150, 'EUR', 150, false],
      ['2024-10-01', null, 'COUPON', 12.5, 'EUR', 12.5, false],
      ['2025-03-15', 'IT0000000001', 'COUPON', 150, 'EUR', 150, false],
      ['2025-05-20', 'US0000000002', 'DIVIDEND', 90, 'USD', 83.33, true],
    ]);
  });

  test('a range wholly in the past lists payments only, converted at the payment date', () => {
    const rows = cedoleReport({
      period: { start: '2023-12-31', end: '2024-06-30' },
      asOf: '2024-12-31',
      holdings,
      instruments,
      movements,
      rate: (c, d) => (c === 'USD' && d === '2024-05-20' ? 1.2 : Number.NaN),
    });
    // 54 / 1.20 = 45.00 EUR
    expect(rows.map((r) => [r.date, r.type, r.amount, r.amountEur])).toEqual([
      ['2024-03-15', 'COUPON', 150, 150],
      ['2024-05-20', 'DIVIDEND', 54, 45],
    ]);
  });

  test('payments dated after asOf are not "paid" and expected flows stop at the 5-year horizon', () => {
    const late = [...movements, mv('2025-01-15', 'COUPON', { instrumentId: 1, amount: 1 })];
    const rows = cedoleReport({
      period: { start: '2024-12-31', end: '2040-12-31' },
      asOf: '2024-12-31',
      holdings: new Map([[1, 10_000]]),
      instruments: [bond({ maturityDate: '2040-03-15' })],
      movements: late,
    });
    expect(rows.some((r) => r.date === '2025-01-15')).toBe(false);
    expect(rows[rows.length - 1]!.date).toBe('2029-09-15');
    expect(rows).toHaveLength(10);
  });
});
