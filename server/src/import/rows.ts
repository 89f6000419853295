// The row-check framework shared by the imports: columns by name, one rejection per fault with its row number,
// and all or nothing (a non-empty rejection list means nothing is stored).
import { badRequest } from '../plugins/errors.ts';
import type { Table, TableRow } from './read-table.ts';

export interface RowRejection {
  row: number;
  reason: string;
  field?: string;
}

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
  add(row: number, field: string | undefined, reason: string): void {
    this.list.push(field ? { row, reason, field } : { row, reason });
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  /** Sorted by row, as the file reads. */
  sorted(): RowRejection[] {
    return [...this.list].sort((a, b) => a.row - b.row);
  }
}
