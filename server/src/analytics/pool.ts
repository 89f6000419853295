// The engine's worker threads (issue 15, "Load"): every analytics computation runs in a pool of worker threads
// (piscina), so a heavy call never holds the API's event loop, and the work in flight is bounded: at most `threads`
// computations run and `queue` wait; a call beyond that answers 503 with Retry-After at once instead of waiting
// without end (the portal's client retries it after that many seconds).
//
// Inputs reach the threads cheaply: the store's snapshots (store.ts) are held in their binary encoding
// (snapshot-bytes.ts) in a SharedArrayBuffer, which every task names without copying; a thread decodes a version the
// first time it meets it and keeps it (engine-worker.ts). Between threads a task copies only its arguments, the
// current account names and its answer.
import { MAX_RETRY_AFTER_S } from '@patrimonio/shared-api';
import { Piscina } from 'piscina';
import { type FieldError, HttpError } from '../plugins/errors.ts';
import { workerExecArgv } from '../worker-threads.ts';
import type { AccountNames, InputSpec } from './inputs.ts';
import type { Operation, OperationArgs, OperationResult } from './operations.ts';
import { type ClientHeld, MARKET, type MarketHeld } from './snapshots.ts';

/** One snapshot a task computes from: its id (0 the market), its version and its bytes in shared memory. */
export interface SnapshotRef {
  id: number;
  version: number;
  bytes: SharedArrayBuffer;
}

/**
 * The stored daily figures of a task's scope (valuation_series, figures.ts) in shared memory, and the first day the
 * data may differ from them (null: they are of the data's versions).
 */
export interface FiguresRef {
  bytes: SharedArrayBuffer;
  changedFrom: string | null;
}

export interface EngineTask {
  op: Operation;
  args: unknown;
  spec: InputSpec;
  names: AccountNames;
  data: SnapshotRef[];
  figures: FiguresRef | null;
  /** Whether the thread keeps the input it builds for the next calls (not for a job's one-off computation). */
  keep: boolean;
}

/** A worker's answer: the operation's value, or the 4xx its own checks threw. */
export type EngineAnswer =
  | { value: object; error?: undefined }
  | {
      value?: undefined;
      error: {
        statusCode: number;
        message: string;
        code?: string | undefined;
        fields?: FieldError[] | undefined;
        params?: Record<string, string | number> | undefined;
      };
    };

export interface EnginePoolOptions {
  /** Worker threads: ANALYTICS_THREADS, by default one less than the cores (the event loop keeps one), at least 1. */
  threads: number;
  /** Computations that may wait for a thread (ANALYTICS_QUEUE); one more answers 503. */
  queue: number;
}

export class EnginePool {
  private readonly pool: Piscina<EngineTask, EngineAnswer>;
  private running = 0;

  constructor(readonly options: EnginePoolOptions) {
    this.pool = new Piscina({
      filename: new URL('./engine-worker.ts', import.meta.url).href,
      // Threads start with the first computation and stay (they hold the parsed snapshots).
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      execArgv: workerExecArgv(),
    });
  }

  /** Computations running or waiting. */
  get inFlight(): number {
    return this.running;
  }

  /** Worker threads started (they start with the first computations, up to `threads`). */
  get threads(): number {
    return this.pool.threads.length;
  }

  /** The most computations in flight: the threads and the queue. */
  get capacity(): number {
    return this.options.threads + this.options.queue;
  }

  /**
   * Runs one operation on the input of `spec`, from the snapshots given (the store's, of the versions the call
   * answers from), with the accounts' current names and the scope's stored figures if any; `keep` false for a
   * one-off computation whose input the thread should not keep (a job's). A 4xx thrown by the operation's own checks is thrown here as
   * the same HttpError; a full pool throws a 503 with Retry-After.
   */
  async run<K extends Operation>(
    op: K,
    args: OperationArgs<K>,
    spec: InputSpec,
    data: { market: MarketHeld; clients: ReadonlyArray<ClientHeld> },
    names: AccountNames,
    figures: FiguresRef | null = null,
    keep = true,
  ): Promise<OperationResult<K>> {
    if (this.running >= this.capacity) throw this.busy();
    const refs: SnapshotRef[] = [
      { id: MARKET, version: data.market.version, bytes: data.market.bytes },
      ...data.clients.map((c) => ({ id: c.clientId, version: c.version, bytes: c.bytes })),
    ];
    this.running++;
    try {
      const answer = await this.pool.run({ op, args, spec, names, data: refs, figures, keep });
      if (answer.error) {
        const e = answer.error;
        throw new HttpError(e.statusCode, e.message, e.code, e.fields, e.params);
      }
      return answer.value as OperationResult<K>;
    } finally {
      this.running--;
    }
  }

  /** Lets running computations finish and stops the threads (the app's close). */
  async close(): Promise<void> {
    await this.pool.close();
  }

  /**
   * The 503 of a full pool: Retry-After is the time the computations ahead of the caller should take, at least 1 s
   * and at most what the portal's client waits (MAX_RETRY_AFTER_S).
   */
  private busy(): HttpError {
    // The threads' mean run time so far (100 ms before the first computation ends).
    const meanMs = this.pool.histogram.runTime.mean || 100;
    const seconds = Math.min(
      MAX_RETRY_AFTER_S,
      Math.max(1, Math.ceil((this.running * meanMs) / this.options.threads / 1000)),
    );
    return new HttpError(
      503,
      `The figures are being computed for other requests: retry in ${seconds} s`,
      'BUSY',
      undefined,
      { retryAfter: seconds },
      { 'retry-after': String(seconds) },
    );
  }
}
