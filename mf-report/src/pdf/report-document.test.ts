// @vitest-environment jsdom
// The PDF layout engine end to end (issue 7, spec portal-and-report sections 2 and 9): a cover, a section with a
// 40-row table (it runs onto a second page, which gets the header again) and a section with an inline SVG chart,
// read back from the uncompressed PDF.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, test } from 'vitest';
import { drawCover } from './cover.ts';
import { addSectionPage, createReportDocument, finishPages, fitInBox, type PageHeaderOptions } from './document.ts';
import { MONTSERRAT_FILES, type MontserratFonts } from './fonts.ts';
import { money, performanceColor, performancePercent, price, quantity } from './format.ts';
import { type PdfReadBack, readPdf } from './read-pdf.testing.ts';
import { drawSvg } from './svg.ts';
import { reportTable } from './table.ts';

const require = createRequire(import.meta.url);
const fonts: MontserratFonts = {
  regular: readFileSync(require.resolve(MONTSERRAT_FILES.regular)),
  bold: readFileSync(require.resolve(MONTSERRAT_FILES.bold)),
};

interface Holding {
  name: string;
  quantity: number;
  price: number;
  value: number;
  performance: number;
}
const holdings: Holding[] = Array.from({ length: 40 }, (_, i) => ({
  name: `Titolo ${String(i + 1).padStart(2, '0')}`,
  quantity: 10 + i,
  price: 100.5 + i,
  value: (10 + i) * (100.5 + i),
  performance: i % 2 === 0 ? 1.25 : -0.75,
}));

const tableHeader: PageHeaderOptions = {
  title: '02 Finanziario',
  from: '2024-10-31',
  to: '2024-11-22',
  locale: 'it',
};
const chartHeader: PageHeaderOptions = { ...tableHeader, title: '03 Andamento' };

// No viewBox (as ApexCharts writes) and an HTML legend in a foreignObject, which must not reach the PDF.
const chart = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">
  <rect x="0" y="0" width="400" height="200" fill="#ffffff"/>
  <path d="M 10 190 L 100 120 L 200 150 L 390 20" stroke="#14837b" stroke-width="3" fill="none"/>
  <rect x="20" y="100" width="30" height="90" fill="#c62f2f"/>
  <foreignObject x="0" y="0" width="100" height="20"><div xmlns="http://www.w3.org/1999/xhtml">Legenda HTML</div></foreignObject>
