// The report's line charts drawn by a second renderer (issue 13): poppler's pdftoppm, which drew axes and labels but
// no line and no gridline while svg2pdf.js wrote ApexCharts' stroke-dasharray="0" as the forbidden `[0] 0 d`. Real
// pages of the Node report path (ApexCharts' SSR build under jsdom): the overview's value line, the comparison's TWR
// lines and a portfolio's value and TWR lines; their colours are looked for in the chart boxes of the drawn pages.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nodeChart } from '../../node/chart.ts';
import { NodeDom } from '../../node/dom.ts';
import { montserratMeasurer } from '../../node/text-measure.ts';
import { findColor, type PageBox, type Raster, renderPdfPage } from '../../pdf/raster.testing.ts';
import { readPdf } from '../../pdf/read-pdf.testing.ts';
import { reportData } from '../sections/financial.fixtures.testing.ts';
import { drawFinancial } from '../sections/financial.ts';
import { COMPARISON_CHART, SUMMARY_CHART, VALUE_CHART } from '../sections/layout.ts';
import { drawOverview } from '../sections/overview.ts';
import { testContext, testFonts } from '../testing.ts';
import { CHART_GRID_COLOR, PORTFOLIO_TEAL, REPORT_PALETTE } from './common.ts';

const measure = montserratMeasurer(testFonts);
let dom: NodeDom;
/** The uncompressed PDF of the overview and the synthetic financial pages (page 1 is the empty cover). */
let pdf: string;
let pageOf: (text: string) => number;

beforeAll(async () => {
  dom = NodeDom.install(measure);
  const ctx = testContext(reportData({ type: 'synthetic' }), { chart: nodeChart(dom, measure) });
  await drawOverview({ ...ctx, title: '01 Panoramica' });
  await drawFinancial({ ...ctx, title: '02 Finanziario' });
  pdf = ctx.doc.output();
  const pages = readPdf(pdf).pages;
  pageOf = (text) => {
    const index = pages.findIndex((page) => page.texts.includes(text));
    expect(index, `a page with '${text}'`).toBeGreaterThan(0);
    return index + 1;
  };
});
afterAll(() => dom?.close());

const drawn = (page: number): Raster => renderPdfPage(new Uint8Array(Buffer.from(pdf, 'latin1')), page);

/** A line across the chart: its colour in most pixel columns of the box (axis labels alone hold a few). */
function expectLine(raster: Raster, box: PageBox, color: string): void {
  const found = findColor(raster, box, color);
  expect(found.columns / found.width, `${color} across the chart`).toBeGreaterThan(0.6);
}

/** The gridlines: rows of the grid colour across at least half the box. */
function expectGridlines(raster: Raster, box: PageBox): void {
  expect(findColor(raster, box, CHART_GRID_COLOR).wideRows, 'gridlines').toBeGreaterThanOrEqual(3);
}

describe('line charts drawn by pdftoppm', () => {
  test("the content streams set no all-zero dash array (the PDF specification's error)", () => {
    expect(pdf).not.toMatch(/\[\s*(?:[0.]+\s*)+\]\s*[-\d.]+\s+d\b/);
  });

  test("the overview's value line and its gridlines", () => {
    const page = drawn(pageOf('Andamento del patrimonio'));
    expectLine(page, VALUE_CHART, PORTFOLIO_TEAL);
    expectGridlines(page, VALUE_CHART);
  });

  test("the comparison's TWR line of each portfolio and its gridlines", () => {
    const page = drawn(pageOf('Confronto dei portafogli'));
    expectLine(page, COMPARISON_CHART, REPORT_PALETTE[0]!);
    expectLine(page, COMPARISON_CHART, REPORT_PALETTE[1]!);
    expectGridlines(page, COMPARISON_CHART);
  });

  test("a portfolio's value and TWR lines and their gridlines", () => {
    const page = drawn(pageOf('Valore e rendimento'));
    expectLine(page, SUMMARY_CHART, PORTFOLIO_TEAL);
    expectLine(page, SUMMARY_CHART, REPORT_PALETTE[1]!);
    expectGridlines(page, SUMMARY_CHART);
  });
});
