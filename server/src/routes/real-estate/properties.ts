// Houses and lands: the tables (not sold), the sold list, one property, add, edit, sell (PATCH) and delete. A property
// is visible through its owner client; BASIC reads its own and writes nothing (403); another tenant's ids answer 404.
// Every write is transactional and audited; a bad body answers 400 naming the fields and writes nothing.
import { type RealEstateCreate, type RealEstateUpdate, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient } from '../../access/clients.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { ownersOf } from '../../access/owners.ts';
import { visibleRealEstate } from '../../access/real-estate.ts';
import { currencyOrDefault } from '../../data/currencies.ts';
import { insertEvaluation, upsertEvaluation } from '../../data/real-estate/evaluations.ts';
import {
  deleteRealEstate,
  insertRealEstate,
  listRealEstates,
  sellRealEstate,
  updateRealEstate,
} from '../../data/real-estate/properties.ts';
import { caller } from '../../plugins/auth.ts';
import { route } from '../../plugins/route.ts';
import { suggestEvaluation } from '../../real-estate/suggested.ts';
import { checkPropertyBody, today } from './common.ts';
import { saveMortgage } from './mortgages.ts';

/** The columns a create or an edit writes, in order, from the body. */
function propertyColumns(body: RealEstateCreate | RealEstateUpdate) {
  const evaluationType = body.realEstateEvaluationType ?? 'CUSTOM';
  let suggested = body.suggestedEvaluation ?? null;
  let suggestedDate = body.suggestedEvaluationDate ?? null;
  // Without a suggestion in the body, the price table's (when there is a province and an area).
  if (body.suggestedEvaluation === undefined) {
    const suggestion = suggestEvaluation({
      provinceCode: body.provinceCode ?? null,
      typology: body.typology,
      conservationState: body.conservationState,
      mq: body.mq ?? null,
    });
    suggested = suggestion.value;
    suggestedDate = suggestion.value === null ? null : suggestion.date;
  }
  return {
    typology: body.typology,
    destination: body.destination,
    conservation_state: body.conservationState,
    type_property: body.typeProperty,
    currency_id: body.currencyId,
    description: body.description.trim(),
    mq: body.mq ?? null,
    real_estate_evaluation_type: evaluationType,
    custom_evaluation: body.customEvaluation ?? (evaluationType === 'CUSTOM' ? body.selectedEvaluation : null),
    suggested_evaluation: suggested,
    suggested_evaluation_date: suggestedDate,
    purchase_date: body.purchaseDate ?? null,
    purchase_value: body.purchaseValue ?? null,
    income: body.income ?? null,
    maintenance_cost: body.maintenanceCost ?? null,
    perc_owned: body.percOwned,
    address: body.address.trim(),
    address_number: body.addressNumber ?? null,
    zipcode: body.zipcode ?? null,
    city: body.city.trim(),
    country: body.country,
    province_code: body.country === 'IT' ? (body.provinceCode ?? null) : null,
    note: body.note ?? null,
    lat: body.lat ?? null,
    lng: body.lng ?? null,
    cadastral_income: body.cadastralIncome ?? null,
    code: body.code ?? null,
    cadastral_code: body.cadastralCode ?? null,
    urban_section: body.urbanSection ?? null,
    layout: body.layout ?? null,
    lot: body.lot ?? null,
    sub_lot: body.subLot ?? null,
  };
}

export async function propertyRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listRealEstate, async (request) => {
    const user = caller(request);
    const { type, ...query } = request.query;
    const owners = await ownersOf(app.db, user, query);
    return listRealEstates(
      app.db,
      user,
      owners.map((o) => o.clientId),
      { sold: false, type },
      { ...query, sort: query.sort ?? 'updatedAt,desc', size: query.size ?? 1000 },
    );
  });

  route(app, routes.soldRealEstate, async (request) => {
    const user = caller(request);
    const query = request.query;
    const owners = await ownersOf(app.db, user, query);
    return listRealEstates(
      app.db,
      user,
      owners.map((o) => o.clientId),
      { sold: true },
      { ...query, sort: query.sort ?? 'soldDate,desc', size: query.size ?? 10000 },
    );
  });

  route(app, routes.getRealEstate, async (request) => visibleRealEstate(app.db, caller(request), request.params.id));

  route(
    app,
    routes.createRealEstate,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        await assertVisibleClient(tx, user, body.clientId);
        checkPropertyBody(body);
        await currencyOrDefault(tx, body.currencyId, 'body.currencyId');
        const id = await insertRealEstate(tx, body.clientId, user.userId, propertyColumns(body));
        await insertEvaluation(tx, id, body.evaluationDate ?? today(), body.selectedEvaluation);
        await saveMortgage(tx, user, id, body.mortgage);
        await audit(tx, user, 'create', 'realEstate', id, null, await visibleRealEstate(tx, user, id));
        return { id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateRealEstate,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visibleRealEstate(tx, user, request.params.id, true);
        checkPropertyBody(body);
        await currencyOrDefault(tx, body.currencyId, 'body.currencyId');
        await updateRealEstate(tx, before.id, propertyColumns(body));
        // The value chosen in the form becomes the evaluation of today when it changed (the latest is the current value).
        if (body.selectedEvaluation !== before.selectedEvaluation) {
          await upsertEvaluation(tx, before.id, today(), body.selectedEvaluation);
        }
        await saveMortgage(tx, user, before.id, body.mortgage);
        const after = await visibleRealEstate(tx, user, before.id);
        await audit(tx, user, 'update', 'realEstate', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.sellRealEstate,
    async (request) => {
      const user = caller(request);
      const { soldDate, soldValue } = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visibleRealEstate(tx, user, request.params.id, true);
        await sellRealEstate(tx, before.id, soldDate, soldValue);
        const after = await visibleRealEstate(tx, user, before.id);
        await audit(tx, user, 'sell', 'realEstate', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteRealEstate,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleRealEstate(tx, user, request.params.id, true);
        await deleteRealEstate(tx, before.id);
        await audit(tx, user, 'delete', 'realEstate', before.id, before, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
