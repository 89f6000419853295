// @vitest-environment jsdom
// The cover's rules (advisor never for BASIC, numbered contents, the custom logo with 'powered by'), the header
// logo fitted in 60 x 30 pt, and the SVG preparation for svg2pdf.js.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { type CoverOptions, contentsLines, drawCover } from './cover.ts';
import { createReportDocument, finishPages, pageHeader } from './document.ts';
import { MONTSERRAT_FILES } from './fonts.ts';
import { readPdf } from './read-pdf.testing.ts';
import { parseSvg, prepareSvgElement } from './svg.ts';

const require = createRequire(import.meta.url);
const fonts = {
  regular: readFileSync(require.resolve(MONTSERRAT_FILES.regular)),
  bold: readFileSync(require.resolve(MONTSERRAT_FILES.bold)),
};
// A 1 x 1 PNG: a square logo.
const SQUARE_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Width, height, x and y (PDF space, from the bottom left) of the image drawn on a page, to 2 decimals. */
function imagePlacement(content: string): number[] {
  const m = /([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\n\/I\d+ Do/.exec(content);
  return m ? m.slice(1).map((v) => Math.round(Number(v) * 100) / 100) : [];
}

const cover: CoverOptions = {
  userName: 'Luca Verdi',
  from: '2024-01-01',
  to: '2024-12-31',
  advisor: 'Marco Bianchi',
  role: 'PRO',
  contents: [{ title: 'Overview', page: 2 }],
  locale: 'en',
  labels: {
    period: 'Period',
    currency: 'Currency',
    advisor: 'Advisor',
    contents: 'Contents',
    poweredBy: 'powered by',
    privacy: 'Confidential.',
  },
};

function coverTexts(options: CoverOptions) {
  const doc = createReportDocument({ fonts, compress: false });
  drawCover(doc, options);
  finishPages(doc);
  return readPdf(doc.output());
}

describe('cover', () => {
  test('a professional sees the advisor; English labels and dates', () => {
    const { pages } = coverTexts(cover);
    expect(pages[0]!.texts).toEqual(
      expect.arrayContaining(['Advisor', 'Marco Bianchi', 'Period', '01/01/2024 – 31/12/2024', 'Contents', '1 / 1']),
    );
  });

  test('a BASIC user never sees the advisor', () => {
    const { pages } = coverTexts({ ...cover, role: 'BASIC' });
    expect(pages[0]!.texts).not.toContain('Advisor');
    expect(pages[0]!.texts).not.toContain('Marco Bianchi');
    expect(pages[0]!.texts).toContain('Luca Verdi');
  });

  test("a custom logo in 120 x 60 with 'powered by Patrimonio'; the privacy notes at the foot", () => {
    const { pages } = coverTexts({
      ...cover,
      logo: SQUARE_LOGO,
      labels: { ...cover.labels, privacy: 'Solo per uso interno.' },
    });
    // Square: 60 x 60, centred in the 120-wide box at x 693.89 (841.89 - 28 - 120), y 58 from the top.
    expect(imagePlacement(pages[0]!.content)).toEqual([60, 60, 723.89, 477.28]);
    expect(pages[0]!.texts).toContain('powered by Patrimonio');
    expect(pages[0]!.texts).toContain('Solo per uso interno.');
  });

  test('contents are numbered 01, 02, ... with their pages', () => {
    expect(
      contentsLines([
        { title: 'Panoramica', page: 2 },
        { title: 'Finanziario', page: 3 },
      ]),
    ).toEqual([
      ['01', 'Panoramica', '2'],
      ['02', 'Finanziario', '3'],
    ]);
  });
});

describe('page header logo', () => {
  test('a square logo is drawn 30 x 30, centred in the 60 x 30 box at the top right', () => {
    const doc = createReportDocument({ fonts, compress: false });
    pageHeader(doc, { title: 'Overview', from: '2024-01-01', to: '2024-12-31', logo: SQUARE_LOGO, locale: 'it' });
    const { pages } = readPdf(doc.output());
    // x = 841.89 - 28 - 60 + 15; y (PDF, from the bottom) = 595.28 - 18 - 30.
    expect(imagePlacement(pages[0]!.content)).toEqual([30, 30, 768.89, 547.28]);
  });
});

describe('SVG preparation', () => {
  test('a viewBox from width and height, no foreignObject, Montserrat for the text', () => {
    const svg = parseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="640px" height="320"><text font-family="Helvetica">A</text>' +
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">legend</div></foreignObject></svg>',
    );
    prepareSvgElement(svg, { width: 100, height: 50 });
    expect(svg.getAttribute('viewBox')).toBe('0 0 640 320');
    expect(svg.getElementsByTagName('foreignObject')).toHaveLength(0);
    expect(svg.querySelector('text')?.getAttribute('font-family')).toBe('Montserrat');
  });

  test('relative or missing sizes take the box; an existing viewBox stays', () => {
    const relative = prepareSvgElement(parseSvg('<svg xmlns="http://www.w3.org/2000/svg" width="100%"/>'), {
      width: 400,
      height: 200,
    });
    expect(relative.getAttribute('viewBox')).toBe('0 0 400 200');
    const kept = prepareSvgElement(parseSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 5"/>'), {
      width: 400,
      height: 200,
    });
    expect(kept.getAttribute('viewBox')).toBe('0 0 10 5');
  });

  test('markup that is not an SVG is refused', () => {
    expect(() => parseSvg('<div>no</div>')).toThrow('not an SVG document');
  });
});
