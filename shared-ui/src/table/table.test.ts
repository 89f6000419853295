// The table's pure parts: search, filters, sort and paging (model.ts), cell display (display.ts) and the XLSX
// sheet of an export (export.ts).
import { describe, expect, test } from 'vitest';
import { ALL_ROWS, csvFileName, PAGE_SIZES, xlsxFileName } from './constants.ts';
import { formatCell } from './display.ts';
import { csvDialect, excelDate, excelDay, fileSlug, sheetName, toCsv, toXlsxSheet } from './export.ts';
import type { TableColumn } from './index.ts';
import {
  columnTotals,
  fitWidths,
  isColumnVisible,
  nextSort,
  pageWindow,
  pickPageSize,
  queryRows,
  type TableQuery,
} from './model.ts';

interface Movement {
  id: number;
  title: string;
  amount: number | null;
  quantity: number;
  price: number;
  perf: number;
  date: string;
  at: string | null;
  currency: string;
}

const rows: Movement[] = [
  {
    id: 1,
    title: 'Acquisto Enel',
    amount: 1234.5,
    quantity: 10.12345,
    price: 98.7,
    perf: 12.345,
    date: '2026-11-21',
    at: '2026-11-21 09:05',
    currency: '€',
  },
  {
    id: 2,
    title: 'Vendita Città',
    amount: -50,
    quantity: 2,
    price: 1,
    perf: -3,
    date: '2025-01-02',
    at: null,
    currency: '$',
  },
  {
    id: 3,
    title: 'acquisto eni',
    amount: null,
    quantity: 0,
    price: 5,
    perf: 0,
    date: '2026-03-15',
    at: null,
    currency: '€',
  },
  { id: 4, title: 'Bonifico', amount: 99, quantity: 1, price: 2, perf: 1, date: '2024-12-31', at: null, currency: '€' },
];

const columns: TableColumn<Movement>[] = [
  { key: 'title', title: 'Titolo', value: (r) => r.title },
  { key: 'amount', title: 'Importo', value: (r) => r.amount, type: 'money', currencySymbol: (r) => r.currency },
  { key: 'quantity', title: 'Quantità', value: (r) => r.quantity, type: 'quantity' },
  { key: 'price', title: 'Prezzo', value: (r) => r.price, type: 'price' },
  { key: 'perf', title: 'Rendimento', value: (r) => r.perf, type: 'percent' },
  { key: 'date', title: 'Data', value: (r) => r.date, type: 'date' },
  { key: 'at', title: 'Creato', value: (r) => r.at, type: 'dateTime' },
];

const none: TableQuery = { search: '', filters: {}, sort: null };
const ids = (list: readonly Movement[]) => list.map((r) => r.id);
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('display', () => {
  test('formats each type in the current language', () => {
    const [first] = rows as [Movement];
    const cell = (key: string, locale: 'it' | 'en') =>
      plain(formatCell(columns.find((c) => c.key === key)!, first, locale));
    expect(cell('amount', 'it')).toBe('1.234,50 €');
    expect(cell('amount', 'en')).toBe('1,234.50 €');
    expect(cell('quantity', 'it')).toBe('10,123');
    expect(cell('price', 'en')).toBe('98.7000');
    expect(cell('perf', 'it')).toBe('12,35%');
    expect(cell('date', 'it')).toBe('21/11/2026');
    expect(cell('date', 'en')).toBe('21/11/2026');
    expect(cell('at', 'it')).toBe('21/11/2026 09:05');
    expect(cell('title', 'it')).toBe('Acquisto Enel');
    expect(formatCell(columns[1]!, rows[2]!, 'it')).toBe('–');
    expect(plain(formatCell(columns[1]!, rows[1]!, 'en'))).toBe('-50.00 $');
  });
});

