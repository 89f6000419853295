// Schemas of the movement calls: list and search, single movements, pending movements.
import { type Static, Type } from 'typebox';
import { FEE_SUBCAUSES } from './fee-subcauses.ts';
import {
  CurrencyId,
  Id,
  IsoDate as IsoDateField,
  IsoDateTime,
  Nullable,
  Numeric,
  PageNumber,
  PageSize,
  Text,
} from './fields.ts';
import { MOVEMENT_ORIGINS, MOVEMENT_STATUSES } from './middle-office-codes.ts';
import { MOVEMENT_CAUSES } from './movement-causes.ts';

const strict = { additionalProperties: false } as const;
const IsoDate = IsoDateField();

export { MOVEMENT_ORIGINS, MOVEMENT_STATUSES };
/** Where a movement came from (middle-office-codes.ts). */
export const MovementOrigin = Type.Enum(MOVEMENT_ORIGINS);
export const MovementCause = Type.Enum(MOVEMENT_CAUSES);
export const FeeSubcause = Type.Enum(FEE_SUBCAUSES, { description: 'FEE only; null means Altro' });
/** Status a write may ask for (APPROVED, PENDING; REJECTED only through the middle office); lower case accepted. */
export const MovementStatusInput = Type.Enum(['APPROVED', 'PENDING', 'approved', 'pending']);
/** A list filter by status: any stored status, lower case accepted. */
export const MovementStatusFilter = Type.Enum([...MOVEMENT_STATUSES, 'approved', 'pending', 'rejected']);
const Isin = Type.String({ pattern: '^[A-Za-z]{2}[A-Za-z0-9]{9}[0-9]$', maxLength: 12, description: 'ISIN' });
/** "YYYY-MM-DD HH:mm" as the portal sends it, or ISO without a zone (seconds optional); years 1950 to 2100. */
export const MovementDateTime = IsoDateTime();

const owner = {
  ptfId: Type.Optional(Id),
  clientId: Type.Optional(Id),
  familyId: Type.Optional(Id),
};
const pageFields = {
  page: Type.Optional(PageNumber()),
  size: Type.Optional(PageSize(100000, 50)),
  sort: Type.Optional(
    Type.String({
      pattern: '^(dateTime|createdAt)(,(asc|desc))?$',
      maxLength: 32,
      description: 'field[,asc|desc], field one of dateTime, createdAt; default dateTime,desc',
    }),
  ),
};
const filterFields = {
  dateFrom: Type.Optional(IsoDate),
  dateTo: Type.Optional(IsoDate),
  cause: Type.Optional(Type.Array(MovementCause, { maxItems: 20 })),
  accountId: Type.Optional(Id),
  isin: Type.Optional(Isin),
  status: Type.Optional(MovementStatusFilter),
  text: Type.Optional(Text(200)),
};

/** POST /movement/list: the portfolio (ptfId, or clientId / familyId for the aggregate) and paging. */
export const MovementListQuery = Type.Object({ ...owner, ...pageFields }, strict);
/** POST /movement/list body: the filters, all optional. */
export const MovementFilter = Type.Object(filterFields, strict);
/** GET /movement: owner, paging and filters as query parameters (cause may repeat). */
export const MovementSearchQuery = Type.Object({ ...owner, ...pageFields, ...filterFields }, strict);
/** GET /movement/:id: a family view may not fetch single movements (familyId answers 400). */
export const MovementGetQuery = Type.Object({ clientId: Type.Optional(Id), familyId: Type.Optional(Id) }, strict);
export const PendingQuery = Type.Object(
  {
    ...owner,
    page: pageFields.page,
    size: Type.Optional(PageSize(100000, 100000)),
    sort: pageFields.sort,
    lastMonth: Type.Optional(Type.Enum(['0', '1'], { description: '1 = only movements of the last month' })),
  },
  strict,
);

export const Movement = Type.Object({
  id: Id,
  dateTime: Type.String({ description: 'YYYY-MM-DD HH:mm' }),
  classification: Nullable(Type.String()),
  cause: MovementCause,
  subcause: Nullable(FeeSubcause),
  accountId: Id,
  accountName: Type.String(),
  offsetAccountId: Nullable(Id),
  currencyId: Id,
  currency: Type.String({ description: 'ISO code' }),
  currencySymbol: Type.String(),
  ownerId: Id,
  owner: Type.String({ description: 'Display name of the owner client' }),
  portfolios: Type.Array(Type.String(), {
    description:
      "Names of the portfolios holding the movement's account that the caller sees (testing ones only for ADMIN, " +
      'BACK_OFFICE or an impersonating session), in name order; empty when none',
  }),
  instrumentId: Nullable(Id),
  isin: Nullable(Type.String()),
  instrumentName: Nullable(Type.String()),
  quantity: Nullable(Type.Number()),
  price: Nullable(Type.Number()),
  amount: Type.Number({ description: 'Positive; the cause gives the direction' }),
  status: Type.Enum(MOVEMENT_STATUSES, {
    description: 'PENDING: waiting for the middle office, left out of every figure; REJECTED: kept with its reason',
  }),
  origin: MovementOrigin,
  /** Who entered or imported it (display name), null when the user is gone. */
  author: Nullable(Type.String()),
  /** REJECTED: the reason the approver gave; otherwise null. */
  rejectReason: Nullable(Type.String()),
  /** When it was approved or rejected (ISO, UTC), and by whom; null while PENDING or for one approved at entry. */
  decidedAt: Nullable(Type.String()),
  decidedBy: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type Movement = Static<typeof Movement>;

export const MovementInput = Type.Object(
  {
    accountId: Id,
    dateTime: MovementDateTime,
    cause: MovementCause,
    subcause: Type.Optional(Nullable(FeeSubcause)),
    classification: Type.Optional(Nullable(Text(200))),
    currencyId: Type.Optional(CurrencyId),
    instrumentId: Type.Optional(Nullable(Id)),
    isin: Type.Optional(Nullable(Isin)),
    // movements.quantity numeric(24, 6), price numeric(24, 8), amount numeric(20, 2)
    quantity: Type.Optional(Nullable(Numeric(24, 6, { positive: true, maximum: 1e17 }))),
    price: Type.Optional(Nullable(Numeric(24, 8, { maximum: 1e15 }))),
    amount: Type.Optional(
      Nullable(Numeric(20, 2, { maximum: 1e17, description: 'Defaults to quantity x price for trades' })),
    ),
    offsetAccountId: Type.Optional(Nullable(Id)),
    status: Type.Optional(MovementStatusInput),
  },
  strict,
);
export type MovementInput = Static<typeof MovementInput>;

export const MovementIds = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 10000, uniqueItems: true }) },
  strict,
);
export const Deleted = Type.Object({ deleted: Type.Integer() });
