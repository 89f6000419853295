// The charts and figure blocks of the real-asset pages (real estate, shares, art and luxury): ApexCharts options on
// the report's base (charts/common.ts), drawn as vectors into a box, with the legend written as PDF text (the
// base turns ApexCharts' HTML legend off: svg2pdf.js cannot draw it) and the stats as a row of labelled figures.
// A chart the renderer cannot draw leaves its box empty; a failed sub-request shows a muted line instead.
import { msg } from '@lingui/core/macro';
import type { ApexOptions } from 'apexcharts';
import type { jsPDF } from 'jspdf';
import { addSectionPage, INK, PAGE, setFont, setInk } from '../../pdf/document.ts';
import { hexToRgb, type Locale, money, performancePercent } from '../../pdf/format.ts';
import { drawSvg } from '../../pdf/svg.ts';
import { type ReportColumn, reportTable } from '../../pdf/table.ts';
import {
  type BarSeries,
  type Box,
  CAPTION_HEIGHT,
  canvasPixels,
  FIGURES_HEIGHT,
  GAP,
  type Slice,
} from '../sections/real-assets-rules.ts';
import type { SectionContext } from '../types.ts';
import { baseChartOptions, moneyAxisFormatter } from './common.ts';

/** A pie of the slices' values, in their colours; labels come with the PDF legend. */
export function pieOptions(slices: readonly Slice[]): ApexOptions {
  const base = baseChartOptions('pie');
  return {
    ...base,
    series: slices.map((s) => s.value),
    labels: slices.map((s) => s.label),
    colors: slices.map((s) => s.color),
    stroke: { colors: ['#ffffff'], width: 1 },
    plotOptions: { pie: { expandOnClick: false } },
  };
}

/** Columns: a category per x, a series per colour, money on the y axis; stacked for the values by category. */
export function barOptions(bars: {
  categories: readonly string[];
  series: readonly BarSeries[];
  colors: readonly string[];
  locale: Locale;
  stacked?: boolean;
}): ApexOptions {
  const base = baseChartOptions('bar');
  return {
    ...base,
    chart: { ...base.chart, stacked: bars.stacked ?? false },
    series: bars.series.map((s) => ({ name: s.name, data: [...s.data] })),
    colors: [...bars.colors],
    xaxis: { categories: [...bars.categories], labels: { trim: true, hideOverlappingLabels: true } },
    yaxis: { labels: { formatter: moneyAxisFormatter(bars.locale) } },
    plotOptions: { bar: { columnWidth: '60%' } },
  };
}

/**
 * Renders the chart and draws it into the box; false when the renderer gave nothing or markup svg2pdf.js cannot
 * draw: the box stays empty and the report goes on ("A missing chart yields undefined").
 */
export async function drawChart(ctx: SectionContext, options: ApexOptions, box: Box): Promise<boolean> {
  try {
    const svg = await ctx.chart(options, canvasPixels(box));
    if (!svg) return false;
    await drawSvg(ctx.doc, svg, box);
    return true;
  } catch {
    return false;
  }
}

/** Whether jsPDF can read the image (a PNG or JPEG data URL): a map it cannot read counts as a failed map. */
export function isReadableImage(doc: jsPDF, dataUrl: string): boolean {
  try {
    const { width, height } = doc.getImageProperties(dataUrl);
    return width > 0 && height > 0;
  } catch {
    return false;
  }
}

/** A block's title, bold 10 pt, at the top of its box. */
export function drawCaption(doc: jsPDF, text: string, x: number, y: number): void {
  setInk(doc, INK.text);
  setFont(doc, 'bold', 10);
  doc.text(text, x, y + 10);
}

/** The muted line of a part whose sub-request failed (portal-and-report 2: "that part is left empty"). */
export function drawUnavailable(ctx: SectionContext, x: number, y: number): void {
  setInk(ctx.doc, INK.muted);
  setFont(ctx.doc, 'normal', 9);
  ctx.doc.text(ctx.i18n._(msg`Dati non disponibili`), x, y + 10);
  setInk(ctx.doc, INK.text);
}

export interface Figure {
  label: string;
  value: string;
}

/**
 * The stats as a row of equal cells over the content width: a muted label and the value in bold; undefined (the
 * stat call failed): the muted unavailable line instead. Returns the y below the row.
 */
export function drawFigures(ctx: SectionContext, figures: readonly Figure[] | undefined, y: number): number {
  const { doc } = ctx;
  if (!figures) {
    drawUnavailable(ctx, PAGE.margin, y);
    return y + FIGURES_HEIGHT;
  }
  const width = (PAGE.width - 2 * PAGE.margin) / figures.length;
  figures.forEach((figure, i) => {
    const x = PAGE.margin + i * width;
    setInk(doc, INK.muted);
    setFont(doc, 'normal', 8);
    doc.text(figure.label, x, y + 10);
    setInk(doc, INK.text);
    setFont(doc, 'bold', 13);
    doc.text(figure.value, x, y + 28);
  });
  return y + FIGURES_HEIGHT;
}

export interface LegendEntry {
  color: string;
  label: string;
  /** A second, muted line (value and share). */
  detail?: string;
}

const SWATCH = 8;
const legendEntryHeight = (entry: LegendEntry) => (entry.detail ? 24 : 14);

