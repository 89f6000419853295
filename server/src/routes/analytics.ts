// Analytics calls: resolve what the call is about (analytics/scope.ts, with the access rules), take the snapshots from
// the analytics store, compute in the engine's worker threads (analytics/answer.ts, pool.ts, operations.ts). Every
// answer says whether figures are being recomputed (recalculationInProgress); nothing waits for a recalculation, and
// a call finding the threads' queue full answers 503 with Retry-After at once.
import { eachDay, roundMoney } from '@patrimonio/engine';
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analyticsAnswerer } from '../analytics/answer.ts';
import { dashboardAt, type RealAsset, realAssetSeries, weightedClients } from '../analytics/real-assets.ts';
import * as reports from '../analytics/reports.ts';
import type { OwnerQuery } from '../analytics/scope.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const answer = analyticsAnswerer(app);

  route(app, routes.dashboard, async (request) => {
    const { id } = request.params;
    const q = request.query;
    // One owner, as on every other analytics call (resolveScope): both is bad input, before any lookup.
    if (q.clientId !== undefined && q.familyId !== undefined)
      throw badRequest([{ field: 'querystring.familyId', message: 'give clientId or familyId, not both' }]);
    // The path names the client, or the family when familyId is given: they must agree.
    if ((q.familyId ?? q.clientId ?? id) !== id) throw notFound();
    const owner = q.familyId !== undefined ? { familyId: id } : { clientId: id };
    const { portfolioData: _p, ...rest } = await answer(
      request,
      'aggregate',
      owner,
      dashboardAt(app.db, q.date ?? reports.today()),
    );
    return rest;
  });

  route(app, routes.financialComposition, async (request) => {
    const q = request.query;
    const date = q.date ?? reports.today();
    return answer(request, request.params.ptf, q, (engine) => engine('financialComposition', { date }));
  });

  route(app, routes.assetsHistoryTotal, async (request) => {
    const q = request.query;
    // The whole wealth day by day, or one class of it (asset): financial from the engine, the others from their data.
    const { portfolioData: _p, ...rest } = await answer(request, 'aggregate', q, async (engine, scope) => {
      const { start, end } = reports.historyRange(q);
      const items =
        q.asset === undefined || q.asset === 'FINANCIAL'
          ? await engine('historySeries', { start, end })
          : eachDay(start, end).map((date) => ({ date, value: 0 }));
      if (q.asset !== 'FINANCIAL') {
        const owners = await weightedClients(app.db, scope);
        const assets: RealAsset[] = q.asset ? [q.asset] : ['REALESTATE', 'SHARE', 'ARTLUX'];
        for (const asset of assets) {
          const series = await realAssetSeries(app.db, owners, asset, start, end);
          series.forEach((p, i) => {
            // Same days in the same order as the financial series.
            if (items[i]?.date === p.date) items[i]!.value = roundMoney(items[i]!.value + p.value);
          });
        }
      }
      return reports.pageHistory(items, q);
    });
    return rest;
  });

  route(app, routes.assetsHistoryFinancial, async (request) => {
    const q = request.query;
    const { portfolioData: _p, ...rest } = await answer(request, request.params.ptf, q, (engine) =>
      engine('history', q),
    );
    return rest;
  });

  route(app, routes.reportSintetico, async (request) => {
    const date = request.query.date ?? reports.today();
    return answer(request, request.params.ptf, request.query, (engine) => engine('sintetico', { date }));
  });

  const performance = async (
    request: FastifyRequest<{
      Params: { ptf: string };
      Querystring: OwnerQuery & { dateFrom?: string; dateTo?: string; fullData?: boolean };
    }>,
  ) => {
    const period = reports.defaultRange(request.query);
    return answer(request, request.params.ptf, request.query, (engine) =>
      engine('performance', { period, fullData: request.query.fullData ?? true }),
    );
  };
  route(app, routes.reportPerformance, performance);
  route(app, routes.reportPerformanceV1, performance);

  const triplaA = async (
    request: FastifyRequest<{
      Params: { ptf: string };
      Querystring: OwnerQuery & { dateFrom?: string; dateTo?: string };
    }>,
  ) => {
    const period = reports.defaultRange(request.query);
    return answer(request, request.params.ptf, request.query, (engine) => engine('triplaA', { period }));
  };
  route(app, routes.reportTriplaA, triplaA);
  route(app, routes.reportTriplaAV1, triplaA);

  route(app, routes.reportIntermediary, async (request) => {
    const date = request.query.date ?? reports.today();
    return answer(request, request.params.ptf, request.query, (engine) => engine('intermediary', { date }));
  });

  route(app, routes.reportCommissioni, async (request) =>
    answer(request, request.params.ptf, request.query, (engine) => engine('fees', request.query)),
  );

  route(app, routes.reportCedole, async (request) => {
    // Spec data-and-admin section 5: the coupon report is not offered for families.
    if (request.query.familyId !== undefined)
      throw badRequest(
        [{ field: 'querystring.familyId', message: 'not in a family view' }],
        'The coupon report is not available for families',
      );
    return answer(request, request.params.ptf, request.query, (engine) => engine('cedole', request.query));
  });

  route(app, routes.macroAssetValues, async (request) => {
    const date = request.query.date ?? reports.today();
    return answer(request, request.params.ptf, request.query, (engine) => engine('macroAssetValues', { date }));
  });

  route(app, routes.portfolioVar, async (request) => {
    const date = request.query.date ?? reports.today();
    return answer(request, request.params.ptf, request.query, (engine) => engine('portfolioVar', { date }));
  });
}
