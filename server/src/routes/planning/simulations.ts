// Simulations (/gc): a client's saved simulations, a new one built from its data (init), and the projection of a
// simulation against the current situation (wealth). Every role on the clients it sees (a BASIC user its own; no
// family variant). Writes are audited; ids the caller may not see answer 404; a body naming another client's items
// answers 400.

import { simulationValues } from '@patrimonio/engine';
import { routes, type SimulationDraft } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../access/audit.ts';
import { targetClientId } from '../../access/clients.ts';
import { bodyClientId, visibleSimulation } from '../../access/planning.ts';
import { analyticsAnswerer, type Engine } from '../../analytics/answer.ts';
import { PROJECTION_YEARS_MIN, today } from '../../analytics/reports.ts';
import {
  deleteSimulation,
  insertSimulation,
  listSimulations,
  updateSimulation,
} from '../../data/planning/simulations.ts';
import { humanCapitalFlows } from '../../planning/human-capital.ts';
import {
  checkSimulationItems,
  initialSimulation,
  normalizeSimulation,
  toEngineSimulation,
} from '../../planning/simulations.ts';
import { caller } from '../../plugins/auth.ts';
import { route } from '../../plugins/route.ts';

export async function simulationRoutes(app: FastifyInstance): Promise<void> {
  const answer = analyticsAnswerer(app);

  /** The client's simulation of today, from its data (the financial split computed in the engine's threads). */
  const initial = async (engine: Engine, clientId: number, date: string) =>
    initialSimulation(app.db, clientId, date, await engine('simulationFinancial', { date }));

  /** A simulation projected against the client's current situation: one scope and one snapshot load. */
  async function wealth(request: FastifyRequest, clientId: number, simulation: SimulationDraft, cache: boolean) {
    const {
      portfolioData: _p,
      recalculationInProgress: _r,
      ...rest
    } = await answer(
      request,
      'aggregate',
      { clientId },
      async (engine) => {
        const date = today();
        const [current, human] = await Promise.all([
          initial(engine, clientId, date),
          humanCapitalFlows(app.db, [{ clientId, weight: 1 }], date, PROJECTION_YEARS_MIN),
        ]);
        return engine('simulationWealth', {
          date,
          current: toEngineSimulation(current),
          simulation: toEngineSimulation(simulation),
          humanCapitalFlows: human.yearly,
        });
      },
      { cache },
    );
    return rest;
  }

  route(app, routes.listSimulations, async (request) => {
    const clientId = await targetClientId(app.db, caller(request), request.query.clientId);
    const page = await listSimulations(app.db, clientId, request.query);
    const date = today();
    return {
      ...page,
      item: page.item.map((s) => ({
        id: s.id,
        clientId: s.clientId,
        name: s.name,
        gross: simulationValues(toEngineSimulation(s), date).gross,
        updatedAt: s.updatedAt,
      })),
    };
  });

  route(app, routes.initSimulation, async (request) => {
    const clientId = await targetClientId(app.db, caller(request), request.query.clientId);
    const draft = await answer(request, 'aggregate', { clientId }, async (engine) => ({
      body: await initial(engine, clientId, today()),
    }));
    return draft.body;
  });

  route(app, routes.getSimulation, async (request) => visibleSimulation(app.db, caller(request), request.params.id));

  route(app, routes.createSimulation, async (request) => {
    const user = caller(request);
    const { clientId: asked, ...body } = request.body;
    return app.db.transaction(async (tx) => {
      const clientId = await bodyClientId(tx, user, asked);
      await checkSimulationItems(tx, clientId, body);
      const id = await insertSimulation(tx, clientId, user.userId, normalizeSimulation(body));
      await audit(tx, user, 'create', 'simulation', id, null, await visibleSimulation(tx, user, id));
      return { id };
    });
  });

  route(app, routes.updateSimulation, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const before = await visibleSimulation(tx, user, request.params.id, true);
      await checkSimulationItems(tx, before.clientId, request.body);
      await updateSimulation(tx, before.id, normalizeSimulation(request.body));
      const after = await visibleSimulation(tx, user, before.id);
      await audit(tx, user, 'update', 'simulation', before.id, before, after);
      return after;
    });
  });

  route(app, routes.deleteSimulation, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const before = await visibleSimulation(tx, user, request.params.id, true);
      await deleteSimulation(tx, before.id);
      await audit(tx, user, 'delete', 'simulation', before.id, before, null);
      return { id: before.id };
    });
  });

  route(app, routes.computeSimulationWealth, async (request) => {
    const user = caller(request);
    const clientId = await bodyClientId(app.db, user, request.body.clientId);
    const simulation = request.body.simulation;
    await checkSimulationItems(app.db, clientId, simulation);
    return wealth(request, clientId, normalizeSimulation(simulation), false);
  });

  route(app, routes.simulationWealth, async (request) => {
    const saved = await visibleSimulation(app.db, caller(request), request.params.id);
    const { id: _id, clientId, createdAt: _c, updatedAt: _u, ...body } = saved;
    return wealth(request, clientId, body, true);
  });
}
