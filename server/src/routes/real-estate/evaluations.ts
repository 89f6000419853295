// A property's evaluation history (the latest by date is its current value), its suggested evaluation from the price
// table, and the suggestion for a property not yet created. One evaluation a day per property: a second one answers
// 409 with the message evaluation_date_present (spec section 8) and writes nothing.
import { EVALUATION_DATE_PRESENT, PROVINCES, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import type { Queryable, Row } from '../../db/database.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { PRICED_PROVINCES } from '../../real-estate/price-table.ts';
import { suggestEvaluation } from '../../real-estate/suggested.ts';
import { isoDate } from '../financial/common.ts';
import { visibleRealEstate } from './common.ts';

const EVALUATION_SELECT = `select id, real_estate_id, to_char(evaluation_date, 'YYYY-MM-DD') as evaluation_date,
  value::float8 as value from real_estate_evaluations`;

const toEvaluation = (r: Row) => ({
  id: Number(r.id),
  realEstateId: Number(r.real_estate_id),
  evaluationDate: isoDate(r.evaluation_date)!,
  value: Number(r.value),
});

/** 409 evaluation_date_present when the property has another evaluation on that date. */
async function assertDateFree(tx: Queryable, realEstateId: number, date: string, exceptId: number | null) {
  const { rows } = await tx.query(
    'select 1 from real_estate_evaluations where real_estate_id = $1 and evaluation_date = $2 and id <> $3',
    [realEstateId, date, exceptId ?? 0],
  );
  if (rows[0]) throw new HttpError(409, EVALUATION_DATE_PRESENT, 'CONFLICT');
}

export async function evaluationRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listEvaluations, async (request) => {
    const property = await visibleRealEstate(app.db, caller(request), request.params.id);
    const page = request.query.page ?? 1;
    const size = request.query.size ?? 10000;
    const dir = request.query.sort === 'evaluationDate,asc' ? 'asc' : 'desc';
    const { rows } = await app.db.query(
      `${EVALUATION_SELECT} where real_estate_id = $1 order by evaluation_date ${dir} limit ${size} offset ${(page - 1) * size}`,
      [property.id],
    );
    const { rows: count } = await app.db.query<{ n: number }>(
      'select count(*)::int as n from real_estate_evaluations where real_estate_id = $1',
      [property.id],
    );
    return { item: rows.map(toEvaluation), total: Number(count[0]!.n), page, size };
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
        const { rows } = await tx.query(
          `insert into real_estate_evaluations (real_estate_id, evaluation_date, value) values ($1, $2, $3)
           returning id, real_estate_id, to_char(evaluation_date, 'YYYY-MM-DD') as evaluation_date, value::float8 as value`,
          [property.id, evaluationDate, value],
        );
        const evaluation = toEvaluation(rows[0]!);
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
        const { rows: found } = await tx.query(`${EVALUATION_SELECT} where id = $1 and real_estate_id = $2`, [
          request.params.evalId,
          property.id,
        ]);
        if (!found[0]) throw notFound();
        const before = toEvaluation(found[0]);
        await assertDateFree(tx, property.id, evaluationDate, before.id);
        const { rows } = await tx.query(
          `update real_estate_evaluations set evaluation_date = $2, value = $3, updated_at = now() where id = $1
           returning id, real_estate_id, to_char(evaluation_date, 'YYYY-MM-DD') as evaluation_date, value::float8 as value`,
          [before.id, evaluationDate, value],
        );
        const after = toEvaluation(rows[0]!);
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