/** The legend as a list, a swatch and the label with its detail below; returns the y below it. */
export function drawLegend(doc: jsPDF, entries: readonly LegendEntry[], x: number, y: number): number {
  let top = y;
  for (const entry of entries) {
    const [r, g, b] = hexToRgb(entry.color);
    doc.setFillColor(r, g, b);
    doc.rect(x, top + 1, SWATCH, SWATCH, 'F');
    setInk(doc, INK.text);
    setFont(doc, 'normal', 8);
    doc.text(entry.label, x + SWATCH + 5, top + 8);
    if (entry.detail) {
      setInk(doc, INK.muted);
      doc.text(entry.detail, x + SWATCH + 5, top + 18);
    }
    top += legendEntryHeight(entry);
  }
  setInk(doc, INK.text);
  return top;
}

/** The legend in one row (series names of a bar chart); returns the y below it. */
export function drawLegendRow(doc: jsPDF, entries: readonly LegendEntry[], x: number, y: number): number {
  let left = x;
  setFont(doc, 'normal', 8);
  for (const entry of entries) {
    const [r, g, b] = hexToRgb(entry.color);
    doc.setFillColor(r, g, b);
    doc.rect(left, y + 1, SWATCH, SWATCH, 'F');
    setInk(doc, INK.text);
    doc.text(entry.label, left + SWATCH + 5, y + 8);
    left += SWATCH + 5 + doc.getTextWidth(entry.label) + 14;
  }
  return y + 14;
}

/**
 * A pie block: caption, the pie and its legend (name, value and share). A wide box puts the legend right of the
 * pie, a tall one below it. Slices undefined (the call failed): the caption and the unavailable line.
 */
export async function drawPieBlock(
  ctx: SectionContext,
  box: Box,
  title: string,
  slices: readonly Slice[] | undefined,
): Promise<void> {
  drawCaption(ctx.doc, title, box.x, box.y);
  const top = box.y + CAPTION_HEIGHT;
  if (!slices) {
    drawUnavailable(ctx, box.x, top);
    return;
  }
  const legend = slices.map((s) => ({
    color: s.color,
    label: s.label,
    detail: `${money(s.value, ctx.locale)} · ${performancePercent(s.percentage, ctx.locale)}`,
  }));
  const legendHeight = legend.reduce((sum, e) => sum + legendEntryHeight(e), 0);
  const room = box.height - CAPTION_HEIGHT;
  if (box.width >= room) {
    const size = Math.min(room, box.width * 0.55);
    if (slices.length > 0) await drawChart(ctx, pieOptions(slices), { x: box.x, y: top, width: size, height: size });
    drawLegend(ctx.doc, legend, box.x + size + 12, top + Math.max(0, (size - legendHeight) / 2));
  } else {
    const size = Math.min(box.width, room - legendHeight - 8);
    const x = box.x + (box.width - size) / 2;
    if (slices.length > 0) await drawChart(ctx, pieOptions(slices), { x, y: top, width: size, height: size });
    drawLegend(ctx.doc, legend, x, top + size + 8);
  }
}

/**
 * A column block: caption, the series' legend in a row and the chart below. Bars null: nothing to show (no
 * figures); undefined: the call failed, the unavailable line.
 */
export async function drawBarBlock(
  ctx: SectionContext,
  box: Box,
  title: string,
  bars: { categories: readonly string[]; series: readonly BarSeries[]; colors: readonly string[] } | null | undefined,
  stacked = false,
): Promise<void> {
  drawCaption(ctx.doc, title, box.x, box.y);
  const top = box.y + CAPTION_HEIGHT;
  if (bars === undefined) {
    drawUnavailable(ctx, box.x, top);
    return;
  }
  if (bars === null || bars.series.length === 0) return;
  const legendBottom = drawLegendRow(
    ctx.doc,
    bars.series.map((s, i) => ({ color: bars.colors[i] ?? INK.brand, label: s.name })),
    box.x,
    top,
  );
  const chartTop = legendBottom + 4;
  await drawChart(ctx, barOptions({ ...bars, locale: ctx.locale, stacked }), {
    x: box.x,
    y: chartTop,
    width: box.width,
    height: box.y + box.height - chartTop,
  });
}

/** Whether the report is a family's: its lists show each item's owner (portal-and-report 3). */
export const isFamilyReport = (ctx: SectionContext): boolean => ctx.data.request.scope.kind === 'family';

/** Room a list needs below its caption before it starts (the header row and a few rows); else a new page. */
const LIST_MIN_ROOM = 80;

/**
 * A captioned table from y, on a new page of the section when too little room is left. Rows undefined (the call
 * failed): the caption and the unavailable line; no rows: nothing. Returns the y where the next block may start.
 */
export function drawListBlock<Row>(
  ctx: SectionContext,
  block: { title: string; columns: ReadonlyArray<ReportColumn<Row>>; rows: ReadonlyArray<Row> | undefined; y: number },
): number {
  if (block.rows?.length === 0) return block.y;
  let y = block.y;
  if (y + CAPTION_HEIGHT + LIST_MIN_ROOM > PAGE.height - PAGE.margin)
    y = addSectionPage(ctx.doc, ctx.header(ctx.title)).y;
  drawCaption(ctx.doc, block.title, PAGE.margin, y);
  if (!block.rows) {
    drawUnavailable(ctx, PAGE.margin, y + CAPTION_HEIGHT);
    return y + CAPTION_HEIGHT + 14 + GAP;
  }
  const end = reportTable(ctx.doc, {
    columns: block.columns,
    rows: block.rows,
    startY: y + CAPTION_HEIGHT,
    header: ctx.header(ctx.title),
  });
  return end + GAP;
}