describe('queryRows', () => {
  test('unchanged input comes back as it is', () => {
    expect(queryRows(rows, columns, none, 'it')).toBe(rows);
  });

  test('search over raw and displayed text, case and accents ignored', () => {
    expect(ids(queryRows(rows, columns, { ...none, search: 'ACQUISTO' }, 'it'))).toEqual([1, 3]);
    expect(ids(queryRows(rows, columns, { ...none, search: 'citta' }, 'it'))).toEqual([2]);
    // The Italian display of 1234.5 and the English one.
    expect(ids(queryRows(rows, columns, { ...none, search: '1.234,50' }, 'it'))).toEqual([1]);
    expect(ids(queryRows(rows, columns, { ...none, search: '1,234.50' }, 'en'))).toEqual([1]);
    expect(ids(queryRows(rows, columns, { ...none, search: '21/11/2026' }, 'it'))).toEqual([1]);
  });

  test('search covers only the given (visible) columns', () => {
    const titleOnly = columns.slice(0, 1);
    expect(ids(queryRows(rows, titleOnly, { ...none, search: '2026' }, 'it'))).toEqual([]);
  });

  test('column filters: text contains, number range, date range', () => {
    const q = (filters: TableQuery['filters']) => ids(queryRows(rows, columns, { ...none, filters }, 'it'));
    expect(q({ title: { kind: 'text', value: 'acq' } })).toEqual([1, 3]);
    expect(q({ amount: { kind: 'number', min: 0, max: 100 } })).toEqual([4]);
    expect(q({ amount: { kind: 'number', min: null, max: 0 } })).toEqual([2]);
    expect(q({ date: { kind: 'date', from: '2025-01-01', to: '2026-03-15' } })).toEqual([2, 3]);
    expect(q({ title: { kind: 'text', value: '  ' } })).toEqual([1, 2, 3, 4]);
  });

  test('sorting: numbers numerically, dates, text by locale; empty cells last both ways', () => {
    const s = (key: string, direction: 'asc' | 'desc') =>
      ids(queryRows(rows, columns, { ...none, sort: { key, direction } }, 'it'));
    expect(s('amount', 'asc')).toEqual([2, 4, 1, 3]);
    expect(s('amount', 'desc')).toEqual([1, 4, 2, 3]);
    expect(s('date', 'desc')).toEqual([1, 3, 2, 4]);
    expect(s('title', 'asc')).toEqual([1, 3, 4, 2]);
    expect(s('at', 'asc')).toEqual([1, 2, 3, 4]);
  });

  test('a column that is not sortable keeps the order', () => {
    const cols = columns.map((c) => (c.key === 'amount' ? { ...c, sortable: false } : c));
    expect(queryRows(rows, cols, { ...none, sort: { key: 'amount', direction: 'asc' } }, 'it')).toBe(rows);
  });

  test('header clicks cycle ascending, descending, none', () => {
    expect(nextSort(null, 'a')).toEqual({ key: 'a', direction: 'asc' });
    expect(nextSort({ key: 'a', direction: 'asc' }, 'a')).toEqual({ key: 'a', direction: 'desc' });
    expect(nextSort({ key: 'a', direction: 'desc' }, 'a')).toBeNull();
    expect(nextSort({ key: 'a', direction: 'desc' }, 'b')).toEqual({ key: 'b', direction: 'asc' });
  });
});

