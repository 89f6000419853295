// The analytics recalculation: rebuilds one client's (or the market's, id 0) engine inputs at the database's current
// version and stores them (server/src/analytics/snapshots.ts). Queued by an API process whose copy is behind; one
// queued and one running per id at most ('stately'): writes during a rebuild queue one more, which reads them all.
import { buildSnapshot } from '../analytics/snapshots.ts';
import type { JobContext } from './index.ts';
import type { JobDefinition } from './queue.ts';

export interface RecalculationData {
  /** analytics_versions id: a client, or 0 for the market. */
  clientId: number;
}

export const ANALYTICS_RECALCULATION = 'analytics-recalculate';

export const analyticsRecalculation = (ctx: JobContext): JobDefinition<RecalculationData> => ({
  name: ANALYTICS_RECALCULATION,
  policy: 'stately',
  key: (data) => String(data.clientId),
  handler: async ({ clientId }) => {
    const built = await buildSnapshot(ctx.db, clientId);
    // The process that built it answers from it at once; the others load it from analytics_snapshots.
    ctx.analytics?.install(built);
  },
});
