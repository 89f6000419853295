// Schemas of the middle office (issue 16): pending movements to approve, edit or reject, and the reconciliation
// controls of each portfolio against the bank's own balances and positions.
import { type Static, Type } from 'typebox';
import { Id, IsoDate, Name, Nullable, PageNumber, PageSize } from './fields.ts';
import { CONTROL_STATUSES } from './middle-office-codes.ts';
import { FeeSubcause, Movement, MovementCause } from './movement-schemas.ts';

const strict = { additionalProperties: false } as const;

/** The ids of pending movements to approve (1 to 10,000, each once). */
export const PendingIds = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 10000, uniqueItems: true }) },
  strict,
);
/** Reject: the ids and the reason, kept on each movement, audited and shown to its author. */
export const RejectBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 10000, uniqueItems: true }),
    reason: Name(500, { description: 'Why the movements are rejected (1 to 500 characters)' }),
  },
  strict,
);
/**
 * The answer of approve and reject: the ids decided by this call, and those someone else decided first (still
 * visible, no longer pending: left as they are). Ids the caller may not see answer 404 and nothing changes.
 */
export const Decision = Type.Object({
  done: Type.Array(Id, { description: 'Approved (or rejected) by this call' }),
  alreadyDecided: Type.Array(Id, { description: 'No longer pending when this call came: left as they are' }),
});
export type Decision = Static<typeof Decision>;

/** Edit before approving: the fields the middle office may correct on a pending movement. */
export const PendingEdit = Type.Object(
  {
    cause: MovementCause,
    subcause: Type.Optional(Nullable(FeeSubcause)),
    instrumentId: Type.Optional(Nullable(Id)),
    accountId: Id,
  },
  strict,
);
export type PendingEdit = Static<typeof PendingEdit>;

export const PendingCount = Type.Object({
  count: Type.Integer({ minimum: 0, description: 'Pending movements the caller may approve' }),
});

export const RejectedQuery = Type.Object(
  { page: Type.Optional(PageNumber()), size: Type.Optional(PageSize(100000, 100000)) },
  strict,
);

// ---- Controls ----

export const ControlStatus = Type.Enum(CONTROL_STATUSES, {
  description:
    'At the last date with bank data: OK when every balance and quantity matches (or a difference was accepted), DIFFERENCES otherwise; NO_BANK_DATA without any',
});

export const ControlListQuery = Type.Object(
  {
    clientId: Type.Optional(Id),
    status: Type.Optional(ControlStatus),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(100000, 100000)),
  },
  strict,
);

/** One portfolio the caller sees, with its last check. */
export const ControlRow = Type.Object({
  clientId: Id,
  client: Type.String({ description: 'Display name of the owner client' }),
  portfolioId: Id,
  portfolio: Type.String(),
  /** The last date with bank data for the portfolio's accounts; null without any. */
  lastCheckDate: Nullable(IsoDate()),
  status: ControlStatus,
  /** Balances and quantities that differ at lastCheckDate (0 when OK or accepted). */
  differences: Type.Integer({ minimum: 0 }),
  lastQuantityCheckOkDate: Nullable(IsoDate()),
});
export type ControlRow = Static<typeof ControlRow>;

export const ControlParams = Type.Object({ clientId: Id, portfolioId: Id }, strict);
export const ControlDetailQuery = Type.Object(
  { date: Type.Optional(IsoDate({ description: 'The check date; default the last date with bank data' })) },
  strict,
);

export const BalanceCheck = Type.Object({
  accountId: Id,
  accountName: Type.String(),
  iban: Nullable(Type.String()),
  currency: Type.String({ description: 'ISO code of the account' }),
  ours: Type.Number({ description: 'Our cash balance at the end of the date' }),
  bank: Nullable(Type.Number({ description: "The bank's balance at the date; null when the bank sent none" })),
  difference: Nullable(Type.Number({ description: 'ours - bank' })),
  ok: Type.Boolean({ description: 'Within 0.01; false when the bank sent no balance' }),
});
export const QuantityCheck = Type.Object({
  accountId: Id,
  accountName: Type.String(),
  instrumentId: Nullable(Id),
  isin: Type.String(),
  instrumentName: Nullable(Type.String()),
  ours: Type.Number(),
  bank: Nullable(Type.Number({ description: 'null when the bank lists no position of this ISIN (read as 0)' })),
  difference: Type.Number({ description: 'ours - bank (bank read as 0 when it lists none)' }),
  ok: Type.Boolean({ description: 'Within 0.001' }),
});
export const PriceCheck = Type.Object({
  accountId: Id,
  accountName: Type.String(),
  isin: Type.String(),
  instrumentName: Nullable(Type.String()),
  currency: Type.String(),
  ourPrice: Nullable(Type.Number({ description: 'Our last known price at the date' })),
  ourPriceDate: Nullable(IsoDate()),
  bankPrice: Nullable(Type.Number()),
  gapPercent: Nullable(Type.Number({ description: '(ours - bank) / bank x 100, full precision' })),
});
export const ControlAcceptance = Type.Object({
  date: IsoDate(),
  note: Type.String(),
  by: Nullable(Type.String()),
  at: Type.String({ description: 'ISO, UTC' }),
});

export const ControlDetail = Type.Object({
  clientId: Id,
  client: Type.String(),
  portfolioId: Id,
  portfolio: Type.String(),
  /** The date checked; null when the portfolio has no bank data. */
  date: Nullable(IsoDate()),
  /** Every date with bank data for the portfolio's accounts, newest first (the date picker's choices). */
  bankDates: Type.Array(IsoDate()),
  /** The bank date before `date`; the transactions listed are those after it up to `date`. */
  previousCheckDate: Nullable(IsoDate()),
  status: ControlStatus,
  differences: Type.Integer({ minimum: 0 }),
  lastQuantityCheckOkDate: Nullable(IsoDate()),
  balances: Type.Array(BalanceCheck),
  quantities: Type.Array(QuantityCheck),
  /** Approved movements on the portfolio's accounts after previousCheckDate up to date (all up to date without one). */
  transactions: Type.Array(Movement),
  prices: Type.Array(PriceCheck),
  /** A difference accepted at this date, with its note. */
  accepted: Nullable(ControlAcceptance),
  /** True while our figures are being recalculated after a change: the check may be behind. */
  recalculationInProgress: Type.Boolean(),
});
export type ControlDetail = Static<typeof ControlDetail>;

export const AcceptBody = Type.Object(
  {
    date: IsoDate({ description: 'A date with bank data' }),
    note: Name(1000, { description: 'Why the difference is accepted (mandatory, audited)' }),
  },
  strict,
);
