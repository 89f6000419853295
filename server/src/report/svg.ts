// The SVG logo's check and sanitising (portal-and-report 3 and 8), in the parse worker (import/parse-worker.ts): an
// SVG is UTF-8 text, well-formed XML with an <svg> root; what is stored has no scripts, foreignObject, event handlers
// or external references, since the portal shows it inline. Parsing a large or hostile SVG takes time, so it never
// runs on the request thread. Only erasable TypeScript here: the worker runs it with Node's own type stripping.
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { RefusedFile } from '../import/refusal.ts';

/** 400 bad_file_generic, the code the report dialog's toast is named after (as report/logo.ts's badFile). */
const badFile = (why: string) =>
  new RefusedFile({ status: 400, code: 'bad_file_generic', message: `bad_file_generic: ${why}` });

let dom: { window: JSDOM['window']; purify: DOMPurify } | undefined;

/** One jsdom window and one DOMPurify for the process, with the reference-stripping hooks installed once. */
function svgTools() {
  if (dom) return dom;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeElement', (node, data) => {
    // A <style> sheet may pull in other files (@import, url()): dropped when it does.
    if (data.tagName === 'style' && hasExternalReference(node.textContent ?? '', true))
      node.parentNode?.removeChild(node);
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const attr of Array.from((node as Element).attributes ?? [])) {
      const name = attr.name.toLowerCase();
      const isLink = name === 'href' || name.endsWith(':href');
      if (name.startsWith('on') || (isLink ? !isLocalReference(attr.value) : hasExternalReference(attr.value, false)))
        (node as Element).removeAttribute(attr.name);
    }
  });
  dom = { window, purify };
  return dom;
}

/** A fragment of the same document (#id) or an embedded raster image: the only references an SVG logo keeps. */
function isLocalReference(value: string): boolean {
  const v = value.trim();
  return v.startsWith('#') || /^data:image\/(png|jpeg|gif|webp);base64,/i.test(v);
}

function hasExternalReference(text: string, sheet: boolean): boolean {
  if (sheet && /@import/i.test(text)) return true;
  for (const m of text.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)) if (!isLocalReference(m[2]!)) return true;
  return false;
}

/** The root of a well-formed XML document, or null when the text is not one. */
function xmlRoot(text: string): Element | null {
  const { window } = svgTools();
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  return doc.documentElement;
}

/** Whether the bytes are an SVG: UTF-8 text, well-formed XML whose root is <svg>. */
function svgText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) return null;
  const root = xmlRoot(text);
  return root?.localName === 'svg' ? text : null;
}

/** The SVG without scripts, foreignObject, event handlers or external references, as well-formed XML. */
export function sanitizeSvg(text: string): string {
  const { window, purify } = svgTools();
  const body = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['script', 'foreignObject'],
    RETURN_DOM: true,
  }) as unknown as Element;
  const svg = body.firstElementChild;
  if (svg?.localName !== 'svg') throw badFile('nothing of the svg is left after sanitising');
  const clean = new window.XMLSerializer().serializeToString(svg);
  if (xmlRoot(clean)?.localName !== 'svg') throw badFile('the sanitised svg is not well-formed');
  return clean;
}

/** The bytes of a sanitised SVG; 400 bad_file_generic when `bytes` are no SVG or nothing of it is left. */
export function cleanSvg(bytes: Uint8Array): Buffer {
  const svg = svgText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (svg === null) throw badFile('only png, jpg, jpeg and svg images are accepted');
  return Buffer.from(sanitizeSvg(svg), 'utf8');
}
