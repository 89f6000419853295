// The parse worker: reads an uploaded file off the request thread, in a worker thread of the pool of ./parse-pool.ts
// (piscina). A table (CSV or XLSX, read within the limits of the task) or an SVG logo (checked and sanitised). It
// answers the result, or the refusal of the file as plain data; anything else thrown is a fault of the server. It
// tells the pool when it starts (the time limit counts from then, not from the queue) by a message on `started`.
// A table can also be streamed (`rows`): its header checked first, then its rows posted on the task's `out` port in
// packed batches as they are parsed, so that the request thread checks and stores them while the rest is read; the
// task's answer then says how many batches were posted and what the whole file decided (its number convention).
// Node runs this file with its own type stripping when no TypeScript loader is present, so only erasable TypeScript
// here and in what it imports.
import type { MessagePort, Transferable } from 'node:worker_threads';
import { openTable, type ReadLimits, readTable } from './read-table.ts';
import { type Refusal, refusalOf } from './refusal.ts';
import { type CheckedTable, checkedTable, TablePacker } from './rows.ts';

export type ParseTask =
  | {
      kind: 'table';
      file: Uint8Array;
      /** The template's columns, and which of them are numbers. */
      columns: string[];
      numeric: string[];
      limits: ReadLimits;
      started: MessagePort;
    }
  | {
      kind: 'rows';
      file: Uint8Array;
      columns: string[];
      numeric: string[];
      limits: ReadLimits;
      /** Rows in a batch. */
      batch: number;
      started: MessagePort;
      /** Where each packed batch of rows (a CheckedTable) is posted, in file order. */
      out: MessagePort;
    }
  | { kind: 'svg'; bytes: Uint8Array; started: MessagePort };

/** A streamed table's end: how many batches were posted, and whether its grouped numbers are row errors. */
export interface StreamEnd {
  batches: number;
  rejectGrouped: boolean;
}

export type ParseResult =
  | { table: CheckedTable }
  | { streamed: StreamEnd }
  | { svg: Uint8Array }
  | { refused: Refusal };

/** Posts the table's rows on `out` batch after batch (their arrays moved, not copied); answers how the file ended. */
async function streamRows(task: Extract<ParseTask, { kind: 'rows' }>, file: Buffer): Promise<StreamEnd> {
  const table = await openTable(file, task.columns, task.limits, task.batch);
  const packer = new TablePacker(
    table.header,
    task.columns,
    task.numeric,
    task.limits.maxUncompressedBytes,
    table.delimiter,
    table.convention,
  );
  let batches = 0;
  for await (const rows of table.batches) {
    const packed = packer.pack(rows);
    const moved: ArrayBufferLike[] = [packed.rows.buffer, packed.ends.buffer];
    if (packed.typed) moved.push(packed.typed.buffer);
    task.out.postMessage(packed, moved as Transferable[]);
    batches++;
  }
  return { batches, rejectGrouped: packer.finish() };
}

function start(port: MessagePort): void {
  port.postMessage('started');
  port.close();
}

export default async function parse(task: ParseTask): Promise<ParseResult> {
  try {
    if (task.kind === 'svg') {
      // jsdom loads only in the workers that read a logo, before the clock starts.
      const { cleanSvg } = await import('../report/svg.ts');
      start(task.started);
      return { svg: cleanSvg(task.bytes) };
    }
    start(task.started);
    const file = Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength);
    if (task.kind === 'rows') {
      try {
        return { streamed: await streamRows(task, file) };
      } finally {
        task.out.close();
      }
    }
    const table = await readTable(file, task.columns, task.limits);
    return { table: checkedTable(table, task.columns, task.numeric, task.limits.maxUncompressedBytes) };
  } catch (err) {
    const refused = refusalOf(err);
    if (refused) return { refused };
    throw err;
  }
}
