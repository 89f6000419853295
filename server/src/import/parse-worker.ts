// The parse worker: reads an uploaded file off the request thread, in a worker thread of the pool of ./parse-pool.ts
// (piscina). A table (CSV or XLSX, read within the limits of the task) or an SVG logo (checked and sanitised). It
// answers the result, or the refusal of the file as plain data; anything else thrown is a fault of the server. It
// tells the pool when it starts (the time limit counts from then, not from the queue) by a message on `started`.
// Node runs this file with its own type stripping when no TypeScript loader is present, so only erasable TypeScript
// here and in what it imports.
import type { MessagePort } from 'node:worker_threads';
import { type ReadLimits, readTable } from './read-table.ts';
import { type Refusal, refusalOf } from './refusal.ts';
import { type CheckedTable, checkedTable } from './rows.ts';

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
  | { kind: 'svg'; bytes: Uint8Array; started: MessagePort };

export type ParseResult = { table: CheckedTable } | { svg: Uint8Array } | { refused: Refusal };

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
    const table = await readTable(file, task.columns, task.limits);
    return { table: checkedTable(table, task.columns, task.numeric, task.limits.maxUncompressedBytes) };
  } catch (err) {
    const refused = refusalOf(err);
    if (refused) return { refused };
    throw err;
  }
}
