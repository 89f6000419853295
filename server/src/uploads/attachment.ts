// The generic file-upload control's checks (portal-and-report 5 and 8; issue 19): a multipart request carries at most
// one file, of at most 15,000,000 bytes, that is a PNG, JPEG, GIF or PDF by its CONTENT (magic bytes), never by its
// name or the media type the client claims. The refusals have the codes the portal's toasts are named after, as the
// report logo's (report/logo.ts): 413 file_too_large, 400 too_many_files, 400 bad_file_generic. The stored media type
// and a safe file name come from the content. Used by the practice's documents and the support tickets.
import multipart from '@fastify/multipart';
import { ATTACHMENT_MAX_BYTES, type AttachmentMediaType } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { badRequest, HttpError } from '../plugins/errors.ts';
import { contractValidator } from '../plugins/validation.ts';

export interface Attachment {
  fileName: string;
  mediaType: AttachmentMediaType;
  bytes: Buffer;
}

export const fileTooLarge = () =>
  new HttpError(413, `file_too_large: a file may be at most ${ATTACHMENT_MAX_BYTES} bytes`, 'file_too_large');
export const tooManyFiles = () => new HttpError(400, 'too_many_files: send one file only', 'too_many_files');
export const badFile = (why: string) => new HttpError(400, `bad_file_generic: ${why}`, 'bad_file_generic');

/** The multipart limits: one file of at most ATTACHMENT_MAX_BYTES, a few text fields of at most 5,000 characters. */
export const ATTACHMENT_MULTIPART_LIMITS = {
  fileSize: ATTACHMENT_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 20_000,
  parts: 12,
};

/** Registers the multipart parser with the attachment's limits, in the scope of the routes that take one. */
export const attachmentMultipart = (scope: FastifyInstance) =>
  scope.register(multipart, { limits: ATTACHMENT_MULTIPART_LIMITS });

const TYPES: { mediaType: AttachmentMediaType; extension: string; magic: readonly (readonly number[])[] }[] = [
  { mediaType: 'image/png', extension: 'png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  { mediaType: 'image/jpeg', extension: 'jpg', magic: [[0xff, 0xd8, 0xff]] },
  {
    mediaType: 'image/gif',
    extension: 'gif',
    magic: [Buffer.from('GIF87a'), Buffer.from('GIF89a')].map((b) => [...b]),
  },
  { mediaType: 'application/pdf', extension: 'pdf', magic: [[...Buffer.from('%PDF-')]] },
];

const startsWith = (bytes: Buffer, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** The type of a file by its content: a PNG, JPEG, GIF or PDF, else null. */
export function attachmentType(bytes: Buffer) {
  return TYPES.find((t) => t.magic.some((m) => startsWith(bytes, m))) ?? null;
}

/**
 * A name that is safe to store and to send back in Content-Disposition: the last segment of the uploaded name,
 * letters, digits, spaces and `._-()` only, at most 120 characters before the extension, which is the content's.
 */
export function safeFileName(uploaded: string | undefined, extension: string): string {
  const last = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  const stem = last
    .replace(/\.[^.]*$/, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[ ._]+|[ ._]+$/g, '')
    .slice(0, 120);
  return `${stem || 'file'}.${extension}`;
}

/** The uploaded bytes as an attachment, checked: size, then content type (bad_file_generic for anything else). */
export function checkAttachment(bytes: Buffer, uploadedName: string | undefined): Attachment {
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw fileTooLarge();
  if (bytes.length === 0) throw badFile('the file is empty');
  const type = attachmentType(bytes);
  if (!type) throw badFile('the file is not a PNG, JPEG, GIF or PDF');
  return { fileName: safeFileName(uploadedName, type.extension), mediaType: type.mediaType, bytes };
}

const validator = contractValidator();

/**
 * The form fields of a multipart request checked against `schema` as text (as a query string is: '12' is 12, 'true'
 * is true); an empty field counts as absent. 400 naming `body.<field>` otherwise.
 */
export function formFields<T extends TSchema>(schema: T, raw: Record<string, string>): Static<T> {
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (v.trim() !== '') data[k] = v;
  const validate = validator({ schema, httpPart: 'querystring', method: 'POST', url: '' }) as unknown as {
    (d: unknown): boolean;
    errors?: { instancePath: string; message?: string; params?: Record<string, unknown> }[] | null;
  };
  if (!validate(data)) {
    const fields = (validate.errors ?? []).map((e) => {
      const extra = e.params?.additionalProperty ?? e.params?.missingProperty;
      const path = [...e.instancePath.split('/').filter(Boolean), ...(extra ? [String(extra)] : [])];
      return { field: ['body', ...path].join('.'), message: e.message ?? 'invalid' };
    });
    throw badRequest(fields);
  }
  return data as Static<T>;
}

/**
 * Reads a multipart request: at most one file (in any field; a second is too_many_files) and its text fields checked
 * against `schema`. The file is required unless `optional`; a body that is not multipart/form-data, or not
 * well-formed, is bad_file_generic (400), a file beyond the size file_too_large (413).
 */
export async function readAttachmentForm<T extends TSchema>(
  request: FastifyRequest,
  schema: T,
): Promise<{ file: Attachment; fields: Static<T> }>;
export async function readAttachmentForm<T extends TSchema>(
  request: FastifyRequest,
  schema: T,
  options: { optional: true },
): Promise<{ file: Attachment | null; fields: Static<T> }>;
export async function readAttachmentForm<T extends TSchema>(
  request: FastifyRequest,
  schema: T,
  options: { optional?: boolean } = {},
): Promise<{ file: Attachment | null; fields: Static<T> }> {
  if (!request.isMultipart()) throw badFile('send the form as multipart/form-data');
  let file: { bytes: Buffer; name: string | undefined } | null = null;
  const raw: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser sends an empty file part when no file was chosen.
        if (bytes.length === 0 && !part.filename) continue;
        if (file) throw tooManyFiles();
        file = { bytes, name: part.filename };
      } else if (part.valueTruncated || part.fieldnameTruncated)
        throw badRequest([{ field: `body.${part.fieldname}`, message: 'too long' }]);
      else raw[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === 'FST_FILES_LIMIT') throw tooManyFiles();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (statusCode && statusCode >= 400 && statusCode < 500) throw err;
    throw badFile(`the body is not well-formed multipart/form-data: ${(err as Error).message}`);
  }
  const fields = formFields(schema, raw);
  if (!file) {
    if (options.optional) return { file: null, fields };
    throw badFile('no file');
  }
  return { file: checkAttachment(file.bytes, file.name), fields };
}

/**
 * A file answer: its bytes with their media type (application/octet-stream unless given), Content-Disposition
 * attachment with its name (RFC 6266: an ASCII fallback and the UTF-8 name), and nosniff.
 */
export function sendFile(
  reply: FastifyReply,
  file: { name: string; content: Buffer; mediaType?: string | undefined },
): undefined {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .type(file.mediaType ?? 'application/octet-stream')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
  return undefined;
}
