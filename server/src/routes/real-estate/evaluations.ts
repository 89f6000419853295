// A property's evaluation history (the latest by date is its current value), its suggested evaluation from the price
// table, and the suggestion for a property not yet created. One evaluation a day per property: a second one answers
// 409 with the message evaluation_date_present (spec section 8) and writes nothing.
import { EVALUATION_DATE_PRESENT, PROVINCES, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { visibleRealEstate } from '../../access/real-estate.ts';
import {
  evaluationDateTaken,
  findEvaluation,
  insertEvaluation,
  listEvaluations,
  updateEvaluation,
} from '../../data/real-estate/evaluations.ts';
import type { Queryable } from '../../db/database.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { PRICED_PROVINCES } from '../../real-estate/price-table.ts';
import { suggestEvaluation } from '../../real-estate/suggested.ts';

/** 409 evaluation_date_present when the property has another evaluation on that date. */
async function assertDateFree(tx: Queryable, realEstateId: number, date: string, exceptId: number | null) {
  if (await evaluationDateTaken(tx, realEstateId, date, exceptId))
    throw new HttpError(409, EVALUATION_DATE_PRESENT, 'CONFLICT');
}

export async function evaluationRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listEvaluations, async (request) => {
    const property = await visibleRealEstate(app.db, caller(request), request.params.id);
    const page = request.query.page ?? 1;
    const size = request.query.size ?? 10000;
    const dir = request.query.sort === 'evaluationDate,asc' ? 'asc' : 'desc';
    const { item, total } = await listEvaluations(app.db, property.id, dir, page, size);
    return { item, total, page, size };
  });

  route(
    app,
    routes.addEvaluation,
    async (request) => {
      const user = caller(request);
      const { evaluationDate, value } = request.body;
      return app.db.transaction(async (tx) => {
        const property = await visibleRealEstate(tx, user, request.params.id, true);
        await assertDateFree(tx, property.id, evaluationDate, null);
        const evaluation = await insertEvaluation(tx, property.id, evaluationDate, value);
        await audit(tx, user, 'create', 'realEstateEvaluation', evaluation.id, null, evaluation);
        return evaluation;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateEvaluation,
    async (request) => {
      const user = caller(request);
      const { evaluationDate, value } = request.body;
      return app.db.transaction(async (tx) => {
        const property = await visibleRealEstate(tx, user, request.params.id, true);
        const before = await findEvaluation(tx, property.id, request.params.evalId);
        if (!before) throw notFound();
        await assertDateFree(tx, property.id, evaluationDate, before.id);
        const after = await updateEvaluation(tx, before.id, evaluationDate, value);
        await audit(tx, user, 'update', 'realEstateEvaluation', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.lastEvaluation, async (request) => {
    const property = await visibleRealEstate(app.db, caller(request), request.params.id);
    return suggestEvaluation({
      provinceCode: property.provinceCode,
      typology: property.typology,
      conservationState: request.query.conservationState ?? property.conservationState,
      mq: property.mq,
    });
  });

  route(app, routes.suggestedEvaluation, async (request) => {
    const { provinceCode, typology, conservationState = 'NORMAL', mq } = request.query;
    if (
      !PRICED_PROVINCES.has(provinceCode) ||
      (PROVINCES.length > 0 && !PROVINCES.some((p) => p.code === provinceCode))
    )
      throw badRequest([{ field: 'querystring.provinceCode', message: 'unknown Italian province' }]);
    return suggestEvaluation({ provinceCode, typology, conservationState, mq: mq ?? null });
  });
}
