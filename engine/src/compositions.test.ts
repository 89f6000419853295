import { describe, expect, test } from 'vitest';
import { buildCompositions, compositionsOf, currencySymbol, percentShares } from './compositions.ts';
import type { Account, Instrument, Movement, PortfolioInput } from './types.ts';
import { valuePortfolio } from './valuation.ts';

const account = (
  id: number,
  accountType: Account['accountType'],
  intermediaryId: number,
  ownerName: string,
  currency = 'EUR',
): Account => ({
  id,
  name: `${accountType === 'CONTO_CORRENTE' ? 'Conto' : 'Deposito'} ${id}`,
  accountType,
  currency,
  intermediaryId,
  intermediaryName: intermediaryId === 1 ? 'Banca A' : 'Banca B',
  ownerId: ownerName === 'Rossi' ? 1 : 2,
  ownerName,
});
const CASH = account(1, 'CONTO_CORRENTE', 1, 'Rossi');
const CUSTODY = account(2, 'CUSTODIA_TITOLI', 1, 'Rossi');
const CASH_B = account(3, 'CONTO_CORRENTE', 2, 'Bianchi');
const CUSTODY_B = account(4, 'CUSTODIA_TITOLI', 2, 'Bianchi');
const SHARE: Instrument = {
  id: 10,
  isin: 'IT0000000010',
  name: 'Azione Italia',
  currency: 'EUR',
  assetClass: 'Azioni Italia',
  macroAssetClass: 'Equity',
  priceUnit: 1,
};
const US_SHARE: Instrument = {
  ...SHARE,
  id: 11,
  isin: 'US0000000011',
  name: 'US Corp',
  currency: 'USD',
  assetClass: 'Azioni USA',
};
const BTP: Instrument = {
  id: 12,
  isin: 'IT0005000012',
  name: 'BTP 2,2% 2027',
  currency: 'EUR',
  assetClass: 'Governativi',
  macroAssetClass: 'Bond',
  priceUnit: 100,
  couponRate: 0.022,
  couponFrequency: 2,
  firstCouponDate: '2017-12-01',
  maturityDate: '2027-06-01',
};

let nextId = 1;
const mv = (m: Partial<Movement> & Pick<Movement, 'date' | 'cause' | 'amount'>): Movement => ({
  id: nextId++,
  accountId: CASH.id,
  currency: 'EUR',
  ...m,
});
const trade = (
  cause: 'BUY' | 'SELL',
  date: string,
  instrumentId: number,
  quantity: number,
  price: number,
  amount: number,
  accounts: [Account, Account] = [CUSTODY, CASH],
  currency = 'EUR',
) =>
  mv({
    date,
    cause,
    accountId: accounts[0].id,
    offsetAccountId: accounts[1].id,
    instrumentId,
    quantity,
    price,
    amount,
    currency,
  });
const closes = (instrumentId: number, points: Array<[string, number]>) => ({
  instrumentId,
  points: points.map(([date, price]) => ({ date, price })),
});

describe('percentShares: largest remainder to exactly 100', () => {
  test('worked example of the JSDoc', () => {
    // 100 / 3 = 33.333..: floored three times to 33.33 (99.99); the missing hundredth goes to the first.
    expect(percentShares([1, 1, 1])).toEqual([33.34, 33.33, 33.33]);
    // 50 / 40 = 125%, -10 / 40 = -25%.
    expect(percentShares([50, -10])).toEqual([125, -25]);
    expect(percentShares([0, 0])).toEqual([0, 0]);
    expect(percentShares([])).toEqual([]);
    // 2 / 3 = 66.666.. -> 6666 hundredths rest .67; 1 / 3 -> 3333 rest .33: the hundredth goes to the first.
    expect(percentShares([2, 1])).toEqual([66.67, 33.33]);
  });

  test('symbols', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('SEK')).toBe('SEK');
  });
});

