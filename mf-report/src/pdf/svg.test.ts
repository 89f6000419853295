// @vitest-environment jsdom
// The SVG preparation shared by the browser and Node reports (issue 13): a dash array that draws a solid stroke
// (ApexCharts' stroke-dasharray="0" on every line and gridline) is taken off before svg2pdf.js writes it as the
// forbidden `[0] 0 d`; real dashes stay.
import { describe, expect, test } from 'vitest';
import { parseSvg, prepareSvgElement, solidDashArray } from './svg.ts';

const SIZE = { width: 400, height: 200 };
const prepared = (body: string) =>
  prepareSvgElement(parseSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">${body}</svg>`), SIZE);
const dashOf = (svg: Element, id: string) => svg.querySelector(`#${id}`)?.getAttribute('stroke-dasharray') ?? null;

describe('solidDashArray', () => {
  test('none, empty, all-zero, negative and unreadable lengths draw solid; others dash', () => {
    for (const solid of ['0', '0 0', '0,0', ' 0px , 0 ', '0.0', '.0 0.', 'none', '', '  ', '4 -1', 'abc', '4 x']) {
      expect(solidDashArray(solid), `'${solid}'`).toBe(true);
    }
    for (const dashed of ['4', '4 2', '4,2', '0 3', '2.5px 1', '.5']) {
      expect(solidDashArray(dashed), `'${dashed}'`).toBe(false);
    }
  });
});

describe('prepareSvgElement', () => {
  test('removes every dash array that draws solid, as an attribute or in the style, and keeps real dashes', () => {
    const svg = prepared(`
      <path id="line" d="M0 0L10 10" stroke="#14837b" stroke-dasharray="0"/>
      <line id="grid" x1="0" x2="400" y1="5" y2="5" stroke="#e3e8eb" stroke-dasharray="0 0"/>
      <path id="none" d="M0 0L10 10" stroke="#000" stroke-dasharray="none"/>
      <path id="styled" d="M0 0L10 10" stroke="#000" style="stroke-dasharray: 0; stroke-width: 2px"/>
      <path id="dashed" d="M0 0L10 10" stroke="#000" stroke-dasharray="4 2"/>
      <path id="styled-dashed" d="M0 0L10 10" stroke="#000" style="stroke-dasharray: 3"/>`);
    for (const id of ['line', 'grid', 'none', 'styled']) {
      expect(svg.querySelector(`#${id}`)!.hasAttribute('stroke-dasharray'), id).toBe(false);
    }
    const styled = svg.querySelector('#styled') as SVGElement;
    expect(styled.style.getPropertyValue('stroke-dasharray')).toBe('');
    expect(styled.style.getPropertyValue('stroke-width')).toBe('2px');
    expect(dashOf(svg, 'dashed')).toBe('4 2');
    expect((svg.querySelector('#styled-dashed') as SVGElement).style.getPropertyValue('stroke-dasharray')).toBe('3');
    expect(svg.outerHTML).not.toMatch(/stroke-dasharray(="|:\s*)0/);
  });

  test("a solid stroke inside a dashed group stays solid: 'none', so that it does not take the group's dashes", () => {
    const svg = prepared(`
      <g id="dashes" stroke-dasharray="5 5">
        <path id="solid" d="M0 0L10 10" stroke-dasharray="0"/>
        <g id="inner" stroke-dasharray="0"><path id="deep" d="M0 0L10 10" stroke-dasharray="0"/></g>
      </g>
      <g id="plain" stroke-dasharray="0"><path id="child" d="M0 0L10 10" stroke-dasharray="none"/></g>`);
    expect(dashOf(svg, 'dashes')).toBe('5 5');
    expect(dashOf(svg, 'solid')).toBe('none');
    expect(dashOf(svg, 'inner')).toBe('none');
    expect(dashOf(svg, 'deep')).toBeNull(); // inherits its group's 'none'
    expect(dashOf(svg, 'plain')).toBeNull();
    expect(dashOf(svg, 'child')).toBeNull();
  });

  test('still adds the viewBox, removes <foreignObject> and sets Montserrat', () => {
    const svg = prepared('<foreignObject width="10" height="10"/><text font-family="Arial">x</text>');
    expect(svg.getAttribute('viewBox')).toBe('0 0 400 200');
    expect(svg.getElementsByTagName('foreignObject')).toHaveLength(0);
    expect(svg.querySelector('text')?.getAttribute('font-family')).toBe('Montserrat');
  });
});
