// Intermediaries and branches: shared reference data. Every signed-in role reads them; ADMIN, BACK_OFFICE, PRO
// and DELEGATE add them; only ADMIN and BACK_OFFICE or the creator edit or delete (403 otherwise, since the
// record itself is visible to all). A branch may also be edited or deleted by its intermediary's creator.
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { assertMayEditBranch, assertMayEditIntermediary, mayEditIntermediary } from '../../access/intermediaries.ts';
import {
  branchMenu,
  deleteBranch,
  findIntermediary,
  insertBranch,
  insertIntermediary,
  intermediaryMenu,
  listBranches,
  lockBranchWithOwner,
  toBranch,
  toIntermediary,
  updateBranch,
  updateIntermediary,
} from '../../data/financial/intermediaries.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

const intermediaryFor = (r: Row, user: AuthUser) => toIntermediary(r, mayEditIntermediary(user, r.created_by));

async function intermediary(db: Queryable, id: number, lock = false): Promise<Row> {
  const row = await findIntermediary(db, id, lock);
  if (!row) throw notFound();
  return row;
}

async function branchWithOwner(db: Queryable, id: number): Promise<Row> {
  const row = await lockBranchWithOwner(db, id);
  if (!row) throw notFound();
  return row;
}

export async function intermediaryRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.intermediaryMenu, async (request) => intermediaryMenu(app.db, request.query.fiType));

  route(app, routes.getIntermediary, async (request) =>
    intermediaryFor(await intermediary(app.db, request.params.id), caller(request)),
  );

  route(
    app,
    routes.createIntermediary,
    async (request) => {
      const user = caller(request);
      const { name, fiType, abi = null, bic = null, branch } = request.body;
      return app.db.transaction(async (tx) => {
        const created = await insertIntermediary(tx, { name: name.trim(), fiType, abi, bic }, user.userId);
        await audit(
          tx,
          user,
          'create',
          'financialIntermediary',
          Number(created.id),
          null,
          intermediaryFor(created, user),
        );
        let branchId: number | null = null;
        if (branch) {
          const b = await insertBranch(
            tx,
            Number(created.id),
            {
              name: branch.name.trim(),
              cab: branch.cab ?? null,
              address: branch.address ?? null,
              city: branch.city ?? null,
            },
            user.userId,
          );
          branchId = Number(b.id);
          await audit(tx, user, 'create', 'branch', branchId, null, toBranch(b));
        }
        return { id: Number(created.id), branchId };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateIntermediary,
    async (request) => {
      const user = caller(request);
      const { name, fiType, abi = null, bic = null } = request.body;
      return app.db.transaction(async (tx) => {
        const before = await intermediary(tx, request.params.id, true);
        assertMayEditIntermediary(user, before);
        const row = await updateIntermediary(tx, request.params.id, { name: name.trim(), fiType, abi, bic });
        const after = intermediaryFor(row, user);
        await audit(tx, user, 'update', 'financialIntermediary', after.id, intermediaryFor(before, user), after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.listBranches, async (request) => {
    await intermediary(app.db, request.params.id);
    return listBranches(app.db, request.params.id, request.query);
  });

  route(app, routes.branchMenu, async (request) => {
    await intermediary(app.db, request.params.id);
    return branchMenu(app.db, request.params.id);
  });

  route(
    app,
    routes.createBranch,
    async (request) => {
      const user = caller(request);
      const { financialIntermediaryId, name, cab = null, address = null, city = null } = request.body;
      return app.db.transaction(async (tx) => {
        await intermediary(tx, financialIntermediaryId);
        const row = await insertBranch(
          tx,
          financialIntermediaryId,
          { name: name.trim(), cab, address, city },
          user.userId,
        );
        const created = toBranch(row);
        await audit(tx, user, 'create', 'branch', created.id, null, created);
        return { id: created.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateBranch,
    async (request) => {
      const user = caller(request);
      const { name, cab = null, address = null, city = null } = request.body;
      return app.db.transaction(async (tx) => {
        const before = await branchWithOwner(tx, request.params.id);
        assertMayEditBranch(user, before);
        const after = toBranch(await updateBranch(tx, request.params.id, { name: name.trim(), cab, address, city }));
        await audit(tx, user, 'update', 'branch', after.id, toBranch(before), after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteBranch,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await branchWithOwner(tx, request.params.id);
        assertMayEditBranch(user, before);
        await deleteBranch(tx, request.params.id);
        await audit(tx, user, 'delete', 'branch', request.params.id, toBranch(before), null);
        return { id: request.params.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