describe('compositions', () => {
  test('worked example of the JSDoc: deposit, purchase, price rise', () => {
    const c = buildCompositions(
      {
        accounts: [CASH, CUSTODY],
        instruments: [SHARE, BTP],
        movements: [
          mv({ date: '2024-01-02', cause: 'DEPOSIT', amount: 10_000 }),
          trade('BUY', '2024-01-03', SHARE.id, 100, 50, 5000),
        ],
        prices: [
          closes(SHARE.id, [
            ['2024-01-03', 50],
            ['2024-01-04', 55],
          ]),
        ],
        fx: [],
      },
      { start: '2024-01-01', end: '2024-01-04' },
    );
    const t = c.triplaA;
    // Portfolio [0, 10,000, 10,000, 10,500]: performance 10,500 - 0 - 10,000 = 500; TW 10,500 / 10,000 - 1 = 5%;
    // MW: -10,000 on 01-02, +10,500 on 01-04: 5% compounded over those 2 days, a yearly rate (the IRR) of
    // 1.05^(365/2) - 1 = 736,186.91131814%; gm (10,000 + 10,000 + 10,500) / 3.
    expect(t.totalComposition).toEqual([
      {
        description: 'Totale',
        gm: 10_166.67,
        compositionPercentage: 100,
        totalValue: 10_500,
        totalPerformance: 500,
        totalPerformancePercentageTW: 5,
        totalPerformancePercentageMW: 5,
        totalPerformancePercentageMWAnnualised: 736_186.91131814,
        cg: 500,
        cgAccomplished: 0,
        accrualCouponDividend: 0,
      },
    ]);
    // The share [0, 0, 5,000, 5,500]: TW 5,500 / 5,000 - 1 = 10%, gm (0 + 5,000 + 5,500) / 3 = 3,500. MW: 10% in the
    // one day from the purchase, 1.1^365 - 1 = 1.2833e17% a year (a rate, however absurd, not an error).
    expect(t.stockComposition).toEqual([
      {
        description: 'Azione Italia',
        gm: 3500,
        compositionPercentage: 100,
        totalValue: 5500,
        totalPerformance: 500,
        totalPerformancePercentageTW: 10,
        totalPerformancePercentageMW: 10,
        totalPerformancePercentageMWAnnualised: expect.closeTo((1.1 ** 365 - 1) * 100, -4),
        cg: 500,
        cgAccomplished: 0,
        accrualCouponDividend: 0,
        quantity: 100,
        pzMkt: 55,
        pmc: 50,
        pms: 50,
        cMkt: 5500,
        cmc: 5000,
        currentAccrual: 0,
        loadAccrual: 0,
        isin: 'IT0000000010',
        currency: 'EUR',
        ac: 'Azioni Italia',
      },
    ]);
    expect(t.macroAssetClassComposition.map((m) => [m.description, m.compositionPercentage, m.totalValue])).toEqual([
      ['Equity', 100, 5500],
      ['Alternative', 0, 0],
      ['Bond', 0, 0],
    ]);
    expect(t.macroAssetClassComposition[0]!.assetClassList).toEqual(t.assetClassComposition);
    expect(t.assetClassComposition.map((a) => a.description)).toEqual(['Azioni Italia']);
    // The cash moved 10,000 in and 5,000 out to the share: no performance of its own.
    expect(t.cashComposition).toHaveLength(1);
    expect(t.cashComposition[0]).toMatchObject({
      description: 'Conto 1',
      totalValue: 5000,
      totalPerformance: 0,
      totalPerformancePercentageTW: 0,
      compositionPercentage: 100,
    });
    // Synthetic: 5,000 / 10,500 = 47.619% (4761 hundredths, rest .9 gets the missing one), 5,500 / 10,500 = 52.38%.
    expect(c.sintetic.reportSinteticoTotalComposition).toEqual([
      { stocksValue: 5500, cashValue: 5000, controvalore: 10_500 },
    ]);
    expect(c.sintetic.accountComposition).toEqual([
      {
        accountType: 'CONTO_CORRENTE',
        accountName: 'Conto 1',
        accountId: 1,
        owner: 'Rossi',
        stockValue: 0,
        cashValue: 5000,
        controvalore: 5000,
        percentage: 47.62,
        currencySymbol: '€',
      },
      {
        accountType: 'CUSTODIA_TITOLI',
        accountName: 'Deposito 2',
        accountId: 2,
        owner: 'Rossi',
        stockValue: 5500,
        cashValue: 0,
        controvalore: 5500,
        percentage: 52.38,
        currencySymbol: '€',
      },
    ]);
    expect(c.sintetic.intermediaryComposition).toEqual([
      {
        intermediaryName: 'Banca A',
        stockValue: 5500,
        cashValue: 5000,
        controvalore: 10_500,
        percentage: 100,
        owner: 'Rossi',
      },
    ]);
    expect(c.sintetic.currencyComposition).toEqual([
      {
        currency: 'EUR',
        currencySymbol: '€',
        stockValue: 5500,
        cashValue: 5000,
        controvalore: 10_500,
        percentage: 100,
      },
    ]);
  });

  describe('two intermediaries, a USD share, a bond, a line in two accounts, movements before the period', () => {
    // USD at 1.25 throughout. Period (2023-12-31, 2024-03-31].
    const input: PortfolioInput = {
      accounts: [CASH, CUSTODY, CASH_B, CUSTODY_B],
      instruments: [SHARE, US_SHARE, BTP],
      movements: [
        mv({ date: '2023-12-01', cause: 'DEPOSIT', amount: 20_000 }),
        mv({ date: '2023-12-01', cause: 'DEPOSIT', accountId: CASH_B.id, amount: 10_000 }),
        trade('BUY', '2023-12-04', SHARE.id, 100, 40, 4000),
        mv({ date: '2023-12-04', cause: 'FEE', subcause: 'NEGOZIAZIONE', instrumentId: SHARE.id, amount: 4 }),
        trade('BUY', '2023-12-04', US_SHARE.id, 10, 125, 1250, [CUSTODY_B, CASH_B], 'USD'),
        mv({
          date: '2023-12-20',
          cause: 'DIVIDEND',
          accountId: CUSTODY.id,
          offsetAccountId: CASH.id,
          instrumentId: SHARE.id,
          amount: 10,
        }),
        trade('SELL', '2024-01-10', SHARE.id, 50, 50, 2500),
        trade('BUY', '2024-02-15', SHARE.id, 20, 45, 900, [CUSTODY_B, CASH_B]),
        trade('BUY', '2024-03-01', BTP.id, 10_000, 98.5, 9850),
        mv({
          date: '2024-03-20',
          cause: 'DIVIDEND',
          accountId: CUSTODY.id,
          offsetAccountId: CASH.id,
          instrumentId: SHARE.id,
          amount: 25,
        }),
        mv({ date: '2024-03-28', cause: 'INTEREST', accountId: CASH_B.id, amount: 5 }),
      ],
      prices: [
        closes(SHARE.id, [
          ['2023-12-04', 40],
          ['2023-12-29', 45],
          ['2024-03-29', 48],
        ]),
        closes(US_SHARE.id, [
          ['2023-12-04', 125],
          ['2024-03-29', 130],
        ]),
        closes(BTP.id, [
          ['2024-03-01', 98.5],
          ['2024-03-28', 99],
        ]),
      ],
      fx: [{ currency: 'USD', points: [{ date: '2023-12-01', rate: 1.25 }] }],
    };
    const c = buildCompositions(input, { start: '2023-12-31', end: '2024-03-31' });

    test('total: start 30,506, end 31,086, no external flow in the period', () => {
      // Start (2023-12-31): SHARE 100 x 45 = 4,500; US 10 x 125 / 1.25 = 1,000; cash 20,000 - 4,000 - 4 + 10 = 16,006
      // and 10,000 - 1,000 = 9,000: 30,506. End: securities 50 x 48 + 20 x 48 + 10 x 130 / 1.25 + 10,000 x 99 / 100 =
      // 2,400 + 960 + 1,040 + 9,900 = 14,300; cash 16,006 + 2,500 - 9,850 + 25 = 8,681 and 9,000 - 900 + 5 = 8,105.
      const [total] = c.triplaA.totalComposition;
      expect(total!.totalValue).toBe(31_086);
      expect(total!.totalPerformance).toBe(580); // 31,086 - 30,506
      // 31,086 / 30,506 - 1 = 1.901265324854%: 8 decimals, where the page shows 1.90%.
      expect(total!.totalPerformancePercentageTW).toBe(1.90126532);
      expect(total!.totalPerformancePercentageMW).toBe(1.90126532); // no external flow: MW = TW
      // Annualised over the 91 days: 1.0190126532^(365/91) - 1 = 7.847030715%.
      expect(total!.totalPerformancePercentageMWAnnualised).toBe(7.84703071);
      // cg: SHARE 3,360 - 2,902 = 458, US 1,040 - 1,000 = 40, BTP 9,900 - 9,850 = 50.
      expect(total!.cg).toBe(548);
      // Realised in the period: 2,500 - 50 x 40.04 = 498. Income: the March dividend 25 + interest 5 (December's 10 is before).
      expect(total!.cgAccomplished).toBe(498);
      expect(total!.accrualCouponDividend).toBe(30);
      expect(c.sintetic.reportSinteticoTotalComposition).toEqual([
        { stocksValue: 14_300, cashValue: 16_786, controvalore: 31_086 },
      ]);
    });

    test('stocks: one item per instrument over both accounts, prices in the instrument currency', () => {
      const s = c.triplaA.stockComposition;
      expect(s.map((x) => x.isin)).toEqual(['IT0000000010', 'US0000000011', 'IT0005000012']);
      // SHARE: 50 left at 40.04 = 2,002 on Deposito 2 plus 20 at 45 = 900 on Deposito 4: 2,902 / 70 = 41.457142..
      // pms (50 x 40 + 900) / 70 = 41.428571..; shares of 14,300: 3,360 -> 23.4965%, 1,040 -> 7.2727%, 9,900 -> 69.2308%
      // (floored hundredths 2349 + 727 + 6923 = 9999: the missing one to the largest rest, .65 of the first).
      expect(s[0]).toMatchObject({
        quantity: 70,
        pmc: 41.4571,
        pms: 41.4286,
        pzMkt: 48,
        cMkt: 3360,
        cmc: 2902,
        cg: 458,
        cgAccomplished: 498,
        accrualCouponDividend: 25,
        compositionPercentage: 23.5,
      });
      expect(s[1]).toMatchObject({
        quantity: 10,
        pmc: 125,
        pms: 125,
        pzMkt: 130,
        cMkt: 1040,
        cmc: 1000,
        cg: 40,
        currency: 'USD',
        ac: 'Azioni USA',
        compositionPercentage: 7.27,
        totalPerformance: 40,
        totalPerformancePercentageTW: 4, // 1,040 / 1,000 - 1
      });
      // BTP: accrued at purchase 110 x 91 / 183 = 54.70; on 2024-03-31, 121 days in: 110 x 121 / 183 = 72.73.
      expect(s[2]).toMatchObject({
        quantity: 10_000,
        pmc: 98.5,
        pzMkt: 99,
        cMkt: 9900,
        cmc: 9850,
        loadAccrual: 54.7,
        currentAccrual: 72.73,
        compositionPercentage: 69.23,
      });
    });

    test('macro and asset classes, in the order Equity, Alternative, Bond', () => {
      const t = c.triplaA;
      // Equity 4,400 / 14,300 = 30.769% (3076 rest .92 takes the missing hundredth), Bond 69.23%.
      expect(t.macroAssetClassComposition.map((m) => [m.description, m.totalValue, m.compositionPercentage])).toEqual([
        ['Equity', 4400, 30.77],
        ['Alternative', 0, 0],
        ['Bond', 9900, 69.23],
      ]);
      expect(t.assetClassComposition.map((a) => [a.description, a.totalValue, a.compositionPercentage])).toEqual([
        ['Azioni Italia', 3360, 23.5],
        ['Azioni USA', 1040, 7.27],
        ['Governativi', 9900, 69.23],
      ]);
      expect(t.macroAssetClassComposition[0]!.assetClassList.map((a) => a.description)).toEqual([
        'Azioni Italia',
        'Azioni USA',
      ]);
      expect(t.macroAssetClassComposition[2]!.assetClassList.map((a) => a.description)).toEqual(['Governativi']);
      expect(
        c.sintetic.macroAssetClassComposition.map((m) => [m.macroAssetClassName, m.stockValue, m.percentage]),
      ).toEqual([
        ['Equity', 4400, 30.77],
        ['Alternative', 0, 0],
        ['Bond', 9900, 69.23],
      ]);
      expect(c.sintetic.assetClassComposition[1]).toEqual({
        assetClassName: 'Azioni USA',
        macroAssetClassName: 'Equity',
        percentage: 7.27,
        stockValue: 1040,
      });
    });

    test('the total performance is the sum of the classes and the cash', () => {
      const t = c.triplaA;
      const parts = [...t.macroAssetClassComposition, ...t.cashComposition].reduce((s, i) => s + i.totalPerformance, 0);
      expect(parts).toBeCloseTo(t.totalComposition[0]!.totalPerformance, 6);
    });

    test('cash: the current accounts (custody accounts never held cash here)', () => {
      // 8,681 / 16,786 = 51.7157% (5171 rest .57 gets the missing hundredth), 8,105 / 16,786 = 48.28%.
      expect(
        c.triplaA.cashComposition.map((x) => [
          x.description,
          x.totalValue,
          x.compositionPercentage,
          x.accrualCouponDividend,
        ]),
      ).toEqual([
        ['Conto 1', 8681, 51.72, 0],
        ['Conto 3', 8105, 48.28, 5],
      ]);
    });

    test('accounts, intermediaries and currencies of the synthetic report', () => {
      const s = c.sintetic;
      // Of 31,086: 8,681 -> 27.9258%, 12,300 -> 39.5677%, 8,105 -> 26.0728%, 2,000 -> 6.4338%; floors 9998 hundredths,
      // the two missing go to the rests .765 (12,300) and .575 (8,681).
      expect(
        s.accountComposition.map((a) => [
          a.accountId,
          a.stockValue,
          a.cashValue,
          a.controvalore,
          a.percentage,
          a.owner,
        ]),
      ).toEqual([
        [1, 0, 8681, 8681, 27.93, 'Rossi'],
        [2, 12_300, 0, 12_300, 39.57, 'Rossi'],
        [3, 0, 8105, 8105, 26.07, 'Bianchi'],
        [4, 2000, 0, 2000, 6.43, 'Bianchi'],
      ]);
      // 20,981 -> 67.4934%, 10,105 -> 32.5066%: the missing hundredth to the rest .66.
      expect(s.intermediaryComposition).toEqual([
        {
          intermediaryName: 'Banca A',
          stockValue: 12_300,
          cashValue: 8681,
          controvalore: 20_981,
          percentage: 67.49,
          owner: 'Rossi',
        },
        {
          intermediaryName: 'Banca B',
          stockValue: 2000,
          cashValue: 8105,
          controvalore: 10_105,
          percentage: 32.51,
          owner: 'Bianchi',
        },
      ]);
      // EUR: securities 2,400 + 960 + 9,900 = 13,260 and cash 16,786: 30,046 (96.6544%); USD: 1,040 (3.3456%).
      expect(s.currencyComposition).toEqual([
        {
          currency: 'EUR',
          currencySymbol: '€',
          stockValue: 13_260,
          cashValue: 16_786,
          controvalore: 30_046,
          percentage: 96.65,
        },
        { currency: 'USD', currencySymbol: '$', stockValue: 1040, cashValue: 0, controvalore: 1040, percentage: 3.35 },
      ]);
      // Per account and currency: floors 2792 + 3956 + 2607 + 308 + 334 = 9997; rests .82, .765, .575 get the three.
      expect(s.multipleCurrencyComposition.map((x) => [x.accountId, x.currency, x.controvalore, x.percentage])).toEqual(
        [
          [1, 'EUR', 8681, 27.93],
          [2, 'EUR', 12_300, 39.57],
          [3, 'EUR', 8105, 26.07],
          [4, 'EUR', 960, 3.09],
          [4, 'USD', 1040, 3.34],
        ],
      );
    });
  });

  test('compositionsOf a valuation equals buildCompositions', () => {
    const input: PortfolioInput = {
      accounts: [CASH, CUSTODY],
      instruments: [SHARE],
      movements: [
        mv({ date: '2024-01-02', cause: 'DEPOSIT', amount: 100 }),
        trade('BUY', '2024-01-03', SHARE.id, 1, 50, 50),
      ],
      prices: [],
      fx: [],
    };
    const period = { start: '2024-01-01', end: '2024-01-05' };
    expect(compositionsOf(valuePortfolio(input, period))).toEqual(buildCompositions(input, period));
  });

  test('custody fees without an offset overdraw the custody cash: listed, but no rate of return on it', () => {
    const c = buildCompositions(
      {
        accounts: [CASH, CUSTODY],
        instruments: [SHARE],
        movements: [
          mv({ date: '2024-01-02', cause: 'DEPOSIT', amount: 1000 }),
          mv({ date: '2024-01-31', cause: 'FEE', subcause: 'DEPOSITO_TITOLI', accountId: CUSTODY.id, amount: 12 }),
          mv({ date: '2024-02-29', cause: 'FEE', subcause: 'DEPOSITO_TITOLI', accountId: CUSTODY.id, amount: 12 }),
        ],
        prices: [],
        fx: [],
      },
      { start: '2024-01-01', end: '2024-03-31' },
    );
    const custody = c.triplaA.cashComposition.find((x) => x.description === 'Deposito 2')!;
    // -12 then -24: read as a return that would be -24 / -12 - 1 = +100%; it is reported as null instead.
    expect(custody).toMatchObject({ totalValue: -24, totalPerformance: -24, totalPerformancePercentageTW: null });
    expect(custody.totalPerformancePercentageMW).toBeNull();
    // Cash 1,000 - 24 = 976: 1,000 / 976 = 102.4590% and -24 / 976 = -2.4590%.
    expect(c.triplaA.cashComposition.map((x) => x.compositionPercentage)).toEqual([102.46, -2.46]);
    // The portfolio stays positive: 1,000 deposited, 976 left, TW 976 / 1,000 - 1 = -2.4%.
    expect(c.triplaA.totalComposition[0]!.totalPerformancePercentageTW).toBe(-2.4);
  });
});
