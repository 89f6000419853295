// The row-check framework shared by the imports: columns by name, one rejection per fault with its row number,
// and all or nothing (a non-empty rejection list means nothing is stored). The whole-file check of the number
// convention (checkedTable) runs in the parse worker with the reading; the rest on the request.
import { setImmediate } from 'node:timers/promises';
import type { RejectedRow, RejectionCode } from '@patrimonio/shared-api';
import { type NumberConvention, type NumberReading, parseDecimal, readNumber, readTextNumber } from './parse.ts';
import type { Table, TableRow } from './read-table.ts';
import { fileRefused, tooLargeUncompressed } from './refusal.ts';

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
  unknownAccount: (p) => `no account you see is "${p.value}" (an IBAN or an account id)`,
  ambiguousAccount: (p) =>
    `the IBAN ${p.value} names ${p.accounts} of the accounts you see: write the account id instead`,
  accountType: (p) =>
    `account "${p.value}" is ${p.type === 'CUSTODIA_TITOLI' ? 'a securities account' : 'a current account'}: this file is for ${p.expected === 'CUSTODIA_TITOLI' ? 'securities accounts' : 'current accounts'}`,
  accountCurrency: (p) => `account "${p.account}" is in ${p.currency}, not ${p.value}`,
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
 * The whole-file check of the number convention (docs/import/README.md, "Numbers"), fed the rows as they are read. A
 * number holding only the grouping character ("117.998" in a ';' file) is read as thousands when another number of
 * the file shows the decimal separator ("85,12"). When none does, it could be a decimal just as well:
 * - if every number with the grouping character is well grouped, the file is refused whole (400 ambiguous_numbers),
 *   since nothing in it tells which was meant;
 * - if some are not ("9.95", a row error `thousandsGroup`), the file plainly uses the grouping character as its
 *   decimal point, and the well-grouped ones are row errors too (`ambiguousNumber`), so that no cell is misread.
 * `finish` answers whether the grouped numbers are to be rejected, or refuses the file.
 */
export class ConventionCheck {
  private showsDecimal = false;
  private malformed = false;
  private grouped: { row: number; value: string } | null = null;
  // No parameter properties: the parse worker loads this file with Node's type stripping.
  private readonly positions: number[];
  private readonly delimiter: ';' | ',';
  private readonly convention: NumberConvention;

  constructor(positions: number[], delimiter: ';' | ',', convention: NumberConvention) {
    this.positions = positions;
    this.delimiter = delimiter;
    this.convention = convention;
  }

  add(rows: TableRow[]): void {
    for (const r of rows)
      for (const p of this.positions) {
        const raw = (r.cells[p] ?? '').trim();
        if (raw === '') continue;
        const n = readNumber(raw, this.convention);
        if (n.ok && n.showsDecimal) this.showsDecimal = true;
        else if (n.ok && n.groupedOnly) this.grouped ??= { row: r.row, value: raw };
        else if (!n.ok && n.code === 'thousandsGroup') this.malformed = true;
      }
  }

  finish(): boolean {
    const { grouped, delimiter } = this;
    if (this.showsDecimal || !grouped) return false;
    if (this.malformed) return true;
    const { decimal, group } = this.convention;
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
}

/**
 * A table as the parse worker answers it: the template's columns only, every cell (trimmed) in one string, row after
 * row, so that the request thread receives a handful of objects rather than one per cell (a structured clone of
 * 100,000 rows of cells took hundreds of milliseconds of the request thread to receive).
 */
export interface CheckedTable {
  /** The template's columns, in the order of the cells of each row. */
  columns: string[];
  /** The row number of each data row, as a spreadsheet shows it. */
  rows: Uint32Array;
  /** Every cell's text, one after the other. */
  text: string;
  /** Where each cell ends in `text` (row-major, `columns.length` cells a row); the previous one's end is its start. */
  ends: Uint32Array;
  /** XLSX: 1 for the cells typed as numbers; null for a CSV. */
  typed: Uint8Array | null;
  /** The CSV's number convention; none for XLSX. */
  convention?: NumberConvention;
  /** Numbers holding only the grouping character are row errors `ambiguousNumber` (see ConventionCheck). */
  rejectGrouped: boolean;
}

/**
 * Packs rows as a CheckedTable for the request thread, batch after batch, and checks the file's number convention on
 * the way (`numeric` names the number columns, see ConventionCheck). The cells' text may add up to at most `maxText`
 * characters over the whole file (cells of an XLSX can all repeat one long shared string): 413
 * too_large_uncompressed beyond.
 */
export class TablePacker {
  private readonly columns: readonly string[];
  private readonly positions: number[];
  private readonly maxText: number;
  private readonly convention: NumberConvention | undefined;
  private readonly check: ConventionCheck | null;
  private length = 0;

