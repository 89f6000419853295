// Reads an uploaded CSV or XLSX file into a header and its data rows, in the parse worker (./parse-worker.ts; the
// routes call it through ./parse-pool.ts). The type is decided by the content (an XLSX is a zip; a CSV is text in
// UTF-8 or Windows-1252 with no binary control bytes), never by the file name. The header is checked for the
// template's columns before any data row is read. Every refusal of the file as a whole is a 400 (413 for the
// unpacked size) with a stable code (shared-api UPLOAD_ERROR_CODES) for the portal to translate, and an English
// message for API users. Only erasable TypeScript here: the worker runs it with Node's own type stripping.
import { Readable } from 'node:stream';
import { parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { conventionOf, type NumberConvention } from './parse.ts';
import { fileRefused, tooLargeUncompressed, tooManyRows } from './refusal.ts';
import { boundedWorkbook } from './unzip.ts';

/** What reading one file may take (server config `uploads`, README: Configuration). */
export interface ReadLimits {
  /** The XLSX parts read may unpack to at most this many bytes in all. */
  maxUncompressedBytes: number;
  /** At most this many data rows. */
  maxRows: number;
}

export interface TableRow {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  cells: string[];
  /**
   * XLSX: which cells were typed as numbers (their text has a decimal dot, "1000.125"), as opposed to text cells
   * ("10.000"), which state no number convention. Absent for a CSV.
   */
  typedNumbers?: boolean[];
}

export interface Table {
  /** Column names, trimmed and lower-cased. */
  header: string[];
  rows: TableRow[];
  /** The CSV's column separator; none for XLSX. */
  delimiter?: ';' | ',';
  /** The number convention the CSV implies (',' decimal in a ';' file, '.' in a ',' file); none for XLSX. */
  convention?: NumberConvention;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

export type FileKind = 'xlsx' | 'csv';

/** Text bytes: no NUL or C0 control other than tab, CR, LF (and no DEL). */
function isTextBytes(buf: Buffer): boolean {
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i]!;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) return false;
  }
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

const isZip = (buf: Buffer) => buf.length >= 4 && ZIP.every((b, i) => buf[i] === b);

export function sniff(buf: Buffer): FileKind | null {
  if (isZip(buf)) return 'xlsx';
  return decodeText(buf) === null ? null : 'csv';
}

const notATable = () =>
  fileRefused('not_a_table', 'The file is neither CSV text nor an XLSX workbook', [
    { field: 'file', message: 'not a CSV or XLSX file' },
  ]);

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

const unreadableCsv = (err: unknown) =>
  fileRefused('unreadable_csv', `Unreadable CSV: ${(err as Error).message}`, [
    { field: 'file', message: `unreadable CSV: ${(err as Error).message}` },
  ]);

/**
 * The CSV's options for csv-parse (the same for the header and the rows): records `from` to `to` (1 is the header;
 * the rest of the text is not parsed).
 */
const csvOptions = (delimiter: ';' | ',', to: number, from = 1) =>
  ({
    bom: true,
    delimiter,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    from,
    to,
  }) as const;

/** The CSV's records from the first (the header) on, read whole; `to` stops after that many records. */
function csvRows(text: string, delimiter: ';' | ',', to: number): TableRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, csvOptions(delimiter, to)) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw unreadableCsv(err);
  }
  return records.map((r) => ({ row: r.info.lines, cells: r.record }));
}

/** How much of the text csv-parse is given at a time: the records come out as the text is parsed. */
const CSV_SLICE = 256 * 1024;

/**
 * The CSV's data records (the second on), streamed (csv-parse's stream parser fed the text a slice at a time), in
 * batches of `batch` records; `to` stops after that many records (the header counted), the rest is not parsed.
 */
async function* csvBatches(text: string, delimiter: ';' | ',', to: number, batch: number): AsyncGenerator<TableRow[]> {
  const slices = function* () {
    for (let i = 0; i < text.length; i += CSV_SLICE) yield text.slice(i, i + CSV_SLICE);
  };
  const parser = Readable.from(slices()).pipe(parseStream(csvOptions(delimiter, to, 2)));
  let rows: TableRow[] = [];
  try {
    for await (const r of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      rows.push({ row: r.info.lines, cells: r.record });
      if (rows.length === batch) {
        yield rows;
        rows = [];
      }
    }
  } catch (err) {
    throw unreadableCsv(err);
  }
  if (rows.length) yield rows;
}

/**
 * The first sheet's rows; the workbook is unpacked within the limit first (./unzip.ts). A workbook read-excel-file
 * cannot read is no XLSX (400 not_a_table); running out of memory while reading it is not that: it is the workbook's
 * size (413 too_large_uncompressed), never "not an XLSX" (a genuine large workbook was once refused so).
 */
