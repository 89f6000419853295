// The analytics recalculation: rebuilds one client's (or the market's, id 0) engine inputs at the database's current
// version and stores them (server/src/analytics/snapshots.ts). Queued by an API process whose copy is behind; one
// queued and one running per id at most ('stately'): writes during a rebuild queue one more, which reads them all.
// Then the client's valuation series are brought up to date (analytics-series below; every client's after the
// market's rebuild), and the new figures re-check the reconciliation controls (jobs/controls.ts) of the client, or of every client with bank data
// after the market's rebuild (prices and FX rates move our figures too).
import {
  clientsWithAccounts,
  dropOtherSeries,
  figuresRef,
  pruneChanges,
  readStoredSeries,
  storedScopes,
  storeSeries,
} from '../analytics/series-store.ts';
import { buildSnapshot, MARKET, readSnapshot, readStates } from '../analytics/snapshots.ts';
import { clientsWithBankData, hasBankData } from '../data/controls.ts';
import { CONTROLS_CHECK, whenFree } from './controls.ts';
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
    const series = clientId === MARKET ? await clientsWithAccounts(ctx.db) : [clientId];
    for (const id of series) await ctx.send(ANALYTICS_SERIES, { clientId: id });
    const recheck =
      clientId === MARKET ? await clientsWithBankData(ctx.db) : (await hasBankData(ctx.db, clientId)) ? [clientId] : [];
    for (const id of recheck) await ctx.send(CONTROLS_CHECK, { clientId: id });
  },
});

export const ANALYTICS_SERIES = 'analytics-series';

/**
 * The valuation series of one client's stored scopes (its aggregate and each non-testing portfolio, series-store.ts),
 * brought to the client's and the market's current versions and to today: each is made in the engine's threads from
 * its stored figures, valuing only the days from the first changed date since (valuations.ts, engine resumedSeries),
 * and stored for every process's requests. One queued and one running per client at most, like the recalculation.
 */
export const analyticsSeries = (ctx: JobContext): JobDefinition<RecalculationData> => ({
  name: ANALYTICS_SERIES,
  policy: 'stately',
  key: (data) => String(data.clientId),
  handler: async ({ clientId }) => {
    if (clientId === MARKET) return;
    // From the stored snapshots only, never built here: a snapshot behind the database is the recalculation's to
    // build (a reader asks for it), which queues this job again. (Building it here would also answer a reader the new
    // figures before the recalculation its write asked for.)
    const states = await readStates(ctx.db, [MARKET, clientId]);
    if ([...states.values()].some((s) => s.built !== s.version)) return;
    const [market, client] = await Promise.all([
      ctx.analytics?.held(MARKET, states.get(MARKET)!.version) ?? readSnapshot(ctx.db, MARKET),
      ctx.analytics?.held(clientId, states.get(clientId)!.version) ?? readSnapshot(ctx.db, clientId),
    ]);
    if (!market || !client) return;
    if (!('market' in market) || 'market' in client) throw new Error('analytics-series: unexpected snapshots');
    const data = { market: market.market, clients: [client.client] };
    const versions = { clientVersion: client.client.version, marketVersion: market.market.version };
    const today = new Date().toISOString().slice(0, 10);
    const kept: string[] = [];
    for (const { scope, spec } of storedScopes(client.client)) {
      const key = { clientId, scope };
      const stored = await readStoredSeries(ctx.db, key);
      const current =
        stored?.clientVersion === versions.clientVersion &&
        stored.marketVersion === versions.marketVersion &&
        stored.rangeEnd >= today;
      if (current) {
        kept.push(scope);
        continue;
      }
      const figures = await figuresRef(ctx.db, key, versions, stored);
      // A one-off input: the thread does not keep it (requests build their own, with the accounts' names).
      const made = await whenFree(() => ctx.engine.run('seriesFigures', {}, spec, data, [], figures, false));
      // No series to store (no movements, warnings): the scope's row goes, its requests value every day.
      if (!made.bytes || !made.range) continue;
      kept.push(scope);
      await storeSeries(ctx.db, key, {
        ...versions,
        rangeStart: made.range.start,
        rangeEnd: made.range.end,
        daysValued: made.daysValued,
        figures: made.bytes,
      });
      ctx.analytics?.installFigures(key, versions, made.bytes);
    }
    await dropOtherSeries(ctx.db, clientId, kept);
    await pruneChanges(ctx.db, clientId);
  },
});
