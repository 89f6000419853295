// The cover (spec portal-and-report section 2): WEALTH REPORT, the user's name, the period, the currency EUR, the
// advisor (never for a BASIC user), the numbered contents with their pages, the privacy notes and, top right, the
// custom logo in 120 x 60 pt with 'powered by Patrimonio' (the platform's name alone without a custom logo).
// Drawn on page 1 once the sections exist, so the contents know their pages (see addSectionPage).
import type { Role } from '@patrimonio/shared-ui';
import type { jsPDF } from 'jspdf';
import { COVER_LOGO, drawImageInBox, INK, PAGE, periodText, setFont, setInk } from './document.ts';
import { type Locale, REPORT_CURRENCY } from './format.ts';

export const PLATFORM_NAME = 'Patrimonio';
export const COVER_TITLE = 'WEALTH REPORT';

/** The cover's words in the report's language (from the catalog: see coverLabels in report/build-report.ts). */
export interface CoverLabels {
  period: string;
  currency: string;
  advisor: string;
  contents: string;
  poweredBy: string;
  /** The privacy notes printed at the foot of the cover. */
  privacy: string;
}

export interface ContentsEntry {
  /** The section title as its page header shows it. */
  title: string;
  /** Its first page (1-based, as 'n / total'). */
  page: number;
}

export interface CoverOptions {
  userName: string;
  from: string;
  to: string;
  /** The advisor's name; not shown to a BASIC user, nor when missing. */
  advisor?: string | null;
  /** The role the report is made for. */
  role: Role;
  contents: ReadonlyArray<ContentsEntry>;
  labels: CoverLabels;
  /** The custom logo as a data URL (logoStream). */
  logo?: string | null;
  locale: Locale;
}

/** The numbered contents lines: ['01', 'Panoramica', '2'], ... */
export const contentsLines = (contents: ReadonlyArray<ContentsEntry>): Array<[string, string, string]> =>
  contents.map((entry, i) => [String(i + 1).padStart(2, '0'), entry.title, String(entry.page)]);

/** Draws the cover on page 1 and leaves the document on its last page. */
export function drawCover(doc: jsPDF, options: CoverOptions): void {
  const { userName, from, to, advisor, role, contents, logo, locale, labels } = options;
  const left = PAGE.margin + 20;
  doc.setPage(1);

  setInk(doc, INK.brand);
  setFont(doc, 'bold', 32);
  doc.text(COVER_TITLE, left, 150);
  setInk(doc, INK.text);
  setFont(doc, 'bold', 18);
  doc.text(userName, left, 190);

  const facts: Array<[string, string]> = [
    [labels.period, periodText(from, to, locale)],
    [labels.currency, REPORT_CURRENCY],
  ];
  if (role !== 'BASIC' && advisor) facts.push([labels.advisor, advisor]);
  facts.forEach(([label, value], i) => {
    const y = 225 + i * 20;
    setInk(doc, INK.muted);
    setFont(doc, 'normal', 10);
    doc.text(label, left, y);
    setInk(doc, INK.text);
    setFont(doc, 'bold', 11);
    doc.text(value, left + 90, y);
  });

  const contentsLeft = PAGE.width / 2 + 20;
  const contentsRight = PAGE.width - PAGE.margin - 20;
  setInk(doc, INK.brand);
  setFont(doc, 'bold', 14);
  doc.text(labels.contents, contentsLeft, 150);
  contentsLines(contents).forEach(([number, title, page], i) => {
    const y = 180 + i * 20;
    setInk(doc, INK.brand);
    setFont(doc, 'bold', 11);
    doc.text(number, contentsLeft, y);
    setInk(doc, INK.text);
    setFont(doc, 'normal', 11);
    doc.text(title, contentsLeft + 28, y);
    doc.text(page, contentsRight, y, { align: 'right' });
  });

  const logoX = PAGE.width - PAGE.margin - COVER_LOGO.width;
  const logoY = 58;
  if (logo) {
    drawImageInBox(doc, logo, logoX, logoY, COVER_LOGO);
    setInk(doc, INK.muted);
    setFont(doc, 'normal', 7);
    doc.text(`${labels.poweredBy} ${PLATFORM_NAME}`, logoX + COVER_LOGO.width, logoY + COVER_LOGO.height + 12, {
      align: 'right',
    });
  } else {
    setInk(doc, INK.brand);
    setFont(doc, 'bold', 16);
    doc.text(PLATFORM_NAME, logoX + COVER_LOGO.width, logoY + 30, { align: 'right' });
  }

  const notes = doc.splitTextToSize(labels.privacy, PAGE.width - 2 * left) as string[];
  setInk(doc, INK.muted);
  setFont(doc, 'normal', 7);
  const lineHeight = 9;
  doc.text(notes, left, PAGE.height - PAGE.margin - (notes.length - 1) * lineHeight, { lineHeightFactor: 9 / 7 });
  setInk(doc, INK.text);
  doc.setPage(doc.getNumberOfPages());
}
