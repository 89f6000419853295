// Art and luxury goods (/lux): the list, the dashboard (stat, pie, column), the items and their evaluation history.
// Reads for every role on the clients it sees; writes for ADMIN, BACK_OFFICE, PRO and DELEGATE, each audited in its
// transaction; an item of a client the caller may not see answers 404.
import { LUX_EVALUATION_DATE_PRESENT, type LuxItem, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient } from '../../access/clients.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { ownersOf } from '../../access/owners.ts';
import { visibleLux } from '../../access/shares-lux.ts';
import {
  deleteLuxEvaluation,
  deleteLuxItem,
  insertLuxEvaluation,
  insertLuxItem,
  luxEvaluationsOf,
  touchLuxItem,
  updateLuxEvaluation,
  updateLuxItem,
} from '../../data/shares-lux/lux-items.ts';
import type { Queryable } from '../../db/database.ts';
import { conflictOnUnique } from '../../db/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { luxDashboardColumn, luxDashboardPie, luxDashboardStats, luxItems } from '../../shares-lux/lux.ts';
import { byText, conflict, pageOf } from './common.ts';

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

/** A new evaluation; a second one on its date answers 409 evaluation_date_present. */
const addEvaluation = (tx: Queryable, itemId: number, date: string, value: number): Promise<number> =>
  insertLuxEvaluation(tx, itemId, date, value).catch((err) => conflictOnUnique(err, LUX_EVALUATION_DATE_PRESENT));

export async function luxRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listLux, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
    const items = sortLux(await luxItems(app.db, members, request.query.category), request.query.sort);
    return pageOf(items, request.query, 10000);
  });

  route(app, routes.luxStat, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
    return luxDashboardStats(app.db, members);
  });

  route(app, routes.luxPie, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
    return luxDashboardPie(app.db, members);
  });

  route(app, routes.luxColumn, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
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
        const id = await insertLuxItem(tx, b.clientId, user.userId, b);
        await addEvaluation(tx, id, b.evaluationDate, b.evaluation);
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
        await updateLuxItem(tx, before.id, b);
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
        await deleteLuxItem(tx, before.id);
        await audit(tx, user, 'delete', 'luxItem', before.id, before, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.listLuxEvaluations, async (request) => {
    const item = await visibleLux(app.db, caller(request), request.params.id);
    return pageOf(await luxEvaluationsOf(app.db, item.id), request.query, 5);
  });

  route(
    app,
    routes.createLuxEvaluation,
    async (request) => {
      const user = caller(request);
      const { evaluationDate, value } = request.body;
      return app.db.transaction(async (tx) => {
        const item = await visibleLux(tx, user, request.params.id, true);
        const history = await luxEvaluationsOf(tx, item.id);
        // One evaluation per item and date (spec section 8: 409 evaluation_date_present).
        if (history.some((e) => e.evaluationDate === evaluationDate)) throw conflict(LUX_EVALUATION_DATE_PRESENT);
        const id = await addEvaluation(tx, item.id, evaluationDate, value);
        await touchLuxItem(tx, item.id);
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
        const history = await luxEvaluationsOf(tx, item.id);
        const before = history.find((e) => e.id === request.params.evaluationId);
        if (!before) throw notFound();
        if (history.some((e) => e.id !== before.id && e.evaluationDate === evaluationDate))
          throw conflict(LUX_EVALUATION_DATE_PRESENT);
        await updateLuxEvaluation(tx, before.id, evaluationDate, value).catch((err) =>
          conflictOnUnique(err, LUX_EVALUATION_DATE_PRESENT),
        );
        await touchLuxItem(tx, item.id);
        const after = (await luxEvaluationsOf(tx, item.id)).find((e) => e.id === before.id)!;
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
        const history = await luxEvaluationsOf(tx, item.id);
        const before = history.find((e) => e.id === request.params.evaluationId);
        if (!before) throw notFound();
        // An item's value is its latest evaluation: it keeps at least one.
        if (history.length === 1)
          throw badRequest(
            [{ field: 'params.evaluationId', message: 'the only evaluation of the item; delete the item instead' }],
            'An item keeps at least one evaluation',
          );
        await deleteLuxEvaluation(tx, before.id);
        await touchLuxItem(tx, item.id);
        await audit(tx, user, 'delete', 'luxEvaluation', before.id, { itemId: item.id, ...before }, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
