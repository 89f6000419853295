// Properties of the ledger (positions, valuation, compositions) over random portfolios: two intermediaries, EUR and
// USD cash accounts, a EUR share, a USD share and a bond, and every cause in random order.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, compareDates } from './calendar.ts';
import { buildCompositions, type CompositionItem } from './compositions.ts';
import { positionsAt } from './positions.ts';
import type { Account, Cause, FxSeries, Instrument, Movement, PortfolioInput, PriceSeries } from './types.ts';
import { valuePortfolio } from './valuation.ts';

const BASE = '2024-01-01';
const account = (
  id: number,
  accountType: Account['accountType'],
  intermediaryId: number,
  currency = 'EUR',
): Account => ({
  id,
  name: `Account ${id}`,
  accountType,
  currency,
  intermediaryId,
  intermediaryName: `Banca ${intermediaryId}`,
  ownerId: intermediaryId,
  ownerName: `Owner ${intermediaryId}`,
});
/** Pairs of (custody, cash): the second pair's cash is in USD. */
const PAIRS: Array<[Account, Account]> = [
  [account(2, 'CUSTODIA_TITOLI', 1), account(1, 'CONTO_CORRENTE', 1)],
  [account(4, 'CUSTODIA_TITOLI', 2), account(3, 'CONTO_CORRENTE', 2, 'USD')],
];
const ACCOUNTS = PAIRS.flat();
const INSTRUMENTS: Instrument[] = [
  {
    id: 10,
    isin: 'IT10',
    name: 'Share',
    currency: 'EUR',
    assetClass: 'Azioni',
    macroAssetClass: 'Equity',
    priceUnit: 1,
  },
  {
    id: 11,
    isin: 'US11',
    name: 'US share',
    currency: 'USD',
    assetClass: 'Azioni USA',
    macroAssetClass: 'Equity',
    priceUnit: 1,
  },
  {
    id: 12,
    isin: 'IT12',
    name: 'Bond',
    currency: 'EUR',
    assetClass: 'Governativi',
    macroAssetClass: 'Bond',
    priceUnit: 100,
    couponRate: 0.03,
    couponFrequency: 2,
    firstCouponDate: '2020-03-15',
    maturityDate: '2030-03-15',
  },
  {
    id: 13,
    isin: 'IE13',
    name: 'Gold',
    currency: 'EUR',
    assetClass: 'Materie prime',
    macroAssetClass: 'Alternative',
    priceUnit: 1,
  },
];

const CAUSES: Cause[] = [
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'BUY',
  'SELL',
  'COUPON',
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'TAX',
];

const cents = (max: number) => fc.integer({ min: 1, max: max * 100 }).map((c) => c / 100);
const opArb = fc.record({
  day: fc.integer({ min: 0, max: 60 }),
  cause: fc.constantFrom(...CAUSES),
  pair: fc.integer({ min: 0, max: 1 }),
  instrument: fc.integer({ min: 0, max: INSTRUMENTS.length - 1 }),
  withInstrument: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 500 }),
  price: cents(200),
  amount: cents(20_000),
  usd: fc.boolean(),
  feeSubcause: fc.constantFrom('NEGOZIAZIONE', 'GESTIONE', null),
});
const seriesArb = fc.array(fc.record({ day: fc.integer({ min: -10, max: 70 }), value: cents(200) }), {
  minLength: 0,
  maxLength: 12,
});
const portfolioArb = fc
  .record({
    ops: fc.array(opArb, { minLength: 1, maxLength: 60 }),
    prices: fc.tuple(...INSTRUMENTS.map(() => seriesArb)),
    usd: fc.array(fc.record({ day: fc.integer({ min: -10, max: 70 }), value: fc.integer({ min: 90, max: 130 }) }), {
      minLength: 1,
      maxLength: 8,
    }),
    start: fc.integer({ min: -5, max: 40 }),
    length: fc.integer({ min: 0, max: 60 }),
  })
  .map(({ ops, prices, usd, start, length }) => {
    const movements: Movement[] = ops.map((op, i) => {
      const [custody, cash] = PAIRS[op.pair]!;
      const inst = INSTRUMENTS[op.instrument]!;
      const date = addDays(BASE, op.day);
      const base = { id: i + 1, date, cause: op.cause, amount: op.amount };
      const currency = op.usd ? 'USD' : 'EUR';
      const trade = op.cause === 'BUY' || op.cause === 'SELL';
      const securitiesTransfer = (op.cause === 'TRANSFER_IN' || op.cause === 'TRANSFER_OUT') && op.withInstrument;
      if (trade || securitiesTransfer) {
        const quantity = inst.priceUnit === 100 ? op.quantity * 100 : op.quantity;
        return {
          ...base,
          accountId: custody.id,
          offsetAccountId: trade ? cash.id : null,
          currency: inst.currency,
          instrumentId: inst.id,
          quantity,
          price: op.price,
          amount: Math.round(quantity * op.price * 100) / inst.priceUnit / 100,
        };
      }
      if (op.cause === 'COUPON' || op.cause === 'DIVIDEND')
        return {
          ...base,
          accountId: custody.id,
          offsetAccountId: cash.id,
          currency,
          instrumentId: op.withInstrument ? inst.id : null,
        };
      if (op.cause === 'FEE')
        return {
          ...base,
          accountId: cash.id,
          currency,
          subcause: op.feeSubcause,
          instrumentId: op.withInstrument ? inst.id : null,
        };
      return { ...base, accountId: op.withInstrument ? custody.id : cash.id, currency };
    });
    const series = (points: Array<{ day: number; value: number }>) =>
      [...new Map(points.map((p) => [p.day, p.value])).entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([day, value]) => ({ date: addDays(BASE, day), value }));
    const priceSeries: PriceSeries[] = INSTRUMENTS.map((inst, k) => ({
      instrumentId: inst.id,
      points: series(prices[k]!).map((p) => ({ date: p.date, price: p.value })),
    }));
    const fx: FxSeries[] = [
      { currency: 'USD', points: series(usd).map((p) => ({ date: p.date, rate: p.value / 100 })) },
    ];
    const input: PortfolioInput = { accounts: ACCOUNTS, instruments: INSTRUMENTS, movements, prices: priceSeries, fx };
    const period = { start: addDays(BASE, start), end: addDays(BASE, start + length) };
    return { input, period };
  });

