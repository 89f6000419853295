// Charts as vectors (issue 7): an SVG string drawn with svg2pdf.js into a box of the page. svg2pdf.js clips an
// SVG without viewBox (ApexCharts writes none) and cannot draw <foreignObject> (HTML legends), so both are fixed
// first; text is set in Montserrat, the font the document embeds (svg2pdf.js knows weights 400 and 700 only).
// Needs a DOM (DOMParser): the browser's, or jsdom's globals in Node.
import type { jsPDF } from 'jspdf';
import { svg2pdf } from 'svg2pdf.js/dist/svg2pdf.es.min.js';
import { REPORT_FONT } from './fonts.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A length attribute such as '400', '400px' or '400.5' as a number; null for '100%' and missing ones. */
function pixels(value: string | null): number | null {
  const m = value ? /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value) : null;
  return m ? Number(m[1]) : null;
}

/**
 * Makes an <svg> element drawable by svg2pdf.js, in place: a viewBox from its width and height (or from the
 * fallback size when they are missing or relative), no <foreignObject>, and Montserrat for every text.
 */
export function prepareSvgElement(svg: Element, fallback: { width: number; height: number }): Element {
  if (!svg.getAttribute('viewBox')) {
    const width = pixels(svg.getAttribute('width')) ?? fallback.width;
    const height = pixels(svg.getAttribute('height')) ?? fallback.height;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  }
  for (const foreign of Array.from(svg.getElementsByTagName('foreignObject'))) foreign.remove();
  svg.setAttribute('font-family', REPORT_FONT);
  for (const el of Array.from(svg.querySelectorAll('[font-family]'))) el.setAttribute('font-family', REPORT_FONT);
  return svg;
}

/** Parses an SVG document string; throws when it is not an <svg>. */
export function parseSvg(markup: string): Element {
  const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root?.localName !== 'svg' || parsed.getElementsByTagName('parsererror').length > 0) {
    throw new Error('not an SVG document');
  }
  return root;
}

/** Draws the SVG (markup or element) as vector paths on the current page, fitted into the box keeping its ratio. */
export async function drawSvg(doc: jsPDF, svg: string | Element, box: Box): Promise<void> {
  const element = typeof svg === 'string' ? parseSvg(svg) : (svg.cloneNode(true) as Element);
  prepareSvgElement(element, box);
  await svg2pdf(element, doc, { x: box.x, y: box.y, width: box.width, height: box.height });
}
