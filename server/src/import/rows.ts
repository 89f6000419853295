// The row-check framework shared by the imports: columns by name, one rejection per fault with its row number,
// and all or nothing (a non-empty rejection list means nothing is stored).
import type { RejectedRow, RejectionCode } from '@patrimonio/shared-api';
import { badRequest } from '../plugins/errors.ts';
import type { Table, TableRow } from './read-table.ts';

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
};

/** One data row with its cells by column name. */
export interface NamedRow {
  row: number;
  get(column: string): string;
  /** The file's decimal separator, when it states one (see Table). */
  decimalSeparator?: ',' | '.';
}

/** Checks the header holds the template columns (any order, extra columns ignored): 400 naming the missing ones. */
export function namedRows(table: Table, columns: readonly string[]): NamedRow[] {
  const missing = columns.filter((c) => !table.header.includes(c));
  if (missing.length)
    throw badRequest(
      missing.map((c) => ({ field: `file.${c}`, message: 'missing template column' })),
      `Missing template columns: ${missing.join(', ')}`,
    );
  const index = new Map(columns.map((c) => [c, table.header.indexOf(c)]));
  const decimalSeparator = table.decimalSeparator;
  return table.rows.map((r: TableRow) => ({
    row: r.row,
    get: (c: string) => (r.cells[index.get(c) ?? -1] ?? '').trim(),
    ...(decimalSeparator ? { decimalSeparator } : {}),
  }));
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
