// What a table shows, as pure functions: search over the visible columns, column filters, sorting and paging.
// The grid renders the result; the XLSX export writes the same filtered and sorted rows.
import type { Locale } from '../i18n/i18n.ts';
import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { currencyOf, formatCell, isDate, isNumeric, numericValue } from './display.ts';
import type { TableColumn } from './index.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** A column filter: text contains (text columns), a range (numbers), a date range (YYYY-MM-DD, inclusive). */
export type ColumnFilter =
  | { kind: 'text'; value: string }
  | { kind: 'number'; min: number | null; max: number | null }
  | { kind: 'date'; from: string | null; to: string | null };

export type ColumnFilters = Readonly<Record<string, ColumnFilter>>;

export interface TableQuery {
  search: string;
  filters: ColumnFilters;
  sort: SortState | null;
}

/** Lower case, without accents and with plain spaces: 'Città  1.234,50 €' matches 'citta 1.234'. */
export function normalizeText(s: string): string {
  // Plain ASCII (most cells: numbers, dates, codes) needs only the lower case.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range itself.
  if (!/[^\u0000-\u007f]/.test(s)) return s.toLowerCase();
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .toLowerCase();
}

export function isFilterActive(filter: ColumnFilter | undefined): filter is ColumnFilter {
  if (!filter) return false;
  switch (filter.kind) {
    case 'text':
      return filter.value.trim() !== '';
    case 'number':
      return filter.min !== null || filter.max !== null;
    case 'date':
      return Boolean(filter.from || filter.to);
  }
}

/** The kind of filter a column gets from its type. */
export function filterKindOf<T>(column: TableColumn<T>): ColumnFilter['kind'] {
  if (isNumeric(column.type)) return 'number';
  if (isDate(column.type)) return 'date';
  return 'text';
}

/**
 * The searchable text of each row (raw values and displayed text of the given columns, normalised), computed
 * on first use and kept: typing in the search box does not format 100,000 rows again.
 */
export function searchTexts<T>(
  rows: readonly T[],
  columns: readonly TableColumn<T>[],
  locale: Locale,
): (index: number) => string {
  const cache: (string | undefined)[] = new Array(rows.length);
  return (index) => {
    let text = cache[index];
    if (text === undefined) {
      const row = rows[index] as T;
      const parts: string[] = [];
      for (const c of columns) {
        const raw = c.value(row);
        if (raw !== null && raw !== undefined) parts.push(String(raw));
        // Text cells show their value as it is; other types also as shown (1.234,50 €, 21/11/2026).
        if ((c.type ?? 'text') !== 'text') parts.push(formatCell(c, row, locale));
      }
      text = normalizeText(parts.join('\u0000'));
      cache[index] = text;
    }
    return text;
  };
}

function matchesFilter<T>(column: TableColumn<T>, row: T, filter: ColumnFilter, locale: Locale): boolean {
  const v = column.value(row);
  switch (filter.kind) {
    case 'text': {
      const needle = normalizeText(filter.value.trim());
      const raw = v === null || v === undefined ? '' : String(v);
      return normalizeText(raw).includes(needle) || normalizeText(formatCell(column, row, locale)).includes(needle);
    }
    case 'number': {
      const n = numericValue(v);
      if (n === null) return false;
      return (filter.min === null || n >= filter.min) && (filter.max === null || n <= filter.max);
    }
    case 'date': {
      if (typeof v !== 'string' || v.length < 10) return false;
      const day = v.slice(0, 10);
      return (!filter.from || day >= filter.from) && (!filter.to || day <= filter.to);
    }
  }
}

type SortKey = string | number | null;

function sortKeyOf<T>(column: TableColumn<T>, row: T): SortKey {
  const v = column.value(row);
  if (isNumeric(column.type)) return numericValue(v);
  if (v === null || v === undefined || v === '') return null;
  return isDate(column.type) ? String(v) : typeof v === 'number' ? v : String(v);
}

/** Compares two sort keys ascending; null (empty) keys are handled by the caller (always last). */
function compareKeys(a: string | number, b: string | number, collator: Intl.Collator): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Sorts by one column: numbers numerically, dates by their ISO text, text by the locale; empty cells last. */
export function sortRows<T>(rows: readonly T[], column: TableColumn<T>, direction: SortDirection, locale: Locale): T[] {
  const collator = new Intl.Collator(locale === 'en' ? 'en-US' : 'it-IT', { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, key: sortKeyOf(column, row) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key === b.key) return a.index - b.index;
      return a.key === null ? 1 : -1;
    }
    return sign * compareKeys(a.key, b.key, collator) || a.index - b.index;
  });
  return keyed.map((k) => k.row);
}

/**
 * The rows a table shows, in order: search over the given (visible) columns, then every active column filter
 * of those columns, then the sort. Unchanged input comes back as it is (no copy of 100,000 rows).
 */
