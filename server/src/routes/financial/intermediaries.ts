// Intermediaries and branches: shared reference data. Every signed-in role reads them; ADMIN, BACK_OFFICE, PRO
// and DELEGATE add them; only ADMIN and BACK_OFFICE or the creator edit or delete (403 otherwise, since the
// record itself is visible to all). A branch may also be edited or deleted by its intermediary's creator.
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { likePattern, paging } from '../../data/sql.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

const isStaff = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'BACK_OFFICE';
const mayEdit = (user: AuthUser, createdBy: unknown) =>
  isStaff(user) || (user.userId !== null && Number(createdBy) === user.userId);
const notYours = () => new HttpError(403, 'Only ADMIN, BACK_OFFICE or its creator may change this');

const toIntermediary = (r: Row, user: AuthUser) => ({
  id: Number(r.id),
  name: String(r.name),
  fiType: r.fi_type as 'TRUST' | 'CREDIT_INSTITUTE',
  abi: (r.abi as string | null) ?? null,
  bic: (r.bic as string | null) ?? null,
  editable: mayEdit(user, r.created_by),
});

const toBranch = (r: Row) => ({
  id: Number(r.id),
  financialIntermediaryId: Number(r.financial_intermediary_id),
  name: String(r.name),
  cab: (r.cab as string | null) ?? null,
  address: (r.address as string | null) ?? null,
  city: (r.city as string | null) ?? null,
});

async function intermediary(db: Queryable, id: number, lock = false): Promise<Row> {
  const { rows } = await db.query(`select * from financial_intermediaries where id = $1${lock ? ' for update' : ''}`, [
    id,
  ]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function branchWithOwner(db: Queryable, id: number): Promise<Row> {
  const { rows } = await db.query(
    `select b.*, fi.created_by as fi_created_by from branches b
       join financial_intermediaries fi on fi.id = b.financial_intermediary_id where b.id = $1 for update of b`,
    [id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function intermediaryRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.intermediaryMenu, async (request) => {
    const { fiType } = request.query;
    const { rows } = await app.db.query(
      `select id, name, fi_type from financial_intermediaries where ($1::text is null or fi_type = $1)
        order by lower(name), id`,
      [fiType ?? null],
    );
    return rows.map((r) => ({ id: Number(r.id), name: String(r.name), fiType: r.fi_type as 'TRUST' }));
  });

  route(app, routes.getIntermediary, async (request) =>
    toIntermediary(await intermediary(app.db, request.params.id), caller(request)),
  );

  route(
    app,
    routes.createIntermediary,
    async (request) => {
      const user = caller(request);
      const { name, fiType, abi = null, bic = null, branch } = request.body;
      return app.db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `insert into financial_intermediaries (name, fi_type, abi, bic, created_by)
           values ($1, $2, $3, $4, $5) returning *`,
          [name.trim(), fiType, abi, bic, user.userId],
        );
        const created = rows[0]!;
        await audit(
          tx,
          user,
          'create',
          'financialIntermediary',
          Number(created.id),
          null,
          toIntermediary(created, user),
        );
        let branchId: number | null = null;
        if (branch) {
          const { rows: b } = await tx.query(
            `insert into branches (financial_intermediary_id, name, cab, address, city, created_by)
             values ($1, $2, $3, $4, $5, $6) returning *`,
            [
              created.id,
              branch.name.trim(),
              branch.cab ?? null,
              branch.address ?? null,
              branch.city ?? null,
              user.userId,
            ],
          );
          branchId = Number(b[0]!.id);
          await audit(tx, user, 'create', 'branch', branchId, null, toBranch(b[0]!));
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
        if (!mayEdit(user, before.created_by)) throw notYours();
        const { rows } = await tx.query(
          `update financial_intermediaries set name = $2, fi_type = $3, abi = $4, bic = $5, updated_at = now()
            where id = $1 returning *`,
          [request.params.id, name.trim(), fiType, abi, bic],
        );
        const after = toIntermediary(rows[0]!, user);
        await audit(tx, user, 'update', 'financialIntermediary', after.id, toIntermediary(before, user), after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.listBranches, async (request) => {
    await intermediary(app.db, request.params.id);
    const { q } = request.query;
    const p = paging(
      request.query,
      { name: 'lower(b.name)', city: 'lower(b.city)', createdAt: 'b.created_at', updatedAt: 'b.updated_at' },
      'b',
    );
    const where = `b.financial_intermediary_id = $1 and ($2::text is null or b.name ilike $2 or b.city ilike $2 or b.cab ilike $2)`;
    const params = [request.params.id, q ? likePattern(q) : null];
    const { rows } = await app.db.query(
      `select b.* from branches b where ${where} order by ${p.orderBy} ${p.limit}`,
      params,
    );
    const { rows: count } = await app.db.query<{ n: number }>(
      `select count(*)::int as n from branches b where ${where}`,
      params,
    );
    return { item: rows.map(toBranch), total: count[0]!.n, page: p.page, size: p.size };
  });

  route(app, routes.branchMenu, async (request) => {
    await intermediary(app.db, request.params.id);
    const { rows } = await app.db.query(
      'select id, name, financial_intermediary_id from branches where financial_intermediary_id = $1 order by lower(name), id',
      [request.params.id],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      financialIntermediaryId: Number(r.financial_intermediary_id),
    }));
  });

  route(
    app,
    routes.createBranch,
    async (request) => {
      const user = caller(request);
      const { financialIntermediaryId, name, cab = null, address = null, city = null } = request.body;
      return app.db.transaction(async (tx) => {
        await intermediary(tx, financialIntermediaryId);
        const { rows } = await tx.query(
          `insert into branches (financial_intermediary_id, name, cab, address, city, created_by)
           values ($1, $2, $3, $4, $5, $6) returning *`,
          [financialIntermediaryId, name.trim(), cab, address, city, user.userId],
        );
        const created = toBranch(rows[0]!);
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
        if (!mayEdit(user, before.created_by) && !mayEdit(user, before.fi_created_by)) throw notYours();
        const { rows } = await tx.query(
          'update branches set name = $2, cab = $3, address = $4, city = $5, updated_at = now() where id = $1 returning *',
          [request.params.id, name.trim(), cab, address, city],
        );
        const after = toBranch(rows[0]!);
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
        if (!mayEdit(user, before.created_by) && !mayEdit(user, before.fi_created_by)) throw notYours();
        await tx.query('delete from branches where id = $1', [request.params.id]);
        await audit(tx, user, 'delete', 'branch', request.params.id, toBranch(before), null);
        return { id: request.params.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
