// Test helper (issue 13): a report page drawn by a second renderer, poppler's pdftoppm (Debian's poppler-utils,
// installed by .ci/run), and its pixels counted. jsPDF's output can carry PDF that only some viewers forgive (an
// all-zero dash array drew no line in poppler): reading the content stream back cannot show that, pixels can.
// pdftoppm writes PPM (P6) to stdout when given no output root; PPM is parsed here, no image library needed.
// Used by the unit tests (mf-report/src/report/charts/line-render.test.ts) and the e2e journey (tests/report.e2e.ts).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PDFTOPPM = '/usr/bin/pdftoppm';

/** An RGB image, 3 bytes a pixel, rows top to bottom. */
export interface Raster {
  width: number;
  height: number;
  /** The resolution it was drawn at, in pixels per inch (72 pt). */
  dpi: number;
  rgb: Uint8Array;
}

/** A rectangle of the page in pt, from its top-left corner (as the report's boxes are given). */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Parses a binary PPM (P6, maxval 255): header tokens separated by whitespace, comments allowed, then the pixels. */
export function parsePpm(bytes: Uint8Array, dpi: number): Raster {
  const tokens: string[] = [];
  let i = 0;
  while (tokens.length < 4) {
    if (i >= bytes.length) throw new Error('PPM: truncated header');
    const c = bytes[i]!;
    if (c === 0x23) {
      while (i < bytes.length && bytes[i] !== 0x0a) i++; // '#' comment to the end of the line
    } else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      i++;
    } else {
      let token = '';
      while (i < bytes.length && !/\s/.test(String.fromCharCode(bytes[i]!))) token += String.fromCharCode(bytes[i++]!);
      tokens.push(token);
    }
  }
  i++; // the single whitespace after maxval
  const [magic, w, h, max] = tokens;
  const width = Number(w);
  const height = Number(h);
  if (magic !== 'P6' || max !== '255' || !(width > 0) || !(height > 0)) {
    throw new Error(`PPM: expected P6 with maxval 255, got ${tokens.join(' ')}`);
  }
  const rgb = bytes.subarray(i, i + width * height * 3);
  if (rgb.length !== width * height * 3) throw new Error('PPM: truncated pixels');
  return { width, height, dpi, rgb };
}

/** Draws page `page` (1-based) of the PDF with pdftoppm; fails with a clear message when pdftoppm is missing. */
export function renderPdfPage(pdf: Uint8Array, page: number, dpi = 100): Raster {
  if (!existsSync(PDFTOPPM)) {
    throw new Error(`${PDFTOPPM} is missing: the chart pixel tests need poppler-utils (apt-get install poppler-utils)`);
  }
  const out = execFileSync(PDFTOPPM, ['-r', String(dpi), '-f', String(page), '-l', String(page), '-'], {
    input: pdf,
    maxBuffer: 256 * 1024 * 1024,
  });
  return parsePpm(new Uint8Array(out.buffer, out.byteOffset, out.byteLength), dpi);
}

const rgbOf = (hex: string): [number, number, number] => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16), Number.parseInt(m[3]!, 16)];
};

/** Where a colour is inside a box. */
export interface ColorFound {
  /** Pixels of the colour. */
  pixels: number;
  /** Pixel columns holding at least one of them: a line across the box holds most columns, a label a few. */
  columns: number;
  /** Pixel rows in which the colour covers at least half the box's width: horizontal lines such as gridlines. */
  wideRows: number;
  /** The box's size in pixels, to compare with. */
  width: number;
  height: number;
}

/**
 * Whether the pixel is the colour drawn over white, at least half covered: anti-aliasing blends a thin line's
 * pixels with the white page (a 1.3 pt line is rarely fully covered at 100 dpi), so a pixel counts when it lies on
 * the way from white to the colour, each channel within `tolerance` of that blend.
 */
function blendOf(pixel: readonly number[], color: readonly number[], tolerance: number): boolean {
  const ink = color.map((c) => 255 - c);
  const depth = ink.reduce((sum, v) => sum + v * v, 0);
  if (depth === 0) return pixel.every((p) => p >= 255 - tolerance);
  const coverage = pixel.reduce((sum, p, i) => sum + (255 - p) * ink[i]!, 0) / depth;
  return coverage >= 0.5 && pixel.every((p, i) => Math.abs(p - (255 - coverage * ink[i]!)) <= tolerance);
}

/** Where the colour (drawn over white, see blendOf) is inside the box, in pt from the page's top-left. */
export function findColor(raster: Raster, box: PageBox, hex: string, tolerance = 6): ColorFound {
  const color = rgbOf(hex);
  const px = (pt: number) => Math.round((pt * raster.dpi) / 72);
  const left = Math.max(0, px(box.x));
  const top = Math.max(0, px(box.y));
  const right = Math.min(raster.width, px(box.x + box.width));
  const bottom = Math.min(raster.height, px(box.y + box.height));
  const columns = new Set<number>();
  let pixels = 0;
  let wideRows = 0;
  for (let y = top; y < bottom; y++) {
    let inRow = 0;
    for (let x = left; x < right; x++) {
      const at = (y * raster.width + x) * 3;
      if (blendOf([raster.rgb[at]!, raster.rgb[at + 1]!, raster.rgb[at + 2]!], color, tolerance)) {
        inRow++;
        columns.add(x);
      }
    }
    pixels += inRow;
    if (inRow * 2 >= right - left) wideRows++;
  }
  return { pixels, columns: columns.size, wideRows, width: right - left, height: bottom - top };
}
