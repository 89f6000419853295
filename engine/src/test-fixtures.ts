// Shared fixtures of the engine's scenario tests: one client's current and custody accounts, an Italian share,
// a US share and a BTP, and a movement factory with fresh ids. Used only by *.test.ts files.
import type { Account, Instrument, Movement } from './types.ts';

export const account = (id: number, accountType: Account['accountType'], currency = 'EUR'): Account => ({
  id,
  name: `Account ${id}`,
  accountType,
  currency,
  intermediaryId: 1,
  intermediaryName: 'Banca',
  ownerId: 1,
  ownerName: 'Rossi',
});
export const CASH = account(1, 'CONTO_CORRENTE');
export const CUSTODY = account(2, 'CUSTODIA_TITOLI');

export const SHARE: Instrument = {
  id: 10,
  isin: 'IT0000000010',
  name: 'Azione',
  currency: 'EUR',
  assetClass: 'Azioni Italia',
  macroAssetClass: 'Equity',
  priceUnit: 1,
};
export const US_SHARE: Instrument = {
  ...SHARE,
  id: 11,
  isin: 'US0000000011',
  currency: 'USD',
  assetClass: 'Azioni USA',
};
export const BTP: Instrument = {
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
/** A movement on the current account in EUR unless stated, with a fresh id. */
export const mv = (m: Partial<Movement> & Pick<Movement, 'date' | 'cause' | 'amount'>): Movement => ({
  id: nextId++,
  accountId: CASH.id,
  currency: 'EUR',
  ...m,
});
