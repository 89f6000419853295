// @vitest-environment jsdom
// The real-estate pages of the report (portal-and-report 2 "Report pages", 3 "Real estate (report)", 8, 9): summary
// with the stats, the map and the pies, then the houses' and lands' lists, read back from the uncompressed PDF.
import { describe, expect, test } from 'vitest';
import { PAGE } from '../../pdf/document.ts';
import { readPdf } from '../../pdf/read-pdf.testing.ts';
import { recordingChart, testContext, testMap } from '../testing.ts';
import type { MapPoint, MapRenderer, ReportData } from '../types.ts';
import { imagesDrawn, realAssetsData, textPosition } from './real-assets.fixtures.testing.ts';
import { propertyMapPoints, realEstateSummaryLayout } from './real-assets-rules.ts';
import { drawRealEstate } from './real-estate.ts';

/** A map double that records the points it was asked for. */
function recordingMap(fails = false): MapRenderer & { calls: MapPoint[][] } {
  const inner = testMap(fails);
  const calls: MapPoint[][] = [];
  const render = (async (points, size) => {
    calls.push([...points]);
    return inner(points, size);
  }) as MapRenderer & { calls: MapPoint[][] };
  render.calls = calls;
  return render;
}

async function draw(data: ReportData, options: Parameters<typeof testContext>[1] = {}) {
  const ctx = testContext(data, { title: '03 Immobiliare', ...options });
  await drawRealEstate(ctx);
  return readPdf(ctx.doc.output());
}

