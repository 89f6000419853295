// Imports an uploaded table on the request thread (the upload routes, routes/financial/uploads.ts): its rows come
// from the parse pool (./parse-pool.ts) in batches as the worker reads the file, and each batch is checked and stored
// while the next is read, all in one transaction. All or nothing, as always (docs/import/README.md):
// - a file refused as a whole (a bad header, before any row is read; too many rows, ambiguous numbers, unreadable,
//   ...) answers its refusal, and whatever was stored of it is rolled back;
// - a rejected row stops the storing; every row is still checked, and the answer is every rejection, with nothing
//   stored (rolled back);
// - otherwise the sink finishes (its audit entry, what covers the whole file) and the transaction commits.
// The transaction opens with the first batch: a refused header, or a file waiting for a reader, holds no connection.
import type { RejectedRow } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database.ts';
import type { StreamEnd } from './parse-worker.ts';
import { type CheckedTable, type NamedRow, namedRows, Rejections } from './rows.ts';

/** Rows in a batch: what the request thread checks and stores at a time. */
export const IMPORT_BATCH_ROWS = 10_000;

/** What an import does with the rows of one file: a new one for each reading of the file. */
export interface ImportSink<S, T> {
  /** Checks a batch of rows (in file order), adding their rejections to `rej`; answers those to store. */
  check(tx: Queryable, rows: NamedRow[], rej: Rejections): Promise<S[]>;
  /** Stores checked rows: called only while no row of the file was rejected. */
  store(tx: Queryable, rows: S[]): Promise<void>;
  /** After the last batch, every row stored: what covers the whole file (its audit entry); the answer. */
  finish(tx: Queryable): Promise<T>;
}

type Item = { batch: CheckedTable } | { end: StreamEnd } | { failed: unknown };

/** The batches the worker posts, taken one at a time by the transaction. */
class Batches {
  private readonly items: Item[] = [];
  private waiting: (() => void) | null = null;

  put(item: Item): void {
    this.items.push(item);
    this.waiting?.();
    this.waiting = null;
  }

  /** Waits until there is something to take. */
  async ready(): Promise<void> {
    if (this.items.length === 0)
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
  }

  /** Throws the refusal of the file when it is the next thing to take. */
  refused(): void {
    const item = this.items[0];
    if (item && 'failed' in item) throw item.failed;
  }

  /** The next batch, or the end of the file; throws the refusal of the file. */
  async next(): Promise<{ batch: CheckedTable } | { end: StreamEnd }> {
    await this.ready();
    const item = this.items.shift()!;
    if ('failed' in item) throw item.failed;
    return item;
  }
}

/** Carries the rejections out of the transaction, which rolls back. */
class Rejected extends Error {
  readonly rows: RejectedRow[];
  constructor(rows: RejectedRow[]) {
    super('rows rejected');
    this.rows = rows;
  }
}

/**
 * Reads the file against its template (`columns`, of which `numeric` are numbers) and imports it through the sink
 * made by `sink`: `{ rejected }` when rows were rejected (nothing stored), `{ done }` with the sink's answer when every
 * row was stored; throws the HttpError refusing the file (nothing stored).
 */
export async function importTable<S, T>(
  app: FastifyInstance,
  file: Uint8Array,
  columns: readonly string[],
  numeric: readonly string[],
  sink: () => ImportSink<S, T>,
): Promise<{ rejected: RejectedRow[] } | { done: T }> {
  const batches = new Batches();
  const reading = app.parsePool
    .stream(file, columns, numeric, IMPORT_BATCH_ROWS, (batch) => batches.put({ batch }))
    .then(
      (end) => batches.put({ end }),
      (failed: unknown) => batches.put({ failed }),
    );
  try {
    // The header is checked and the first rows read (or the file refused) before the transaction opens.
    await batches.ready();
    batches.refused();
    return await app.db.transaction(async (tx) => {
      const importer = sink();
      const rej = new Rejections();
      const seen: CheckedTable[] = [];
      let end: StreamEnd;
      for (;;) {
        const item = await batches.next();
        if ('end' in item) {
          end = item.end;
          break;
        }
        seen.push(item.batch);
        const ok = await importer.check(tx, namedRows(item.batch), rej);
        if (rej.empty) await importer.store(tx, ok);
      }
      if (end.rejectGrouped) {
        // Only the whole file tells that its grouped numbers are row errors (ConventionCheck): its rows are checked
        // again knowing it, for the same rejections as a file read whole.
        const again = sink();
        const all = new Rejections();
        for (const batch of seen) await again.check(tx, namedRows({ ...batch, rejectGrouped: true }), all);
        throw new Rejected(all.sorted());
      }
      if (!rej.empty) throw new Rejected(rej.sorted());
      return { done: await importer.finish(tx) };
    });
  } catch (err) {
    if (err instanceof Rejected) return { rejected: err.rows };
    throw err;
  } finally {
    // A transaction that failed early leaves the worker reading: its end (or refusal) is waited for, and dropped.
    await reading;
  }
}
