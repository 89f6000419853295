// A client's snapshot reaches the engine's threads in a compact binary form: decoded, it equals the data encoded,
// every field and null alike, so the threads compute the same figures as from the JSON they had before.
import type { Movement } from '@patrimonio/engine';
import { expect, test } from 'vitest';
import { decodeClient, encodeClient } from './snapshot-bytes.ts';
import type { ClientData } from './snapshots.ts';

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