const sum = (values: ReadonlyArray<number>) => values.reduce((s, v) => s + v, 0);
/** Within a cent per item (each item was rounded to the cent on its own). */
const closeTo = (actual: number, expected: number, items: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.01 * Math.max(items, 1) + 1e-9);
const percentagesAddUp = (percentages: ReadonlyArray<number>) => {
  const total = sum(percentages);
  if (percentages.every((p) => p === 0)) return;
  expect(total).toBeCloseTo(100, 9);
};

/** A reference FX lookup: the last rate on or before the date, else the first one. */
function rateAt(input: PortfolioInput, currency: string, date: string): number {
  if (currency === 'EUR') return 1;
  const points = input.fx.find((f) => f.currency === currency)!.points;
  let rate = points[0]!.rate;
  for (const p of points) if (compareDates(p.date, date) <= 0) rate = p.rate;
  return rate;
}

describe('ledger properties', () => {
  test('compositions add up: percentages to 100, values to the controvalore within a cent per item', () => {
    fc.assert(
      fc.property(portfolioArb, ({ input, period }) => {
        const c = buildCompositions(input, period);
        const { stocksValue, cashValue, controvalore } = c.sintetic.reportSinteticoTotalComposition[0];
        closeTo(stocksValue + cashValue, controvalore, 2);
        const t = c.triplaA;
        expect(t.totalComposition[0]!.totalValue).toBe(controvalore);
        const lists: Array<[CompositionItem[], number]> = [
          [t.macroAssetClassComposition, stocksValue],
          [t.assetClassComposition, stocksValue],
          [t.stockComposition, stocksValue],
          [t.cashComposition, cashValue],
        ];
        for (const [list, total] of lists) {
          closeTo(sum(list.map((i) => i.totalValue)), total, list.length);
          percentagesAddUp(list.map((i) => i.compositionPercentage));
        }
        for (const macro of t.macroAssetClassComposition)
          closeTo(sum(macro.assetClassList.map((a) => a.totalValue)), macro.totalValue, macro.assetClassList.length);
        // Performance adds up too: the classes' and the cash's make the portfolio's.
        const parts = [...t.macroAssetClassComposition, ...t.cashComposition];
        closeTo(sum(parts.map((i) => i.totalPerformance)), t.totalComposition[0]!.totalPerformance, parts.length);
        const s = c.sintetic;
        for (const list of [
          s.accountComposition,
          s.intermediaryComposition,
          s.currencyComposition,
          s.multipleCurrencyComposition,
        ]) {
          closeTo(sum(list.map((i) => i.controvalore)), controvalore, list.length);
          percentagesAddUp(list.map((i) => i.percentage));
        }
        percentagesAddUp(s.macroAssetClassComposition.map((m) => m.percentage));
        percentagesAddUp(s.assetClassComposition.map((m) => m.percentage));
      }),
      { numRuns: 150 },
    );
  });

  test('total value = sum of account values = sum of intermediary values (every day and in the synthetic report)', () => {
    fc.assert(
      fc.property(portfolioArb, ({ input, period }) => {
        const v = valuePortfolio(input, period);
        for (let i = 0; i < v.dates.length; i++) {
          const accounts = sum(v.accounts.map((a) => a.series.value[i]!));
          expect(accounts).toBeCloseTo(v.portfolio.value[i]!, 6);
          // Account flows net to the portfolio's external flows (internal transfers cancel).
          const accountNet = sum(v.accounts.map((a) => a.series.inflow[i]! - a.series.outflow[i]!));
          expect(accountNet).toBeCloseTo(v.portfolio.inflow[i]! - v.portfolio.outflow[i]!, 6);
        }
        const s = buildCompositions(input, period).sintetic;
        const total = s.reportSinteticoTotalComposition[0].controvalore;
        closeTo(sum(s.accountComposition.map((a) => a.controvalore)), total, s.accountComposition.length);
        closeTo(sum(s.intermediaryComposition.map((a) => a.controvalore)), total, s.intermediaryComposition.length);
        closeTo(
          sum(s.intermediaryComposition.map((a) => a.controvalore)),
          sum(s.accountComposition.map((a) => a.controvalore)),
          s.accountComposition.length + s.intermediaryComposition.length,
        );
      }),
      { numRuns: 150 },
    );
  });

  test('a buy then a sell of the same quantity at the same price, without fees, leaves nothing and no gain', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INSTRUMENTS),
        fc.integer({ min: 1, max: 100_000 }),
        cents(500),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(opArb, { maxLength: 10 }),
        (inst, rawQuantity, price, buyDay, gap, noise) => {
          const [custody, cash] = PAIRS[0]!;
          const quantity = rawQuantity / 1000;
          const amount = (quantity * price) / inst.priceUnit;
          const trade = (id: number, cause: 'BUY' | 'SELL', day: number): Movement => ({
            id,
            accountId: custody.id,
            offsetAccountId: cash.id,
            date: addDays(BASE, day),
            cause,
            currency: inst.currency,
            instrumentId: inst.id,
            quantity,
            price,
            amount,
          });
          // Cash-only movements around the trades do not change the line.
          const others: Movement[] = noise.map((op, i) => ({
            id: 100 + i,
            accountId: cash.id,
            date: addDays(BASE, op.day),
            cause: op.cause === 'BUY' || op.cause === 'SELL' ? 'DEPOSIT' : op.cause,
            currency: 'EUR',
            amount: op.amount,
          }));
          // Same price and, for the USD share, the same FX on both dates: one rate for the whole span.
          const input: PortfolioInput = {
            accounts: ACCOUNTS,
            instruments: INSTRUMENTS,
            movements: [trade(1, 'BUY', buyDay), ...others, trade(2, 'SELL', buyDay + gap)],
            prices: [],
            fx: [{ currency: 'USD', points: [{ date: BASE, rate: 1.1 }] }],
          };
          const r = positionsAt(input, addDays(BASE, 70));
          const line = r.lines.find((l) => l.instrumentId === inst.id)!;
          expect(line.quantity).toBe(0);
          expect(line.cmc).toBe(0);
          expect(line.cgAccomplished).toBe(0);
          expect(r.warnings.filter((w) => w.code === 'OVERSOLD')).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('cash conservation: deposits - withdrawals - buys + sells + income - fees - taxes = cash, per account', () => {
    fc.assert(
      fc.property(portfolioArb, ({ input, period }) => {
        const r = positionsAt(input, period.end);
        for (const acc of ACCOUNTS) {
          let expected = 0;
          for (const m of input.movements) {
            if (compareDates(m.date, period.end) > 0) continue;
            if ((m.offsetAccountId ?? m.accountId) !== acc.id) continue;
            const securitiesTransfer =
              (m.cause === 'TRANSFER_IN' || m.cause === 'TRANSFER_OUT') && m.instrumentId != null && m.quantity != null;
            if (securitiesTransfer) continue;
            const sign = ['DEPOSIT', 'TRANSFER_IN', 'SELL', 'COUPON', 'DIVIDEND', 'INTEREST'].includes(m.cause)
              ? 1
              : -1;
            const inAccountCurrency =
              m.currency === acc.currency
                ? m.amount
                : (m.amount / rateAt(input, m.currency, m.date)) * rateAt(input, acc.currency, m.date);
            expected += sign * inAccountCurrency;
          }
          const balance = r.cash.find((c) => c.accountId === acc.id)?.balance ?? 0;
          expect(Math.abs(balance - expected)).toBeLessThanOrEqual(0.005 + 1e-9);
        }
      }),
      { numRuns: 200 },
    );
  });
});
