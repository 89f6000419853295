// Goals (/goal): a client's goals and their probability of being reached. Every role reads and writes the goals of the
// clients it sees (a BASIC user its own; no family variant). Writes are audited; ids the caller may not see answer 404.
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { targetClientId } from '../../access/clients.ts';
import { bodyClientId, visibleGoal } from '../../access/planning.ts';
import { analyticsAnswerer } from '../../analytics/answer.ts';
import { realAssetsAt, weightedClients } from '../../analytics/real-assets.ts';
import { goalHorizonYears, PROJECTION_YEARS_MAX, today } from '../../analytics/reports.ts';
import { deleteGoal, goalsOf, insertGoal, listGoals, updateGoal } from '../../data/planning/goals.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

/** A goal's target date is after today (a goal already due cannot be planned for): 400 on body.initDate. */
function checkTarget(initDate: string) {
  if (initDate <= today())
    throw badRequest([{ field: 'body.initDate', message: 'the target date must be after today' }]);
}

export async function goalRoutes(app: FastifyInstance): Promise<void> {
  const answer = analyticsAnswerer(app);

  route(app, routes.listGoals, async (request) => {
    const clientId = await targetClientId(app.db, caller(request), request.query.clientId);
    return listGoals(app.db, clientId, request.query);
  });

  route(app, routes.goalProjection, async (request) => {
    const user = caller(request);
    const clientId = await targetClientId(app.db, user, request.query.clientId);
    const { portfolioData: _p, ...rest } = await answer(request, 'aggregate', { clientId }, async (engine, scope) => {
      const date = today();
      const goals = (await goalsOf(app.db, clientId)).map((g) => ({
        id: g.id,
        description: g.description,
        amount: g.amount,
        initDate: g.initDate,
      }));
      const years = Math.min(PROJECTION_YEARS_MAX, goalHorizonYears(date, goals));
      const real = await realAssetsAt(app.db, await weightedClients(app.db, scope), date, years);
      return engine('goalProjection', { date, real, goals });
    });
    return rest;
  });

  route(app, routes.getGoal, async (request) => visibleGoal(app.db, caller(request), request.params.id));

  route(app, routes.createGoal, async (request) => {
    const user = caller(request);
    const b = request.body;
    checkTarget(b.initDate);
    return app.db.transaction(async (tx) => {
      const clientId = await bodyClientId(tx, user, b.clientId);
      const id = await insertGoal(tx, clientId, user.userId, b);
      await audit(tx, user, 'create', 'goal', id, null, await visibleGoal(tx, user, id));
      return { id };
    });
  });

  route(app, routes.updateGoal, async (request) => {
    const user = caller(request);
    checkTarget(request.body.initDate);
    return app.db.transaction(async (tx) => {
      const before = await visibleGoal(tx, user, request.params.id, true);
      await updateGoal(tx, before.id, request.body);
      const after = await visibleGoal(tx, user, before.id);
      await audit(tx, user, 'update', 'goal', before.id, before, after);
      return after;
    });
  });

  route(app, routes.deleteGoal, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const before = await visibleGoal(tx, user, request.params.id, true);
      await deleteGoal(tx, before.id);
      await audit(tx, user, 'delete', 'goal', before.id, before, null);
      return { id: before.id };
    });
  });
}
