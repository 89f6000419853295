// The engine's inputs kept in memory by each API process: the market (instruments, prices, FX) and, per client, its
// accounts, portfolios and approved movements. Every write to those tables bumps a version in analytics_versions
// (migration 008, triggers), so the store knows what is stale whoever wrote the rows, in whichever process.
//
// Recalculation (issue 4, on the job queue since issue 14): a request never waits for a rebuild of data it already has.
// Stale data is rebuilt by the `analytics-recalculate` job (server/src/jobs/), once, in whichever API or worker process
// takes it, and stored (analytics_snapshots, migration 012); meanwhile requests answer from the copy they have with
// recalculationInProgress true (the portal polls every 15 s). A process whose copy is behind a stored snapshot loads the
// snapshot, so two processes answer the same figures. Only data a process never held, with no current snapshot, is
// built in the request itself.
//
// The copies are the snapshots' binary encodings (snapshot-bytes.ts), held as they were read or built: a process keeps
// each client's header (name, accounts, portfolios) and bytes, never its decoded movements or prices. The computations
// run in the engine's worker threads (pool.ts): they receive the bytes once per version, through shared memory, decode
// them and build each call's input there (inputs.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { InputSpec } from './inputs.ts';
import type { FiguresRef } from './pool.ts';
import { figuresKey, figuresRef } from './series-store.ts';
import { inSharedMemory } from './snapshot-bytes.ts';
import {
  buildSnapshot,
  type ClientHeld,
  MARKET,
  type MarketHeld,
  readSnapshot,
  readStates,
  type SnapshotData,
  versionOf,
} from './snapshots.ts';

export { inputFor } from './inputs.ts';
export type { ClientData, ClientHeld, MarketData, MarketHeld, PortfolioInfo } from './snapshots.ts';

/** A snapshot to compute from, and whether a newer version is being built. */
export interface Snapshot<T> {
  data: T;
  stale: boolean;
  /** The versions of the market (0) and the clients of the data answered. */
  versions: ReadonlyMap<number, number>;
}

/** Queues the rebuild of one id's snapshot (the job queue; deduplicated there per id). */
export type RequestRecalculation = (id: number) => Promise<void>;

/** How long a look-up that found no stored series of the data's versions is trusted before the database is asked again. */
const NO_FIGURES_MS = 2_000;
/**
 * The stored figures kept in memory, at most this many scopes and bytes (least recently used out; a scope's figures of
 * older data versions go when newer ones come); the rest are read again when asked for.
 */
const FIGURES_KEPT = 8;
const FIGURES_BYTES = 32 * 1024 * 1024;

type FiguresVersions = { clientVersion: number; marketVersion: number };

type FiguresScope = NonNullable<ReturnType<typeof figuresKey>>;

/** The figures cache's key of a scope, and of its figures at some versions (the scope's key then the versions). */
const scopePrefix = (key: FiguresScope) => `${key.clientId}/${key.scope}/`;
const figuresId = (key: FiguresScope, v: FiguresVersions) => `${scopePrefix(key)}${v.clientVersion}/${v.marketVersion}`;

/** A scope's figures held: their look-up (or the figures a job stored here), when, of which versions, and their size. */
interface HeldFigures {
  at: number;
  ref: Promise<FiguresRef | null>;
  prefix: string;
  versions: FiguresVersions;
  bytes: number;
}

