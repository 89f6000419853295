// Art and luxury goods (/lux): the list, the dashboard (stat, pie, column), the items and their evaluation history.
// Reads for every role on the clients it sees; writes for ADMIN, BACK_OFFICE, PRO and DELEGATE, each audited in its
// transaction; an item of a client the caller may not see answers 404.
import { LUX_EVALUATION_DATE_PRESENT, type LuxItem, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { visibleClients } from '../../access/visibility.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import {
  LUX_SELECT,
  luxDashboardColumn,
  luxDashboardPie,
  luxDashboardStats,
  luxItems,
  toLuxItem,
} from '../../shares-lux/lux.ts';
import { resolveOwnerScope } from '../../shares-lux/scope.ts';
import { assertVisibleClient } from '../financial/common.ts';
import { Params } from '../financial/sql.ts';
import { byText, conflict, conflictOnUnique, pageOf } from './common.ts';

const LUX_ORDER: Record<string, (a: LuxItem, b: LuxItem) => number> = {
  evaluation: (a, b) => a.evaluation - b.evaluation,
  evaluationDate: (a, b) => a.evaluationDate.localeCompare(b.evaluationDate),
  description: (a, b) => byText(a.description, b.description),
  // Items without a buy cost sort as 0.
  buyCost: (a, b) => (a.buyCost ?? 0) - (b.buyCost ?? 0),
};

function sortLux(items: LuxItem[], sort = 'evaluation,desc'): LuxItem[] {
  const [field = 'evaluation', dir = 'desc'] = sort.split(',');
  const order = LUX_ORDER[field] ?? LUX_ORDER.evaluation!;
  const sign = dir === 'asc' ? 1 : -1;
  return items.sort((a, b) => sign * order(a, b) || byText(a.description, b.description) || a.id - b.id);
}

