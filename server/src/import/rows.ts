// The row-check framework shared by the imports: columns by name, one rejection per fault with its row number,
// and all or nothing (a non-empty rejection list means nothing is stored). The whole-file check of the number
// convention (numbersCheck) runs in the parse worker with the reading; the rest on the request.
import type { RejectedRow, RejectionCode } from '@patrimonio/shared-api';
import { type NumberConvention, type NumberReading, parseDecimal, readNumber, readTextNumber } from './parse.ts';
import type { Table, TableRow } from './read-table.ts';
import { fileRefused } from './refusal.ts';

export type RowRejection = RejectedRow;

/** The English reason of each code (the pages show their own translation of the code). */
const REASONS: Record<RejectionCode, (p: Record<string, string>) => string> = {
  required: () => 'required',
  notNumber: (p) => `not a number: "${p.value}"`,
  negative: () => 'must not be negative (the cause gives the direction)',
  notPositive: () => 'must be greater than zero',
  tooLarge: () => 'too large',
  notDate: (p) => `not a date (YYYY-MM-DD or DD/MM/YYYY): "${p.value}"`,
  unknownCause: (p) => `unknown cause "${p.value}"`,
  subcauseNotFee: () => 'only a FEE has a subcause',
  unknownSubcause: (p) => `unknown FEE subcause "${p.value}"`,
  notIsin: (p) => `not an ISIN: "${p.value}"`,
  unknownInstrument: (p) => `unknown instrument ${p.value}`,
  tradeNeedsIsin: () => 'a BUY or SELL needs an ISIN',
  tradeNeedsQuantity: () => 'a BUY or SELL needs a quantity',
  tradeNeedsPrice: () => 'a BUY or SELL needs a price',
  amountTooLarge: () => 'quantity x price too large',
  unknownCurrency: (p) => `unknown currency "${p.value}"`,
  duplicate: (p) => `${p.value} is already on row ${p.row}`,
  priceCurrency: (p) => `prices of ${p.isin} are in ${p.currency}, not ${p.value}`,
  eurRate: () => 'rates are units of the currency for one euro',
  thousandsGroup: (p) =>
    `"${p.value}": in this file '${p.decimal}' is the decimal separator and '${p.group}' groups thousands, so '${p.group}' must be followed by exactly three digits`,
  ambiguousNumber: (p) =>
    `"${p.value}" reads as a whole number with '${p.group}' grouping thousands, but other numbers of this file use '${p.group}' as a decimal point: write the decimal separator '${p.decimal}' or leave out '${p.group}'`,
  ambiguousText: (p) =>
    `"${p.value}" is a text cell with one '.' or ',' followed by three digits, so it could be read as a decimal or as thousands: type it as a number in the spreadsheet, or write it unambiguously (e.g. 10000 or 10.000,00 / 10,000.00)`,
};

/** A number cell: its numeric text, or the code (with its params) of why it is refused. */
export type CellNumber =
  | { ok: true; value: string }
  | { ok: false; code: RejectionCode; params: Record<string, string> };

/** One data row with its cells by column name. */
export interface NamedRow {
  row: number;
  get(column: string): string;
  /** A number cell (not empty) read under the file's convention (a CSV) or either convention (XLSX text cells). */
  number(column: string): CellNumber;
}

const SEPARATOR_NAMES = { ',': 'comma', '.': 'dot' } as const;

/**
 * The whole-file check of the number convention (docs/import/README.md, "Numbers"). A number holding only the
 * grouping character ("117.998" in a ';' file) is read as thousands when another number of the file shows the
 * decimal separator ("85,12"). When none does, it could be a decimal just as well:
 * - if every number with the grouping character is well grouped, the file is refused whole (400 ambiguous_numbers),
 *   since nothing in it tells which was meant;
 * - if some are not ("9.95", a row error `thousandsGroup`), the file plainly uses the grouping character as its
 *   decimal point, and the well-grouped ones are row errors too (`ambiguousNumber`), so that no cell is misread.
 * Answers whether the grouped numbers are to be rejected.
 */
