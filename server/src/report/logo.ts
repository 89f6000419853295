// The report logo (portal-and-report sections 3, 5, 8 and 9): a data URL of one png, jpeg or svg image of at most
// 15,000,000 bytes. The type is read from the content (magic bytes, or well-formed XML with an <svg> root), never from
// a name or the data URL's claim; an SVG is sanitised before it is stored (no scripts, event handlers or external
// references), since the portal shows it inline.

import { LOGO_MAX_BYTES, type LogoInfo } from '@patrimonio/shared-api';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { HttpError } from '../plugins/errors.ts';

export type LogoType = LogoInfo['type'];

export const LOGO_MEDIA_TYPES: Record<LogoType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/** The refusals, with the codes the portal's toasts are named after (portal-and-report 8). */
export const fileTooLarge = () =>
  new HttpError(413, `file_too_large: the logo may be at most ${LOGO_MAX_BYTES} bytes`, 'file_too_large');
export const tooManyFiles = () => new HttpError(400, 'too_many_files: send one logo only', 'too_many_files');
export const badFile = (why: string) => new HttpError(400, `bad_file_generic: ${why}`, 'bad_file_generic');

export interface Logo {
  type: LogoType;
  mediaType: string;
  bytes: Buffer;
}

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/s;

/**
 * The one file a logoStream holds: a data URL string, or an array of exactly one. More than one (an array, or several
 * data URLs in one string) is too_many_files; anything else is bad_file_generic.
 */
export function singleDataUrl(logoStream: unknown): string {
  if (Array.isArray(logoStream)) {
    if (logoStream.length > 1) throw tooManyFiles();
    if (logoStream.length === 0) throw badFile('no file');
    return singleDataUrl(logoStream[0]);
  }
  if (typeof logoStream !== 'string') throw badFile('logoStream must be a data URL');
  const text = logoStream.trim();
  if ((text.match(/data:/g) ?? []).length > 1) throw tooManyFiles();
  return text;
}

/** The bytes of a data URL (base64 or percent-encoded); the media type it claims is ignored. */
export function dataUrlBytes(dataUrl: string): Buffer {
  const m = DATA_URL.exec(dataUrl);
  if (!m) throw badFile('logoStream must be a data URL');
  const base64 = m[2]!.split(';').includes('base64');
  const payload = m[3]!;
  if (base64) {
    const clean = payload.replace(/\s+/g, '');
    // Checked before decoding: Buffer.from skips what is not base64 instead of refusing it.
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw badFile('the data URL is not base64');
    if (Math.floor((clean.length * 3) / 4) - (clean.match(/=/g) ?? []).length > LOGO_MAX_BYTES) throw fileTooLarge();
    return Buffer.from(clean, 'base64');
  }
  try {
    return Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    throw badFile('the data URL is not percent-encoded');
  }
}

const startsWith = (bytes: Buffer, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

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

/** The logo a logoStream holds, checked by content and size, an SVG sanitised: what is stored. */
export function readLogo(logoStream: unknown): Logo {
  const bytes = dataUrlBytes(singleDataUrl(logoStream));
  if (bytes.length > LOGO_MAX_BYTES) throw fileTooLarge();
  if (bytes.length === 0) throw badFile('the file is empty');
  if (startsWith(bytes, PNG_MAGIC)) return { type: 'png', mediaType: LOGO_MEDIA_TYPES.png, bytes };
  if (startsWith(bytes, JPEG_MAGIC)) return { type: 'jpg', mediaType: LOGO_MEDIA_TYPES.jpg, bytes };
  const svg = svgText(bytes);
  if (svg === null) throw badFile('only png, jpg, jpeg and svg images are accepted');
  const clean = Buffer.from(sanitizeSvg(svg), 'utf8');
  if (clean.length > LOGO_MAX_BYTES) throw fileTooLarge();
  return { type: 'svg', mediaType: LOGO_MEDIA_TYPES.svg, bytes: clean };
}

export const toDataUrl = (logo: Logo) => `data:${logo.mediaType};base64,${logo.bytes.toString('base64')}`;

/** A stored data URL back to its type and bytes (it was checked when saved). */
export function fromDataUrl(dataUrl: string): Logo {
  const mediaType = dataUrl.slice(5, dataUrl.indexOf(';'));
  const type = (Object.keys(LOGO_MEDIA_TYPES) as LogoType[]).find((t) => LOGO_MEDIA_TYPES[t] === mediaType) ?? 'png';
  return { type, mediaType, bytes: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64') };
}
