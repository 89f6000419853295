// The documents table: a PRO practice's documents about its clients (issue 19, /docs). The bytes are stored in the
// row (bytea) and read only by documentContent; every other query leaves them out.
import type { Document, DocumentListQuery, DocumentUploadFields } from '@patrimonio/shared-api';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import type { Attachment } from '../uploads/attachment.ts';
import { isoDate, Params, selectPage } from './sql.ts';

/** The documents aliased `d` with their client `c` (for the name and the visibility rule). */
export const DOCUMENT_SELECT = `select d.id, d.client_id, ${clientDisplayNameSql('c')} as client, d.category, d.title,
    d.expires_on, d.expires_on < current_date as expired, d.file_name, d.media_type, d.size_bytes, d.created_at
  from documents d join clients c on c.id = d.client_id`;

export function toDocument(r: Record<string, unknown>): Document {
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    client: String(r.client),
    category: r.category as Document['category'],
    title: (r.title as string | null) ?? null,
    expiresOn: isoDate(r.expires_on),
    expired: r.expired === true,
    fileName: String(r.file_name),
    mediaType: r.media_type as Document['mediaType'],
    sizeBytes: Number(r.size_bytes),
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

/**
 * The condition on `d` (and its client `c`) of the documents a PRO's practice holds: its own (pro_id), about a client
 * it still sees.
 */
export function practiceDocuments(
  user: AuthUser,
  p: Params,
  visible: (user: AuthUser, offset: number) => { sql: string; params: unknown[] },
): string {
  return `d.pro_id = ${p.add(user.userId)} and ${p.visible(visible, user)}`;
}

/** One page of the practice's documents, newest first. */
export function listDocuments(db: Queryable, practice: (p: Params) => string, q: DocumentListQuery) {
  const p = new Params();
  const where = [practice(p)];
  if (q.clientId !== undefined) where.push(`d.client_id = ${p.add(q.clientId)}`);
  if (q.category !== undefined) where.push(`d.category = ${p.add(q.category)}`);
  if (q.expired === true) where.push('d.expires_on < current_date');
  if (q.expired === false) where.push('(d.expires_on is null or d.expires_on >= current_date)');
  return selectPage(
    db,
    {
      select: DOCUMENT_SELECT,
      from: 'documents d join clients c on c.id = d.client_id',
      filter: `where ${where.join(' and ')}`,
      orderBy: 'd.created_at desc, d.id desc',
      values: p.values,
    },
    { page: q.page, size: q.size ?? 10 },
    toDocument,
  );
}

export async function insertDocument(
  tx: Queryable,
  proId: number,
  createdBy: number | null,
  fields: DocumentUploadFields,
  file: Attachment,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into documents (pro_id, client_id, category, title, expires_on, file_name, media_type, size_bytes,
                            content, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      proId,
      fields.clientId,
      fields.category,
      fields.title?.trim() || null,
      fields.expiresOn ?? null,
      file.fileName,
      file.mediaType,
      file.bytes.length,
      file.bytes,
      createdBy,
    ],
  );
  return Number(rows[0]!.id);
}

/** A document's file: its name, media type and bytes. */
export async function documentContent(db: Queryable, id: number) {
  const { rows } = await db.query<{ file_name: string; media_type: string; content: Uint8Array }>(
    'select file_name, media_type, content from documents where id = $1',
    [id],
  );
  const r = rows[0];
  return r ? { name: r.file_name, mediaType: r.media_type, content: Buffer.from(r.content) } : null;
}

export async function deleteDocument(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from documents where id = $1', [id]);
}
