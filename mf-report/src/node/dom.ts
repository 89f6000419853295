// A DOM for the report in Node: svg2pdf.js (pdf/svg.ts) draws charts and the SVG logo from DOM elements and lays out
// text by measuring it, through a canvas 2D context's measureText and SVG getBBox. jsdom gives the DOM but neither
// measurement (node-canvas cannot be installed here), so both are added, measuring with Montserrat's metrics (the
// font every SVG text is set in, pdf/svg.ts). ApexCharts' SSR build, on the other hand, only renders where there is
// no DOM ("Element not found" otherwise): withoutGlobals takes the globals off around it.
import { JSDOM } from 'jsdom';
import { isBold, parseCanvasFont, type TextMeasurer } from './text-measure.ts';

/** The globals svg2pdf.js and pdf/svg.ts use, from the jsdom window. */
const DOM_GLOBALS = [
  'window',
  'document',
  'DOMParser',
  'XMLSerializer',
  'Node',
  'Element',
  'HTMLElement',
  'SVGElement',
  'Image',
  'getComputedStyle',
] as const;

/** The browsers' default font size, for SVG text with none set. */
const DEFAULT_FONT_SIZE = 16;
/** Montserrat's ascent and line height as fractions of the font size (hhea: 968 and 1219 of 1000 units). */
const ASCENT = 0.968;
const LINE_HEIGHT = 1.219;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const num = (value: string | null): number => {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : 0;
};

/** The element's own font-size or font-weight (attribute or inline style), else its nearest ancestor's. */
function inherited(el: Element, property: 'font-size' | 'font-weight'): string | null {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const style = (node as Element & { style?: CSSStyleDeclaration }).style?.getPropertyValue(property);
    if (style) return style;
    const attribute = node.getAttribute(property);
    if (attribute) return attribute;
  }
  return null;
}

const union = (boxes: Box[]): Box => {
  if (boxes.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
};

/**
 * An SVG element's bounding box in user units, transforms aside: text measured in Montserrat (its baseline at y),
 * the basic shapes from their attributes, containers as the union of their children.
 */
function boundingBox(el: Element, measure: TextMeasurer): Box {
  const at = (name: string) => num(el.getAttribute(name));
  switch (el.localName) {
    case 'text':
    case 'tspan': {
      const size = num(inherited(el, 'font-size')) || DEFAULT_FONT_SIZE;
      const width = measure(el.textContent ?? '', { size, bold: isBold(inherited(el, 'font-weight')) });
      return { x: at('x'), y: at('y') - size * ASCENT, width, height: size * LINE_HEIGHT };
    }
    case 'rect':
    case 'image':
    case 'use':
    case 'foreignObject':
      return { x: at('x'), y: at('y'), width: at('width'), height: at('height') };
    case 'circle':
      return { x: at('cx') - at('r'), y: at('cy') - at('r'), width: 2 * at('r'), height: 2 * at('r') };
    case 'ellipse':
      return { x: at('cx') - at('rx'), y: at('cy') - at('ry'), width: 2 * at('rx'), height: 2 * at('ry') };
    case 'line':
      return union([
        { x: at('x1'), y: at('y1'), width: 0, height: 0 },
        { x: at('x2'), y: at('y2'), width: 0, height: 0 },
      ]);
    default:
      return union(Array.from(el.children, (child) => boundingBox(child, measure)));
  }
}

/** A canvas 2D context that measures text and does nothing else (svg2pdf.js only measures with it). */
function measuringContext(measure: TextMeasurer) {
  return {
    font: '10px sans-serif',
    measureText(text: string) {
      return { width: measure(text, parseCanvasFont(this.font)) };
    },
  };
}

export class NodeDom {
  private readonly dom = new JSDOM('<!doctype html><html><head></head><body></body></html>');
  private readonly values = new Map<string, unknown>();
  private suspended = 0;
  private closed = false;

  private constructor(measure: TextMeasurer) {
    const { window } = this.dom;
    Object.defineProperty(window.SVGElement.prototype, 'getBBox', {
      configurable: true,
      value(this: Element) {
        const box = boundingBox(this, measure);
        return new window.DOMRect(box.x, box.y, box.width, box.height);
      },
    });
    Object.defineProperty(window.HTMLCanvasElement.prototype, 'getContext', {
      configurable: true,
      value: (kind: string) => (kind === '2d' ? measuringContext(measure) : null),
    });
    for (const key of DOM_GLOBALS) this.values.set(key, key === 'window' ? window : window[key]);
  }

  /** An SVG document's root element, parsed by this DOM (also while the globals are off). */
  parseSvg(markup: string): Element {
    return new this.dom.window.DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
  }

  /** An element as markup (also while the globals are off). */
  serialize(element: Element): string {
    return new this.dom.window.XMLSerializer().serializeToString(element);
  }

  /** Installs the DOM globals. Plain Node only: a process that has a DOM already keeps its own. */
  static install(measure: TextMeasurer): NodeDom {
    if ('window' in globalThis || 'document' in globalThis) {
      throw new Error('NodeDom: this process has a DOM already');
    }
    const dom = new NodeDom(measure);
    dom.put();
    return dom;
  }

  private put(): void {
    for (const [key, value] of this.values) {
      Object.defineProperty(globalThis, key, { configurable: true, writable: true, value });
    }
  }

  private takeOff(): void {
    for (const key of this.values.keys()) Reflect.deleteProperty(globalThis, key);
  }

  /**
   * Runs fn with the DOM globals taken off, and puts them back after (nested and overlapping calls share one
   * removal). Nothing that needs the DOM may run meanwhile: the report draws one chart at a time.
   */
  async withoutGlobals<T>(fn: () => Promise<T>): Promise<T> {
    if (this.suspended++ === 0) this.takeOff();
    try {
      return await fn();
    } finally {
      if (--this.suspended === 0 && !this.closed) this.put();
    }
  }

  /** Takes the globals off for good and closes the window. */
  close(): void {
    this.closed = true;
    this.takeOff();
    this.dom.window.close();
  }
}
