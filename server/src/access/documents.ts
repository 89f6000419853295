// Who reaches which document (issue 19, /docs): a PRO only (an ADMIN impersonating a PRO arrives with that PRO's
// token), and only its own practice's documents about clients it sees (access/visibility.ts); any other id answers
// 404, so that no practice learns of another's documents.
import type { Document, Role } from '@patrimonio/shared-api';
import { DOCUMENT_SELECT, practiceDocuments, toDocument } from '../data/documents.ts';
import { Params } from '../data/sql.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { forbidden, notFound } from '../plugins/errors.ts';
import { visibleClients } from './visibility.ts';

/** The roles of /docs: the PRO (other roles 403). */
export const DOCUMENT_ROLES = ['PRO'] as const satisfies readonly Role[];

/** The practice a PRO's upload belongs to: its own user id (a caller without one, a service account, may not). */
export function practiceId(user: AuthUser): number {
  if (user.userId === null) throw forbidden();
  return user.userId;
}

/** The condition of the caller's practice's documents, for the data layer's queries. */
export const callerDocuments = (user: AuthUser) => (p: Params) => practiceDocuments(user, p, visibleClients);

/** A document of the caller's practice about a client it sees, else 404; `lock` holds its row. */
export async function visibleDocument(db: Queryable, user: AuthUser, id: number, lock = false): Promise<Document> {
  const p = new Params();
  const { rows } = await db.query<Record<string, unknown>>(
    `${DOCUMENT_SELECT} where d.id = ${p.add(id)} and ${callerDocuments(user)(p)}${lock ? ' for update of d' : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return toDocument(rows[0]);
}
