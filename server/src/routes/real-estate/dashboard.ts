// The real-estate figures of a client or a family (properties not sold): the dashboard stat, the columns and pies by
// destination and typology, the real-estate composition, and the asset history of one property.
import { addMonthsClamped, compareDates, roundMoney } from '@patrimonio/engine';
import { DESTINATIONS, routes, TYPOLOGIES } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { ownersOf } from '../../access/owners.ts';
import { visibleRealEstate } from '../../access/real-estate.ts';
import { propertyLabels } from '../../data/real-estate/properties.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { currentEvaluation, percentOf, stats, statsBy, valueBy, valueSeries } from '../../real-estate/figures.ts';
import { loadFigures } from '../../real-estate/load.ts';
import { today } from './common.ts';

/** First date of the asset histories (spec section 9). */
const ASSET_HISTORY_START = '2020-01-01';
/** A guard against day-by-day series of centuries, not a business rule (as the financial asset history). */
const MAX_HISTORY_YEARS = 50;

async function figuresOf(db: Queryable, user: AuthUser, query: { clientId?: number; familyId?: number }) {
  const figures = await loadFigures(db, await ownersOf(db, user, query));
  return figures.filter((p) => !p.soldDate);
}

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.realEstateStat, async (request) =>
    stats(await figuresOf(app.db, caller(request), request.query), today()),
  );
  route(app, routes.realEstateColumnDestination, async (request) => ({
    item: statsBy(await figuresOf(app.db, caller(request), request.query), today(), DESTINATIONS, (p) => p.destination),
  }));
  route(app, routes.realEstateColumnTypology, async (request) => ({
    item: statsBy(await figuresOf(app.db, caller(request), request.query), today(), TYPOLOGIES, (p) => p.typology),
  }));
  route(app, routes.realEstatePieDestination, async (request) => ({
    item: valueBy(await figuresOf(app.db, caller(request), request.query), DESTINATIONS, (p) => p.destination),
  }));
  route(app, routes.realEstatePieTypology, async (request) => ({
    item: valueBy(await figuresOf(app.db, caller(request), request.query), TYPOLOGIES, (p) => p.typology),
  }));

  // The composition: each property's value (evaluation x percOwned x member weight), largest first, and the same
  // values by typology and by destination; percentages of the total.
  route(app, routes.realEstateComposition, async (request) => {
    const user = caller(request);
    const figures = await figuresOf(app.db, user, request.query);
    const names = await propertyLabels(
      app.db,
      figures.map((p) => p.id),
    );
    const values = figures.map((p) => ({ p, value: currentEvaluation(p) * p.percOwned * p.weight }));
    const total = values.reduce((sum, v) => sum + v.value, 0);
    return {
      totalValue: roundMoney(total),
      item: values
        .sort((a, b) => b.value - a.value || a.p.id - b.p.id)
        .map(({ p, value }) => ({
          id: p.id,
          description: names.get(p.id)!.description,
          typology: p.typology,
          destination: p.destination,
          owner: names.get(p.id)!.owner,
          ownerId: p.clientId,
          value: roundMoney(value),
          percentage: percentOf(value, total),
        })),
      byTypology: valueBy(figures, TYPOLOGIES, (p) => p.typology),
      byDestination: valueBy(figures, DESTINATIONS, (p) => p.destination),
    };
  });

  // One property's value x percOwned day by day (evaluations carried forward, 0 from its sale).
  route(app, routes.realEstateHistory, async (request) => {
    const user = caller(request);
    const q = request.query;
    const property = await visibleRealEstate(app.db, user, request.params.id);
    const end = q.dateTo ?? today();
    const start = q.dateFrom ?? ASSET_HISTORY_START;
    if (compareDates(start, end) > 0)
      throw badRequest([{ field: 'querystring.dateFrom', message: 'dateFrom must not be after dateTo' }]);
    if (compareDates(end, addMonthsClamped(start, 12 * MAX_HISTORY_YEARS)) > 0)
      throw badRequest([
        {
          field: q.dateFrom ? 'querystring.dateFrom' : 'querystring.dateTo',
          message: `the period may be at most ${MAX_HISTORY_YEARS} years long`,
        },
      ]);
    const figures = await loadFigures(app.db, [{ clientId: property.clientId, weight: 1 }], [property.id]);
    const items = valueSeries(figures, start, end);
    if (q.sort === 'date,desc') items.reverse();
    const page = q.page ?? 1;
    const size = q.size ?? 10000;
    return { item: items.slice((page - 1) * size, page * size), total: items.length, page, size };
  });
}
