// How an analytics call answers: resolve what the call is about (scope.ts, with the access rules), take the snapshots
// from the analytics store, compute in the engine's worker threads (pool.ts, operations.ts), and keep the answer in a
// cache keyed by the call and the data's state. Used by the analytics routes and the planning routes that project
// wealth (goals, simulations).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { seesTesting } from '../access/financial-visibility.ts';
import { caller } from '../plugins/auth.ts';
import type { Operation, OperationArgs, OperationResult } from './operations.ts';
import * as reports from './reports.ts';
import { ResultCache } from './results.ts';
import { loadScope, type OwnerQuery, resolveScope, type Scope } from './scope.ts';

/** Runs one engine operation on the call's input, in the worker threads. */
export type Engine = <K extends Operation>(op: K, args: OperationArgs<K>) => Promise<OperationResult<K>>;

export type Answer<T> = { portfolioData: Scope['portfolioData'] } & T & { recalculationInProgress: boolean };

/**
 * An answerer with its own cache: resolves the scope, loads its snapshots and merges the computed answer with
 * portfolioData and the recalculation flag. `cache: false` for a call whose answer depends on its body (the cache key
 * is the route, its params and query, the day, the testing visibility and the data's fingerprint).
 */
export function analyticsAnswerer(app: FastifyInstance) {
  const results = new ResultCache();
  return async function answer<T extends object>(
    request: FastifyRequest,
    ptf: string,
    query: OwnerQuery,
    compute: (engine: Engine, scope: Scope) => Promise<T>,
    options: { cache?: boolean } = {},
  ): Promise<Answer<T>> {
    const user = caller(request);
    const scope = await resolveScope(app.db, user, ptf, query);
    const { data, names, recalculationInProgress, fingerprint } = await loadScope(app.db, app.analytics, scope);
    // Same call, same day (defaults follow today), same testing visibility, same data state: the same answer.
    const call =
      options.cache !== false &&
      fingerprint &&
      JSON.stringify([
        request.routeOptions.url,
        request.params,
        request.query,
        reports.today(),
        seesTesting(user),
        scope.portfolioData,
      ]);
    const cached = call && fingerprint ? results.get(call, fingerprint) : undefined;
    if (cached) return cached as Answer<T>;
    // The scope's stored valuation figures, looked up once and only when something is computed.
    let figures: ReturnType<typeof app.analytics.figuresFor> | undefined;
    const engine: Engine = async (op, args) => {
      figures ??= app.analytics.figuresFor(scope.spec, data);
      return app.engine.run(op, args, scope.spec, data, names, await figures);
    };
    const answer = { portfolioData: scope.portfolioData, ...(await compute(engine, scope)), recalculationInProgress };
    if (call && fingerprint) results.set(call, fingerprint, answer);
    return answer;
  };
}
