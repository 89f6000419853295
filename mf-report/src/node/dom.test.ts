// The Node DOM for svg2pdf.js: Montserrat text measurement through canvas measureText and SVG getBBox, and the
// globals taken off around ApexCharts' SSR build.
import { afterEach, describe, expect, it } from 'vitest';
import { testFonts } from '../report/testing.ts';
import { NodeDom } from './dom.ts';
import { montserratMeasurer, parseCanvasFont } from './text-measure.ts';

const measure = montserratMeasurer(testFonts);
const SVG_NS = 'http://www.w3.org/2000/svg';

describe('Montserrat text measurement', () => {
  it('measures with the font metrics: per character, in proportion to the size, bold wider', () => {
    const regular = (text: string, size = 12) => measure(text, { size, bold: false });
    expect(regular('')).toBe(0);
    expect(regular('Valore totale')).toBeGreaterThan(0);
    // No kerning in jsPDF: a string is the sum of its characters.
    expect(regular('Valore')).toBeCloseTo(
      [...'Valore'].reduce((sum, c) => sum + regular(c), 0),
      6,
    );
    expect(regular('Valore', 24)).toBeCloseTo(2 * regular('Valore', 12), 6);
    expect(regular('iiii')).toBeLessThan(regular('MMMM') / 2);
    expect(measure('Valore', { size: 12, bold: true })).toBeGreaterThan(regular('Valore'));
  });

  it.each([
    ['normal bold 12px Montserrat', { size: 12, bold: true }],
    ['italic 400 9.5px Arial', { size: 9.5, bold: false }],
    ['normal 700 16px Montserrat', { size: 16, bold: true }],
    ['10px sans-serif', { size: 10, bold: false }],
  ])('reads the canvas font %j', (font, expected) => {
    expect(parseCanvasFont(font)).toEqual(expected);
  });
});

describe('NodeDom', () => {
  let dom: NodeDom | undefined;
  afterEach(() => {
    dom?.close();
    dom = undefined;
  });

  it('gives a canvas measureText and an SVG getBBox that agree with Montserrat', () => {
    dom = NodeDom.install(measure);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = 'normal bold 14px Montserrat';
    expect(context.measureText('Finanziario').width).toBeCloseTo(measure('Finanziario', { size: 14, bold: true }), 6);

    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('font-size', '20');
    const text = document.createElementNS(SVG_NS, 'text') as unknown as SVGTextElement;
    text.setAttribute('x', '10');
    text.setAttribute('y', '50');
    text.setAttribute('font-weight', 'bold');
    text.textContent = 'Immobiliare';
    svg.append(text);
    const rect = document.createElementNS(SVG_NS, 'rect') as unknown as SVGRectElement;
    for (const [k, v] of Object.entries({ x: '0', y: '0', width: '5', height: '8' })) rect.setAttribute(k, v);
    svg.append(rect);

    const box = text.getBBox();
    // The size inherited from the <svg>, the weight its own; the top at the baseline less Montserrat's ascent.
    expect(box.width).toBeCloseTo(measure('Immobiliare', { size: 20, bold: true }), 6);
    expect(box.x).toBe(10);
    expect(box.y).toBeCloseTo(50 - 20 * 0.968, 6);
    expect(rect.getBBox()).toMatchObject({ x: 0, y: 0, width: 5, height: 8 });
    // A container: the union of its children.
    const all = (svg as unknown as SVGGraphicsElement).getBBox();
    expect(all.x).toBe(0);
    expect(all.width).toBeCloseTo(10 + box.width, 6);
  });

  it('takes the globals off while a chart renders and puts them back; close removes them', async () => {
    dom = NodeDom.install(measure);
    expect(() => NodeDom.install(measure)).toThrow('NodeDom: this process has a DOM already');
    const seen = await dom.withoutGlobals(async () => [typeof globalThis.window, typeof globalThis.document]);
    expect(seen).toEqual(['undefined', 'undefined']);
    expect(typeof document.createElement).toBe('function');
    dom.close();
    dom = undefined;
    expect('document' in globalThis).toBe(false);
    expect('DOMParser' in globalThis).toBe(false);
  });
});