describe('drawRealEstate', () => {
  test('adds the summary and the list after the cover, each headed by the section title', async () => {
    const pdf = await draw(realAssetsData());
    expect(pdf.pages).toHaveLength(3);
    expect(pdf.pages[1]!.texts[0]).toBe('03 Immobiliare');
    expect(pdf.pages[2]!.texts[0]).toBe('03 Immobiliare');
    expect(pdf.pages[1]!.texts).toContain('Valore per destinazione');
    expect(pdf.pages[2]!.texts).toContain('Fabbricati');
  });

  test('the summary shows the five stats as money, Italian and English', async () => {
    const it = (await draw(realAssetsData())).pages[1]!.texts;
    for (const text of ['Valore totale', '1.725.000,50 €', 'Debito collegato', '210.000,00 €', 'Reddito mensile'])
      expect(it).toContain(text);
    expect(it).toContain('1.850,00 €');
    expect(it).toContain('412,50 €');
    expect(it).toContain('Rata mensile');
    expect(it).toContain('1.234,56 €');

    const data = realAssetsData();
    data.request.locale = 'en';
    const en = (await draw(data)).pages[1]!.texts;
    for (const text of ['Total value', '1,725,000.50 €', 'Linked debt', 'Monthly installment', '1,234.56 €'])
      expect(en).toContain(text);
  });

  test('the map gets the properties with coordinates and is drawn left of the stacked pies', async () => {
    const map = recordingMap();
    const chart = recordingChart();
    const pdf = await draw(realAssetsData(), { map, chart });
    // The shop in the Navigli has no coordinates.
    expect(map.calls).toEqual([
      [
        { id: 11, lat: 45.4642, lng: 9.19, label: 'Appartamento Brera' },
        { id: 21, lat: 43.58, lng: 11.31, label: 'Uliveto Chianti' },
      ],
    ]);
    const summary = pdf.pages[1]!;
    expect(imagesDrawn(summary)).toBe(1);
    expect(summary.texts).toContain('Mappa');
    const layout = realEstateSummaryLayout(true);
    // Captions: 10 pt below their box's top, in PDF coordinates from the bottom.
    expect(textPosition(summary, 'Valore per destinazione').x).toBeCloseTo(layout.destination.x, 1);
    expect(textPosition(summary, 'Valore per tipologia').y).toBeCloseTo(PAGE.height - layout.typology.y - 10, 1);
    expect(layout.destination.x).toBeGreaterThan(PAGE.width / 2);
    expect(chart.calls.map(([options]) => options.labels)).toEqual([
      ['Prima casa', 'A reddito', 'A disposizione'],
      ['Residenziale', 'Commerciale', 'Terreno'],
    ]);
  });

  test('a failed map is dropped and the pies take its room side by side', async () => {
    const chart = recordingChart();
    const withMap = await draw(realAssetsData(), { chart: recordingChart() });
    const pdf = await draw(realAssetsData(), { map: testMap(true), chart });
    const summary = pdf.pages[1]!;
    expect(imagesDrawn(summary)).toBe(0);
    expect(pdf.imageCount).toBe(0);
    expect(summary.texts).not.toContain('Mappa');
    const layout = realEstateSummaryLayout(false);
    const destination = textPosition(summary, 'Valore per destinazione');
    const typology = textPosition(summary, 'Valore per tipologia');
    // Both on the first row, the destination pie where the map was.
    expect(destination.x).toBeCloseTo(PAGE.margin, 1);
    expect(typology.x).toBeCloseTo(layout.typology.x, 1);
    expect(typology.y).toBeCloseTo(destination.y, 1);
    expect(textPosition(withMap.pages[1]!, 'Valore per tipologia').y).toBeLessThan(typology.y);
    // And larger pies: the whole height instead of half.
    const [first] = chart.calls;
    expect(first![1].width).toBeGreaterThan(300);
    expect(summary.texts).toContain('Prima casa');
  });

  test('with no coordinates the map is not asked for and the layout is the one without it', async () => {
    const data = realAssetsData();
    for (const list of [data.realEstate.houses!, data.realEstate.lands!])
      list.item = list.item.map((p) => ({ ...p, lat: null, lng: null }));
    const map = recordingMap();
    const pdf = await draw(data, { map });
    expect(map.calls).toEqual([]);
    expect(imagesDrawn(pdf.pages[1]!)).toBe(0);
    expect(textPosition(pdf.pages[1]!, 'Valore per destinazione').x).toBeCloseTo(PAGE.margin, 1);
  });

  test('a failed stat leaves the figures empty and a failed pie its block, without throwing', async () => {
    const data = realAssetsData();
    data.realEstate = { ...data.realEstate, stat: undefined, pieTypology: undefined };
    const chart = recordingChart();
    const summary = (await draw(data, { chart })).pages[1]!;
    expect(summary.texts).not.toContain('Valore totale');
    expect(summary.texts).not.toContain('1.725.000,50 €');
    expect(summary.texts.filter((t) => t === 'Dati non disponibili')).toHaveLength(2);
    expect(summary.texts).toContain('Valore per tipologia');
    expect(chart.calls).toHaveLength(1);
  });

  test('a map image that cannot be read counts as a failed map', async () => {
    const pdf = await draw(realAssetsData(), {
      map: async () => ({ kind: 'raster', dataUrl: 'data:image/png;base64,bm90IGEgcG5n', width: 10, height: 10 }),
    });
    expect(imagesDrawn(pdf.pages[1]!)).toBe(0);
    expect(textPosition(pdf.pages[1]!, 'Valore per destinazione').x).toBeCloseTo(PAGE.margin, 1);
  });

  test('an SVG map is drawn as vectors in the map box, left of the stacked pies', async () => {
    const markup =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect x="0" y="0" width="200" height="100" fill="#dde8ec"/><path d="M10 10L190 10L100 90Z" fill="#f3f4f2" stroke="#c3cbd0"/><circle cx="100" cy="50" r="8" fill="#538d99" stroke="#ffffff" stroke-width="2"/></svg>';
    const pdf = await draw(realAssetsData(), { map: async () => ({ kind: 'svg', markup, width: 200, height: 100 }) });
    const summary = pdf.pages[1]!;
    expect(imagesDrawn(summary)).toBe(0);
    expect(pdf.imageCount).toBe(0);
    expect(summary.texts).toContain('Mappa');
    // The triangle as a path (move, lines), the circle as Bézier curves, in the cluster colour (#538d99).
    expect(summary.content).toMatch(/ m\n[\d. -]+ l\n[\d. -]+ l\n/);
    expect(summary.content.match(/ c\n/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(summary.content).toContain('0.33 0.55 0.6 rg');
    expect(textPosition(summary, 'Valore per destinazione').x).toBeCloseTo(
      realEstateSummaryLayout(true).destination.x,
      1,
    );
  });

  test('an SVG map that cannot be drawn is dropped, nothing of it left, and the pies take its room', async () => {
    const broken = [
      '<html>not a map</html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0L1',
      // svg2pdf.js throws on the <use> of its own parent, after the rectangle (#123456) is drawn.
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100"><rect width="200" height="100" fill="#123456"/><g id="loop"><use xlink:href="#loop"/></g></svg>',
    ];
    for (const markup of broken) {
      const pdf = await draw(realAssetsData(), { map: async () => ({ kind: 'svg', markup, width: 200, height: 100 }) });
      const summary = pdf.pages[1]!;
      expect(summary.texts).not.toContain('Mappa');
      expect(summary.content).not.toContain('0.07 0.2 0.34 rg');
      // And the page goes on as before: text placed with Td in page coordinates, not in svg2pdf.js' flipped ones.
      expect(summary.content).not.toMatch(/ Tm\n/);
      const destination = textPosition(summary, 'Valore per destinazione');
      expect(destination.x).toBeCloseTo(PAGE.margin, 1);
      expect(textPosition(summary, 'Valore per tipologia').y).toBeCloseTo(destination.y, 1);
    }
  });

  test('a chart the renderer cannot draw leaves its box empty', async () => {
    const pdf = await draw(realAssetsData(), { chart: async () => undefined });
    expect(pdf.pages).toHaveLength(3);
    const broken = await draw(realAssetsData(), { chart: async () => '<html>no svg</html>' });
    expect(broken.pages[1]!.texts).toContain('Valore per tipologia');
    expect(pdf.pages[1]!.texts).toContain('Residenziale');
  });

  test('the list shows houses and lands with translated destination, address and evaluation', async () => {
    const list = (await draw(realAssetsData())).pages[2]!.texts;
    expect(list).not.toContain('Intestatario');
    for (const header of ['Descrizione', 'Destinazione', 'Indirizzo', 'Comune', 'Valutazione', 'Terreni'])
      expect(list).toContain(header);
    for (const cell of ['Appartamento Brera', 'Prima casa', 'Via Roma 12', 'Milano', '1.250.000,00 €'])
      expect(list).toContain(cell);
    for (const cell of ['Ripa di Porta Ticinese', 'A reddito', '380.000,50 €', 'Uliveto Chianti', 'A disposizione'])
      expect(list).toContain(cell);
    // Houses first, then lands.
    expect(list.indexOf('Fabbricati')).toBeLessThan(list.indexOf('Terreni'));
    expect(list.indexOf('Appartamento Brera')).toBeLessThan(list.indexOf('Terreni'));
    expect(list.indexOf('Uliveto Chianti')).toBeGreaterThan(list.indexOf('Terreni'));
  });

  test("a family's list has the owner column; English names in English", async () => {
    const data = realAssetsData({ family: true });
    data.request.locale = 'en';
    const list = (await draw(data)).pages[2]!.texts;
    for (const text of ['Owner', 'Mario Rossi', 'Anna Bianchi', 'Main residence', 'Rented out', '1,250,000.00 €'])
      expect(list).toContain(text);
    expect(list).toContain('Buildings');
  });

  test('draws only the pages of the plan', async () => {
    const pdf = await draw(realAssetsData({ pages: ['cover', 'realEstateList'] }));
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[1]!.texts).toContain('Fabbricati');
    expect((await draw(realAssetsData({ pages: ['cover', 'shares'] }))).pages).toHaveLength(1);
  });

  test('a failed list leaves its part with the unavailable line', async () => {
    const data = realAssetsData();
    data.realEstate = { ...data.realEstate, lands: undefined };
    const list = (await draw(data)).pages[2]!.texts;
    expect(list).toContain('Terreni');
    expect(list).toContain('Dati non disponibili');
    expect(list).not.toContain('Uliveto Chianti');
  });

  test('stops between pages once cancelled', async () => {
    const ctx = testContext(realAssetsData(), { title: '03 Immobiliare' });
    let pages = 0;
    ctx.checkCancelled = () => {
      if (ctx.doc.getNumberOfPages() > 1) {
        pages = ctx.doc.getNumberOfPages();
        throw Object.assign(new Error('report cancelled'), { name: 'AbortError' });
      }
    };
    await expect(drawRealEstate(ctx)).rejects.toThrow('report cancelled');
    expect(pages).toBe(2);
  });
});

describe('propertyMapPoints', () => {
  test('keeps the properties not sold with both coordinates', () => {
    const data = realAssetsData();
    const [house, shop] = data.realEstate.houses!.item;
    const sold = { ...house!, id: 13, soldDate: '2024-02-01', soldValue: 1 };
    const noLng = { ...house!, id: 14, lng: null };
    expect(propertyMapPoints([house!, shop!, sold, noLng], undefined).map((p) => p.id)).toEqual([11]);
  });
});
