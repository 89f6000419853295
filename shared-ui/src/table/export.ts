// The XLSX export of a table, as a pure function: the rows shown (filtered and sorted) with the visible columns,
// written as values (numbers as numbers, dates as dates, with a display format), never as formatted strings.
// The file itself is written by write-excel-file (xlsx.ts), loaded only when someone exports.
import type { Cell, SheetData } from 'write-excel-file/browser';
import type { Locale } from '../i18n/i18n.ts';
import { currencyOf, numericValue } from './display.ts';
import type { ColumnType, TableColumn } from './index.ts';

export interface XlsxSheet {
  /** Header row (column titles) then one row per table row. */
  data: SheetData;
  /** Column widths in characters. */
  columns: { width: number }[];
  /** Sheet name (at most 31 characters, none of []:*?/\). */
  sheet: string;
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ (replaced by a space). */
export function sheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim();
  return (clean || 'Sheet1').slice(0, 31);
}

/**
 * An API date ('2026-11-21') or date-time ('2026-11-21 09:30', or ISO with a zone shown in local time, as the
 * table shows it) as the Date write-excel-file expects: the wall-clock time in UTC (Excel dates have no zone).
 */
export function excelDate(value: string | number | null | undefined): Date | null {
  if (typeof value !== 'string') return null;
  if (/Z$|[+-]\d{2}:\d{2}$/.test(value)) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return null;
    return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()));
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0)));
}

const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Excel number formats (locale-independent: Excel shows its own separators). */
function numberFormat(type: ColumnType, symbol: string): string | undefined {
  switch (type) {
    case 'money':
      return `#,##0.00 ${quoted(symbol)}`;
    case 'quantity':
      return '#,##0.000';
    case 'price':
      return '#,##0.0000';
    case 'percent':
      return `#,##0.00${quoted('%')}`;
    default:
      return undefined;
  }
}

// Day first in both languages: English is British (en-GB, issue 22).
const dateFormat = (_locale: Locale) => 'dd/mm/yyyy';

const WIDTHS: Record<ColumnType, number> = {
  text: 28,
  money: 18,
  quantity: 16,
  price: 16,
  percent: 12,
  number: 14,
  date: 12,
  dateTime: 17,
};

function cellOf<T>(column: TableColumn<T>, row: T, locale: Locale): Cell {
  const type = column.type ?? 'text';
  const v = column.value(row);
  switch (type) {
    case 'money':
    case 'quantity':
    case 'price':
    case 'percent':
    case 'number': {
      const n = numericValue(v);
      if (n === null) return null;
      const format = numberFormat(type, type === 'money' ? currencyOf(column, row) : '');
      return format ? { value: n, type: Number, format } : { value: n, type: Number };
    }
    case 'date':
    case 'dateTime': {
      const d = excelDate(v);
      if (!d) return null;
      return { value: d, type: Date, format: type === 'date' ? dateFormat(locale) : `${dateFormat(locale)} hh:mm` };
    }
    default:
      if (v === null || v === undefined || v === '') return null;
      return typeof v === 'number' ? { value: v, type: Number } : { value: v, type: String };
  }
}

/** The sheet of an export: header of the column titles, then the given rows in the given order. */
export function toXlsxSheet<T>(
  rows: readonly T[],
  columns: readonly TableColumn<T>[],
  locale: Locale,
  name: string,
): XlsxSheet {
  const header: Cell[] = columns.map((c) => ({ value: c.title, type: String, fontWeight: 'bold' }));
  const data: SheetData = [header];
  for (const row of rows) data.push(columns.map((c) => cellOf(c, row, locale)));
  return {
    data,
    columns: columns.map((c) => ({ width: Math.max(WIDTHS[c.type ?? 'text'], Math.min(40, c.title.length + 2)) })),
    sheet: sheetName(name),
  };
}
