// The analytics recalculation: rebuilds one client's (or the market's, id 0) engine inputs at the database's current
// version and stores them (server/src/analytics/snapshots.ts). Queued by an API process whose copy is behind; one
// queued and one running per id at most ('stately'): writes during a rebuild queue one more, which reads them all.
// New figures re-check the reconciliation controls (jobs/controls.ts) of the client, or of every client with bank data
// after the market's rebuild (prices and FX rates move our figures too).
import { buildSnapshot, MARKET } from '../analytics/snapshots.ts';
import { clientsWithBankData, hasBankData } from '../data/controls.ts';
import { CONTROLS_CHECK } from './controls.ts';
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
    const recheck = clientId === MARKET ? await clientsWithBankData(ctx.db) : (await hasBankData(ctx.db, clientId)) ? [clientId] : [];
    for (const id of recheck) await ctx.send(CONTROLS_CHECK, { clientId: id });
  },
});