async function xlsxRows(buf: Buffer, maxUncompressedBytes: number): Promise<unknown[][]> {
  const workbook = await boundedWorkbook(buf, maxUncompressedBytes);
  try {
    return (await readSheet(workbook)) as unknown[][];
  } catch (err) {
    if (err instanceof RangeError)
      throw tooLargeUncompressed(maxUncompressedBytes, 'needs more memory to read than a reader has');
    throw notATable();
  }
}

const headerOf = (cells: string[]) => cells.map((c) => c.trim().toLowerCase());

/** 400 missing_columns naming the template columns the header lacks (any order; extra columns are ignored). */
function checkHeader(header: string[], columns: readonly string[]): void {
  const missing = columns.filter((c) => !header.includes(c));
  if (missing.length)
    throw fileRefused(
      'missing_columns',
      `Missing template columns: ${missing.join(', ')}`,
      missing.map((c) => ({ field: `file.${c}`, message: 'missing template column' })),
      { columns: missing.join(', ') },
    );
}

const noDataRows = () => fileRefused('no_data_rows', 'The file has no data rows');

/** A table being read: its header (checked), then its data rows in batches. */
export interface OpenTable {
  /** Column names, trimmed and lower-cased. */
  header: string[];
  /** The CSV's column separator; none for XLSX. */
  delimiter?: ';' | ',';
  /** The number convention the CSV implies; none for XLSX. */
  convention?: NumberConvention;
  /**
   * The data rows, at most `batch` at a time, in file order: 400 too_many_rows as soon as there are more than
   * `limits.maxRows` (the rest is not parsed), no_data_rows at the end when there was none, unreadable_csv where the
   * CSV cannot be parsed.
   */
  batches: AsyncIterable<TableRow[]>;
}

/** How many data rows a batch holds by default. */
export const BATCH_ROWS = 10_000;

/**
 * Opens the file: 400 when it is not CSV/XLSX, is empty, or lacks one of the template `columns` in its header, which
 * is checked before any data row is read (a CSV's header line alone: a bad header is refused at once, whatever the
 * file's length); 413 when an XLSX unpacks beyond `limits.maxUncompressedBytes`. A CSV's rows are then parsed as
 * they are asked for (the `batches`); an XLSX's are read whole with the header and handed out in batches.
 */
export async function openTable(
  buf: Buffer,
  columns: readonly string[],
  limits: ReadLimits,
  batch = BATCH_ROWS,
): Promise<OpenTable> {
  if (buf.length === 0) throw fileRefused('empty_file', 'The file is empty');
  // The type from the content (as sniff decides it), the text decoded once.
  if (isZip(buf)) {
    const nonEmpty = (cells: unknown[]) => cells.some((c) => cellText(c) !== '');
    const sheet = await xlsxRows(buf, limits.maxUncompressedBytes);
    const headIndex = sheet.findIndex(nonEmpty);
    if (headIndex < 0) throw noDataRows();
    const header = headerOf(sheet[headIndex]!.map(cellText));
    checkHeader(header, columns);
    const rows: TableRow[] = [];
    for (let i = headIndex + 1; i < sheet.length; i++)
      if (nonEmpty(sheet[i]!))
        rows.push({
          row: i + 1,
          cells: sheet[i]!.map(cellText),
          typedNumbers: sheet[i]!.map((c) => typeof c === 'number'),
        });
    if (rows.length > limits.maxRows) throw tooManyRows(limits.maxRows);
    if (rows.length === 0) throw noDataRows();
    const batches = async function* () {
      for (let i = 0; i < rows.length; i += batch) yield rows.slice(i, i + batch);
    };
    return { header, batches: batches() };
  }
  const text = decodeText(buf);
  if (text === null) throw notATable();
  const delimiter = csvDelimiter(text);
  const [head] = csvRows(text, delimiter, 1);
  if (!head) throw noDataRows();
  const header = headerOf(head.cells);
  checkHeader(header, columns);
  const batches = async function* () {
    let count = 0;
    // One record more than the limit allows is enough to refuse the file: the rest is not parsed.
    for await (const rows of csvBatches(text, delimiter, limits.maxRows + 2, batch)) {
      count += rows.length;
      if (count > limits.maxRows) throw tooManyRows(limits.maxRows);
      yield rows;
    }
    if (count === 0) throw noDataRows();
  };
  return { header, delimiter, convention: conventionOf(delimiter), batches: batches() };
}

/**
 * Reads the whole file (openTable, every batch): 400 when it is not CSV/XLSX, is empty, lacks one of the template
 * `columns` in its header (checked before any data row is read), has no data row or more than `limits.maxRows`; 413
 * when an XLSX unpacks beyond `limits.maxUncompressedBytes`.
 */
export async function readTable(buf: Buffer, columns: readonly string[], limits: ReadLimits): Promise<Table> {
  const table = await openTable(buf, columns, limits);
  const rows: TableRow[] = [];
  for await (const batch of table.batches) for (const r of batch) rows.push(r);
  const { header, delimiter, convention } = table;
  return { header, rows, ...(delimiter ? { delimiter } : {}), ...(convention ? { convention } : {}) };
}