  constructor(
    header: readonly string[],
    columns: readonly string[],
    numeric: readonly string[],
    maxText: number,
    delimiter?: ';' | ',',
    convention?: NumberConvention,
  ) {
    this.columns = columns;
    this.positions = columns.map((c) => header.indexOf(c));
    this.maxText = maxText;
    this.convention = convention;
    this.check =
      convention && delimiter
        ? new ConventionCheck(
            numeric.map((c) => header.indexOf(c)),
            delimiter,
            convention,
          )
        : null;
  }

  /**
   * A batch of rows packed (its `rejectGrouped` is false: the whole file decides it, see `finish`); `check` false when
   * the rows were given to `checkConvention` already.
   */
  pack(rows: TableRow[], check = true): CheckedTable {
    if (check) this.checkConvention(rows);
    const { positions, maxText } = this;
    const cellCount = rows.length * positions.length;
    const ends = new Uint32Array(cellCount);
    const typed = rows.some((r) => r.typedNumbers) ? new Uint8Array(cellCount) : null;
    const texts: string[] = [];
    let length = this.length;
    const start = length;
    let j = 0;
    for (const r of rows)
      for (const p of positions) {
        const cell = (r.cells[p] ?? '').trim();
        length += cell.length;
        if (length > maxText) throw tooLargeUncompressed(maxText, 'holds more text in its cells than the limit');
        texts.push(cell);
        ends[j] = length - start;
        if (typed && r.typedNumbers?.[p]) typed[j] = 1;
        j++;
      }
    this.length = length;
    return {
      columns: [...this.columns],
      rows: Uint32Array.from(rows, (r) => r.row),
      text: texts.join(''),
      ends,
      typed,
      ...(this.convention ? { convention: this.convention } : {}),
      rejectGrouped: false,
    };
  }

  /** Feeds rows to the number convention's check (ConventionCheck). */
  checkConvention(rows: TableRow[]): void {
    this.check?.add(rows);
  }

  /** After the last batch: whether the grouped numbers are row errors, or the file refused (ConventionCheck). */
  finish(): boolean {
    return this.check ? this.check.finish() : false;
  }
}

/**
 * The table with its number convention checked (`numeric` names the number columns, whose cells are checked against
 * the file's convention: 400 ambiguous_numbers, see ConventionCheck), packed for the request thread. The cells' text
 * may add up to at most `maxText` characters: 413 too_large_uncompressed beyond.
 */
export function checkedTable(
  table: Table,
  columns: readonly string[],
  numeric: readonly string[],
  maxText: number,
): CheckedTable {
  const packer = new TablePacker(table.header, columns, numeric, maxText, table.delimiter, table.convention);
  // The convention first, as the file is refused for it before its size in text is counted.
  packer.checkConvention(table.rows);
  const rejectGrouped = packer.finish();
  return { ...packer.pack(table.rows, false), rejectGrouped };
}

/** One row of a CheckedTable: its cells by column name, read from the table's one string when asked for. */
class PackedRow implements NamedRow {
  // No parameter properties: the parse worker loads this file with Node's type stripping.
  private readonly table: CheckedTable;
  private readonly index: ReadonlyMap<string, number>;
  private readonly i: number;
  readonly row: number;

  constructor(table: CheckedTable, index: ReadonlyMap<string, number>, i: number, row: number) {
    this.table = table;
    this.index = index;
    this.i = i;
    this.row = row;
  }

  /** The cell's index in the table's `ends`, or -1 for a column not in the template. */
  private cell(column: string): number {
    const k = this.index.get(column);
    return k === undefined ? -1 : this.i * this.table.columns.length + k;
  }

  get(column: string): string {
    const j = this.cell(column);
    const { text, ends } = this.table;
    return j < 0 ? '' : text.slice(j === 0 ? 0 : ends[j - 1], ends[j]);
  }

  number(column: string): CellNumber {
    const j = this.cell(column);
    return readCell(this.table, this.get(column), j >= 0 && this.table.typed?.[j] === 1);
  }
}

/** A number cell of the table, typed (an XLSX number cell) or text read under the table's convention. */
function readCell(table: CheckedTable, raw: string, typed: boolean): CellNumber {
  const { convention, rejectGrouped } = table;
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
}

/** The data rows with their cells by column name (the header was checked by readTable, the numbers by checkedTable). */
export function namedRows(table: CheckedTable): NamedRow[] {
  const index = new Map(table.columns.map((c, k) => [c, k]));
  return Array.from(table.rows, (row, i) => new PackedRow(table, index, i, row));
}

/**
 * Call with each row's index while checking rows on the request thread: every 1,000 rows it lets other requests run,
 * so that the rows of a large file never hold the thread for long.
 */
export async function breathe(i: number): Promise<void> {
  if (i % 1000 === 999) await setImmediate();
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
