// Cell display by column type, with the shared number and date formats (spec section 9): money with its symbol
// and 2 decimals, quantities 3, prices 4, percent points 2, dates L and date-times L LT, in the given locale.
import {
  DASH,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatQuantity,
} from '../format/index.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { ColumnType, TableColumn } from './index.ts';

/** Column types whose values are numbers (right-aligned, numeric sort, range filter, Number cells in XLSX). */
export const NUMERIC_TYPES: ReadonlySet<ColumnType> = new Set(['money', 'quantity', 'price', 'percent', 'number']);
/** Column types whose values are ISO dates or date-times (date filter, Date cells in XLSX). */
export const DATE_TYPES: ReadonlySet<ColumnType> = new Set(['date', 'dateTime']);

export const isNumeric = (type: ColumnType | undefined) => NUMERIC_TYPES.has(type ?? 'text');
export const isDate = (type: ColumnType | undefined) => DATE_TYPES.has(type ?? 'text');

/** A numeric cell value as a number (numeric strings included), or null. */
export function numericValue(v: string | number | null | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The currency symbol of a money cell (default €). */
export function currencyOf<T>(column: TableColumn<T>, row: T): string {
  const s = column.currencySymbol;
  return (typeof s === 'function' ? s(row) : s) || '€';
}

/** The text a cell shows. Empty text cells stay empty; missing numbers and dates show a dash. */
export function formatCell<T>(column: TableColumn<T>, row: T, locale: Locale): string {
  const v = column.value(row);
  switch (column.type ?? 'text') {
    case 'money':
      return formatMoney(numericValue(v), currencyOf(column, row), locale);
    case 'quantity':
      return formatQuantity(numericValue(v), locale);
    case 'price':
      return formatPrice(numericValue(v), locale);
    case 'percent':
      return formatPercent(numericValue(v), locale);
    case 'number': {
      const n = numericValue(v);
      return n === null ? DASH : formatNumber(n, Number.isInteger(n) ? 0 : 2, locale);
    }
    case 'date':
      return typeof v === 'string' ? formatDate(v, locale) : DASH;
    case 'dateTime':
      return typeof v === 'string' ? formatDateTime(v, locale) : DASH;
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}
