// The report logo (portal-and-report sections 3, 5, 8 and 9): a data URL of one png, jpeg or svg image of at most
// 15,000,000 bytes. The type is read from the content (magic bytes, or well-formed XML with an <svg> root), never from
// a name or the data URL's claim; an SVG is sanitised before it is stored (no scripts, event handlers or external
// references), since the portal shows it inline. The SVG is parsed in a worker thread of the parse pool
// (import/parse-pool.ts, report/svg.ts), never on the request thread.

import { LOGO_MAX_BYTES, type LogoInfo } from '@patrimonio/shared-api';
import type { ParsePool } from '../import/parse-pool.ts';
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

/** The logo a logoStream holds, checked by content and size, an SVG sanitised (in `pool`): what is stored. */
export async function readLogo(logoStream: unknown, pool: ParsePool): Promise<Logo> {
  const bytes = dataUrlBytes(singleDataUrl(logoStream));
  if (bytes.length > LOGO_MAX_BYTES) throw fileTooLarge();
  if (bytes.length === 0) throw badFile('the file is empty');
  if (startsWith(bytes, PNG_MAGIC)) return { type: 'png', mediaType: LOGO_MEDIA_TYPES.png, bytes };
  if (startsWith(bytes, JPEG_MAGIC)) return { type: 'jpg', mediaType: LOGO_MEDIA_TYPES.jpg, bytes };
  const clean = await pool.svg(bytes);
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
