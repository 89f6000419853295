// The practice's documents (issue 19, /docs): a PRO's documents about its clients (mandate, MiFID questionnaire,
// identity document, contract, other), with an optional title and expiry date. PRO only (an ADMIN impersonating a PRO
// acts as that PRO): other roles 403. A client the PRO does not see, or a document of another practice, answers 404.
// Files: the generic upload control (one png, jpeg, gif or pdf of at most 15,000,000 bytes, the type read from the
// content): 413 file_too_large, 400 too_many_files, 400 bad_file_generic.

import { Type } from 'typebox';
import { ErrorBody } from '../schemas.ts';
import { AttachmentBinary, Document, DocumentListQuery, DocumentPage } from './documents-schemas.ts';
import { IdParams } from './fields.ts';
import { errors, type RouteDef } from './route-def.ts';

const docs = { tags: ['documents'], auth: true };

export const documentRoutes = {
  listDocuments: {
    method: 'GET',
    url: '/api/v1/document',
    summary: "The practice's documents, newest first; filters clientId, category, expired",
    ...docs,
    querystring: DocumentListQuery,
    response: { 200: DocumentPage, ...errors },
  },
  uploadDocument: {
    method: 'POST',
    url: '/api/v1/document',
    summary:
      'Upload a document (multipart: file, clientId, category, optional title and expiresOn YYYY-MM-DD); one png, ' +
      'jpeg, gif or pdf of at most 15,000,000 bytes, checked by content',
    ...docs,
    multipart: true,
    response: { 200: Document, ...errors, 413: ErrorBody },
  },
  downloadDocument: {
    method: 'GET',
    url: '/api/v1/document/:id/download',
    summary: 'The file of a document (its stored media type; its name in Content-Disposition)',
    ...docs,
    params: IdParams,
    response: { 200: AttachmentBinary, ...errors },
  },
  deleteDocument: {
    method: 'DELETE',
    url: '/api/v1/document/:id',
    summary: 'Delete a document',
    ...docs,
    params: IdParams,
    response: { 200: Type.Object({ id: Type.Integer() }), ...errors },
  },
} as const satisfies Record<string, RouteDef>;
