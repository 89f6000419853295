// Uploaded files are read off the request thread, so that no file stops the API: in a small pool of worker threads
// (piscina) running ./parse-worker.ts, with bounds on everything a file can cost (server config `uploads`):
// - what an XLSX unpacks to and how many rows a file has (checked in the worker: ./unzip.ts, ./read-table.ts);
// - time: the clock starts when a worker takes the file; past the limit the worker is stopped, 400 parse_timeout;
// - memory: each worker has its own heap limit; a file that exhausts it stops only its worker (413);
// - how many files at once: `workers` are read together and `queue` wait; one more answers 503 uploads_busy with
//   Retry-After (readersBusy, answered by the app's error handler) rather than waiting without end.
// A refused file answers its code in the error shape of plugins/errors.ts, before anything is stored.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import type { UploadSettings } from '../config.ts';
import { HttpError } from '../plugins/errors.ts';
import { workerExecArgv } from '../worker-threads.ts';
import type { ParseResult, ParseTask, StreamEnd } from './parse-worker.ts';
import type { Refusal } from './refusal.ts';
import type { CheckedTable } from './rows.ts';

/** What a client is told to wait before sending the file again when every reader is busy. */
export const RETRY_AFTER_SECONDS = 5;

/** Every worker busy and the queue full: 503 uploads_busy with Retry-After, in the one error shape. */
const readersBusy = () =>
  new HttpError(
    503,
    'The server is reading other files: send the file again in a few seconds',
    'uploads_busy',
    undefined,
    { retryAfter: RETRY_AFTER_SECONDS },
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );

const answer = (r: Refusal) => new HttpError(r.status, r.message, r.code, r.fields, r.params);

/** How an upload's time and memory refusals read for one kind of file. */
interface Refusals {
  timeout(seconds: number): HttpError;
  outOfMemory(): HttpError;
}

type TaskOf<K extends ParseTask['kind']> = Omit<Extract<ParseTask, { kind: K }>, 'started'>;

/** piscina's refusal of a task when its queue is full (it has no error code of its own). */
const QUEUE_FULL = 'Task queue is at limit';

export class ParsePool {
  private pool: Piscina<ParseTask, ParseResult> | undefined;
  private readonly settings: UploadSettings;
  private readonly log: FastifyBaseLogger;
  /** Files being read or waiting. piscina's maxQueue does not count tasks that carry an AbortSignal, so it is here. */
  private inFlight = 0;

  constructor(settings: UploadSettings, log: FastifyBaseLogger) {
    this.settings = settings;
    this.log = log;
  }

