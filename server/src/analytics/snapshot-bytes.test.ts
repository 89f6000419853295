// The snapshots are stored, held and handed to the engine's threads in a compact binary form: decoded, a client or the
// market equals the data encoded, every field and null alike, so the threads compute the same figures as from the
// JSON stored before; an API process reads a client's header (name, accounts, portfolios) without its movements.
import type { Instrument, Movement } from '@patrimonio/engine';
import { expect, test } from 'vitest';
import { clientHeld, decodeClient, decodeMarket, encodeClient, encodeMarket } from './snapshot-bytes.ts';
import type { ClientData, MarketData } from './snapshots.ts';

const movement = (
  m: Partial<Movement> & Pick<Movement, 'id' | 'accountId' | 'date' | 'cause' | 'amount'>,
): Movement => ({
  offsetAccountId: null,
  subcause: null,
  currency: 'EUR',
  instrumentId: null,
  quantity: null,
  price: null,
  ...m,
});

function client(): ClientData {
  const account = (id: number, name: string) => ({
    id,
    name,
    accountType: 'CONTO_CORRENTE' as const,
    currency: 'EUR',
    intermediaryId: 3,
    intermediaryName: 'Banca è',
    ownerId: 7,
    ownerName: 'Rossi Mario',
    testing: id === 12,
  });
  return {
    version: 41,
    clientId: 7,
    name: 'Rossi Mario',
    accounts: new Map([
      [11, account(11, 'Conto €')],
      [12, account(12, 'Dossier')],
      [13, account(13, 'Vuoto')],
    ]),
    portfolios: [
      {
        id: 5,
        name: 'Principale',
        testing: false,
        accountIds: [11, 12],
        firstMovementDate: '2016-01-04',
        lastQuantityCheckOkDate: null,
      },
    ],
    movementsByAccount: new Map([
      [
        11,
        [
          movement({ id: 1, accountId: 11, date: '2016-01-04', cause: 'DEPOSIT', amount: 100_000.25 }),
          movement({
            id: 9_007_199_254,
            accountId: 11,
            date: '2024-02-29',
            cause: 'FEE',
            subcause: 'GESTIONE',
            amount: -0.1,
          }),
          movement({ id: 3, accountId: 11, offsetAccountId: 12, date: '1999-12-31', cause: 'TRANSFER_OUT', amount: 0 }),
        ],
      ],
      [
        12,
        [
          movement({
            id: 4,
            accountId: 12,
            date: '2020-03-16',
            cause: 'BUY',
            currency: 'USD',
            instrumentId: 60,
            quantity: 1e-9,
            price: 101.375,
            amount: -1e15,
          }),
          movement({
            id: 5,
            accountId: 12,
            date: '2020-03-16',
            cause: 'SELL',
            instrumentId: 0,
            quantity: 0,
            price: 0,
            amount: 1,
          }),
        ],
      ],
      [13, []],
    ]) as ClientData['movementsByAccount'],
  };
}

test('a decoded client equals the client encoded: accounts, portfolios, every movement field and its nulls', () => {
  const data = client();
  const decoded = decodeClient(encodeClient(data));
  expect(decoded).toStrictEqual(data);
  // Each movement has every field, in loadClient's order (as the JSON gave them).
  expect(Object.keys(decoded.movementsByAccount.get(11)![0]!)).toEqual([
    'id',
    'accountId',
    'offsetAccountId',
    'date',
    'cause',
    'subcause',
    'currency',
    'instrumentId',
    'quantity',
    'price',
    'amount',
  ]);
});

test('a client without movements, and the bytes are shared memory', () => {
  const data = { ...client(), movementsByAccount: new Map() };
  const bytes = encodeClient(data);
  expect(bytes).toBeInstanceOf(SharedArrayBuffer);
  expect(decodeClient(bytes)).toStrictEqual(data);
});

test('a client held: its header without the movements, and the very bytes (what an API process keeps)', () => {
  const data = client();
  const bytes = encodeClient(data);
  const { movementsByAccount: _m, ...header } = data;
  const held = clientHeld(bytes);
  expect(held).toStrictEqual({ ...header, bytes });
  expect(held.bytes).toBe(bytes);
  expect('movementsByAccount' in held).toBe(false);
});

function market(): MarketData {
  return {
    version: 17,
    instruments: new Map<number, Instrument>([
      [
        60,
        {
          id: 60,
          isin: 'IE00B4L5Y983',
          name: 'iShares Core MSCI World',
          currency: 'USD',
          assetClass: 'Azionario',
          macroAssetClass: 'Equity',
          priceUnit: 1,
          couponRate: null,
          couponFrequency: null,
          firstCouponDate: null,
          maturityDate: null,
        },
      ],
      [
        61,
        {
          id: 61,
          isin: 'IT0005083057',
          name: 'BTP 3,25% 2046',
          currency: 'EUR',
          assetClass: 'Obbligazionario',
          macroAssetClass: 'Bond',
          priceUnit: 100,
          couponRate: 3.25,
          couponFrequency: 2,
          firstCouponDate: '2015-03-01',
          maturityDate: '2046-09-01',
        },
      ],
      [62, { ...MARKET_INSTRUMENT, id: 62 }],
    ]),
    prices: new Map([
      [
        60,
        {
          instrumentId: 60,
          points: [
            { date: '1999-12-31', price: 0.000_001 },
            { date: '2024-02-29', price: 101.375 },
            { date: '2024-03-01', price: 1e15 },
          ],
        },
      ],
      [61, { instrumentId: 61, points: [{ date: '2024-02-29', price: 98.7654321 }] }],
      [62, { instrumentId: 62, points: [] }],
    ]),
    fx: [
      {
        currency: 'USD',
        points: [
          { date: '2024-02-29', rate: 1.0834 },
          { date: '2024-03-01', rate: 1.0851 },
        ],
      },
      { currency: 'CHF', points: [] },
    ],
  };
}

const MARKET_INSTRUMENT: Omit<Instrument, 'id'> = {
  isin: 'LU0000000000',
  name: 'Senza prezzi',
  currency: 'EUR',
  assetClass: 'Oro',
  macroAssetClass: 'Alternative',
  priceUnit: 1,
  couponRate: null,
  couponFrequency: null,
  firstCouponDate: null,
  maturityDate: null,
};

test('a decoded market equals the market encoded: instruments, every price and FX point, empty series', () => {
  const data = market();
  const bytes = encodeMarket(data);
  expect(bytes).toBeInstanceOf(SharedArrayBuffer);
  const decoded = decodeMarket(bytes);
  expect(decoded).toStrictEqual(data);
  // Points of one day share one date string, as a client's movements do.
  expect(decoded.prices.get(60)!.points[1]!.date).toBe(decoded.fx[0]!.points[0]!.date);
  // A price's 8 bytes and its day's 4, behind the header: far less than the JSON of the same points.
  const points = 3 + 1 + 2;
  expect(bytes.byteLength).toBeLessThan(JSON.stringify([...data.instruments.values()]).length + 400 + points * 12);
});

test('an empty market', () => {
  const data: MarketData = { version: 0, instruments: new Map(), prices: new Map(), fx: [] };
  expect(decodeMarket(encodeMarket(data))).toStrictEqual(data);
});
