// The reconciliation controls' check (issue 16): for one client, every date with bank data for the accounts of its
// portfolios, our figures from the engine (in the engine's worker threads, on the client's current snapshot: the one
// the recalculation just stored, or built now from one consistent view) against the bank's rows; the results are
// stored (control_results) and each portfolio's lastQuantityCheckOkDate moves to its latest OK date when that is later.
// Queued after a bank file upload, an accepted difference, and a recalculation of the client's (or the market's) data;
// one queued and one running per client at most ('stately'), so work arriving during a check queues one more.
import { setTimeout } from 'node:timers/promises';
import { checkClient, type FiguresOf, storeChecks } from '../analytics/control-checks.ts';
import { currentSnapshot, MARKET } from '../analytics/snapshots.ts';
import { HttpError } from '../plugins/errors.ts';
import type { JobContext } from './index.ts';
import type { JobDefinition } from './queue.ts';

export interface ControlsCheckData {
  clientId: number;
}

export const CONTROLS_CHECK = 'controls-check';

/** Runs an engine computation, waiting while the engine's threads are busy with requests (their 503). */
export async function whenFree<T>(run: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 503) throw err;
      await setTimeout(Number(err.params?.retryAfter ?? 1) * 1000);
    }
  }
}

/** Our figures at the dates, from the client's and the market's current snapshots, in the engine's threads. */
export function engineFigures(ctx: JobContext, clientId: number): FiguresOf {
  return async (dates) => {
    const market = await currentSnapshot(ctx.db, MARKET);
    const client = await currentSnapshot(ctx.db, clientId);
    // This process answers from them too (the store keeps the newer of what it holds).
    ctx.analytics?.install(market);
    ctx.analytics?.install(client);
    if (!('market' in market) || 'market' in client) throw new Error('controls-check: unexpected snapshots');
    const data = { market: market.market, clients: [client.client] };
    // A one-off input: the thread does not keep it.
    return whenFree(() =>
      ctx.engine.run('controlFigures', { dates }, { kind: 'accounts', clientId }, data, [], null, false),
    );
  };
}

export const controlsCheck = (ctx: JobContext): JobDefinition<ControlsCheckData> => ({
  name: CONTROLS_CHECK,
  policy: 'stately',
  key: (data) => String(data.clientId),
  handler: async ({ clientId }) => {
    const checks = await checkClient(ctx.db, clientId, engineFigures(ctx, clientId));
    await ctx.db.transaction((tx) => storeChecks(tx, checks));
  },
});