  /** The workers start with the first upload; then one stays, the others stop after a minute without work. */
  private workers(): Piscina<ParseTask, ParseResult> {
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: new URL('./parse-worker.ts', import.meta.url).href,
      execArgv: workerExecArgv(),
      // At least one: a worker stopped at its time limit is replaced at once, for the files waiting in the queue.
      minThreads: 1,
      maxThreads: this.settings.workers,
      maxQueue: this.settings.queue,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: this.settings.workerMemoryMb },
    });
    // A worker that fails outside a task (piscina emits it on the pool): logged; unhandled it would end the process.
    this.pool.on('error', (err: unknown) => this.log.error({ err }, 'an upload parse worker failed'));
    return this.pool;
  }

  /**
   * The table of an uploaded CSV or XLSX against its template (`columns`, of which `numeric` are numbers), its
   * number convention checked: an HttpError refusing the file (400, 413), or the 503 of busy readers.
   */
  async table(file: Uint8Array, columns: readonly string[], numeric: readonly string[]): Promise<CheckedTable> {
    const { maxUncompressedBytes, maxRows } = this.settings;
    const task: TaskOf<'table'> = {
      kind: 'table',
      file,
      columns: [...columns],
      numeric: [...numeric],
      limits: { maxUncompressedBytes, maxRows },
    };
    const result = await this.run(task, this.tableRefusals());
    if ('refused' in result) throw answer(result.refused);
    if (!('table' in result)) throw new Error('the parse worker answered no table');
    return result.table;
  }

  /**
   * The table of an uploaded CSV or XLSX streamed: its header checked against the template (`columns`, of which
   * `numeric` are numbers) before any row is read, then its rows handed to `onBatch` in packed batches of `batch` rows,
   * in file order, as the worker parses them. Answers when every batch was handed over, with what the whole file
   * decided; or an HttpError refusing the file (400, 413: batches may have been handed over before it), or the 503 of
   * busy readers.
   */
  async stream(
    file: Uint8Array,
    columns: readonly string[],
    numeric: readonly string[],
    batch: number,
    onBatch: (rows: CheckedTable) => void,
  ): Promise<StreamEnd> {
    const { maxUncompressedBytes, maxRows } = this.settings;
    const { port1, port2 } = new MessageChannel();
    let received = 0;
    let expected = Number.POSITIVE_INFINITY;
    let allReceived: () => void = () => {};
    const all = new Promise<void>((resolve) => {
      allReceived = resolve;
    });
    port1.on('message', (rows: CheckedTable) => {
      received++;
      onBatch(rows);
      if (received >= expected) allReceived();
    });
    try {
      const task: TaskOf<'rows'> = {
        kind: 'rows',
        file,
        columns: [...columns],
        numeric: [...numeric],
        limits: { maxUncompressedBytes, maxRows },
        batch,
        out: port2,
      };
      const result = await this.run(task, this.tableRefusals(), [port2]);
      if ('refused' in result) throw answer(result.refused);
      if (!('streamed' in result)) throw new Error('the parse worker answered no rows');
      // The batches come on their own port: the answer can overtake the last of them.
      expected = result.streamed.batches;
      if (received < expected) await all;
      return result.streamed;
    } finally {
      port1.close();
    }
  }

  /** How a table's time and memory refusals read. */
  private tableRefusals(): Refusals {
    const { maxUncompressedBytes } = this.settings;
    return {
      timeout: (seconds) =>
        new HttpError(
          400,
          `Reading the file took longer than ${seconds} s`,
          'parse_timeout',
          [{ field: 'file', message: 'took too long to read' }],
          { seconds: String(seconds) },
        ),
      outOfMemory: () =>
        new HttpError(
          413,
          `The file needs more memory to read than a reader has (${this.settings.workerMemoryMb} MB)`,
          'too_large_uncompressed',
          [{ field: 'file', message: 'too large uncompressed' }],
          { limit: String(maxUncompressedBytes) },
        ),
    };
  }

  /**
   * An SVG logo checked and sanitised (report/svg.ts); the refusals have the logo's codes (portal-and-report 8):
   * 400 bad_file_generic, also when reading it takes too long, 413 file_too_large; or the 503 of busy readers.
   */
  async svg(bytes: Uint8Array): Promise<Buffer> {
    const result = await this.run(
      { kind: 'svg', bytes },
      {
        timeout: (seconds) =>
          new HttpError(400, `bad_file_generic: the svg took longer than ${seconds} s to read`, 'bad_file_generic'),
        outOfMemory: () =>
          new HttpError(413, 'file_too_large: the svg needs more memory to read than a reader has', 'file_too_large'),
      },
    );
    if ('refused' in result) throw answer(result.refused);
    if (!('svg' in result)) throw new Error('the parse worker answered no svg');
    return Buffer.from(result.svg.buffer, result.svg.byteOffset, result.svg.byteLength);
  }

  /** Stops the workers (the app's onClose). */
  async close(): Promise<void> {
    await this.pool?.destroy();
  }

  private async run(
    task: TaskOf<'table'> | TaskOf<'rows'> | TaskOf<'svg'>,
    refusals: Refusals,
    moved: MessagePort[] = [],
  ): Promise<ParseResult> {
    if (this.inFlight >= this.settings.workers + this.settings.queue) throw readersBusy();
    this.inFlight++;
    try {
      return await this.runInWorker(task, refusals, moved);
    } finally {
      this.inFlight--;
    }
  }

  private async runInWorker(
    task: TaskOf<'table'> | TaskOf<'rows'> | TaskOf<'svg'>,
    refusals: Refusals,
    moved: MessagePort[],
  ): Promise<ParseResult> {
    // The worker says when it takes the task; the time limit runs from then, not from when the task was queued.
    const { port1, port2 } = new MessageChannel();
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => stop.abort(), this.settings.parseTimeoutMs);
    });
    try {
      return await this.workers().run({ ...task, started: port2 } as ParseTask, {
        transferList: [port2, ...moved],
        // Aborting a running task terminates its worker thread (piscina starts another when needed).
        signal: stop.signal,
      });
    } catch (err) {
      if (stop.signal.aborted) throw refusals.timeout(Math.round(this.settings.parseTimeoutMs / 100) / 10);
      if (err instanceof Error && err.message === QUEUE_FULL) throw readersBusy();
      if ((err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw refusals.outOfMemory();
      throw err;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }
}