</svg>`;

let pdf: PdfReadBack;
let raw: string;
let pages: { table: number; chart: number };

beforeAll(async () => {
  const doc = createReportDocument({ fonts, compress: false });
  const table = addSectionPage(doc, tableHeader);
  reportTable(doc, {
    startY: table.y,
    header: tableHeader,
    rows: holdings,
    columns: [
      { header: 'Titolo', text: (h) => h.name },
      { header: 'Quantità', text: (h) => quantity(h.quantity, 'it'), align: 'right' },
      { header: 'Prezzo', text: (h) => price(h.price, 'it'), align: 'right' },
      { header: 'Controvalore', text: (h) => money(h.value, 'it'), align: 'right' },
      {
        header: 'Performance',
        text: (h) => performancePercent(h.performance, 'it'),
        align: 'right',
        color: (h) => performanceColor(h.performance),
      },
    ],
  });
  const chartPage = addSectionPage(doc, chartHeader);
  await drawSvg(doc, chart, { x: 28, y: chartPage.y, width: 400, height: 200 });
  pages = { table: table.page, chart: chartPage.page };
  drawCover(doc, {
    userName: 'Maria Rossi',
    from: '2024-10-31',
    to: '2024-11-22',
    advisor: 'Marco Bianchi',
    role: 'PRO',
    contents: [
      { title: tableHeader.title, page: table.page },
      { title: chartHeader.title, page: chartPage.page },
    ],
    locale: 'it',
    labels: {
      period: 'Periodo',
      currency: 'Valuta',
      advisor: 'Consulente',
      contents: 'Indice',
      poweredBy: 'powered by',
      privacy: 'Documento riservato.',
    },
  });
  finishPages(doc);
  raw = doc.output();
  pdf = readPdf(raw);
});

const allText = (page: number) => pdf.pages[page - 1]!.texts.join('\n');

describe('the report document', () => {
  test('cover, the table on two pages, the chart page: 4 pages, every one A4 landscape in pt', () => {
    expect(pages).toEqual({ table: 2, chart: 4 });
    expect(pdf.pages).toHaveLength(4);
    for (const page of pdf.pages) {
      expect(page.width).toBeCloseTo(841.89, 2);
      expect(page.height).toBeCloseTo(595.28, 2);
    }
  });

  test('Montserrat embedded (regular and bold) and the only font the pages use', () => {
    expect(raw).toMatch(/\/BaseFont \/Montserrat/);
    expect(raw.match(/\/FontFile2 \d+ 0 R/g)).toHaveLength(2);
    expect(pdf.usedFonts.length).toBeGreaterThan(0);
    for (const font of pdf.usedFonts) expect(font).toMatch(/^Montserrat/);
  });

  test("'n / total' on every page", () => {
    for (let n = 1; n <= 4; n++) expect(pdf.pages[n - 1]!.texts).toContain(`${n} / 4`);
  });

  test('every section page has its header: title and period; the continued table page too', () => {
    for (const n of [2, 3]) {
      expect(pdf.pages[n - 1]!.texts).toContain('02 Finanziario');
      expect(pdf.pages[n - 1]!.texts).toContain('31/10/2024 – 22/11/2024');
    }
    expect(pdf.pages[3]!.texts).toContain('03 Andamento');
  });

  test('the table: its head on both pages and the 40 rows in order, formatted by section 9', () => {
    const rows = [2, 3].flatMap((n) => pdf.pages[n - 1]!.texts.filter((t) => /^Titolo \d\d$/.test(t)));
    expect(rows).toEqual(holdings.map((h) => h.name));
    for (const n of [2, 3]) expect(pdf.pages[n - 1]!.texts.filter((t) => t === 'Controvalore')).toHaveLength(1);
    const first = allText(2);
    expect(first).toContain('10,000'); // quantity, 3 decimals
    expect(first).toContain('100,5000'); // price, 4 decimals
    expect(first).toContain('1.005,00 €'); // money, 2 decimals
    expect(first).toContain('1,25%');
    expect(first).toContain('-0,75%');
  });

  test('a teal 1 pt rule under every 16th row: under rows 16 and 32 of 40, across the 5 columns', () => {
    const rule = /0\.08 0\.51 0\.48 RG\n[^\n]*\n1\. w\n[\d.]+ [\d.]+ m\n[\d.]+ [\d.]+ l\nS\n/g;
    const ruledRows = [2, 3].flatMap((n) => {
      const page = pdf.pages[n - 1]!;
      // Each cell strokes its bottom rule, then writes its text: the text after the rule names the row.
      return [...page.content.matchAll(rule)].map((m) => page.texts[page.textOffsets.findIndex((at) => at > m.index)]);
    });
    expect(ruledRows.filter((t) => t?.startsWith('Titolo'))).toEqual(['Titolo 16', 'Titolo 32']);
    expect(ruledRows).toHaveLength(10);
  });

  test('performance in green above zero and red below', () => {
    const content = pdf.pages[1]!.content;
    // #2f8a4f and #c62f2f as jsPDF writes text colours (r g b in 0..1, 3 decimals).
    expect(content).toContain('0.184 0.541 0.31 rg');
    expect(content).toContain('0.776 0.184 0.184 rg');
  });

  test('the chart as vector paths: no image, no foreignObject text', () => {
    expect(pdf.imageCount).toBe(0);
    const content = pdf.pages[3]!.content;
    // The red bar as a filled path, the teal line as a stroked one (svg2pdf.js writes 2-decimal colours).
    expect(content).toMatch(/0\.78 0\.18 0\.18 rg\n(?:.*\n)*?20\. 100\. m\n(?:[\d.]+ [\d.]+ l\n)+h\nf\n/);
    expect(content).toMatch(/0\.08 0\.51 0\.48 RG\n(?:.*\n)*?10\. 190\. m\n(?:[\d.]+ [\d.]+ l\n){3}S\n/);
    expect(allText(4)).not.toContain('Legenda HTML');
  });

  test('the cover: title, name, period, currency, advisor, numbered contents with pages, privacy notes', () => {
    const cover = pdf.pages[0]!.texts;
    for (const text of [
      'WEALTH REPORT',
      'Maria Rossi',
      '31/10/2024 – 22/11/2024',
      'EUR',
      'Marco Bianchi',
      'Patrimonio',
    ]) {
      expect(cover).toContain(text);
    }
    const contents = cover.slice(cover.indexOf('Indice') + 1, cover.indexOf('Indice') + 7);
    expect(contents).toEqual(['01', '02 Finanziario', '2', '02', '03 Andamento', '4']);
    expect(allText(1)).toContain('Documento riservato.');
  });
});

describe('logo boxes', () => {
  test('a logo keeps its proportions inside 60 x 30 and 120 x 60', () => {
    expect(fitInBox(300, 150, { width: 60, height: 30 })).toEqual({ width: 60, height: 30 });
    expect(fitInBox(100, 100, { width: 60, height: 30 })).toEqual({ width: 30, height: 30 });
    expect(fitInBox(400, 100, { width: 120, height: 60 })).toEqual({ width: 120, height: 30 });
    expect(fitInBox(0, 100, { width: 120, height: 60 })).toEqual({ width: 0, height: 0 });
  });
});