/** The in-memory copies of one process. One per app (app.analytics). */
export class AnalyticsStore {
  private market: MarketHeld | null = null;
  private readonly clients = new Map<number, ClientHeld>();
  /** Loads and builds under way in this process, by id, so that each runs once. */
  private readonly loading = new Map<number, Promise<void>>();
  /** Ids whose rebuild this store queued, with the version it was queued for, until seen stored (idle() waits). */
  private readonly requested = new Map<number, number>();
  /** Stored figures by scope and data versions (figuresFor), or the time a look-up found none. */
  private readonly figures = new Map<string, HeldFigures>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly requestRecalculation: RequestRecalculation,
    /** Queues the update of a client's stored valuation series (after each load of a client's new version). */
    private readonly requestSeries?: RequestRecalculation,
  ) {}

  /**
   * The stored valuation figures of a spec's scope for the data given (valuation_series, series-store.ts), with the
   * first day the data may differ from them: the engine's threads make the scope's series from them. Null for a scope
   * not stored (a family, testing accounts shown) or none stored yet.
   */
  figuresFor(
    spec: InputSpec,
    data: { market: MarketHeld; clients: ReadonlyArray<ClientHeld> },
  ): Promise<FiguresRef | null> {
    const key = figuresKey(spec);
    const client = key && data.clients.find((c) => c.clientId === key.clientId);
    if (!key || !client) return Promise.resolve(null);
    const versions = { clientVersion: client.version, marketVersion: data.market.version };
    const id = figuresId(key, versions);
    const held = this.figures.get(id);
    this.figures.delete(id);
    const now = Date.now();
    if (held) {
      this.figures.set(id, held);
      // Figures of these very versions stay; none, or older ones to resume from, are looked up again after a while.
      const fresh = held.ref.then((ref) => ref?.changedFrom === null || now - held.at < NO_FIGURES_MS);
      return fresh.then((ok) => (ok ? held.ref : this.lookUp(key, versions)));
    }
    return this.lookUp(key, versions);
  }

  /**
   * Takes figures the analytics-series job just stored in this process (as install takes a snapshot): this process's
   * requests of those versions read them from memory, the other processes from valuation_series.
   */
  installFigures(key: FiguresScope, versions: FiguresVersions, bytes: Uint8Array): void {
    this.holdFigures(key, versions, Promise.resolve({ bytes: inSharedMemory(bytes), changedFrom: null }));
  }

  private lookUp(key: FiguresScope, versions: FiguresVersions): Promise<FiguresRef | null> {
    const ref = figuresRef(this.db, key, versions).catch((err) => {
      this.log.error({ err, ...key }, 'stored valuation figures not read');
      return null;
    });
    return this.holdFigures(key, versions, ref);
  }

  /**
   * Keeps a scope's figures of some versions, most recent first: the same scope's figures of older versions go (no
   * request of the current data reads them), then the least recently used beyond FIGURES_KEPT scopes or FIGURES_BYTES.
   */
  private holdFigures(
    key: FiguresScope,
    versions: FiguresVersions,
    ref: Promise<FiguresRef | null>,
  ): Promise<FiguresRef | null> {
    const prefix = scopePrefix(key);
    const id = figuresId(key, versions);
    for (const [k, held] of this.figures) {
      const older =
        held.versions.clientVersion <= versions.clientVersion && held.versions.marketVersion <= versions.marketVersion;
      if (held.prefix === prefix && older) this.figures.delete(k);
    }
    const held: HeldFigures = { at: Date.now(), ref, prefix, versions, bytes: 0 };
    this.figures.set(id, held);
    void ref.then((r) => {
      held.bytes = r?.bytes.byteLength ?? 0;
      this.trimFigures();
    });
    this.trimFigures();
    return ref;
  }

  private trimFigures(): void {
    let bytes = 0;
    for (const held of this.figures.values()) bytes += held.bytes;
    while (this.figures.size > FIGURES_KEPT || (bytes > FIGURES_BYTES && this.figures.size > 1)) {
      const [oldest, held] = this.figures.entries().next().value as [string, HeldFigures];
      bytes -= held.bytes;
      this.figures.delete(oldest);
    }
  }

  /**
   * The market and the clients' data to compute from. A copy behind a stored snapshot of the current version loads it;
   * a copy behind the database with no such snapshot answers as it is, flagged stale, and its rebuild is queued; data
   * this process never held, with no current snapshot, is built now.
   */
  async snapshot(clientIds: ReadonlyArray<number>): Promise<Snapshot<{ market: MarketHeld; clients: ClientHeld[] }>> {
    const ids = [MARKET, ...new Set(clientIds)];
    const states = await readStates(this.db, ids);
    const waits: Promise<void>[] = [];
    for (const id of ids) {
      const { version, built } = states.get(id) ?? { version: 0, built: null };
      const have = this.versionHeld(id);
      if (have === version) continue;
      if (built === version) waits.push(this.load(id, () => readSnapshot(this.db, id)));
      // First use in this process and no current snapshot: built in the request (and stored for the others).
      else if (have === undefined) waits.push(this.load(id, () => buildSnapshot(this.db, id)));
      else this.queue(id, version);
    }
    await Promise.all(waits);
    const versions = new Map<number, number>();
    let stale = false;
    for (const id of ids) {
      const held = this.versionHeld(id) ?? 0;
      versions.set(id, held);
      if (held < (states.get(id)?.version ?? 0)) stale = true;
    }
    return {
      data: { market: this.market!, clients: clientIds.map((id) => this.clients.get(id)!) },
      stale,
      versions,
    };
  }

  /**
   * Queues the rebuild of the ids whose stored snapshot is behind the database, without loading anything: for a reader
   * that shows what the rebuild leads to (the controls' list: a recalculation re-checks the controls, jobs/).
   */
  async refresh(ids: ReadonlyArray<number>): Promise<void> {
    if (!ids.length) return;
    for (const [id, { version, built }] of await readStates(this.db, ids)) {
      if (built !== version && (this.requested.get(id) ?? -1) < version) this.queue(id, version);
    }
  }

  /** Takes a snapshot built in this process (the job's handler) unless a newer one is held. */
  install(data: SnapshotData): void {
    const have = this.versionHeld(data.id);
    if (have !== undefined && have >= versionOf(data)) return;
    if ('market' in data) this.market = data.market;
    else this.clients.set(data.id, data.client);
  }

  /**
   * Resolves when this process loads nothing and every rebuild it queued is stored, at least at the version it was
   * queued for (tests).
   * A rebuild that does not come within the time given is an error: the queue's workers are not running.
   */
  async idle(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      while (this.loading.size) await Promise.allSettled([...this.loading.values()]);
      if (this.requested.size) {
        const states = await readStates(this.db, [...this.requested.keys()]);
        for (const [id, { built }] of states) {
          if (built !== null && built >= (this.requested.get(id) ?? 0)) this.requested.delete(id);
        }
      }
      if (!this.requested.size && !this.loading.size) return;
      if (Date.now() > until) {
        throw new Error(`analytics rebuild not done in ${timeoutMs} ms: ${[...this.requested.keys()]}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Resolves when no load is under way in this process (before the database closes). */
  async settled(): Promise<void> {
    while (this.loading.size) await Promise.allSettled([...this.loading.values()]);
  }

  /**
   * Server start: queues the rebuild of every snapshot behind the database (work a stopped process left undone is
   * found again this way) and loads the current ones, so that first requests find them.
   */
  warmUp(): void {
    const run = async () => {
      const { rows } = await this.db.query<{ id: string }>(
        'select distinct client_id as id from accounts union select 0',
      );
      const states = await readStates(
        this.db,
        rows.map((r) => Number(r.id)),
      );
      for (const [id, { version, built }] of states) {
        if (built === version) void this.load(id, () => readSnapshot(this.db, id)).catch(() => {});
        else this.queue(id, version);
      }
    };
    run().catch((err) => this.log.error({ err }, 'analytics warm-up failed'));
  }

  /** The snapshot of `id` this process holds, if it is of `version` (as readSnapshot gives it). */
  held(id: number, version: number): SnapshotData | undefined {
    if (this.versionHeld(id) !== version) return undefined;
    return id === MARKET ? { id: MARKET, market: this.market! } : { id, client: this.clients.get(id)! };
  }

  private versionHeld(id: number): number | undefined {
    return id === MARKET ? this.market?.version : this.clients.get(id)?.version;
  }

  private queue(id: number, version: number): void {
    this.requested.set(id, Math.max(version, this.requested.get(id) ?? 0));
    this.requestRecalculation(id).catch((err) =>
      this.log.error({ err, clientId: id }, 'analytics recalculation not queued'),
    );
  }

  /** Runs one load of an id at a time and installs what it gives. */
  private load(id: number, read: () => Promise<SnapshotData | null>): Promise<void> {
    const running = this.loading.get(id);
    if (running) return running;
    const started = performance.now();
    const job = read()
      .then((data) => {
        if (data) this.install(data);
        // A client's new version (loaded, or built here when no job had): its stored series follow (a no-op job when
        // they are current).
        if (data && data.id !== MARKET) {
          this.requestSeries?.(data.id).catch((err) =>
            this.log.error({ err, clientId: data.id }, 'valuation series update not queued'),
          );
        }
        this.log.debug({ clientId: id, ms: Math.round(performance.now() - started) }, 'analytics data loaded');
      })
      .finally(() => this.loading.delete(id));
    this.loading.set(id, job);
    return job;
  }
}
