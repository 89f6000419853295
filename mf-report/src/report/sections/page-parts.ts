// Pieces of the overview and financial pages: a labelled figure, a block caption, the muted line of a part whose
// sub-request failed, a chart legend written as PDF text (svg2pdf.js cannot draw ApexCharts' HTML legend) and the
// period table of values at the display columns (portal-and-report 4).
import { msg } from '@lingui/core/macro';
import type { jsPDF } from 'jspdf';
import { displayInterval } from '../../logic/interval.ts';
import { INK, setFont, setInk } from '../../pdf/document.ts';
import { date, hexToRgb, money, performanceColor, performancePercent } from '../../pdf/format.ts';
import { type ReportColumn, reportTable } from '../../pdf/table.ts';
import type { SectionContext } from '../types.ts';

export { BLOCK_GAP, CONTENT_WIDTH } from './layout.ts';

/** "A failure of a sub-request leaves that part empty": the part shows this muted line instead. */
export const UNAVAILABLE = msg`Dati non disponibili`;

/** A caption over a block (chart or table), bold 10 pt, its baseline at y. */
export function drawCaption(doc: jsPDF, text: string, x: number, y: number): void {
  setInk(doc, INK.text);
  setFont(doc, 'bold', 10);
  doc.text(text, x, y);
}

/** A muted 9 pt line, its baseline at y. */
export function drawMutedLine(doc: jsPDF, text: string, x: number, y: number): void {
  setInk(doc, INK.muted);
  setFont(doc, 'normal', 9);
  doc.text(text, x, y);
  setInk(doc, INK.text);
}

/** The muted "no data" line of a part whose sub-request failed, its baseline at y. */
export const drawUnavailable = (ctx: SectionContext, x: number, y: number): void =>
  drawMutedLine(ctx.doc, ctx.i18n._(UNAVAILABLE), x, y);

/** A figure: a muted label over a bold value (its baseline at y + 6 + size). */
export function drawFigure(
  doc: jsPDF,
  figure: { label: string; value: string; color?: string },
  x: number,
  y: number,
  size = 14,
): void {
  setInk(doc, INK.muted);
  setFont(doc, 'normal', 8);
  doc.text(figure.label, x, y);
  setInk(doc, figure.color ?? INK.text);
  setFont(doc, 'bold', size);
  doc.text(figure.value, x, y + 6 + size);
  setInk(doc, INK.text);
}

export interface LegendEntry {
  color: string;
  label: string;
  value: string;
  percent: string;
}

/** Line height of a legend, pt. */
export const LEGEND_LINE = 14;

/**
 * A legend as a small table: a colour square, the label, the value and the percent right-aligned at the width.
 * Returns the y below it.
 */
export function drawLegend(doc: jsPDF, entries: readonly LegendEntry[], x: number, y: number, width: number): number {
  setFont(doc, 'normal', 8);
  entries.forEach((entry, i) => {
    const baseline = y + i * LEGEND_LINE;
    const [r, g, b] = hexToRgb(entry.color);
    doc.setFillColor(r, g, b);
    doc.rect(x, baseline - 7, 7, 7, 'F');
    setInk(doc, INK.text);
    doc.text(entry.label, x + 11, baseline);
    doc.text(entry.value, x + width - 42, baseline, { align: 'right' });
    setInk(doc, INK.muted);
    doc.text(entry.percent, x + width, baseline, { align: 'right' });
  });
  setInk(doc, INK.text);
  return y + entries.length * LEGEND_LINE;
}

/** Percent shares of a total (0 when the total is 0), in percent points. */
export const sharesOf = (values: readonly number[]): number[] => {
  const total = values.reduce((sum, v) => sum + v, 0);
  return values.map((v) => (total === 0 ? 0 : (v / total) * 100));
};

export interface PeriodRow {
  label: string;
  /** One value per display column; null where the series has no point yet. */
  values: ReadonlyArray<number | null>;
  kind: 'money' | 'performance';
}

/** The display columns of the report period (monthly up to 12 months, else quarters, else years). */
export const periodDates = (ctx: SectionContext): string[] =>
  displayInterval(ctx.data.request.from, ctx.data.request.to).dates;

/**
 * The table of values at the display columns: a label column, then one column per date. Performance values are
 * coloured by sign (spec 9). Returns the y below it.
 */
export function drawPeriodTable(
  ctx: SectionContext,
  header: string,
  rows: readonly PeriodRow[],
  dates: readonly string[],
  startY: number,
  pageHeader: ReturnType<SectionContext['header']>,
): number {
  if (dates.length === 0) return startY;
  const format = (row: PeriodRow, v: number | null) =>
    row.kind === 'money' ? money(v, ctx.locale) : performancePercent(v, ctx.locale);
  const columns: ReportColumn<PeriodRow>[] = [
    { header, text: (row) => row.label, width: 90 },
    ...dates.map(
      (d, i): ReportColumn<PeriodRow> => ({
        header: date(d, ctx.locale),
        text: (row) => format(row, row.values[i] ?? null),
        align: 'right',
        color: (row) => (row.kind === 'performance' ? performanceColor(row.values[i]) : undefined),
      }),
    ),
  ];
  return reportTable(ctx.doc, { columns, rows, startY, header: pageHeader });
}
