// The report document (spec portal-and-report section 2, "Report pages"): A4 landscape in points (841.89 x
// 595.28 pt), Montserrat as the font, on every page a header with the section title, the from and to dates, the
// logo fitted in 60 x 30 pt and 'n / total', written by finishPages once the page count is known.
import { jsPDF } from 'jspdf';
import { type MontserratFonts, REPORT_FONT, registerMontserrat } from './fonts.ts';
import { date, hexToRgb, type Locale } from './format.ts';
import { CONTENT_TOP, PAGE } from './page.ts';

export { CONTENT_TOP, PAGE } from './page.ts';

/** Logo boxes of spec section 9, in pt. */
export const HEADER_LOGO = { width: 60, height: 30 } as const;
export const COVER_LOGO = { width: 120, height: 60 } as const;

/** The report's ink: text, muted text, rules and the brand teal (hex, as svg2pdf.js and the charts use). */
export const INK = { text: '#1d2b36', muted: '#5b6b76', rule: '#c9d2d8', brand: '#14837b' } as const;

/** Top of the header band (the logo box starts here). */
export const HEADER_TOP = PAGE.margin - 10;
const HEADER_RULE_Y = HEADER_TOP + HEADER_LOGO.height + 22;
/** Right edge of the page number: left of the logo box. */
const PAGE_NUMBER_RIGHT = PAGE.width - PAGE.margin - HEADER_LOGO.width - 12;
const PAGE_NUMBER_Y = HEADER_TOP + 20;

export interface ReportDocumentOptions {
  fonts: MontserratFonts;
  /** Deflate the page streams (default true); tests turn it off to read the PDF back. */
  compress?: boolean;
}

/** A one-page A4 landscape document in pt with Montserrat registered and selected. */
export function createReportDocument({ fonts, compress = true }: ReportDocumentOptions): jsPDF {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress });
  registerMontserrat(doc, fonts);
  doc.setFont(REPORT_FONT, 'normal');
  setInk(doc, INK.text);
  return doc;
}

/** Text colour from a hex colour. */
export function setInk(doc: jsPDF, hex: string): void {
  const [r, g, b] = hexToRgb(hex);
  doc.setTextColor(r, g, b);
}

/** Montserrat in the given weight and size (pt). */
export function setFont(doc: jsPDF, weight: 'normal' | 'bold', size: number): void {
  doc.setFont(REPORT_FONT, weight);
  doc.setFontSize(size);
}

/** The largest size of an image of natural size w x h that fits the box, keeping its proportions. */
export function fitInBox(
  w: number,
  h: number,
  box: { width: number; height: number },
): { width: number; height: number } {
  if (!(w > 0 && h > 0)) return { width: 0, height: 0 };
  const scale = Math.min(box.width / w, box.height / h);
  return { width: w * scale, height: h * scale };
}

/**
 * Draws an image (a data URL, as the logo's logoStream, PNG or JPEG) fitted and centred in the box at (x, y).
 * Compression 'FAST': an uncompressed PNG costs megabytes.
 */
export function drawImageInBox(
  doc: jsPDF,
  dataUrl: string,
  x: number,
  y: number,
  box: { width: number; height: number },
): void {
  const props = doc.getImageProperties(dataUrl);
  const size = fitInBox(props.width, props.height, box);
  if (size.width === 0) return;
  doc.addImage(
    dataUrl,
    props.fileType,
    x + (box.width - size.width) / 2,
    y + (box.height - size.height) / 2,
    size.width,
    size.height,
    undefined,
    'FAST',
  );
}

export interface PageHeaderOptions {
  /** The section title, e.g. '01 Panoramica'. */
  title: string;
  /** Report period, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The custom logo as a data URL; none: the box stays empty. */
  logo?: string | null;
  locale: Locale;
}

/** The period as the header and cover show it: '31/10/2024 – 22/11/2024'. */
export const periodText = (from: string, to: string, locale: Locale): string =>
  `${date(from, locale)} – ${date(to, locale)}`;

/**
 * The header of the current page: title and period on the left, the logo top right, a rule below. The page
 * number comes later (finishPages). Returns the y where the content starts.
 */
export function pageHeader(doc: jsPDF, { title, from, to, logo, locale }: PageHeaderOptions): number {
  setInk(doc, INK.text);
  setFont(doc, 'bold', 16);
  doc.text(title, PAGE.margin, HEADER_TOP + 20);
  setInk(doc, INK.muted);
  setFont(doc, 'normal', 9);
  doc.text(periodText(from, to, locale), PAGE.margin, HEADER_TOP + 36);
  if (logo) drawImageInBox(doc, logo, PAGE.width - PAGE.margin - HEADER_LOGO.width, HEADER_TOP, HEADER_LOGO);
  const [r, g, b] = hexToRgb(INK.rule);
  doc.setDrawColor(r, g, b);
  doc.setLineWidth(0.75);
  doc.line(PAGE.margin, HEADER_RULE_Y, PAGE.width - PAGE.margin, HEADER_RULE_Y);
  setInk(doc, INK.text);
  return CONTENT_TOP;
}

/** A new page for a section with its header; returns its page number (for the cover's contents). */
export function addSectionPage(doc: jsPDF, header: PageHeaderOptions): { page: number; y: number } {
  doc.addPage('a4', 'landscape');
  const y = pageHeader(doc, header);
  return { page: doc.getNumberOfPages(), y };
}

/** Writes 'n / total' at the top right of every page, left of the logo; call once, when all pages exist. */
export function finishPages(doc: jsPDF): void {
  const total = doc.getNumberOfPages();
  for (let n = 1; n <= total; n++) {
    doc.setPage(n);
    setInk(doc, INK.muted);
    setFont(doc, 'normal', 9);
    doc.text(`${n} / ${total}`, PAGE_NUMBER_RIGHT, PAGE_NUMBER_Y, { align: 'right' });
  }
  setInk(doc, INK.text);
}
