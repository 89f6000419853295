// The data of each widget (issue 20, contract widget-schemas.ts) for a widget token's client or family, computed by
// the portal's own computations as the issuing PRO (request.user, set by the widget data route): the dashboard
// (wealth-total, projection-band), the financial composition (portfolio-donut), the performance report
// (performance-bars, trend-waterfall), the fee report (fee-table), the family business shares (business-chart) and
// the art and luxury pie (artlux-donut). Only the shaping into the widget's answer is here.
import { roundMoney } from '@patrimonio/engine';
import {
  businessChartData,
  feeRangeStart,
  MACRO_ASSET_CLASSES,
  type MacroAssetClass,
  WEALTH_KINDS,
  type WidgetDataMap,
  type WidgetKind,
  waterfallStart,
} from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownersOf } from '../access/owners.ts';
import { analyticsAnswerer } from '../analytics/answer.ts';
import { dashboardAt } from '../analytics/real-assets.ts';
import * as reports from '../analytics/reports.ts';
import type { WidgetTokenOwner } from '../data/widget-tokens.ts';
import { caller } from '../plugins/auth.ts';
import { luxDashboardPie } from '../shares-lux/lux.ts';
import { shareGraph, shareYears } from '../shares-lux/shares.ts';

export interface WidgetDataQuery {
  dateFrom?: string;
  dateTo?: string;
}

const isMacro = (name: string): name is MacroAssetClass => (MACRO_ASSET_CLASSES as readonly string[]).includes(name);

/** The computer of widget data, with its own answer cache (analytics/answer.ts). */
export function widgetDataComputer(app: FastifyInstance) {
  const answer = analyticsAnswerer(app);

  return async function widgetData<K extends WidgetKind>(
    request: FastifyRequest,
    widget: K,
    owner: WidgetTokenOwner,
    query: WidgetDataQuery,
  ): Promise<WidgetDataMap[K]> {
    const ownerQuery = owner.clientId !== null ? { clientId: owner.clientId } : { familyId: owner.familyId };
    const dateTo = query.dateTo ?? reports.today();

    /** The overview's dashboard (routes/analytics.ts, routes.dashboard) at dateTo. */
    const dashboard = () => answer(request, 'aggregate', ownerQuery, dashboardAt(app.db, dateTo));

    /** The performance report (routes.reportPerformance) over the range, its default the portal's. */
    const performance = (fullData: boolean) =>
      answer(request, 'aggregate', ownerQuery, (engine) =>
        engine('performance', { period: reports.defaultRange({ ...query, dateTo }), fullData }),
      );

    const data = async (): Promise<WidgetDataMap[WidgetKind]> => {
      switch (widget) {
        case 'wealth-total': {
          const d = await dashboard();
          const parts = WEALTH_KINDS.map((key) => ({ key, value: d.richComposition[key] }));
          return { date: d.date, total: roundMoney(parts.reduce((sum, p) => sum + p.value, 0)), parts };
        }
        case 'projection-band': {
          const { dates, inflation, graph, maxValue } = (await dashboard()).calculus;
          return { dates, inflation, graph, maxValue };
        }
        case 'portfolio-donut': {
          const c = await answer(request, 'aggregate', ownerQuery, (engine) =>
            engine('financialComposition', { date: dateTo }),
          );
          return {
            date: c.date,
            slices: c.macroAssetClassComposition.map((m) => ({ key: m.macroAssetClassName, value: m.stockValue })),
          };
        }
        case 'performance-bars': {
          const p = await performance(false);
          return {
            dateFrom: p.dateFrom,
            dateTo: p.dateTo,
            classes: p.macroAssetClassComposition
              .filter((m) => isMacro(m.description))
              .map((m) => ({
                key: m.description as MacroAssetClass,
                value: m.totalPerformancePercentageMW,
                assetClassList: m.assetClassList.map((a) => ({
                  label: a.description,
                  value: a.totalPerformancePercentageMW,
                })),
              })),
          };
        }
        case 'trend-waterfall': {
          const p = await performance(true);
          return {
            start: waterfallStart(p.dateFrom, p.data, p.trend),
            rows: p.trend.map(({ cashFlow: _c, ...row }) => row),
          };
        }
        case 'fee-table': {
          // The fee page's range: the four quarters to dateTo (shared-api feeRangeStart).
          const {
            portfolioData: _p,
            recalculationInProgress: _r,
            ...fees
          } = await answer(request, 'aggregate', ownerQuery, (engine) =>
            engine('fees', { dateFrom: feeRangeStart(dateTo), dateTo }),
          );
          return fees;
        }
        case 'business-chart': {
          const user = caller(request);
          const members = await ownersOf(app.db, user, ownerQuery);
          const year = (await shareYears(app.db, members))[0] ?? null;
          if (year === null) return { year, companies: [] };
          const [revenue, profit, ebitda] = await Promise.all(
            (['revenue', 'profit', 'ebitda'] as const).map((metric) => shareGraph(app.db, user, members, metric, year)),
          );
          const graphs = { revenue: revenue?.item ?? [], profit: profit?.item ?? [], ebitda: ebitda?.item ?? [] };
          return businessChartData(graphs, year) ?? { year, companies: [] };
        }
        case 'artlux-donut': {
          const members = await ownersOf(app.db, caller(request), ownerQuery);
          const pie = await luxDashboardPie(app.db, members);
          return { date: reports.today(), slices: pie.map((s) => ({ key: s.category, value: s.value })) };
        }
      }
      throw new Error(`unknown widget ${String(widget)}`);
    };
    return (await data()) as WidgetDataMap[K];
  };
}
