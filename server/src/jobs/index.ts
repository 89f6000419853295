// Every background job of the server, in one list: the API processes queue them, workers (the API processes
// themselves by default, and `npm run worker` processes when scaled out) run them. A new job is one definition here
// and one file beside it; see docs/architecture.md.
import type { EnginePool } from '../analytics/pool.ts';
import type { AnalyticsStore } from '../analytics/store.ts';
import type { Database } from '../db/database.ts';
import type { SecretBox } from '../exchange/secrets.ts';
import { analyticsRecalculation, analyticsSeries } from './analytics.ts';
import { controlsCheck } from './controls.ts';
import { exchangeFetch, exchangeImport } from './exchange.ts';
import type { JobDefinition } from './queue.ts';
import { subscriptionsExpiry } from './subscriptions.ts';

/** What the handlers work with. */
export interface JobContext {
  db: Database;
  /** The process's own analytics store, when it has one (API processes). */
  analytics?: AnalyticsStore;
  /** The engine's worker threads: jobs compute there, as requests do. */
  engine: EnginePool;
  /** Queues another job (on the queue these handlers run on). */
  send: (name: string, data: object) => Promise<void>;
  /** The file exchange: the key of the servers' secrets and the LOCAL servers' drop directory. */
  exchange: { box: SecretBox; dropDir: string };
}

// biome-ignore lint/suspicious/noExplicitAny: a list of definitions of different job data types.
export const jobDefinitions = (ctx: JobContext): JobDefinition<any>[] => [
  analyticsRecalculation(ctx),
  analyticsSeries(ctx),
  controlsCheck(ctx),
  exchangeFetch(ctx),
  exchangeImport(ctx),
  subscriptionsExpiry(ctx),
];