async function visibleLux(db: Queryable, user: AuthUser, id: number, lock = false): Promise<LuxItem> {
  const p = new Params();
  const { rows } = await db.query(
    `${LUX_SELECT} where li.id = ${p.add(id)} and ${p.visible(visibleClients, user)}${lock ? ' for update of li' : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return toLuxItem(rows[0]);
}

interface EvaluationRow {
  id: number;
  evaluationDate: string;
  value: number;
}

async function evaluationsOf(db: Queryable, itemId: number): Promise<EvaluationRow[]> {
  const { rows } = await db.query<{ id: number; evaluation_date: string; value: string }>(
    `select id, to_char(evaluation_date, 'YYYY-MM-DD') as evaluation_date, value::text as value
       from lux_evaluations where item_id = $1 order by evaluation_date desc, id desc`,
    [itemId],
  );
  return rows.map((r) => ({ id: Number(r.id), evaluationDate: r.evaluation_date, value: Number(r.value) }));
}

async function insertEvaluation(tx: Queryable, itemId: number, date: string, value: number): Promise<number> {
  const { rows } = await tx
    .query<{ id: number }>(
      'insert into lux_evaluations (item_id, evaluation_date, value) values ($1, $2, round($3::numeric, 2)) returning id',
      [itemId, date, value],
    )
    .catch((err) => conflictOnUnique(err, LUX_EVALUATION_DATE_PRESENT));
  return Number(rows[0]!.id);
}

const touch = (tx: Queryable, id: number) => tx.query('update lux_items set updated_at = now() where id = $1', [id]);

export async function luxRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listLux, async (request) => {
    const { members } = await resolveOwnerScope(app.db, caller(request), request.query);
    const items = sortLux(await luxItems(app.db, members, request.query.category), request.query.sort);
    return pageOf(items, request.query, 10000);
  });

  route(app, routes.luxStat, async (request) => {
    const { members } = await resolveOwnerScope(app.db, caller(request), request.query);
    return luxDashboardStats(app.db, members);
  });

  route(app, routes.luxPie, async (request) => {
    const { members } = await resolveOwnerScope(app.db, caller(request), request.query);
    return luxDashboardPie(app.db, members);
  });

  route(app, routes.luxColumn, async (request) => {
    const { members } = await resolveOwnerScope(app.db, caller(request), request.query);
    return luxDashboardColumn(app.db, members);
  });

  route(app, routes.getLux, async (request) => visibleLux(app.db, caller(request), request.params.id));

  route(
    app,
    routes.createLux,
    async (request) => {
      const user = caller(request);
      const b = request.body;
      return app.db.transaction(async (tx) => {
        await assertVisibleClient(tx, user, b.clientId);
        const { rows } = await tx.query<{ id: number }>(
          `insert into lux_items (client_id, description, category, buy_cost, yearly_income, yearly_maintenance,
                                  linked_debt, note, created_by)
           values ($1, $2, $3, round($4::numeric, 2), round($5::numeric, 2), round($6::numeric, 2),
                   round($7::numeric, 2), $8, $9) returning id`,
          [
            b.clientId,
            b.description.trim(),
            b.category,
            b.buyCost ?? null,
            b.yearlyIncome ?? 0,
            b.yearlyMaintenance ?? 0,
            b.linkedDebt ?? 0,
            b.note ?? null,
            user.userId,
          ],
        );
        const id = Number(rows[0]!.id);
        await insertEvaluation(tx, id, b.evaluationDate, b.evaluation);
        await audit(tx, user, 'create', 'luxItem', id, null, await visibleLux(tx, user, id));
        return { id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateLux,
    async (request) => {
      const user = caller(request);
      const b = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visibleLux(tx, user, request.params.id, true);
        await tx.query(
          `update lux_items set description = $2, category = $3, buy_cost = round($4::numeric, 2),
                  yearly_income = round($5::numeric, 2), yearly_maintenance = round($6::numeric, 2),
                  linked_debt = round($7::numeric, 2), note = $8, updated_at = now()
            where id = $1`,
          [
            before.id,
            b.description.trim(),
            b.category,
            b.buyCost ?? null,
            b.yearlyIncome ?? 0,
            b.yearlyMaintenance ?? 0,
            b.linkedDebt ?? 0,
            b.note ?? null,
          ],
        );
        const after = await visibleLux(tx, user, before.id);
        await audit(tx, user, 'update', 'luxItem', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteLux,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleLux(tx, user, request.params.id, true);
        await tx.query('delete from lux_items where id = $1', [before.id]);
        await audit(tx, user, 'delete', 'luxItem', before.id, before, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.listLuxEvaluations, async (request) => {
    const item = await visibleLux(app.db, caller(request), request.params.id);
    return pageOf(await evaluationsOf(app.db, item.id), request.query, 5);
  });

  route(
    app,
    routes.createLuxEvaluation,
    async (request) => {
      const user = caller(request);
      const { evaluationDate, value } = request.body;
      return app.db.transaction(async (tx) => {
        const item = await visibleLux(tx, user, request.params.id, true);
        const history = await evaluationsOf(tx, item.id);
        // One evaluation per item and date (spec section 8: 409 evaluation_date_present).
        if (history.some((e) => e.evaluationDate === evaluationDate)) throw conflict(LUX_EVALUATION_DATE_PRESENT);
        const id = await insertEvaluation(tx, item.id, evaluationDate, value);
        await touch(tx, item.id);
        await audit(tx, user, 'create', 'luxEvaluation', id, null, { itemId: item.id, evaluationDate, value });
        return { id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateLuxEvaluation,
    async (request) => {
      const user = caller(request);
      const { evaluationDate, value } = request.body;
      return app.db.transaction(async (tx) => {
        const item = await visibleLux(tx, user, request.params.id, true);
        const history = await evaluationsOf(tx, item.id);
        const before = history.find((e) => e.id === request.params.evaluationId);
        if (!before) throw notFound();
        if (history.some((e) => e.id !== before.id && e.evaluationDate === evaluationDate))
          throw conflict(LUX_EVALUATION_DATE_PRESENT);
        await tx
          .query('update lux_evaluations set evaluation_date = $2, value = round($3::numeric, 2) where id = $1', [
            before.id,
            evaluationDate,
            value,
          ])
          .catch((err) => conflictOnUnique(err, LUX_EVALUATION_DATE_PRESENT));
        await touch(tx, item.id);
        const after = (await evaluationsOf(tx, item.id)).find((e) => e.id === before.id)!;
        await audit(
          tx,
          user,
          'update',
          'luxEvaluation',
          before.id,
          { itemId: item.id, ...before },
          {
            itemId: item.id,
            ...after,
          },
        );
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteLuxEvaluation,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const item = await visibleLux(tx, user, request.params.id, true);
        const history = await evaluationsOf(tx, item.id);
        const before = history.find((e) => e.id === request.params.evaluationId);
        if (!before) throw notFound();
        // An item's value is its latest evaluation: it keeps at least one.
        if (history.length === 1)
          throw badRequest(
            [{ field: 'params.evaluationId', message: 'the only evaluation of the item; delete the item instead' }],
            'An item keeps at least one evaluation',
          );
        await tx.query('delete from lux_evaluations where id = $1', [before.id]);
        await touch(tx, item.id);
        await audit(tx, user, 'delete', 'luxEvaluation', before.id, { itemId: item.id, ...before }, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
