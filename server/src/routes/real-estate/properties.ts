// Houses and lands: the tables (not sold), the sold list, one property, add, edit, sell (PATCH) and delete. A property
// is visible through its owner client; BASIC reads its own and writes nothing (403); another tenant's ids answer 404.
// Every write is transactional and audited; a bad body answers 400 naming the fields and writes nothing.
import { type RealEstateCreate, type RealEstateUpdate, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { route } from '../../plugins/route.ts';
import { suggestEvaluation } from '../../real-estate/suggested.ts';
import { assertVisibleClient, currencyOrDefault, paging } from '../financial/common.ts';
import { Params } from '../financial/sql.ts';
import {
  checkPropertyBody,
  ownersOf,
  REAL_ESTATE_SELECT,
  REAL_ESTATE_SORT,
  today,
  toRealEstate,
  visibleRealEstate,
  visibleRealEstates,
} from './common.ts';
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

/** Lists of properties: the owners' (a family's members), sold or not, one page. */
async function listPage(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number; page?: number; size?: number; sort?: string },
  condition: string,
  defaultSort: string,
  defaultSize: number,
) {
  const owners = await ownersOf(db, user, query);
  const p = new Params();
  const where = `r.client_id = any(${p.add(owners.map((o) => o.clientId))}::bigint[]) and ${condition} and ${p.visible(visibleRealEstates, user)}`;
  const pg = paging(
    { ...query, sort: query.sort ?? defaultSort, size: query.size ?? defaultSize },
    REAL_ESTATE_SORT,
    'r',
  );
  const { rows } = await db.query(`${REAL_ESTATE_SELECT} where ${where} order by ${pg.orderBy} ${pg.limit}`, p.values);
  const { rows: count } = await db.query<{ n: number }>(
    `select count(*)::int as n from real_estates r where ${where}`,
    p.values,
  );
  return { item: rows.map(toRealEstate), total: Number(count[0]!.n), page: pg.page, size: pg.size };
}

export async function propertyRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listRealEstate, async (request) => {
    const { type } = request.query;
    const typologies = type === 'land' ? "('LAND')" : type === 'house' ? "('RESIDENTIAL', 'COMMERCIAL')" : null;
    const condition = `r.sold_date is null${typologies ? ` and r.typology in ${typologies}` : ''}`;
    return listPage(app.db, caller(request), request.query, condition, 'updatedAt,desc', 1000);
  });

  route(app, routes.soldRealEstate, async (request) =>
    listPage(app.db, caller(request), request.query, 'r.sold_date is not null', 'soldDate,desc', 10000),
  );

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
        const columns = propertyColumns(body);
        const names = Object.keys(columns);
        const { rows } = await tx.query<{ id: string }>(
          `insert into real_estates (client_id, created_by, ${names.join(', ')})
           values ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')}) returning id`,
          [body.clientId, user.userId, ...Object.values(columns)],
        );
        const id = Number(rows[0]!.id);
        await tx.query(
          'insert into real_estate_evaluations (real_estate_id, evaluation_date, value) values ($1, $2, $3)',
          [id, body.evaluationDate ?? today(), body.selectedEvaluation],
        );
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
        const columns = propertyColumns(body);
        const names = Object.keys(columns);
        await tx.query(
          `update real_estates set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = now()
            where id = $1`,
          [before.id, ...Object.values(columns)],
        );
        // The value chosen in the form becomes the evaluation of today when it changed (the latest is the current value).
        if (body.selectedEvaluation !== before.selectedEvaluation) {
          await tx.query(
            `insert into real_estate_evaluations (real_estate_id, evaluation_date, value) values ($1, $2, $3)
             on conflict (real_estate_id, evaluation_date) do update set value = excluded.value, updated_at = now()`,
            [before.id, today(), body.selectedEvaluation],
          );
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
        await tx.query('update real_estates set sold_date = $2, sold_value = $3, updated_at = now() where id = $1', [
          before.id,
          soldDate,
          soldValue,
        ]);
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
        await tx.query('delete from real_estates where id = $1', [before.id]);
        await audit(tx, user, 'delete', 'realEstate', before.id, before, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
