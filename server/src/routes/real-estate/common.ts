// Shared by the real-estate routes: whose properties a call is about, reading one property the caller may see, the
// answer shape, and the checks of a property's body beyond its schema (spec section 5).
import {
  COUNTRIES,
  PROVINCES,
  type RealEstate,
  type RealEstateCreate,
  type RealEstateUpdate,
} from '@patrimonio/shared-api';
import { visibleClients } from '../../access/visibility.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { badRequest, type FieldError, notFound } from '../../plugins/errors.ts';
import type { WeightedClient } from '../../real-estate/load.ts';
import { assertVisibleFamily, isoDate, targetClientId } from '../financial/common.ts';
import { Params } from '../financial/sql.ts';

export const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The clients a list or a figure is about, with their weights: a family's members (weights apply; not for BASIC,
 * 404) or one client (a BASIC user's own by default; anyone else must name one, 400).
 */
export async function ownersOf(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number },
): Promise<WeightedClient[]> {
  if (query.clientId !== undefined && query.familyId !== undefined)
    throw badRequest([{ field: 'querystring.familyId', message: 'give clientId or familyId, not both' }]);
  if (query.familyId !== undefined) {
    await assertVisibleFamily(db, user, query.familyId);
    const { rows } = await db.query<{ client_id: string; weight: string | null }>(
      'select client_id, weight::text as weight from family_members where family_id = $1 order by client_id',
      [query.familyId],
    );
    return rows.map((r) => ({ clientId: Number(r.client_id), weight: Number(r.weight ?? 1) }));
  }
  return [{ clientId: await targetClientId(db, user, query.clientId), weight: 1 }];
}

/** A condition on real_estates aliased `r`: properties of a client the caller sees (DESIGN.md 3). */
export function visibleRealEstates(user: AuthUser, offset = 1): { sql: string; params: unknown[] } {
  const clients = visibleClients(user, offset);
  return clients.sql === 'true'
    ? clients
    : { sql: `exists (select 1 from clients c where c.id = r.client_id and ${clients.sql})`, params: clients.params };
}

const money = (column: string) => `${column}::float8`;
export const REAL_ESTATE_SELECT = `select r.id, r.client_id, ${clientDisplayNameSql('oc')} as owner_name, r.typology,
    r.destination, r.conservation_state, r.type_property, r.currency_id, cur.symbol as currency_symbol, r.description,
    ${money('r.mq')} as mq, ${money('le.value')} as selected_evaluation,
    to_char(le.evaluation_date, 'YYYY-MM-DD') as evaluation_date, ${money('r.custom_evaluation')} as custom_evaluation,
    r.real_estate_evaluation_type, ${money('r.suggested_evaluation')} as suggested_evaluation,
    to_char(r.suggested_evaluation_date, 'YYYY-MM-DD') as suggested_evaluation_date,
    to_char(r.purchase_date, 'YYYY-MM-DD') as purchase_date, ${money('r.purchase_value')} as purchase_value,
    ${money('r.income')} as income, ${money('r.maintenance_cost')} as maintenance_cost,
    ${money('r.perc_owned')} as perc_owned, r.address, r.address_number, r.zipcode, r.city, r.country,
    r.province_code, r.note, ${money('r.lat')} as lat, ${money('r.lng')} as lng, m.id as mortgage_id,
    ${money('r.cadastral_income')} as cadastral_income, r.code, r.cadastral_code, r.urban_section, r.layout, r.lot,
    r.sub_lot, to_char(r.sold_date, 'YYYY-MM-DD') as sold_date, ${money('r.sold_value')} as sold_value
  from real_estates r
  join clients oc on oc.id = r.client_id
  join currencies cur on cur.id = r.currency_id
  left join mortgages m on m.real_estate_id = r.id
  left join lateral (select e.value, e.evaluation_date from real_estate_evaluations e where e.real_estate_id = r.id
                      order by e.evaluation_date desc limit 1) le on true`;

