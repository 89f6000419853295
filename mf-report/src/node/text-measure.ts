// Text widths with Montserrat's own metrics (the font the PDF embeds), for svg2pdf.js's text layout in Node where
// there is no canvas: jsPDF reads the advance widths from the TTF files once registered.
import { createReportDocument } from '../pdf/document.ts';
import { type MontserratFonts, REPORT_FONT } from '../pdf/fonts.ts';

export interface FontSpec {
  /** In the unit the width is wanted in (px for SVG and canvas). */
  size: number;
  bold: boolean;
}

/** Measures text set in Montserrat 400 or 700 (jsPDF and svg2pdf.js know only these two weights). */
export type TextMeasurer = (text: string, font: FontSpec) => number;

export function montserratMeasurer(fonts: MontserratFonts): TextMeasurer {
  // A document of its own: measuring changes its current font.
  const doc = createReportDocument({ fonts });
  return (text, font) => {
    if (text.length === 0) return 0;
    doc.setFont(REPORT_FONT, font.bold ? 'bold' : 'normal');
    return doc.getStringUnitWidth(text) * font.size;
  };
}

/** A font weight as CSS writes it ('bold', 'normal', '700', ...): bold from 600 up, as svg2pdf.js maps it. */
export function isBold(weight: string | null | undefined): boolean {
  if (!weight) return false;
  const w = weight.trim().toLowerCase();
  if (w === 'bold' || w === 'bolder') return true;
  const n = Number(w);
  return Number.isFinite(n) && n >= 600;
}

/**
 * The size (px) and weight of a canvas font shorthand, as svg2pdf.js writes it: '[style] [weight] <size>px <family>'.
 * Worked example: 'normal bold 12px Montserrat' gives { size: 12, bold: true }; 'italic 400 9.5px Arial' gives
 * { size: 9.5, bold: false }; '10px sans-serif' (the canvas default) gives { size: 10, bold: false }.
 */
export function parseCanvasFont(font: string): FontSpec {
  const parts = font.trim().split(/\s+/);
  const sizeAt = parts.findIndex((p) => /^[0-9]*\.?[0-9]+px$/.test(p));
  const size = sizeAt >= 0 ? Number.parseFloat(parts[sizeAt] ?? '') : 10;
  const before = sizeAt >= 0 ? parts.slice(0, sizeAt) : [];
  return { size, bold: before.some((p) => isBold(p)) };
}
