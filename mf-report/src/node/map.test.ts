// The command's map (map.ts): SVG from the bundled base layer, drawn into the PDF as vectors by svg2pdf.js under
// the Node DOM the command installs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportDocument } from '../pdf/document.ts';
import { readPdf } from '../pdf/read-pdf.testing.ts';
import { drawSvg } from '../pdf/svg.ts';
import { testFonts } from '../report/testing.ts';
import { NodeDom } from './dom.ts';
import { nodeMap } from './map.ts';
import { montserratMeasurer } from './text-measure.ts';

let dom: NodeDom;
beforeAll(() => {
  dom = NodeDom.install(montserratMeasurer(testFonts));
});
afterAll(() => dom.close());

const properties = [
  { id: 11, lat: 45.4719, lng: 9.1866, label: 'Appartamento Brera' },
  { id: 12, lat: 45.4642, lng: 9.19, label: 'Negozio Navigli' },
  { id: 21, lat: 43.58, lng: 11.31, label: 'Uliveto Chianti' },
];

describe('nodeMap', () => {
  it('answers the map as SVG at the size asked, which svg2pdf.js draws as paths without an image', async () => {
    const map = await nodeMap(properties, { width: 560, height: 640 });
    expect(map).toMatchObject({ kind: 'svg', width: 560, height: 640 });
    if (map?.kind !== 'svg') throw new Error('no SVG map');
    // Brera and the Navigli are 0.6 km apart: one marker of 2; the olive grove its own.
    expect(map.markup.match(/<circle /g)).toHaveLength(2);
    expect(map.markup).toContain('>2</text>');

    const doc = createReportDocument({ fonts: testFonts, compress: false });
    doc.addPage('a4', 'landscape');
    await drawSvg(doc, map.markup, { x: 28, y: 100, width: 280, height: 320 });
    const pdf = readPdf(doc.output());
    const page = pdf.pages[1]!;
    expect(pdf.imageCount).toBe(0);
    // Italy's regions and its neighbours as filled and stroked paths, the dashed region outlines, the count.
    expect(page.content.match(/ l\n/g)?.length ?? 0).toBeGreaterThan(1000);
    expect(page.content).toMatch(/\[3\. 3\.\] 0\. d|\[3 3\] 0 d/);
    expect(page.texts).toContain('2');
  });

  it('answers undefined when there is nothing it can draw', async () => {
    expect(await nodeMap([], { width: 100, height: 100 })).toBeUndefined();
  });
});
