// The practice's documents (issue 19, /docs; contract/documents.ts): a PRO uploads, lists, downloads and deletes the
// documents of its clients. Files pass the generic upload control's checks (uploads/attachment.ts). Writes are
// audited without the bytes; ids of another practice or of a client the PRO does not see answer 404.
import { DocumentUploadFields, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../access/audit.ts';
import { assertVisibleClient } from '../access/clients.ts';
import { callerDocuments, DOCUMENT_ROLES, practiceId, visibleDocument } from '../access/documents.ts';
import { deleteDocument, documentContent, insertDocument, listDocuments } from '../data/documents.ts';
import { caller } from '../plugins/auth.ts';
import { notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';
import { attachmentMultipart, readAttachmentForm, sendFile } from '../uploads/attachment.ts';

const pro = { roles: DOCUMENT_ROLES };

export async function documentRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    routes.listDocuments,
    async (request) => {
      const user = caller(request);
      if (request.query.clientId !== undefined) await assertVisibleClient(app.db, user, request.query.clientId);
      return listDocuments(app.db, callerDocuments(user), request.query);
    },
    pro,
  );

  route(
    app,
    routes.downloadDocument,
    async (request, reply) => {
      const doc = await visibleDocument(app.db, caller(request), request.params.id);
      const file = await documentContent(app.db, doc.id);
      if (!file) throw notFound();
      return sendFile(reply, file);
    },
    pro,
  );

  route(
    app,
    routes.deleteDocument,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleDocument(tx, user, request.params.id, true);
        await deleteDocument(tx, before.id);
        await audit(tx, user, 'delete', 'document', before.id, before, null);
        return { id: before.id };
      });
    },
    pro,
  );

  await app.register(async (scope) => {
    await attachmentMultipart(scope);
    route(
      scope,
      routes.uploadDocument,
      async (request) => {
        const user = caller(request);
        const pro = practiceId(user);
        const { file, fields } = await readAttachmentForm(request, DocumentUploadFields);
        return app.db.transaction(async (tx) => {
          await assertVisibleClient(tx, user, fields.clientId);
          const id = await insertDocument(tx, pro, pro, fields, file);
          const doc = await visibleDocument(tx, user, id);
          await audit(tx, user, 'create', 'document', id, null, doc);
          return doc;
        });
      },
      pro,
    );
  });
}
