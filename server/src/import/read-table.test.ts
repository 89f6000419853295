// The streamed reader (issue 21): the header is checked before any data row is parsed, and the rows come in batches
// with the row numbers a spreadsheet shows, up to the row limit.
import { describe, expect, test } from 'vitest';
import { openTable, readTable, type TableRow } from './read-table.ts';
import { refusalOf } from './refusal.ts';

const LIMITS = { maxUncompressedBytes: 100_000_000, maxRows: 250_000 };
const csv = (lines: string[]) => Buffer.from(lines.join('\n'), 'utf8');

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return refusalOf(err);
  }
  return null;
}

async function collect(batches: AsyncIterable<TableRow[]>) {
  const sizes: number[] = [];
  const rows: TableRow[] = [];
  for await (const batch of batches) {
    sizes.push(batch.length);
    rows.push(...batch);
  }
  return { sizes, rows };
}

describe('openTable', () => {
  test('a bad header is refused before the rows are parsed: an unreadable row further down is never reached', async () => {
    const file = csv(['isin;date;close', 'IT0005083057;2024-01-02;"unclosed', 'IT0005083057;2024-01-03;1']);
    expect(await refusal(openTable(file, ['isin', 'date', 'price'], LIMITS))).toMatchObject({
      status: 400,
      code: 'missing_columns',
      params: { columns: 'price' },
    });
    // With the right header, the same rows are read, and the unclosed quote refuses the file.
    const good = csv(['isin;date;price', 'IT0005083057;2024-01-02;"unclosed', 'IT0005083057;2024-01-03;1']);
    const table = await openTable(good, ['isin', 'date', 'price'], LIMITS);
    expect(await refusal(collect(table.batches))).toMatchObject({ code: 'unreadable_csv' });
  });

  test('rows come in batches of the given size, numbered as in the file (blank lines skipped)', async () => {
    const lines = ['isin;date;price'];
    for (let i = 0; i < 2_501; i++) lines.push(`IT0005083057;2024-01-02;${i}`, ...(i === 1_000 ? [''] : []));
    const table = await openTable(csv(lines), ['isin', 'date', 'price'], LIMITS, 1_000);
    expect(table.delimiter).toBe(';');
    const { sizes, rows } = await collect(table.batches);
    expect(sizes).toEqual([1_000, 1_000, 501]);
    expect(rows[0]).toEqual({ row: 2, cells: ['IT0005083057', '2024-01-02', '0'] });
    expect(rows[1_000]).toEqual({ row: 1_002, cells: ['IT0005083057', '2024-01-02', '1000'] });
    // The blank line after row 1,002 takes a row number.
    expect(rows[1_001]!.row).toBe(1_004);
    expect(rows.at(-1)).toEqual({ row: 2_503, cells: ['IT0005083057', '2024-01-02', '2500'] });
    // readTable gathers the same rows.
    expect((await readTable(csv(lines), ['isin', 'date', 'price'], LIMITS)).rows).toEqual(rows);
  });

  test('one row over the limit refuses the file; a header alone has no data rows', async () => {
    const lines = ['isin;date;price', ...Array.from({ length: 11 }, (_, i) => `IT0005083057;2024-01-02;${i}`)];
    const table = await openTable(csv(lines), ['isin', 'date', 'price'], { ...LIMITS, maxRows: 10 }, 4);
    expect(await refusal(collect(table.batches))).toMatchObject({ code: 'too_many_rows', params: { limit: '10' } });
    const empty = await openTable(csv(['isin;date;price', '']), ['isin', 'date', 'price'], LIMITS);
    expect(await refusal(collect(empty.batches))).toMatchObject({ code: 'no_data_rows' });
  });
});
