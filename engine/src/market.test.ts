import { describe, expect, test } from 'vitest';
import { toDayNumber } from './calendar.ts';
import { createMarket, Market } from './market.ts';

const usd = {
  currency: 'USD',
  points: [
    { date: '2024-01-02', rate: 1.1 },
    { date: '2024-01-05', rate: 1.08 },
  ],
};
const prices = [
  {
    instrumentId: 1,
    points: [
      { date: '2024-01-02', price: 10 },
      { date: '2024-01-04', price: 12 },
    ],
  },
];

describe('market: last known value carried forward', () => {
  test('worked example of the JSDoc: USD 1.10 on the 2nd, 1.08 on the 5th', () => {
    const m = new Market([], [usd]);
    expect(m.rate('USD', '2024-01-04')).toBe(1.1); // carried forward from the 2nd
    expect(m.rate('USD', '2024-01-05')).toBe(1.08);
    expect(m.rate('USD', '2024-01-01')).toBe(1.1); // before the first rate: back-filled
    expect(m.toEur(110, 'USD', '2024-01-03')).toBeCloseTo(100, 10); // 110 / 1.10
    expect(m.fromEur(100, 'USD', '2024-01-05')).toBeCloseTo(108, 10); // 100 x 1.08
    expect(m.convert(108, 'USD', 'EUR', '2024-01-05')).toBeCloseTo(100, 10); // 108 / 1.08
  });

  test('EUR is 1, an unknown currency is NaN', () => {
    const m = new Market([], [usd]);
    expect(m.rate('EUR', '2024-01-03')).toBe(1);
    expect(m.toEur(5, 'EUR', '2024-01-03')).toBe(5);
    expect(m.hasCurrency('EUR')).toBe(true);
    expect(m.hasCurrency('USD')).toBe(true);
    expect(m.hasCurrency('GBP')).toBe(false);
    expect(m.rate('GBP', '2024-01-03')).toBeNaN();
  });

  test('convert goes through the euro: 100 USD at 1.08 is 92.59 EUR, at GBP 0.86 that is 79.63 GBP', () => {
    const m = new Market([], [usd, { currency: 'GBP', points: [{ date: '2024-01-01', rate: 0.86 }] }]);
    // 100 / 1.08 = 92.5926 EUR; x 0.86 = 79.6296 GBP.
    expect(m.convert(100, 'USD', 'GBP', '2024-01-05')).toBeCloseTo(79.6296, 4);
    expect(m.convert(100, 'USD', 'USD', '2024-01-05')).toBe(100);
  });

  test('prices: undefined before the first close, then carried forward (days as numbers work too)', () => {
    const m = createMarket(prices, []);
    expect(m.price(1, '2024-01-01')).toBeUndefined();
    expect(m.price(1, '2024-01-02')).toBe(10);
    expect(m.price(1, '2024-01-03')).toBe(10);
    expect(m.price(1, toDayNumber('2024-01-04'))).toBe(12);
    expect(m.price(1, '2030-01-01')).toBe(12);
    expect(m.price(2, '2024-01-03')).toBeUndefined();
  });

  test('dense arrays by day offset: NaN before the first close; rates back-filled', () => {
    const m = createMarket(prices, [usd]);
    const from = toDayNumber('2024-01-01');
    expect([...m.densePrices(1, from, 5)]).toEqual([Number.NaN, 10, 10, 12, 12]);
    expect([...m.densePrices(9, from, 2)]).toEqual([Number.NaN, Number.NaN]);
    expect([...m.denseRates('USD', from, 6)]).toEqual([1.1, 1.1, 1.1, 1.1, 1.08, 1.08]);
    expect([...m.denseRates('EUR', from, 2)]).toEqual([1, 1]);
    expect([...m.denseRates('CHF', from, 1)]).toEqual([Number.NaN]);
    // A window starting after several points starts from the last one on or before it.
    expect([...m.densePrices(1, toDayNumber('2024-01-10'), 2)]).toEqual([12, 12]);
  });

  test('unsorted points are sorted, a later point on the same day wins, invalid values are ignored', () => {
    const m = createMarket(
      [
        {
          instrumentId: 1,
          points: [
            { date: '2024-01-04', price: 12 },
            { date: '2024-01-02', price: 10 },
            { date: '2024-01-02', price: 11 },
            { date: '2024-01-03', price: Number.NaN },
          ],
        },
      ],
      [
        {
          currency: 'USD',
          points: [
            { date: '2024-01-01', rate: 0 },
            { date: '2024-01-02', rate: 1.2 },
          ],
        },
      ],
    );
    expect(m.price(1, '2024-01-03')).toBe(11);
    expect(m.price(1, '2024-01-04')).toBe(12);
    expect(m.rate('USD', '2024-01-01')).toBe(1.2); // the zero rate is ignored, 1.2 back-filled
  });

  test('worked examples of densePrices, denseRates and createMarket', () => {
    // Day 10 is 1970-01-11, day 12 is 1970-01-13.
    const m = createMarket(
      [
        {
          instrumentId: 1,
          points: [
            { date: '1970-01-11', price: 5 },
            { date: '1970-01-13', price: 6 },
          ],
        },
      ],
      [
        {
          currency: 'USD',
          points: [
            { date: '1970-01-11', rate: 1.1 },
            { date: '1970-01-13', rate: 1.2 },
          ],
        },
      ],
    );
    expect([...m.densePrices(1, 9, 5)]).toEqual([Number.NaN, 5, 5, 6, 6]);
    expect([...m.denseRates('USD', 9, 5)]).toEqual([1.1, 1.1, 1.1, 1.2, 1.2]);
    const one = createMarket([{ instrumentId: 1, points: [{ date: '2024-01-02', price: 10 }] }], []);
    expect(one.price(1, '2024-01-31')).toBe(10);
    expect(one.price(1, '2024-01-01')).toBeUndefined();
  });
});
