// Movement requests of the financials page, pure: the list query (spec: 50 a page, dateTime desc, the selected
// portfolio or the aggregate), the filter body and the add/edit body with its checks (DESIGN.md section 4).

import { FEE_SUBCAUSES, ISIN_FORMAT, MOVEMENT_CAUSES, MOVEMENT_STATUSES } from '@patrimonio/shared-api/constants';
import type { PortfolioRef } from './context.ts';
import { isIsoDate, joinDateTime } from './dates.ts';

export const MOVEMENTS_PAGE_SIZE = 50;
export const MOVEMENTS_SORT = 'dateTime,desc';

export type MovementCause = (typeof MOVEMENT_CAUSES)[number];

type FeeSubcause = (typeof FEE_SUBCAUSES)[number];
/** 'Altro' is stored as null. */
export const OTHER_SUBCAUSE = 'Altro';

export const isTrade = (cause: string): boolean => cause === 'BUY' || cause === 'SELL';
export const isCause = (v: string): v is MovementCause => (MOVEMENT_CAUSES as readonly string[]).includes(v);
type MovementStatus = (typeof MOVEMENT_STATUSES)[number];
export const isStatus = (v: string): v is MovementStatus => (MOVEMENT_STATUSES as readonly string[]).includes(v);

export const normaliseIsin = (v: string): string => v.replace(/\s+/g, '').toUpperCase();
export const isIsin = (v: string): boolean => ISIN_FORMAT.test(normaliseIsin(v));

/** The owner of the list: a portfolio (ptfId) or the aggregate of the client or family (none for BASIC). */
type OwnerQuery = { clientId?: number; familyId?: number };

export interface MovementFilters {
  dateFrom: string;
  dateTo: string;
  cause: string;
  accountId: string;
  isin: string;
  text: string;
  /** '' for any, or APPROVED, PENDING, REJECTED (rejected movements show only when asked for). */
  status: string;
}
export const EMPTY_FILTERS: MovementFilters = {
  dateFrom: '',
  dateTo: '',
  cause: '',
  accountId: '',
  isin: '',
  text: '',
  status: '',
};

export interface FilterBody {
  dateFrom?: string;
  dateTo?: string;
  cause?: MovementCause[];
  accountId?: number;
  isin?: string;
  text?: string;
  status?: MovementStatus;
}

/** The filter body: empty fields left out, a malformed date or ISIN left out (the form marks it). */
export function filterBody(f: MovementFilters): FilterBody {
  const body: FilterBody = {};
  if (isIsoDate(f.dateFrom)) body.dateFrom = f.dateFrom;
  if (isIsoDate(f.dateTo)) body.dateTo = f.dateTo;
  if (isCause(f.cause)) body.cause = [f.cause];
  if (/^[1-9]\d*$/.test(f.accountId)) body.accountId = Number(f.accountId);
  if (isIsin(f.isin)) body.isin = normaliseIsin(f.isin);
  const text = f.text.trim();
  if (text) body.text = text.slice(0, 200);
  if (isStatus(f.status)) body.status = f.status;
  return body;
}

/** POST /movement/list: the query (owner, page, 50 a page, dateTime desc) and the filter body. */
export function movementListRequest(owner: OwnerQuery, ptf: PortfolioRef, page: number, filters: MovementFilters) {
  const who = ptf === 'aggregate' ? owner : { ptfId: ptf };
  return {
    query: { ...who, page, size: MOVEMENTS_PAGE_SIZE, sort: MOVEMENTS_SORT },
    body: filterBody(filters),
  };
}

export const pageCount = (total: number, size = MOVEMENTS_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** The add/edit form, as the inputs hold it. */
export interface MovementForm {
  date: string;
  time: string;
  cause: string;
  /** '' when not a FEE; 'Altro' or a FEE subcause. */
  subcause: string;
  accountId: string;
  offsetAccountId: string;
  isin: string;
  quantity: string;
  price: string;
  amount: string;
  currencyId: string;
  description: string;
}

export interface MovementBody {
  accountId: number;
  dateTime: string;
  cause: MovementCause;
  subcause: FeeSubcause | null;
  classification: string | null;
  currencyId?: number;
  isin: string | null;
  quantity: number | null;
  price: number | null;
  amount: number | null;
  offsetAccountId: number | null;
}

export type FormErrors<K extends string> = Partial<Record<K, 'required' | 'invalid' | 'sameAccount'>>;

/** A number typed with a dot or a comma as the decimal separator; null when empty, NaN when malformed. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(/\s/g, '');
  if (!t) return null;
  const normal = t.includes(',') && !t.includes('.') ? t.replace(',', '.') : t;
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

const id = (v: string) => (/^[1-9]\d*$/.test(v) ? Number(v) : null);

/**
 * The body of POST /movement and PUT /movement/{id}, or the fields at fault. Trades (BUY, SELL) need an ISIN, a
 * quantity (> 0) and a price; their amount defaults to quantity x price on the server, and only they carry an
 * offset account. Other causes need an amount. Only a FEE has a subcause ('Altro' is null).
 */
export function movementBody(
  f: MovementForm,
): { ok: true; body: MovementBody } | { ok: false; errors: FormErrors<keyof MovementForm> } {
  const errors: FormErrors<keyof MovementForm> = {};
  const dateTime = joinDateTime(f.date, f.time || '00:00');
  if (!f.date) errors.date = 'required';
  else if (!dateTime) errors.date = 'invalid';
  if (!f.cause) errors.cause = 'required';
  const cause = isCause(f.cause) ? f.cause : null;
  if (f.cause && !cause) errors.cause = 'invalid';
  const accountId = id(f.accountId);
  if (accountId === null) errors.accountId = 'required';
  const trade = cause !== null && isTrade(cause);
  const isin = f.isin.trim() ? normaliseIsin(f.isin) : null;
  if (isin !== null && !ISIN_FORMAT.test(isin)) errors.isin = 'invalid';
  if (trade && isin === null) errors.isin = 'required';
  const quantity = parseNumber(f.quantity);
  const price = parseNumber(f.price);
  const amount = parseNumber(f.amount);
  if (quantity !== null && (Number.isNaN(quantity) || quantity <= 0)) errors.quantity = 'invalid';
  if (price !== null && Number.isNaN(price)) errors.price = 'invalid';
  if (amount !== null && Number.isNaN(amount)) errors.amount = 'invalid';
  if (trade) {
    if (quantity === null) errors.quantity = 'required';
    if (price === null) errors.price = 'required';
  } else if (amount === null && cause !== null) errors.amount = 'required';
  const offsetAccountId = trade ? id(f.offsetAccountId) : null;
  if (offsetAccountId !== null && offsetAccountId === accountId) errors.offsetAccountId = 'sameAccount';
  const subcause =
    cause === 'FEE' && (FEE_SUBCAUSES as readonly string[]).includes(f.subcause) ? (f.subcause as FeeSubcause) : null;
  if (Object.keys(errors).length || !cause || accountId === null || !dateTime) return { ok: false, errors };
  const currencyId = id(f.currencyId);
  return {
    ok: true,
    body: {
      accountId,
      dateTime,
      cause,
      subcause,
      classification: f.description.trim() ? f.description.trim().slice(0, 200) : null,
      ...(currencyId !== null ? { currencyId } : {}),
      isin,
      quantity: trade ? quantity : null,
      price: trade ? price : null,
      amount: amount,
      offsetAccountId,
    },
  };
}
