// Human capital (/human-capital): planned flows, flows recorded per date, life insurance, the figure and its settings.
// Every role reads and writes on the clients it sees (a BASIC user on its own); a family view lists its members' rows.
// Writes are audited in their transaction; ids the caller may not see answer 404.
import { DEFAULT_FLOW_GROUP, defaultFlowRecordRange, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { ownersOf } from '../../access/owners.ts';
import { bodyClientId, visibleFlow, visibleFlowRecord, visiblePolicy } from '../../access/planning.ts';
import { today } from '../../analytics/reports.ts';
import {
  deleteFlow,
  deleteFlowRecord,
  insertFlow,
  insertFlowRecord,
  listFlowRecords,
  listFlows,
  updateFlow,
  updateFlowRecord,
} from '../../data/planning/flows.ts';
import { deletePolicy, insertPolicy, listPolicies, updatePolicy } from '../../data/planning/policies.ts';
import { saveSettings, settingsOf } from '../../data/planning/settings.ts';
import { humanCapitalSummary } from '../../planning/human-capital.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

/** An end date before the start date is the caller's mistake: 400 on body.endDate. */
function checkPeriod(b: { startDate: string; endDate?: string | null }) {
  if (b.endDate && b.endDate < b.startDate)
    throw badRequest([{ field: 'body.endDate', message: 'endDate must not be before startDate' }]);
}

export async function humanCapitalRoutes(app: FastifyInstance): Promise<void> {
  // Planned flows
  route(app, routes.listFlows, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
    return listFlows(app.db, members, request.query);
  });

  route(app, routes.getFlow, async (request) => visibleFlow(app.db, caller(request), request.params.id));

  route(app, routes.createFlow, async (request) => {
    const user = caller(request);
    const b = request.body;
    checkPeriod(b);
    return app.db.transaction(async (tx) => {
      const clientId = await bodyClientId(tx, user, b.clientId);
      const id = await insertFlow(tx, clientId, user.userId, b);
      await audit(tx, user, 'create', 'hcFlow', id, null, await visibleFlow(tx, user, id));
      return { id };
    });
  });

  route(app, routes.updateFlow, async (request) => {
    const user = caller(request);
    checkPeriod(request.body);
    return app.db.transaction(async (tx) => {
      const before = await visibleFlow(tx, user, request.params.id, true);
      await updateFlow(tx, before.id, request.body);
      const after = await visibleFlow(tx, user, before.id);
      await audit(tx, user, 'update', 'hcFlow', before.id, before, after);
      return after;
    });
  });

  route(app, routes.deleteFlow, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const before = await visibleFlow(tx, user, request.params.id, true);
      await deleteFlow(tx, before.id);
      await audit(tx, user, 'delete', 'hcFlow', before.id, before, null);
      return { id: before.id };
    });
  });

  // Recorded flows
  route(app, routes.listFlowRecords, async (request) => {
    const q = request.query;
    const members = await ownersOf(app.db, caller(request), q);
    const range = defaultFlowRecordRange(today());
    const dateFrom = q.dateFrom ?? range.dateFrom;
    const dateTo = q.dateTo ?? range.dateTo;
    if (dateFrom > dateTo)
      throw badRequest([{ field: 'querystring.dateFrom', message: 'dateFrom must not be after dateTo' }]);
    return listFlowRecords(app.db, members, { ...q, flowGroup: q.flowGroup ?? DEFAULT_FLOW_GROUP, dateFrom, dateTo });
  });

  route(app, routes.createFlowRecord, async (request) => {
    const user = caller(request);
    const b = request.body;
    return app.db.transaction(async (tx) => {
      const flow = await visibleFlow(tx, user, b.flowId, true);
      const id = await insertFlowRecord(tx, flow.id, user.userId, b);
      await audit(tx, user, 'create', 'hcFlowRecord', id, null, await visibleFlowRecord(tx, user, id));
      return { id };
    });
  });

  route(app, routes.updateFlowRecord, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const before = await visibleFlowRecord(tx, user, request.params.id, true);
      await updateFlowRecord(tx, before.id, request.body);
      const after = await visibleFlowRecord(tx, user, before.id);
      await audit(tx, user, 'update', 'hcFlowRecord', before.id, before, after);
      return after;
    });
  });

  route(app, routes.deleteFlowRecord, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const before = await visibleFlowRecord(tx, user, request.params.id, true);
      await deleteFlowRecord(tx, before.id);
      await audit(tx, user, 'delete', 'hcFlowRecord', before.id, before, null);
      return { id: before.id };
    });
  });

  // Life insurance
  route(app, routes.listPolicies, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
    return listPolicies(app.db, members, request.query, today());
  });

  route(app, routes.createPolicy, async (request) => {
    const user = caller(request);
    const b = request.body;
    checkPeriod(b);
    return app.db.transaction(async (tx) => {
      const clientId = await bodyClientId(tx, user, b.clientId);
      const id = await insertPolicy(tx, clientId, user.userId, b);
      await audit(tx, user, 'create', 'lifePolicy', id, null, await visiblePolicy(tx, user, id, today()));
      return { id };
    });
  });

  route(app, routes.updatePolicy, async (request) => {
    const user = caller(request);
    checkPeriod(request.body);
    return app.db.transaction(async (tx) => {
      const before = await visiblePolicy(tx, user, request.params.id, today(), true);
      await updatePolicy(tx, before.id, request.body);
      const after = await visiblePolicy(tx, user, before.id, today());
      await audit(tx, user, 'update', 'lifePolicy', before.id, before, after);
      return after;
    });
  });

  route(app, routes.deletePolicy, async (request) => {
    const user = caller(request);
    return app.db.transaction(async (tx) => {
      const before = await visiblePolicy(tx, user, request.params.id, today(), true);
      await deletePolicy(tx, before.id);
      await audit(tx, user, 'delete', 'lifePolicy', before.id, before, null);
      return { id: before.id };
    });
  });

  // The figure and its settings
  route(app, routes.humanCapitalSummary, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
    return humanCapitalSummary(app.db, members, request.query.date ?? today());
  });

  route(app, routes.updatePlanningSettings, async (request) => {
    const user = caller(request);
    const b = request.body;
    return app.db.transaction(async (tx) => {
      const clientId = await bodyClientId(tx, user, b.clientId);
      const [before] = await settingsOf(tx, [clientId]);
      await saveSettings(tx, clientId, b.retirementDate ?? null, b.discountRate ?? null);
      const was = before ? { retirementDate: before.retirementDate, discountRate: before.discountRate } : null;
      await audit(tx, user, 'update', 'planningSettings', clientId, was, {
        retirementDate: b.retirementDate ?? null,
        discountRate: b.discountRate ?? null,
      });
      return humanCapitalSummary(tx, [{ clientId, weight: 1 }], today());
    });
  });
}
