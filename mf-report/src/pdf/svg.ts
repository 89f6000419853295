// Charts as vectors (issue 7): an SVG string drawn with svg2pdf.js into a box of the page. svg2pdf.js clips an
// SVG without viewBox (ApexCharts writes none) and cannot draw <foreignObject> (HTML legends), so both are fixed
// first; text is set in Montserrat, the font the document embeds (svg2pdf.js knows weights 400 and 700 only).
// A dash array that draws a solid stroke is taken off too (issue 13): ApexCharts writes stroke-dasharray="0" on its
// lines and gridlines, svg2pdf.js turns it into `[0] 0 d`, which the PDF specification forbids (a dash array's
// numbers must not all be zero) and poppler (pdftoppm, Evince, Okular) draws as no line at all.
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

const DASHARRAY = 'stroke-dasharray';

/**
 * Whether a stroke-dasharray value draws a solid stroke: 'none', empty, lengths that are all zero (SVG 2: "as if
 * none"), or a negative or unreadable length (an error in SVG, drawn solid by the browsers).
 * Worked example: '0', '0 0', '0px, 0', 'none', '', '4 -1' are solid; '4', '4 2', '0 3' are dashed.
 */
export function solidDashArray(value: string): boolean {
  const text = value.trim();
  if (text === '' || text === 'none') return true;
  const lengths = text
    .split(/[\s,]+/)
    .map((length) => (/^[+-]?(\d+\.?\d*|\.\d+)(px)?$/.test(length) ? Number.parseFloat(length) : Number.NaN));
  return lengths.some((length) => !(length >= 0)) || lengths.every((length) => length === 0);
}

type Styled = Element & { style?: CSSStyleDeclaration };

/** The element's own stroke-dasharray, inline style first (as svg2pdf.js reads it); null when it sets none. */
function ownDashArray(el: Styled): string | null {
  return el.style?.getPropertyValue(DASHARRAY) || el.getAttribute(DASHARRAY);
}

/**
 * Takes off every stroke-dasharray that draws a solid stroke, so that svg2pdf.js writes no dash pattern for it; where
 * an ancestor's dashes would then be inherited, 'none' (an empty, valid pattern) is set instead.
 */
function removeSolidDashArrays(svg: Element): void {
  for (const el of [svg, ...Array.from(svg.querySelectorAll('*'))] as Styled[]) {
    const value = ownDashArray(el);
    if (value === null || !solidDashArray(value)) continue;
    el.style?.removeProperty(DASHARRAY);
    el.removeAttribute(DASHARRAY);
    let inherited: string | null = null;
    let up = el === svg ? null : el.parentElement;
    while (up && inherited === null) {
      inherited = ownDashArray(up);
      up = up === svg ? null : up.parentElement;
    }
    if (inherited !== null && !solidDashArray(inherited)) el.setAttribute(DASHARRAY, 'none');
  }
}

/**
 * Makes an <svg> element drawable by svg2pdf.js, in place: a viewBox from its width and height (or from the
 * fallback size when they are missing or relative), no <foreignObject>, no dash array that draws solid, and
 * Montserrat for every text.
 */
export function prepareSvgElement(svg: Element, fallback: { width: number; height: number }): Element {
  if (!svg.getAttribute('viewBox')) {
    const width = pixels(svg.getAttribute('width')) ?? fallback.width;
    const height = pixels(svg.getAttribute('height')) ?? fallback.height;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  }
  for (const foreign of Array.from(svg.getElementsByTagName('foreignObject'))) foreign.remove();
  removeSolidDashArrays(svg);
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