describe('paging', () => {
  test('page sizes of the spec and the window of a page', () => {
    expect(PAGE_SIZES).toEqual([5, 10, 20, 50, 100000]);
    expect(pageWindow(23, 0, 10)).toEqual({ page: 0, pageCount: 3, start: 0, end: 10 });
    expect(pageWindow(23, 2, 10)).toEqual({ page: 2, pageCount: 3, start: 20, end: 23 });
    expect(pageWindow(23, 9, 10)).toEqual({ page: 2, pageCount: 3, start: 20, end: 23 });
    expect(pageWindow(0, 3, 10)).toEqual({ page: 0, pageCount: 1, start: 0, end: 0 });
    expect(pageWindow(100_000, 0, ALL_ROWS)).toEqual({ page: 0, pageCount: 1, start: 0, end: 100_000 });
  });

  test('page size: stored, then requested, then 10', () => {
    expect(pickPageSize(PAGE_SIZES, 50, 20)).toBe(50);
    expect(pickPageSize(PAGE_SIZES, 7, 20)).toBe(20);
    expect(pickPageSize(PAGE_SIZES, undefined, undefined)).toBe(10);
    expect(pickPageSize([25, 100], undefined, 7)).toBe(25);
  });

  test('column visibility: the user choice, else hidden by default', () => {
    const col: TableColumn<Movement> = { key: 'x', title: 'X', value: () => 1, hiddenByDefault: true };
    expect(isColumnVisible(col, {})).toBe(false);
    expect(isColumnVisible(col, { x: true })).toBe(true);
    expect(isColumnVisible(columns[0]!, { title: false })).toBe(false);
  });
});