export function queryRows<T>(
  rows: readonly T[],
  columns: readonly TableColumn<T>[],
  query: TableQuery,
  locale: Locale,
  texts: (index: number) => string = searchTexts(rows, columns, locale),
): readonly T[] {
  const needle = normalizeText(query.search.trim());
  const filters = columns.flatMap((c) => {
    const f = query.filters[c.key];
    return c.filterable !== false && isFilterActive(f) ? [{ column: c, filter: f }] : [];
  });
  let result: readonly T[] = rows;
  if (needle || filters.length) {
    result = rows.filter(
      (row, i) =>
        (!needle || texts(i).includes(needle)) &&
        filters.every(({ column, filter }) => matchesFilter(column, row, filter, locale)),
    );
  }
  const sortColumn = query.sort ? columns.find((c) => c.key === query.sort?.key) : undefined;
  if (query.sort && sortColumn && sortColumn.sortable !== false) {
    result = sortRows(result, sortColumn, query.sort.direction, locale);
  }
  return result;
}

/** Header click: ascending, then descending, then unsorted. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

export interface PageWindow {
  /** Zero-based page, clamped to the pages there are. */
  page: number;
  pageCount: number;
  /** Index of the first row of the page and one past the last. */
  start: number;
  end: number;
}

export function pageWindow(total: number, page: number, size: number): PageWindow {
  const pageSize = Math.max(1, Math.floor(size));
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const clamped = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  const start = clamped * pageSize;
  return { page: clamped, pageCount, start, end: Math.min(total, start + pageSize) };
}

/** A page size from the allowed ones: the stored or requested size if allowed, else the default, else the first. */
export function pickPageSize(allowed: readonly number[], ...candidates: (number | null | undefined)[]): number {
  for (const c of candidates) if (typeof c === 'number' && allowed.includes(c)) return c;
  return allowed.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : (allowed[0] ?? DEFAULT_PAGE_SIZE);
}

/** Whether the column is visible: the user's choice for this table, else not hidden by default. */
export function isColumnVisible<T>(column: TableColumn<T>, choices: Readonly<Record<string, boolean>>): boolean {
  const chosen = choices[column.key];
  return typeof chosen === 'boolean' ? chosen : !column.hiddenByDefault;
}

/**
 * The data columns' widths in the room there is: in proportion to their base widths, none below its minimum (one
 * for all, or one per column: what its figures need). A column held at its minimum gives the others the room it would
 * have taken, so that the row actions stay in view as long as every column can shrink to its minimum; only beyond that
 * do the columns overflow (and the grid scrolls sideways).
 */
export function fitWidths(base: readonly number[], available: number, min: number | readonly number[]): number[] {
  const minOf = (i: number) => (typeof min === 'number' ? min : (min[i] ?? 0));
  const atMin = new Set<number>();
  for (;;) {
    const free = base.reduce((sum, w, i) => (atMin.has(i) ? sum : sum + w), 0);
    if (free <= 0) return base.map((_, i) => minOf(i));
    const held = [...atMin].reduce((sum, i) => sum + minOf(i), 0);
    const scale = (available - held) / free;
    const newlyAtMin = base.flatMap((w, i) => (!atMin.has(i) && w * scale < minOf(i) ? [i] : []));
    if (!newlyAtMin.length) return base.map((w, i) => (atMin.has(i) ? minOf(i) : Math.floor(w * scale)));
    for (const i of newlyAtMin) atMin.add(i);
  }
}

/** A totals row's figure for one column: the sum and, for money, its one currency symbol. */
export interface ColumnTotal {
  value: number;
  symbol: string;
}

/** Whether a column gets a total in a table with totals: money columns, unless they say not; others that ask. */
export const hasTotal = <T>(column: TableColumn<T>) => column.total ?? column.type === 'money';

/** A money total's symbol when no row has a figure: the first row's, or the column's own without a row. */
function symbolWithoutFigures<T>(column: TableColumn<T>, rows: readonly T[]): string {
  if (rows.length) return currencyOf(column, rows[0] as T);
  return typeof column.currencySymbol === 'string' && column.currencySymbol ? column.currencySymbol : '€';
}

/** The column of the totals row's label: the first with no sum (null when every column has one). */
export function totalLabelKey<T>(
  columns: readonly TableColumn<T>[],
  totals: Readonly<Record<string, ColumnTotal | null>>,
): string | null {
  return columns.find((c) => !totals[c.key])?.key ?? null;
}

/**
 * The totals row of the rows shown (all pages): per column with a total, the sum of its figures. A money column whose
 * rows are in more than one currency gets none (no sum of euros and dollars): null.
 */
export function columnTotals<T>(
  rows: readonly T[],
  columns: readonly TableColumn<T>[],
): Readonly<Record<string, ColumnTotal | null>> {
  const totals: Record<string, ColumnTotal | null> = {};
  for (const column of columns) {
    if (!hasTotal(column) || !isNumeric(column.type)) continue;
    let sum = 0;
    let symbol: string | null = null;
    let mixed = false;
    for (const row of rows) {
      const n = numericValue(column.value(row));
      if (n === null) continue;
      if (column.type === 'money') {
        const s = currencyOf(column, row);
        if (symbol !== null && s !== symbol) mixed = true;
        symbol = s;
      }
      sum += n;
    }
    // Cents: a sum of many amounts carries the float's error past them. Without a figure, the symbol of the first
    // row, and without a row (an empty list, a list still loading) none asked of the page: a symbol read from the
    // row would read a missing row (the sold real estate's list, loading, failed to draw, issue 22).
    totals[column.key] = mixed
      ? null
      : { value: Math.round(sum * 1e6) / 1e6, symbol: symbol ?? symbolWithoutFigures(column, rows) };
  }
  return totals;
}
