// Schemas of ./documents.ts and ./support.ts: the practice's documents per client (/docs, PRO) and the generic file
// of the upload control (an attachment). Multipart routes send their text fields as form fields: the *Fields schemas
// are what the server checks them against (text coerced as in a query string).
import { type Static, type TString, Type } from 'typebox';
import { Id, IsoDate, Nullable, PageNumber, PageSize, Text } from './fields.ts';
import { Page } from './financial-schemas.ts';
import {
  ATTACHMENT_MEDIA_TYPES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_TITLE_MAX,
  DOCUMENTS_PAGE_SIZE,
} from './practice-files-codes.ts';

export * from './practice-files-codes.ts';

const strict = { additionalProperties: false } as const;

/** A stored file: its safe name, the media type read from its content, its size. */
export const AttachmentInfo = Type.Object({
  id: Id,
  fileName: Type.String({ description: 'A safe name: the uploaded one cleaned, its extension the content type' }),
  mediaType: Type.Enum(ATTACHMENT_MEDIA_TYPES, { description: 'Read from the content (magic bytes)' }),
  sizeBytes: Type.Integer({ minimum: 1 }),
});
export type AttachmentInfo = Static<typeof AttachmentInfo>;

/** A file answer: the bytes with their stored media type, Content-Disposition attachment with the file name. */
export const AttachmentBinary = Type.String({
  format: 'binary',
  description:
    'The file, with its stored media type, Content-Disposition: attachment; filename="<name>" and X-Content-Type-Options: nosniff',
}) as TString & { format: 'binary' };

export const DocumentCategory = Type.Enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = Static<typeof DocumentCategory>;

export const Document = Type.Object({
  id: Id,
  clientId: Id,
  client: Type.String({ description: "The client's display name" }),
  category: DocumentCategory,
  title: Nullable(Type.String()),
  expiresOn: Nullable(IsoDate()),
  expired: Type.Boolean({ description: 'expiresOn is before today' }),
  fileName: Type.String(),
  mediaType: Type.Enum(ATTACHMENT_MEDIA_TYPES),
  sizeBytes: Type.Integer({ minimum: 1 }),
  createdAt: Type.String({ description: 'ISO date-time' }),
});
export type Document = Static<typeof Document>;

export const DocumentListQuery = Type.Object(
  {
    clientId: Type.Optional(Id),
    category: Type.Optional(DocumentCategory),
    expired: Type.Optional(Type.Boolean({ description: 'true: only expired ones; false: only those not expired' })),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(DOCUMENTS_PAGE_SIZE, 10)),
  },
  strict,
);
export type DocumentListQuery = Static<typeof DocumentListQuery>;
export const DocumentPage = Page(Document);
export type DocumentPage = Static<typeof DocumentPage>;

/** The form fields of an upload (multipart, with the file in `file`). */
export const DocumentUploadFields = Type.Object(
  {
    clientId: Id,
    category: DocumentCategory,
    title: Type.Optional(Text(DOCUMENT_TITLE_MAX)),
    expiresOn: Type.Optional(IsoDate()),
  },
  strict,
);
export type DocumentUploadFields = Static<typeof DocumentUploadFields>;
