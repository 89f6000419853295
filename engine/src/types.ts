// The engine's inputs: plain data as the server reads it from the database (numeric columns already parsed
// to numbers), with ISO dates. Conventions: DESIGN.md section 4 and engine/README.md.
import { FEE_REPORT_SUBCAUSES, type FeeReportSubcause } from '@patrimonio/shared-api/constants';

/** A calendar day, YYYY-MM-DD. */
export type IsoDate = string;

export const EXTERNAL_INFLOWS = ['DEPOSIT', 'TRANSFER_IN'] as const;
export const EXTERNAL_OUTFLOWS = ['WITHDRAWAL', 'TRANSFER_OUT'] as const;
export const INCOME_CAUSES = ['COUPON', 'DIVIDEND', 'INTEREST'] as const;
export const CAUSES = [
  ...EXTERNAL_INFLOWS,
  ...EXTERNAL_OUTFLOWS,
  'BUY',
  'SELL',
  ...INCOME_CAUSES,
  'FEE',
  'TAX',
] as const;
export type Cause = (typeof CAUSES)[number];

/** Fee subcauses in report order (the contract's, then Altro); a FEE with no subcause (NULL) is read as Altro. */
export const FEE_SUBCAUSES = FEE_REPORT_SUBCAUSES;
export type FeeSubcause = FeeReportSubcause;

/** Macro asset classes in display order. */
export const MACRO_ASSET_CLASSES = ['Equity', 'Alternative', 'Bond'] as const;
export type MacroAssetClass = (typeof MACRO_ASSET_CLASSES)[number];

export type AccountType = 'CONTO_CORRENTE' | 'CUSTODIA_TITOLI';

export interface Instrument {
  id: number;
  isin: string;
  name: string;
  /** ISO code of the quote currency. */
  currency: string;
  assetClass: string;
  macroAssetClass: MacroAssetClass;
  /** How many units one price quote covers: 100 for bonds (quoted per 100 of nominal, quantity = nominal), else 1. */
  priceUnit: 1 | 100;
  /** Bonds only: annual coupon rate as a fraction (0.022 = 2.2%), payments a year, first coupon date, maturity. */
  couponRate?: number | null;
  couponFrequency?: 1 | 2 | 4 | 12 | null;
  firstCouponDate?: IsoDate | null;
  maturityDate?: IsoDate | null;
}

export interface Account {
  id: number;
  name: string;
  accountType: AccountType;
  /** ISO code of the account's currency: its cash is held in it. */
  currency: string;
  intermediaryId: number;
  intermediaryName: string;
  ownerId: number;
  ownerName: string;
}

/**
 * One approved movement. Amounts are positive and the cause gives the direction (DESIGN.md 4).
 * Cash effects book to `offsetAccountId ?? accountId`, in that account's currency: a movement in another
 * currency is converted at the FX rates of its date. Securities effects (BUY, SELL, TRANSFER_IN/OUT with an
 * instrument and a quantity) book to `accountId`.
 */
export interface Movement {
  id: number;
  accountId: number;
  offsetAccountId?: number | null;
  date: IsoDate;
  cause: Cause;
  /** FEE only; null is Altro. */
  subcause?: Exclude<FeeSubcause, 'Altro'> | null;
  /** ISO code of the movement's currency (of amount and price). */
  currency: string;
  instrumentId?: number | null;
  quantity?: number | null;
  /** Per unit, bonds per 100 of nominal, in the movement currency. */
  price?: number | null;
  amount: number;
}

/** Daily closing prices of one instrument, in its currency (bonds per 100), sorted by date ascending. */
export interface PriceSeries {
  instrumentId: number;
  points: ReadonlyArray<{ date: IsoDate; price: number }>;
}

/** FX: units of the currency for one euro (ECB convention: USD 1.08 means 1 EUR = 1.08 USD), sorted ascending. */
export interface FxSeries {
  currency: string;
  points: ReadonlyArray<{ date: IsoDate; rate: number }>;
}

/** Everything the engine needs about one portfolio (or a client or family aggregate, see aggregate.ts). */
export interface PortfolioInput {
  accounts: ReadonlyArray<Account>;
  instruments: ReadonlyArray<Instrument>;
  movements: ReadonlyArray<Movement>;
  prices: ReadonlyArray<PriceSeries>;
  fx: ReadonlyArray<FxSeries>;
}

/** A period (start, end]: the value at the end of `start` opens it; movements dated after `start` up to `end` belong to it. */
export interface Period {
  start: IsoDate;
  end: IsoDate;
}