function checkConvention(
  rows: TableRow[],
  index: Map<string, number>,
  numeric: readonly string[],
  delimiter: ';' | ',',
  convention: NumberConvention,
): boolean {
  let showsDecimal = false;
  let malformed = false;
  let grouped: { row: number; value: string } | null = null;
  for (const r of rows)
    for (const c of numeric) {
      const raw = (r.cells[index.get(c) ?? -1] ?? '').trim();
      if (raw === '') continue;
      const n = readNumber(raw, convention);
      if (n.ok && n.showsDecimal) showsDecimal = true;
      else if (n.ok && n.groupedOnly) grouped ??= { row: r.row, value: raw };
      else if (!n.ok && n.code === 'thousandsGroup') malformed = true;
    }
  if (showsDecimal || !grouped) return false;
  if (malformed) return true;
  const { decimal, group } = convention;
  const digits = grouped.value.replace(/^[+-]/, '');
  throw fileRefused(
    'ambiguous_numbers',
    `The file separates columns with '${delimiter}', so '${decimal}' is the decimal separator and '${group}' groups thousands; ` +
      `its numbers use only '${group}' followed by three digits ("${grouped.value}" on row ${grouped.row}), which could be read either way: ` +
      `write decimals with a ${SEPARATOR_NAMES[decimal]} (${digits.split(group).join(decimal)}) or leave out the thousands separator (${digits.split(group).join('')})`,
    [{ field: 'file', message: 'ambiguous numbers' }],
    { delimiter, decimal, group, value: grouped.value, row: String(grouped.row) },
  );
}

/** A table as read, with the whole-file check of its number convention done (numbersCheck). */
export interface CheckedTable extends Table {
  /** Numbers holding only the grouping character are row errors `ambiguousNumber` (see checkConvention). */
  rejectGrouped: boolean;
}

const columnIndex = (table: Table, columns: readonly string[]) =>
  new Map(columns.map((c) => [c, table.header.indexOf(c)]));

/**
 * The table with its number convention checked: `numeric` names the number columns, whose cells are checked against
 * the file's convention (400 ambiguous_numbers, see checkConvention).
 */
export function numbersCheck(table: Table, columns: readonly string[], numeric: readonly string[]): CheckedTable {
  const { convention, delimiter } = table;
  const rejectGrouped =
    convention && delimiter
      ? checkConvention(table.rows, columnIndex(table, columns), numeric, delimiter, convention)
      : false;
  return { ...table, rejectGrouped };
}

/** The data rows with their cells by column name (the header was checked by readTable, the numbers by numbersCheck). */
export function namedRows(table: CheckedTable, columns: readonly string[]): NamedRow[] {
  const index = columnIndex(table, columns);
  const { convention, rejectGrouped } = table;
  const number = (raw: string, typed: boolean): CellNumber => {
    if (typed) {
      // An XLSX cell typed as a number: JavaScript's text of it, with a decimal dot ("1000.125").
      const value = parseDecimal(raw, '.');
      return value === null ? { ok: false, code: 'notNumber', params: { value: raw } } : { ok: true, value };
    }
    if (!convention) {
      // An XLSX text cell: no stated convention, and a text that reads two ways ("10.000") is refused.
      const t = readTextNumber(raw);
      return t.ok ? { ok: true, value: t.value } : { ok: false, code: t.code, params: { value: raw } };
    }
    const n: NumberReading = readNumber(raw, convention);
    const params = { value: raw, decimal: convention.decimal, group: convention.group };
    if (!n.ok) return { ok: false, code: n.code, params: n.code === 'notNumber' ? { value: raw } : params };
    if (n.groupedOnly && rejectGrouped) return { ok: false, code: 'ambiguousNumber', params };
    return { ok: true, value: n.value };
  };
  return table.rows.map((r: TableRow) => {
    const get = (c: string) => (r.cells[index.get(c) ?? -1] ?? '').trim();
    const typed = (c: string) => r.typedNumbers?.[index.get(c) ?? -1] === true;
    return { row: r.row, get, number: (c: string) => number(get(c), typed(c)) };
  });
}

/** Collects rejections while rows are checked. */
export class Rejections {
  readonly list: RowRejection[] = [];
  add(row: number, field: string | undefined, code: RejectionCode, params?: Record<string, string>): void {
    const reason = REASONS[code](params ?? {});
    this.list.push({ row, code, ...(params ? { params } : {}), reason, ...(field ? { field } : {}) });
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  /** Sorted by row, as the file reads. */
  sorted(): RowRejection[] {
    return [...this.list].sort((a, b) => a.row - b.row);
  }
}