/** Sort fields of the lists (contract REAL_ESTATE_SORT_FIELDS) to columns of REAL_ESTATE_SELECT. */
export const REAL_ESTATE_SORT: Record<string, string> = {
  description: 'lower(r.description)',
  city: 'lower(r.city)',
  typology: 'r.typology',
  destination: 'r.destination',
  selectedEvaluation: 'le.value',
  purchaseDate: 'r.purchase_date',
  soldDate: 'r.sold_date',
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function toRealEstate(r: Row): RealEstate {
  const selectedEvaluation = num(r.selected_evaluation) ?? 0;
  const mq = num(r.mq);
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    ownerId: Number(r.client_id),
    owner: String(r.owner_name),
    typology: r.typology as RealEstate['typology'],
    destination: r.destination as RealEstate['destination'],
    conservationState: r.conservation_state as RealEstate['conservationState'],
    typeProperty: r.type_property as RealEstate['typeProperty'],
    currencyId: Number(r.currency_id),
    currencySymbol: String(r.currency_symbol),
    description: String(r.description),
    mq,
    selectedEvaluation,
    evaluationDate: isoDate(r.evaluation_date),
    eurPerMq: mq ? Math.round((selectedEvaluation / mq) * 100) / 100 : null,
    customEvaluation: num(r.custom_evaluation),
    realEstateEvaluationType: r.real_estate_evaluation_type as RealEstate['realEstateEvaluationType'],
    suggestedEvaluation: num(r.suggested_evaluation),
    suggestedEvaluationDate: isoDate(r.suggested_evaluation_date),
    purchaseDate: isoDate(r.purchase_date),
    purchaseValue: num(r.purchase_value),
    income: num(r.income),
    maintenanceCost: num(r.maintenance_cost),
    percOwned: Number(r.perc_owned),
    address: String(r.address),
    addressNumber: str(r.address_number),
    zipcode: str(r.zipcode),
    city: String(r.city),
    country: String(r.country),
    provinceCode: str(r.province_code),
    note: str(r.note),
    lat: num(r.lat),
    lng: num(r.lng),
    mortgageId: num(r.mortgage_id),
    cadastralIncome: num(r.cadastral_income),
    code: str(r.code),
    cadastralCode: str(r.cadastral_code),
    urbanSection: str(r.urban_section),
    layout: str(r.layout),
    lot: str(r.lot),
    subLot: num(r.sub_lot),
    soldDate: isoDate(r.sold_date),
    soldValue: num(r.sold_value),
  };
}

/** One property the caller may see (sold or not), else 404; `lock` holds its row for the transaction. */
export async function visibleRealEstate(db: Queryable, user: AuthUser, id: number, lock = false): Promise<RealEstate> {
  const p = new Params();
  const where = `r.id = ${p.add(id)} and ${p.visible(visibleRealEstates, user)}`;
  if (lock) {
    const { rows } = await db.query(`select r.id from real_estates r where ${where} for update`, p.values);
    if (!rows[0]) throw notFound();
  }
  const { rows } = await db.query(`${REAL_ESTATE_SELECT} where ${where}`, p.values);
  if (!rows[0]) throw notFound();
  return toRealEstate(rows[0]);
}

/**
 * The rules of section 5 the schema cannot state, all reported at once (400 naming the fields): country one of the
 * country list; provinceCode required and one of the Italian provinces when country is IT, absent otherwise.
 */
export function checkPropertyBody(body: RealEstateCreate | RealEstateUpdate): void {
  const fields: FieldError[] = [];
  if (!COUNTRIES.some((c) => c.code === body.country))
    fields.push({ field: 'body.country', message: 'unknown country code' });
  const province = body.provinceCode ?? null;
  if (body.country === 'IT') {
    if (province === null) fields.push({ field: 'body.provinceCode', message: 'required when country is IT' });
    else if (!PROVINCES.some((p) => p.code === province))
      fields.push({ field: 'body.provinceCode', message: 'unknown Italian province' });
  } else if (province !== null) {
    fields.push({ field: 'body.provinceCode', message: 'only for country IT' });
  }
  if (fields.length) throw badRequest(fields);
}
