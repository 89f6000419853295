// The shares section of the report (portal-and-report 2 "Report pages", 3 "Shares (report)", 9): one page with the
// chart of revenue, profit and EBITDA of the companies for the latest year with figures, then the list of shares,
// the owners' names cut at 20 characters plus an ellipsis. The list runs onto more pages when long.
import { msg } from '@lingui/core/macro';
import type { ShareItem } from '@patrimonio/shared-api';
import { addSectionPage, PAGE } from '../../pdf/document.ts';
import { money, performancePercent } from '../../pdf/format.ts';
import type { ReportColumn } from '../../pdf/table.ts';
import { reportSeriesColor } from '../charts/common.ts';
import { drawBarBlock, drawListBlock } from '../charts/real-assets.ts';
import type { SectionContext, SectionDrawer } from '../types.ts';
import { GAP, METRIC_LABELS, shareOwnersText, shareResultBars } from './real-assets-rules.ts';

/** The chart's height on the page; the list takes the rest. */
const CHART_HEIGHT = 210;

export const drawShares: SectionDrawer = async (ctx) => {
  if (!ctx.data.plan.pages.some((p) => p.kind === 'shares')) return;
  ctx.checkCancelled();
  const { doc, i18n, locale } = ctx;
  const { shares, years, graphs } = ctx.data.shares;
  const { y } = addSectionPage(doc, ctx.header(ctx.title));

  const bars = shareResultBars(graphs, (metric) => i18n._(METRIC_LABELS[metric]));
  // No year call, or years with every chart call failed: the chart's part failed; no year with figures: no chart.
  const failed = years === undefined || (hasYears(years) && Object.keys(graphs).length === 0);
  const title = i18n._(msg`Ricavi, utile ed EBITDA`);
  await drawBarBlock(
    ctx,
    { x: PAGE.margin, y, width: PAGE.width - 2 * PAGE.margin, height: CHART_HEIGHT },
    bars ? `${title} · ${bars.year}` : title,
    failed ? undefined : bars && { ...bars, colors: bars.series.map((_, i) => reportSeriesColor(i)) },
  );

  const columns: ReportColumn<ShareItem>[] = [
    { header: i18n._(msg`Ragione sociale`), text: (s) => s.legalName },
    { header: i18n._(msg`Anno`), text: (s) => String(s.year), align: 'right' },
    { header: i18n._(msg`Quota`), text: (s) => performancePercent(s.ratio, locale), align: 'right' },
    { header: i18n._(msg`Valore della quota`), text: (s) => money(s.shareValue, locale), align: 'right' },
    { header: i18n._(msg`Ricavi`), text: (s) => money(s.revenue, locale), align: 'right' },
    { header: i18n._(msg`Utile`), text: (s) => money(s.profit, locale), align: 'right' },
    {
      header: i18n._(msg`Titolari`),
      // The co-owners the reader may not see, summed by the API without a name.
      text: (s) => shareOwnersText(s.ownerList, locale, i18n._(msg`Altri soci`)),
      width: 220,
    },
  ];
  drawListBlock(ctx, {
    title: i18n._(msg`Quote societarie`),
    columns,
    rows: shares?.item,
    y: y + CHART_HEIGHT + GAP,
  });
};

/** Whether GET /share/year named a year (a list of years, as the contract says). */
const hasYears = (years: SectionContext['data']['shares']['years']): boolean =>
  Array.isArray(years) && years.length > 0;
