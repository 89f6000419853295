// The XLSX and CSV exports of a table, as pure functions: the rows shown (filtered and sorted) with the visible
// columns, written as values (numbers as numbers, dates as dates, with a display format), never as formatted strings.
// Percent columns hold percent points (12.5 for 12,5 %): the XLSX writes them as the fraction (0.125) with a
// percentage format, so that Excel shows 12,50 % and computes with 0.125. Date columns are dates without a time.
// The XLSX file itself is written by write-excel-file (xlsx.ts), loaded only when someone exports.
//
// CSV (issue 22): the dialect of the language in use, so that a double click opens it right in Excel:
// - Italian: `;` between fields, comma decimals (1234,5);
// - English: `,` between fields, dot decimals (1234.5);
// both with RFC 4180 quoting (a field with the separator, a quote or a line break in double quotes, quotes doubled),
// CRLF line ends and a UTF-8 byte-order mark. Numbers are raw (no thousands separator, no currency symbol, percent
// columns in percent points as shown); dates ISO (2026-11-21, 2026-11-21 09:05), which Excel reads in both languages.
import type { Cell, SheetData } from 'write-excel-file/browser';
import type { Locale } from '../i18n/i18n.ts';
import { currencyOf, isNumeric, numericValue } from './display.ts';
import type { ColumnType, TableColumn } from './index.ts';
import { type ColumnTotal, totalLabelKey } from './model.ts';

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

/** A file name from a title in the language in use: 'Titoli in portafoglio' -> 'titoli-in-portafoglio'. */
export function fileSlug(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'export'
  );
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

/** The day of an API date or date-time as a Date at UTC midnight: a date column's cell carries no time. */
export function excelDay(value: string | number | null | undefined): Date | null {
  const d = excelDate(value);
  return d ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())) : null;
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

/** A number cell of a numeric column: its format, with the money's symbol. */
function numberCell(type: ColumnType, n: number, symbol: string): Cell {
  // Percent points (12.5) as the fraction a percentage cell holds (0.125).
  if (type === 'percent') return { value: Number((n / 100).toPrecision(15)), type: Number, format: '0.00%' };
  const format = numberFormat(type, symbol);
  return format ? { value: n, type: Number, format } : { value: n, type: Number };
}

function cellOf<T>(column: TableColumn<T>, row: T, locale: Locale): Cell {
  const type = column.type ?? 'text';
  const v = column.value(row);
  if (isNumeric(type)) {
    const n = numericValue(v);
    if (n === null) return null;
    return numberCell(type, n, type === 'money' ? currencyOf(column, row) : '');
  }
  switch (type) {
    case 'date': {
      const d = excelDay(v);
      return d ? { value: d, type: Date, format: dateFormat(locale) } : null;
    }
    case 'dateTime': {
      const d = excelDate(v);
      return d ? { value: d, type: Date, format: `${dateFormat(locale)} hh:mm` } : null;
    }
    default:
      if (v === null || v === undefined || v === '') return null;
      return typeof v === 'number' ? { value: v, type: Number } : { value: v, type: String };
  }
}

/**
 * The totals row a table shows (issue 22), for its exports: the sums (model.ts columnTotals of the same rows) and the
 * label in the language in use ("Totale", "Total"), written in the first column without a sum as in the grid.
 */
export interface ExportTotals {
  values: Readonly<Record<string, ColumnTotal | null>>;
  label: string;
}

/** The totals row's cells of the given columns: the label, a sum, or nothing. */
function totalsRow<T, C>(
  columns: readonly TableColumn<T>[],
  totals: ExportTotals,
  cell: (column: TableColumn<T>, total: ColumnTotal) => C,
  label: (text: string) => C,
  empty: C,
): C[] {
  const labelKey = totalLabelKey(columns, totals.values);
  return columns.map((c) => {
    const total = totals.values[c.key];
    if (total) return cell(c, total);
    return c.key === labelKey ? label(totals.label) : empty;
  });
}

/**
 * The sheet of an export: header of the column titles, then the given rows in the given order, then the totals row
 * when the table shows one (bold, the sums as numbers with the column's format).
 */
export function toXlsxSheet<T>(
  rows: readonly T[],
  columns: readonly TableColumn<T>[],
  locale: Locale,
  name: string,
  totals?: ExportTotals | null,
): XlsxSheet {
  const header: Cell[] = columns.map((c) => ({ value: c.title, type: String, fontWeight: 'bold' }));
  const data: SheetData = [header];
  for (const row of rows) data.push(columns.map((c) => cellOf(c, row, locale)));
  if (totals) {
    data.push(
      totalsRow<T, Cell>(
        columns,
        totals,
        (c, total) => ({ ...numberCell(c.type ?? 'number', total.value, total.symbol), fontWeight: 'bold' }) as Cell,
        (text) => ({ value: text, type: String, fontWeight: 'bold' }),
        null,
      ),
    );
  }
  return {
    data,
    columns: columns.map((c) => ({ width: Math.max(WIDTHS[c.type ?? 'text'], Math.min(40, c.title.length + 2)) })),
    sheet: sheetName(name),
  };
}

/** The CSV dialect of a language (see the top of this file). */
export function csvDialect(locale: Locale): { separator: ';' | ','; decimal: ',' | '.' } {
  return locale === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' };
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

// Plain digits: String() gives no exponent for the figures a table holds (below 1e21, above 1e-7).
const csvNumber = (n: number | null, decimal: ',' | '.') => (n === null ? '' : String(n).replace('.', decimal));

function csvValue<T>(column: TableColumn<T>, row: T, decimal: ',' | '.'): string {
  const type = column.type ?? 'text';
  const v = column.value(row);
  if (isNumeric(type)) return csvNumber(numericValue(v), decimal);
  switch (type) {
    case 'date': {
      const d = excelDay(v);
      return d ? isoDay(d) : '';
    }
    case 'dateTime': {
      const d = excelDate(v);
      return d ? `${isoDay(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : '';
    }
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

/** RFC 4180 quoting: in double quotes when the field holds the separator, a quote or a line break. */
function csvField(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The CSV of an export: the same columns and rows as the XLSX, header of the column titles first, then the totals row
 * when the table shows one, in the dialect of the language (see the top of this file), without the byte-order mark
 * (csvBlob adds it).
 */
export function toCsv<T>(
  rows: readonly T[],
  columns: readonly TableColumn<T>[],
  locale: Locale,
  totals?: ExportTotals | null,
): string {
  const { separator, decimal } = csvDialect(locale);
  const line = (fields: string[]) => fields.map((f) => csvField(f, separator)).join(separator);
  const lines = [line(columns.map((c) => c.title))];
  for (const row of rows) lines.push(line(columns.map((c) => csvValue(c, row, decimal))));
  if (totals) {
    lines.push(
      line(
        totalsRow(
          columns,
          totals,
          (_, total) => csvNumber(total.value, decimal),
          (text) => text,
          '',
        ),
      ),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The CSV as a file: UTF-8 with a byte-order mark (Excel then reads accents right). */
export function csvBlob(csv: string): Blob {
  return new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
}