describe('XLSX export', () => {
  test('file name from the export name or the table id', () => {
    expect(xlsxFileName('movimenti-2026')).toBe('movimenti-2026.xlsx');
    expect(csvFileName('movimenti-2026')).toBe('movimenti-2026.csv');
    expect(fileSlug('Titoli in portafoglio')).toBe('titoli-in-portafoglio');
    expect(fileSlug('Quantità: nostre e della banca')).toBe('quantita-nostre-e-della-banca');
    expect(sheetName('a/b:c*d?[e]')).toBe('a b c d  e');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });

  test('dates as UTC wall-clock dates (Excel dates have no zone)', () => {
    expect(excelDate('2026-11-21')?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(excelDate('2026-11-21 09:05')?.toISOString()).toBe('2026-11-21T09:05:00.000Z');
    expect(excelDate('garbage')).toBeNull();
    expect(excelDate(null)).toBeNull();
  });

  test('header of the visible titles, then values with formats, in the given order', () => {
    const shown = queryRows(rows, columns, { ...none, sort: { key: 'amount', direction: 'desc' } }, 'it');
    const visible = columns.filter((c) => c.key !== 'price');
    const sheet = toXlsxSheet(shown, visible, 'it', 'movimenti');
    expect(sheet.sheet).toBe('movimenti');
    expect(sheet.columns).toHaveLength(6);
    expect(sheet.data).toHaveLength(5);
    expect(sheet.data[0]).toEqual([
      { value: 'Titolo', type: String, fontWeight: 'bold' },
      { value: 'Importo', type: String, fontWeight: 'bold' },
      { value: 'Quantità', type: String, fontWeight: 'bold' },
      { value: 'Rendimento', type: String, fontWeight: 'bold' },
      { value: 'Data', type: String, fontWeight: 'bold' },
      { value: 'Creato', type: String, fontWeight: 'bold' },
    ]);
    expect(sheet.data[1]).toEqual([
      { value: 'Acquisto Enel', type: String },
      { value: 1234.5, type: Number, format: '#,##0.00 "€"' },
      { value: 10.12345, type: Number, format: '#,##0.000' },
      { value: 0.12345, type: Number, format: '0.00%' },
      { value: new Date(Date.UTC(2026, 10, 21)), type: Date, format: 'dd/mm/yyyy' },
      { value: new Date(Date.UTC(2026, 10, 21, 9, 5)), type: Date, format: 'dd/mm/yyyy hh:mm' },
    ]);
    // Per-row currency, then the row with an empty amount last (sorted), empty cells as null.
    expect(sheet.data[3]?.[1]).toEqual({ value: -50, type: Number, format: '#,##0.00 "$"' });
    expect(sheet.data[4]?.[1]).toBeNull();
    expect(sheet.data[4]?.[5]).toBeNull();
    expect(sheet.data.slice(1).map((r) => (r[0] as { value: string }).value)).toEqual([
      'Acquisto Enel',
      'Bonifico',
      'Vendita Città',
      'acquisto eni',
    ]);
  });

  test('English date formats', () => {
    const sheet = toXlsxSheet(rows.slice(0, 1), columns.slice(5), 'en', 'x');
    expect(sheet.data[1]).toEqual([
      { value: new Date(Date.UTC(2026, 10, 21)), type: Date, format: 'dd/mm/yyyy' },
      { value: new Date(Date.UTC(2026, 10, 21, 9, 5)), type: Date, format: 'dd/mm/yyyy hh:mm' },
    ]);
  });
});

describe('fitWidths', () => {
  test('in proportion to the base widths when they all stay above the minimum', () => {
    expect(fitWidths([200, 100], 600, 96)).toEqual([400, 200]);
    expect(fitWidths([200, 200], 300, 96)).toEqual([150, 150]);
  });
  test('a column held at the minimum leaves its room to the others: the total fits', () => {
    // Plain scaling (x 0.5) would give 250, 75 -> 96, 75 -> 96: 442 in 400.
    const widths = fitWidths([500, 150, 150], 400, 96);
    expect(widths).toEqual([208, 96, 96]);
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(400);
  });
  test('no room for every minimum: all at the minimum (the grid scrolls)', () => {
    expect(fitWidths([200, 200, 200], 200, 96)).toEqual([96, 96, 96]);
  });
});

describe('XLSX export (issue 22): weights, dates, names; read back with read-excel-file', () => {
  interface Holding {
    name: string;
    weight: number;
    value: number;
    day: string;
  }
  const holdings: Holding[] = [
    { name: 'Enel', weight: 25, value: 173396.95, day: '2026-11-21T00:00:00.000Z' },
    { name: 'BTP', weight: 75, value: 520190.85, day: '2026-11-20 18:45' },
  ];
  const cols = (en: boolean): TableColumn<Holding>[] => [
    { key: 'name', title: en ? 'Security' : 'Titolo', value: (r) => r.name },
    { key: 'weight', title: en ? 'Weight' : 'Peso', type: 'percent', value: (r) => r.weight },
    { key: 'value', title: en ? 'Value' : 'Controvalore', type: 'money', value: (r) => r.value },
    { key: 'day', title: en ? 'Date' : 'Data', type: 'date', value: (r) => r.day },
  ];

  test('a weight of 25 % is the fraction 0.25 with a percentage format, not 25 (2500 %)', () => {
    const sheet = toXlsxSheet(holdings, cols(false), 'it', 'Titoli');
    expect(sheet.data[1]?.[1]).toEqual({ value: 0.25, type: Number, format: '0.00%' });
    expect(sheet.data[2]?.[1]).toEqual({ value: 0.75, type: Number, format: '0.00%' });
  });

  test('a date column holds the day only, whatever time the value carries', () => {
    expect(excelDay('2026-11-20 18:45')?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    const sheet = toXlsxSheet(holdings, cols(false), 'it', 'Titoli');
    expect(sheet.data[2]?.[3]).toEqual({ value: new Date(Date.UTC(2026, 10, 20)), type: Date, format: 'dd/mm/yyyy' });
  });

  test.each([
    ['it', 'Titoli in portafoglio', ['Titolo', 'Peso', 'Controvalore', 'Data']],
    ['en', 'Securities held', ['Security', 'Weight', 'Value', 'Date']],
  ] as const)('the file in %s: sheet named in that language, values as written', async (locale, label, header) => {
    const { xlsxBlob } = await import('./xlsx.ts');
    const { default: readXlsxFile } = await import('read-excel-file/node');
    const blob = await xlsxBlob(toXlsxSheet(holdings, cols(locale === 'en'), locale, label));
    const sheets = await readXlsxFile(Buffer.from(await blob.arrayBuffer()));
    expect(sheets.map((s) => s.sheet)).toEqual([label]);
    const [head, first, second] = sheets[0]?.data ?? [];
    expect(head).toEqual(header);
    expect(first?.[1]).toBe(0.25);
    expect(first?.[2]).toBe(173396.95);
    // A date cell (read back as a Date), at midnight: no time.
    expect(first?.[3]).toBeInstanceOf(Date);
    expect(first?.[3]).toEqual(new Date(Date.UTC(2026, 10, 21)));
    expect(second?.[3]).toEqual(new Date(Date.UTC(2026, 10, 20)));
  });

  test('the percentage format is in the file: the weight shows 25.00% in Excel', async () => {
    const { xlsxBlob } = await import('./xlsx.ts');
    const { unzip } = await import('unzipit');
    const blob = await xlsxBlob(toXlsxSheet(holdings, cols(false), 'it', 'Titoli'));
    const { entries } = await unzip(await blob.arrayBuffer());
    const styles = await entries['xl/styles.xml']?.text();
    expect(styles).toContain('formatCode="0.00%"');
  });
});

describe('CSV export (issue 22)', () => {
  const csvColumns = columns.filter((c) => c.key !== 'at');
  const firstTwo = rows.slice(0, 2);

  test('Italian: ";" between fields, comma decimals, ISO dates, CRLF; raw numbers', () => {
    expect(csvDialect('it')).toEqual({ separator: ';', decimal: ',' });
    expect(toCsv(firstTwo, csvColumns, 'it')).toBe(
      'Titolo;Importo;Quantità;Prezzo;Rendimento;Data\r\n' +
        'Acquisto Enel;1234,5;10,12345;98,7;12,345;2026-11-21\r\n' +
        'Vendita Città;-50;2;1;-3;2025-01-02\r\n',
    );
  });

  test('English: "," between fields, dot decimals', () => {
    expect(csvDialect('en')).toEqual({ separator: ',', decimal: '.' });
    expect(toCsv(firstTwo, csvColumns, 'en').split('\r\n')[1]).toBe(
      'Acquisto Enel,1234.5,10.12345,98.7,12.345,2026-11-21',
    );
  });

  test('RFC 4180 quoting: a field with the separator, a quote or a line break; empty cells empty', () => {
    const tricky: Movement[] = [
      { ...(rows[0] as Movement), title: 'Rossi; Bianchi "srl"\nMilano', amount: null, at: '2026-11-21 09:05' },
    ];
    const it = toCsv(tricky, columns, 'it').split('\r\n')[1];
    expect(it).toBe('"Rossi; Bianchi ""srl""\nMilano";;10,12345;98,7;12,345;2026-11-21;2026-11-21 09:05');
    // A comma needs quotes in English only.
    const comma: Movement[] = [{ ...(rows[0] as Movement), title: 'Rossi, Bianchi' }];
    expect(toCsv(comma, columns.slice(0, 1), 'it')).toBe('Titolo\r\nRossi, Bianchi\r\n');
    expect(toCsv(comma, columns.slice(0, 1), 'en')).toBe('Titolo\r\n"Rossi, Bianchi"\r\n');
  });
});

describe('totals row (issue 22)', () => {
  test('money columns summed; a column in more than one currency gets no sum', () => {
    const totals = columnTotals(rows, columns);
    // Amounts in € and $: no total; the other numeric columns only with total: true.
    expect(totals).toEqual({ amount: null });
    const euro = rows.filter((r) => r.currency === '€');
    expect(columnTotals(euro, columns)).toEqual({ amount: { value: 1333.5, symbol: '€' } });
  });

  test('a percent column with total: true sums its weights', () => {
    const weights: TableColumn<Movement>[] = [
      { key: 'perf', title: 'Peso', type: 'percent', total: true, value: (r) => r.perf },
    ];
    expect(columnTotals(rows, weights)).toEqual({ perf: { value: 10.345, symbol: '€' } });
  });
});

describe('totals row without rows (issue 22: the sold real estate)', () => {
  test("an empty list or one still loading asks no row for the money's symbol", () => {
    // The pages read the symbol from the row (r.currencySymbol): with no row it read a missing one and threw, and the
    // table showed its error ("Impossibile caricare la tabella") for the sold list while it loaded.
    expect(columnTotals([], columns)).toEqual({ amount: { value: 0, symbol: '€' } });
    const dollars: TableColumn<Movement>[] = [{ ...(columns[1] as TableColumn<Movement>), currencySymbol: '$' }];
    expect(columnTotals([], dollars)).toEqual({ amount: { value: 0, symbol: '$' } });
    // Rows without a figure: the first row's symbol.
    const empty = rows.filter((r) => r.amount === null).map((r) => ({ ...r, currency: '£' }));
    expect(columnTotals(empty, columns)).toEqual({ amount: { value: 0, symbol: '£' } });
  });
});

describe('totals row in the exports (issue 22)', () => {
  interface Holding {
    name: string;
    weight: number;
    value: number | null;
    quantity: number;
  }
  const holdings: Holding[] = [
    { name: 'Enel', weight: 25, value: 1234.5, quantity: 10 },
    { name: 'BTP', weight: 75, value: 99.25, quantity: 2.5 },
    { name: 'Eni', weight: 0, value: null, quantity: 1 },
  ];
  const cols: TableColumn<Holding>[] = [
    { key: 'name', title: 'Titolo', value: (r) => r.name },
    { key: 'quantity', title: 'Quantità', type: 'quantity', value: (r) => r.quantity },
    { key: 'weight', title: 'Peso', type: 'percent', total: true, value: (r) => r.weight },
    { key: 'value', title: 'Controvalore', type: 'money', value: (r) => r.value, currencySymbol: '$' },
  ];
  const totals = (label: string) => ({ values: columnTotals(holdings, cols), label });

  test('CSV: the last line is the totals row, "Totale" in Italian and "Total" in English, sums raw', () => {
    const it = toCsv(holdings, cols, 'it', totals('Totale')).split('\r\n');
    expect(it).toHaveLength(6);
    expect(it[4]).toBe('Totale;;100;1333,75');
    expect(it[5]).toBe('');
    expect(toCsv(holdings, cols, 'en', totals('Total')).split('\r\n')[4]).toBe('Total,,100,1333.75');
    // No totals row, no last line.
    expect(toCsv(holdings, cols, 'it').split('\r\n')).toHaveLength(5);
  });

  test('the label goes to the first column without a sum, as in the grid', () => {
    const moneyFirst = [cols[3] as TableColumn<Holding>, ...cols];
    expect(toCsv(holdings, moneyFirst, 'it', totals('Totale')).split('\r\n')[4]).toBe('1333,75;Totale;;100;1333,75');
  });

  test('XLSX: the totals row last, bold, the sums as numbers with the column format', () => {
    const sheet = toXlsxSheet(holdings, cols, 'en', 'Securities', totals('Total'));
    expect(sheet.data).toHaveLength(5);
    expect(sheet.data[4]).toEqual([
      { value: 'Total', type: String, fontWeight: 'bold' },
      null,
      { value: 1, type: Number, format: '0.00%', fontWeight: 'bold' },
      { value: 1333.75, type: Number, format: '#,##0.00 "$"', fontWeight: 'bold' },
    ]);
    expect(toXlsxSheet(holdings, cols, 'en', 'Securities').data).toHaveLength(4);
  });

  test("XLSX read back: the sums are number cells, the label the language's", async () => {
    const { xlsxBlob } = await import('./xlsx.ts');
    const { default: readXlsxFile } = await import('read-excel-file/node');
    const blob = await xlsxBlob(toXlsxSheet(holdings, cols, 'it', 'Titoli', totals('Totale')));
    const [sheet] = await readXlsxFile(Buffer.from(await blob.arrayBuffer()));
    expect(sheet?.data.at(-1)).toEqual(['Totale', null, 1, 1333.75]);
  });
});

describe('fitWidths with a minimum per column', () => {
  test('a column keeps what its figures need; the others share the rest', () => {
    expect(fitWidths([200, 150], 300, [96, 180])).toEqual([120, 180]);
  });
});
