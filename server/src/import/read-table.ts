// Reads an uploaded CSV or XLSX file into a header and its data rows. The type is decided by the content (an XLSX is
// a zip; a CSV is text in UTF-8 or Windows-1252 with no binary control bytes), never by the file name.
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { badRequest } from '../plugins/errors.ts';

export interface TableRow {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  cells: string[];
}

export interface Table {
  /** Column names, trimmed and lower-cased. */
  header: string[];
  rows: TableRow[];
  /** The decimal separator the file implies: ',' in a ';' CSV, '.' in a ',' CSV; none for XLSX (numbers are typed). */
  decimalSeparator?: ',' | '.';
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

export type FileKind = 'xlsx' | 'csv';

/** Text bytes: no NUL or C0 control other than tab, CR, LF (and no DEL). */
function isTextBytes(buf: Buffer): boolean {
  for (const b of buf) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) return false;
  return true;
}

/** The text of a CSV file, or null when the bytes are not text. */
function decodeText(buf: Buffer): string | null {
  if (!isTextBytes(buf)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    // Excel on Windows saves CSV in Windows-1252; bytes it leaves undefined mean binary.
    for (const b of buf) if (b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d) return null;
    return new TextDecoder('windows-1252').decode(buf);
  }
}

export function sniff(buf: Buffer): FileKind | null {
  if (buf.length >= 4 && ZIP.every((b, i) => buf[i] === b)) return 'xlsx';
  return decodeText(buf) === null ? null : 'csv';
}

const notATable = () =>
  badRequest(
    [{ field: 'file', message: 'not a CSV or XLSX file' }],
    'The file is neither CSV text nor an XLSX workbook',
  );

/** An XLSX cell as text: dates as YYYY-MM-DD, numbers with a decimal dot. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  return String(v).trim();
}

function csvDelimiter(text: string): ';' | ',' {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

function csvRows(text: string, delimiter: ';' | ','): TableRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw badRequest([{ field: 'file', message: `unreadable CSV: ${(err as Error).message}` }], 'Unreadable CSV');
  }
  return records.map((r) => ({ row: r.info.lines, cells: r.record }));
}

async function xlsxRows(buf: Buffer): Promise<TableRow[]> {
  let data: unknown[][];
  try {
    data = (await readSheet(buf)) as unknown[][];
  } catch {
    throw notATable();
  }
  return data
    .map((cells, i) => ({ row: i + 1, cells: cells.map(cellText) }))
    .filter((r) => r.cells.some((c) => c !== ''));
}

/** Reads the file: 400 when it is not CSV/XLSX, is empty, or has no data row. */
export async function readTable(buf: Buffer): Promise<Table> {
  if (buf.length === 0) throw badRequest([{ field: 'file', message: 'empty file' }], 'The file is empty');
  const kind = sniff(buf);
  if (!kind) throw notATable();
  const text = kind === 'csv' ? (decodeText(buf) ?? '') : '';
  const delimiter = kind === 'csv' ? csvDelimiter(text) : null;
  const rows = kind === 'xlsx' ? await xlsxRows(buf) : csvRows(text, delimiter ?? ';');
  const [head, ...data] = rows;
  if (!head || data.length === 0)
    throw badRequest([{ field: 'file', message: 'no data rows' }], 'The file has no data rows');
  const header = head.cells.map((c) => c.trim().toLowerCase());
  if (!delimiter) return { header, rows: data };
  return { header, rows: data, decimalSeparator: delimiter === ';' ? ',' : '.' };
}
