// The reader of a counterpart's own CSV or XLSX file, as its layout (shared-api Layout) describes it: what the file
// holds (movements, securities positions or cash balances), the column of each field by its header, how the account
// column names the account, and the date format and decimal separator, stated and never guessed. The table is read by
// the imports' reader (import/read-table.ts) and its numbers by theirs (import/parse.ts), under the layout's
// separator and with the imports' rule for numbers that read two ways (docs/import/README.md, "Numbers"). Any fault
// refuses the whole file, with its row as the spreadsheet shows it (the header is row 1).
import {
  checkIban,
  LAYOUT_FIELDS,
  type Layout,
  UPLOAD_MAX_ROWS,
  UPLOAD_MAX_UNCOMPRESSED_BYTES,
} from '@patrimonio/shared-api';
import { type NumberConvention, parseDate, parseDecimal, readNumber } from '../../import/parse.ts';
import { type ReadLimits, readTable, type Table, type TableRow } from '../../import/read-table.ts';
import { refusalOf } from '../../import/refusal.ts';
import type { BankAccountRef, BankBalance, BankMovement, BankPosition, ReadBankFile } from './types.ts';

/** The imports' limits by default (the server's UPLOAD_MAX_ROWS and UPLOAD_MAX_UNCOMPRESSED_BYTES settings). */
const DEFAULT_LIMITS: ReadLimits = { maxRows: UPLOAD_MAX_ROWS, maxUncompressedBytes: UPLOAD_MAX_UNCOMPRESSED_BYTES };

class LayoutFault extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

const DATE_SHAPES = {
  'YYYY-MM-DD': /^\d{4}-\d{2}-\d{2}$/,
  'DD/MM/YYYY': /^\d{2}\/\d{2}\/\d{4}$/,
} as const;
const ISO_DATE = DATE_SHAPES['YYYY-MM-DD'];

/** A number holding only the grouping character ("1.500" under a decimal comma), kept until the file is read. */
interface Grouped {
  row: number;
  field: string;
  value: string;
}

/** The cells of one row by field, read under the layout. */
class LayoutRow {
  private readonly reader: LayoutReader;
  private readonly row: TableRow;
  constructor(reader: LayoutReader, row: TableRow) {
    this.reader = reader;
    this.row = row;
  }

  get line(): number {
    return this.row.row;
  }

  private cell(field: string): { raw: string; typed: boolean } {
    const index = this.reader.columns.get(field);
    if (index === undefined) return { raw: '', typed: false };
    return { raw: (this.row.cells[index] ?? '').trim(), typed: this.row.typedNumbers?.[index] === true };
  }

  private fail(message: string): never {
    throw new LayoutFault(message, this.line);
  }

  private label(field: string): string {
    return `${field} ("${this.reader.layout.columns[field]}")`;
  }

  /** A text cell: required ones may not be empty. */
  text(field: string, required: true): string;
  text(field: string, required: false): string | undefined;
  text(field: string, required: boolean): string | undefined {
    const { raw } = this.cell(field);
    if (raw === '') {
      if (required) this.fail(`${this.label(field)} is empty`);
      return undefined;
    }
    return raw;
  }

  date(field: string, required: true): string;
  date(field: string, required: false): string | undefined;
  date(field: string, required: boolean): string | undefined {
    const raw = required ? this.text(field, true) : this.text(field, false);
    if (raw === undefined) return undefined;
    const { dateFormat } = this.reader.layout;
    // An XLSX cell typed as a date reads as YYYY-MM-DD, whatever the layout's format for text.
    const shaped = DATE_SHAPES[dateFormat].test(raw) || (this.reader.xlsx && ISO_DATE.test(raw));
    const date = shaped ? parseDate(raw) : null;
    if (!date) this.fail(`${this.label(field)} "${raw}" is not a date ${dateFormat}`);
    return date;
  }

  number(field: string, required: true): string;
  number(field: string, required: false): string | undefined;
  number(field: string, required: boolean): string | undefined {
    const { raw, typed } = this.cell(field);
    if (raw === '') {
      if (required) this.fail(`${this.label(field)} is empty`);
      return undefined;
    }
    if (typed) {
      // A cell typed as a number in the spreadsheet: its text has a decimal dot, whatever the layout says.
      const value = parseDecimal(raw, '.');
      if (value === null) this.fail(`${this.label(field)} "${raw}" is not a number`);
      return value;
    }
    const { decimal, group } = this.reader.convention;
    const read = readNumber(raw, this.reader.convention);
    if (!read.ok)
      this.fail(
        read.code === 'thousandsGroup'
          ? `${this.label(field)} "${raw}": the layout states '${decimal}' as the decimal separator, so '${group}' ` +
              'only groups thousands and must be followed by exactly three digits'
          : `${this.label(field)} "${raw}" is not a number with the decimal separator '${decimal}'`,
      );
    if (read.showsDecimal) this.reader.showsDecimal = true;
    if (read.groupedOnly) this.reader.grouped ??= { row: this.line, field, value: raw };
    return read.value;
  }

  currency(): string {
    const raw = this.text('currency', true);
    const code = raw.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) this.fail(`${this.label('currency')} "${raw}" is not a currency code (ISO 4217)`);
    return code;
  }

  account(): BankAccountRef {
    const raw = this.text('account', true);
    switch (this.reader.layout.accountRef) {
      case 'IBAN': {
        const check = checkIban(raw);
        if (!check.valid) this.fail(`${this.label('account')} "${raw}" is not a valid IBAN (${check.reason})`);
        return { iban: check.iban };
      }
      case 'ACCOUNT_NUMBER':
        return { accountNumber: raw };
      case 'DOSSIER':
        return { dossier: raw };
    }
  }
}

