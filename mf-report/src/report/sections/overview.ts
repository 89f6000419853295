// 01 Overview (portal-and-report 2, "Report pages"): one page with the total wealth, the composition donut with
// its legend, the flows of the last 12 months (only if they sum to non-zero) and the wealth over the period with a
// table of its value at the display columns. The dashboard and the history are separate sub-requests: either may
// have failed (undefined), and then its parts show a muted line while the page is still drawn.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ResponseOf } from '@patrimonio/shared-api';
import { showFlowChart } from '../../logic/plan.ts';
import { addSectionPage, CONTENT_TOP, INK } from '../../pdf/document.ts';
import { money, performancePercent } from '../../pdf/format.ts';
import { donutOptions, drawChart, reportPieColor, valuesAtDates } from '../charts/common.ts';
import { flowOptions, wealthValueOptions } from '../charts/overview.ts';
import type { SectionContext, SectionDrawer } from '../types.ts';
import { HALF, LEFT, RIGHT, VALUE_CHART } from './layout.ts';
import {
  drawCaption,
  drawFigure,
  drawLegend,
  drawPeriodTable,
  drawUnavailable,
  periodDates,
  sharesOf,
  UNAVAILABLE,
} from './page-parts.ts';

type Dashboard = ResponseOf<'dashboard'>;
type WealthKind = keyof Dashboard['richComposition'];
type FluxKind = keyof Dashboard['flux'];

/** The kinds of wealth, in the order of the composition (portal-and-report 3, "Overview data"). */
export const WEALTH_KINDS: readonly WealthKind[] = ['financial', 'realEstate', 'share', 'artLux'];
/** The kinds of the flows, in the order of the flow chart. */
export const FLUX_KINDS: readonly FluxKind[] = ['financial', 'realEstate', 'artLux', 'share', 'humanCapital'];

export const KIND_LABELS: Record<FluxKind, MessageDescriptor> = {
  financial: msg`Finanziario`,
  realEstate: msg`Immobiliare`,
  share: msg`Partecipazioni`,
  artLux: msg`Arte e lusso`,
  humanCapital: msg`Capitale umano`,
};

const LABELS = {
  totalWealth: msg`Patrimonio totale`,
  composition: msg`Composizione del patrimonio`,
  flows: msg`Flussi netti degli ultimi 12 mesi`,
  value: msg`Andamento del patrimonio`,
  valueRow: msg`Valore`,
  date: msg`Data`,
};

/** The total wealth: the sum of the composition's kinds. Worked example: 100 + 50.5 + 0 + 20 = 170.5. */
export const totalWealth = (composition: Dashboard['richComposition']): number =>
  WEALTH_KINDS.reduce((sum, kind) => sum + (Number(composition[kind]) || 0), 0);

// The page's blocks, in pt: the total and the donut with its legend on the left, the flows on the right, the
// value chart and its table across the page below.
const DONUT = { x: LEFT, y: CONTENT_TOP + 66, width: 170, height: 150 };
const LEGEND = { x: LEFT + 180, y: CONTENT_TOP + 84, width: HALF - 180 };
const FLOWS = { x: RIGHT, y: CONTENT_TOP + 20, width: HALF, height: 196 };
// VALUE_CHART, the value chart across the page below, is in layout.ts.

export const drawOverview: SectionDrawer = async (ctx) => {
  ctx.checkCancelled();
  const { doc, i18n, locale, data } = ctx;
  const header = ctx.header(ctx.title);
  addSectionPage(doc, header);
  const { dashboard, history } = data;

  // Total wealth and composition.
  const wealth = dashboard
    ? { label: i18n._(LABELS.totalWealth), value: money(totalWealth(dashboard.richComposition), locale) }
    : { label: i18n._(LABELS.totalWealth), value: i18n._(UNAVAILABLE), color: INK.muted };
  drawFigure(doc, wealth, LEFT, CONTENT_TOP + 12, dashboard ? 20 : 10);
  drawCaption(doc, i18n._(LABELS.composition), LEFT, DONUT.y - 8);
  if (dashboard) await drawComposition(ctx, dashboard);
  else drawUnavailable(ctx, LEFT, DONUT.y + 12);

  // Flows: "a flow chart only if the flux values sum to non-zero".
  if (dashboard && showFlowChart(dashboard.flux)) {
    drawCaption(doc, i18n._(LABELS.flows), FLOWS.x, FLOWS.y - 8);
    const bars = FLUX_KINDS.map((kind) => ({ label: i18n._(KIND_LABELS[kind]), value: dashboard.flux[kind] }));
    await drawChart(ctx, flowOptions(i18n._(LABELS.flows), bars, locale), FLOWS);
  }

  // Value over the period and its table at the display columns.
  drawCaption(doc, i18n._(LABELS.value), LEFT, VALUE_CHART.y - 8);
  if (!history) {
    drawUnavailable(ctx, LEFT, VALUE_CHART.y + 12);
    return;
  }
  const range = { from: data.request.from, to: data.request.to };
  await drawChart(ctx, wealthValueOptions(i18n._(LABELS.totalWealth), history.item, range, locale), VALUE_CHART);
  const dates = periodDates(ctx);
  const values = valuesAtDates(history.item, dates, (p) => p.value);
  drawPeriodTable(
    ctx,
    i18n._(LABELS.date),
    [{ label: i18n._(LABELS.valueRow), values, kind: 'money' }],
    dates,
    VALUE_CHART.y + VALUE_CHART.height + 6,
    header,
  );
};

/** The composition donut of the four kinds and its legend with value and percent. */
async function drawComposition(ctx: SectionContext, dashboard: Dashboard): Promise<void> {
  const { doc, i18n, locale } = ctx;
  const values = WEALTH_KINDS.map((kind) => Number(dashboard.richComposition[kind]) || 0);
  const shares = sharesOf(values);
  const slices = WEALTH_KINDS.map((kind, i) => ({ label: i18n._(KIND_LABELS[kind]), value: values[i]! }));
  drawLegend(
    doc,
    slices.map((slice, i) => ({
      color: reportPieColor(i),
      label: slice.label,
      value: money(slice.value, locale),
      percent: performancePercent(shares[i], locale),
    })),
    LEGEND.x,
    LEGEND.y,
    LEGEND.width,
  );
  await drawChart(ctx, donutOptions(slices), DONUT);
}
