// The art and luxury section of the report (portal-and-report 2 "Report pages", 3 "Art and luxury (report)"): a
// summary page (the stats, the pie by category and the value at each year's end by category) and the list of goods.
// Each category keeps one colour of the pie palette, its place among the six, in both charts.
import { msg } from '@lingui/core/macro';
import type { LuxItem } from '@patrimonio/shared-api';
import { addSectionPage } from '../../pdf/document.ts';
import { money, performancePercent } from '../../pdf/format.ts';
import type { ReportColumn } from '../../pdf/table.ts';
import { reportPieColor } from '../charts/common.ts';
import { drawBarBlock, drawFigures, drawListBlock, drawPieBlock, isFamilyReport } from '../charts/real-assets.ts';
import type { SectionContext, SectionDrawer } from '../types.ts';
import { artLuxSummaryLayout, CATEGORY_LABELS, categoryIndex, percentages } from './real-assets-rules.ts';

export const drawArtLux: SectionDrawer = async (ctx) => {
  const pages = ctx.data.plan.pages;
  if (pages.some((p) => p.kind === 'artLuxSummary')) {
    ctx.checkCancelled();
    await drawSummary(ctx);
  }
  if (pages.some((p) => p.kind === 'artLuxList')) {
    ctx.checkCancelled();
    drawList(ctx);
  }
};

async function drawSummary(ctx: SectionContext): Promise<void> {
  const { doc, i18n, locale } = ctx;
  const { stat, pie, column } = ctx.data.artLux;
  const { y } = addSectionPage(doc, ctx.header(ctx.title));
  drawFigures(
    ctx,
    stat && [
      { label: i18n._(msg`Valore totale`), value: money(stat.totalValue, locale) },
      { label: i18n._(msg`Reddito annuo`), value: money(stat.yearlyIncome, locale) },
      { label: i18n._(msg`Debito collegato`), value: money(stat.linkedDebt, locale) },
      { label: i18n._(msg`Manutenzione annua`), value: money(stat.yearlyMaintenance, locale) },
    ],
    y,
  );
  const layout = artLuxSummaryLayout();
  const slices = pie?.filter((s) => s.value > 0);
  const shares = percentages(slices?.map((s) => s.value) ?? []);
  await drawPieBlock(
    ctx,
    layout.pie,
    i18n._(msg`Composizione per categoria`),
    slices?.map((s, i) => ({
      label: i18n._(CATEGORY_LABELS[s.category]),
      value: s.value,
      percentage: shares[i] ?? 0,
      color: reportPieColor(categoryIndex(s.category)),
    })),
  );
  await drawBarBlock(
    ctx,
    layout.column,
    i18n._(msg`Valore a fine anno`),
    column && {
      categories: column.years.map(String),
      series: column.series.map((s) => ({ name: i18n._(CATEGORY_LABELS[s.category]), data: s.data })),
      colors: column.series.map((s) => reportPieColor(categoryIndex(s.category))),
    },
    true,
  );
}

/** The goods (portal-and-report 3): owner (family only), description, category, evaluation, buy cost and yield. */
function drawList(ctx: SectionContext): void {
  const { i18n, locale } = ctx;
  const columns: ReportColumn<LuxItem>[] = [
    ...(isFamilyReport(ctx) ? [{ header: i18n._(msg`Intestatario`), text: (l: LuxItem) => l.owner }] : []),
    { header: i18n._(msg`Descrizione`), text: (l) => l.description },
    { header: i18n._(msg`Categoria`), text: (l) => i18n._(CATEGORY_LABELS[l.category]) },
    { header: i18n._(msg`Valutazione`), text: (l) => money(l.evaluation, locale), align: 'right' },
    { header: i18n._(msg`Costo d'acquisto`), text: (l) => money(l.buyCost, locale), align: 'right' },
    { header: i18n._(msg`Rendimento`), text: (l) => performancePercent(l.yield, locale), align: 'right' },
  ];
  const { y } = addSectionPage(ctx.doc, ctx.header(ctx.title));
  drawListBlock(ctx, { title: i18n._(msg`Beni di arte e lusso`), columns, rows: ctx.data.artLux.items?.item, y });
}
