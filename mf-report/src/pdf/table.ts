// The report's tables on jspdf-autotable: Montserrat 8 pt, a teal header row repeated on every page, hairlines
// between rows and the spec's "row-break style every 16 rows" (section 9), read as a stronger teal rule under
// every 16th body row so long lists read in blocks of 16 (none under the last row, where the table ends anyway).
// A table that runs past the page continues on a new page with the section header redrawn.
import type { jsPDF } from 'jspdf';
import { autoTable, type CellHookData, type Color } from 'jspdf-autotable';
import { CONTENT_TOP, INK, PAGE, type PageHeaderOptions, pageHeader } from './document.ts';
import { REPORT_FONT } from './fonts.ts';
import { hexToRgb } from './format.ts';

/** Body rows per block: a block-break rule under every 16th row. */
export const ROW_BREAK_EVERY = 16;
/** The block-break rule and the hairline between other rows, in pt. */
export const ROW_BREAK_LINE_WIDTH = 1;
export const ROW_LINE_WIDTH = 0.25;

/** Whether body row `index` (0-based) of `rowCount` ends a block of 16: rows 15, 31, ... but never the last row. */
export const isRowBreak = (index: number, rowCount: number): boolean =>
  (index + 1) % ROW_BREAK_EVERY === 0 && index < rowCount - 1;

export interface ReportColumn<Row> {
  header: string;
  /** The cell text, already formatted (format.ts). */
  text: (row: Row) => string;
  /** Numbers right, text left (default). */
  align?: 'left' | 'center' | 'right';
  /** A text colour for the cell, hex (e.g. performanceColor); none: the report's ink. */
  color?: (row: Row) => string | undefined;
  /** Width in pt; none: automatic. */
  width?: number;
}

export interface ReportTableOptions<Row> {
  columns: ReadonlyArray<ReportColumn<Row>>;
  rows: ReadonlyArray<Row>;
  /** Where the table starts on the current page (pt). */
  startY: number;
  /** The page header to redraw on the pages the table continues onto. */
  header: PageHeaderOptions;
  /** An optional totals row, one text per column. */
  foot?: ReadonlyArray<string>;
}

const rgb = (hex: string): Color => hexToRgb(hex);

/** Draws the table from startY; returns the y below it on its last page. */
export function reportTable<Row>(doc: jsPDF, { columns, rows, startY, header, foot }: ReportTableOptions<Row>): number {
  const ruleColor = rgb(INK.rule);
  const breakColor = rgb(INK.brand);
  autoTable(doc, {
    startY,
    margin: { top: CONTENT_TOP, right: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin },
    theme: 'plain',
    showHead: 'everyPage',
    head: [columns.map((c) => c.header)],
    body: rows.map((row) => columns.map((c) => c.text(row))),
    ...(foot ? { foot: [[...foot]], showFoot: 'lastPage' as const } : {}),
    styles: {
      font: REPORT_FONT,
      fontStyle: 'normal',
      fontSize: 8,
      cellPadding: { top: 3, right: 4, bottom: 3, left: 4 },
      textColor: rgb(INK.text),
      lineColor: ruleColor,
      lineWidth: { bottom: ROW_LINE_WIDTH },
      overflow: 'linebreak',
    },
    headStyles: { fontStyle: 'bold', fillColor: rgb(INK.brand), textColor: [255, 255, 255], lineWidth: 0 },
    footStyles: { fontStyle: 'bold', lineColor: breakColor, lineWidth: { top: ROW_BREAK_LINE_WIDTH } },
    columnStyles: Object.fromEntries(
      columns.map((c, i) => [i, { halign: c.align ?? 'left', ...(c.width ? { cellWidth: c.width } : {}) }]),
    ),
    didParseCell: (data: CellHookData) => {
      // Headings and totals line up with their column's numbers.
      if (data.section !== 'body') {
        data.cell.styles.halign = columns[data.column.index]?.align ?? 'left';
        return;
      }
      const row = rows[data.row.index];
      const column = columns[data.column.index];
      const color = row !== undefined ? column?.color?.(row) : undefined;
      if (color) data.cell.styles.textColor = rgb(color);
      if (isRowBreak(data.row.index, rows.length)) {
        data.cell.styles.lineWidth = { bottom: ROW_BREAK_LINE_WIDTH };
        data.cell.styles.lineColor = breakColor;
      }
    },
    willDrawPage: (data) => {
      // The first page already has its header; the pages autotable adds need theirs, drawn before the rows so the
      // section title is the page's first text.
      if (data.pageNumber > 1) pageHeader(doc, header);
    },
  });
  const last = (doc as jsPDF & { lastAutoTable?: { finalY: number } }).lastAutoTable;
  return last?.finalY ?? startY;
}