/** A file read under its layout. */
class LayoutReader {
  readonly layout: Layout;
  readonly convention: NumberConvention;
  readonly xlsx: boolean;
  /** The field's column in the table. */
  readonly columns = new Map<string, number>();
  showsDecimal = false;
  grouped: Grouped | null = null;

  constructor(layout: Layout, table: Table) {
    this.layout = layout;
    this.xlsx = table.delimiter === undefined;
    this.convention = layout.decimalSeparator === ',' ? { decimal: ',', group: '.' } : { decimal: '.', group: ',' };
    for (const [field, header] of Object.entries(layout.columns)) {
      if (header === undefined) continue;
      const name = header.trim().toLowerCase();
      const found = table.header.flatMap((h, i) => (h === name ? [i] : []));
      if (found.length === 0)
        throw new LayoutFault(
          `the file has no column "${header}" (the layout's ${field}); its columns are: ${table.header.join(', ')}`,
        );
      if (found.length > 1)
        throw new LayoutFault(`the file has ${found.length} columns "${header}" (the layout's ${field})`);
      this.columns.set(field, found[0]!);
    }
  }

  read(rows: TableRow[]): Omit<Extract<ReadBankFile, { ok: true }>, 'ok'> {
    const movements: BankMovement[] = [];
    const positions: BankPosition[] = [];
    const balances: BankBalance[] = [];
    for (const tableRow of rows) {
      const r = new LayoutRow(this, tableRow);
      const line = r.line;
      switch (this.layout.kind) {
        case 'MOVEMENTS': {
          const valueDate = r.date('valueDate', false);
          const instrumentCode = r.text('instrument', false);
          const quantity = r.number('quantity', false);
          const price = r.number('price', false);
          movements.push({
            line,
            account: r.account(),
            date: r.date('date', true),
            ...(valueDate ? { valueDate } : {}),
            amount: r.number('amount', true),
            currency: r.currency(),
            code: r.text('code', true),
            description: r.text('description', false) ?? '',
            ...(instrumentCode ? { instrumentCode } : {}),
            ...(quantity ? { quantity } : {}),
            ...(price ? { price } : {}),
          });
          break;
        }
        case 'POSITIONS': {
          const price = r.number('price', false);
          positions.push({
            line,
            account: r.account(),
            date: r.date('date', true),
            instrumentCode: r.text('instrument', true),
            quantity: r.number('quantity', true),
            ...(price ? { price } : {}),
            currency: r.currency(),
          });
          break;
        }
        case 'BALANCES':
          balances.push({
            line,
            account: r.account(),
            date: r.date('date', true),
            balance: r.number('balance', true),
            currency: r.currency(),
          });
          break;
      }
    }
    // A number holding only the grouping character is a whole number when another number of the file shows the
    // decimal separator; when none does, nothing in the file says which was meant (docs/import/README.md, "Numbers").
    if (this.grouped && !this.showsDecimal) {
      const { row, field, value } = this.grouped;
      const { decimal, group } = this.convention;
      const digits = value.replace(/^[+-]/, '');
      throw new LayoutFault(
        `${field} ("${this.layout.columns[field]}") "${value}" reads two ways: the layout states '${decimal}' as the ` +
          `decimal separator, so '${group}' groups thousands, but no number of the file shows '${decimal}'; ` +
          `write ${digits.split(group).join(decimal)} or ${digits.split(group).join('')}`,
        row,
      );
    }
    return { movements, positions, balances };
  }
}

/** The layout itself: its fields are those of its kind, the required ones all given, no column read twice. */
function checkLayout(layout: Layout): void {
  const { required, optional } = LAYOUT_FIELDS[layout.kind];
  const known = new Set([...required, ...optional]);
  for (const field of Object.keys(layout.columns))
    if (!known.has(field))
      throw new LayoutFault(
        `the layout's field "${field}" is no field of a ${layout.kind} layout (${[...known].join(', ')})`,
      );
  for (const field of required)
    if (!layout.columns[field]?.trim())
      throw new LayoutFault(`the layout names no column for ${field}, which a ${layout.kind} file needs`);
  const seen = new Map<string, string>();
  for (const [field, header] of Object.entries(layout.columns)) {
    if (header === undefined) continue;
    const name = header.trim().toLowerCase();
    const other = seen.get(name);
    if (other) throw new LayoutFault(`the layout reads the column "${header}" as both ${other} and ${field}`);
    seen.set(name, field);
  }
}

/** Reads a counterpart's CSV or XLSX file under its layout, whole, or says why (and at which row) it cannot. */
export async function readLayoutFile(
  bytes: Buffer,
  layout: Layout,
  limits: ReadLimits = DEFAULT_LIMITS,
): Promise<ReadBankFile> {
  try {
    checkLayout(layout);
    let table: Table;
    try {
      table = await readTable(bytes, [], limits);
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal) throw new LayoutFault(refusal.message);
      throw err;
    }
    const reader = new LayoutReader(layout, table);
    if (!reader.xlsx)
      for (const row of table.rows)
        if (row.cells.length !== table.header.length)
          throw new LayoutFault(
            `the row has ${row.cells.length} cells, the header ${table.header.length}: a value holding the column ` +
              `separator '${table.delimiter}' must be quoted`,
            row.row,
          );
    return { ok: true, ...reader.read(table.rows) };
  } catch (err) {
    if (err instanceof LayoutFault) return { ok: false, error: err.message, ...(err.line ? { line: err.line } : {}) };
    throw err;
  }
}
