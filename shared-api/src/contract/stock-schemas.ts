// Schemas of the instrument (stock, bond, fund, ETF) calls and their price history.
import { type Static, type TSchema, Type } from 'typebox';
import { Id } from '../schemas.ts';
import { MACRO_ASSET_CLASSES } from './financial-schemas.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const strict = { additionalProperties: false } as const;
const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

export const MacroAssetClass = Type.Enum(MACRO_ASSET_CLASSES);
export type MacroAssetClass = (typeof MACRO_ASSET_CLASSES)[number];

export const STOCK_SORT_FIELDS = ['isin', 'name', 'currency', 'assetClass', 'macroAssetClass'] as const;

export const StockListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Name or ISIN contains (case-insensitive)' })),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 10 })),
    sort: Type.Optional(
      Type.String({
        pattern: `^(${STOCK_SORT_FIELDS.join('|')})(,(asc|desc))?$`,
        description: `field[,asc|desc], field one of ${STOCK_SORT_FIELDS.join(', ')}; default name,asc`,
      }),
    ),
  },
  strict,
);

export const Stock = Type.Object({
  id: Id,
  isin: Type.String(),
  name: Type.String(),
  currency: Type.String({ description: 'ISO 4217 code' }),
  currencySymbol: Type.String(),
  assetClass: Type.String(),
  macroAssetClass: MacroAssetClass,
  couponRate: Nullable(Type.Number({ description: 'Bonds: annual coupon rate as a fraction of nominal' })),
  couponFrequency: Nullable(Type.Integer({ description: 'Bonds: coupon payments a year' })),
  firstCouponDate: Nullable(IsoDate),
  maturityDate: Nullable(IsoDate),
  lastPrice: Nullable(Type.Number({ description: "Latest end-of-day price, in the instrument's currency" })),
  lastPriceDate: Nullable(IsoDate),
});
export type Stock = Static<typeof Stock>;

/** Create and full update: coupon fields only for a Bond. */
export const StockInput = Type.Object(
  {
    isin: Type.String({ minLength: 12, maxLength: 12, description: 'ISIN, with its Luhn check digit' }),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code of a known currency' }),
    assetClass: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    macroAssetClass: MacroAssetClass,
    // Type arrays rather than unions: with type coercion a union would turn null into 0.
    couponRate: Type.Optional(
      Type.Unsafe<number | null>({
        type: ['number', 'null'],
        minimum: 0,
        maximum: 1,
        description: 'Bonds: annual coupon rate as a fraction of nominal (0.015 = 1.5%)',
      }),
    ),
    couponFrequency: Type.Optional(
      Type.Unsafe<1 | 2 | 4 | 12 | null>({
        type: ['integer', 'null'],
        enum: [1, 2, 4, 12, null],
        description: 'Bonds: coupon payments a year',
      }),
    ),
    firstCouponDate: Type.Optional(Nullable(IsoDate)),
    maturityDate: Type.Optional(Nullable(IsoDate)),
  },
  strict,
);
export type StockInput = Static<typeof StockInput>;

export const PriceListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 5 })),
    dateFrom: Type.Optional(IsoDate),
    dateTo: Type.Optional(IsoDate),
  },
  strict,
);
export const PricePoint = Type.Object({ date: IsoDate, price: Type.Number(), currency: Type.String() });
