// The real_estates table: the property answer (select and row mapping), the lists, and the writes of the property
// routes. The visibility condition is access/visibility.ts visibleRealEstates.
import type { RealEstate } from '@patrimonio/shared-api';
import { visibleRealEstates } from '../../access/visibility.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { isoDate, type PageQuery, Params, paging } from '../sql.ts';

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
const REAL_ESTATE_SORT: Record<string, string> = {
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

/** Which properties a list holds: sold or not, and for the unsold ones houses, lands or both. */
export interface PropertyFilter {
  sold: boolean;
  type?: 'house' | 'land' | undefined;
}

/** One page of the visible properties of the clients that match the filter, sorted as asked (default `defaultSort`). */
export async function listRealEstates(
  db: Queryable,
  user: AuthUser,
  clientIds: readonly number[],
  filter: PropertyFilter,
  query: PageQuery,
) {
  const typologies =
    filter.type === 'land' ? "('LAND')" : filter.type === 'house' ? "('RESIDENTIAL', 'COMMERCIAL')" : null;
  const condition = filter.sold
    ? 'r.sold_date is not null'
    : `r.sold_date is null${typologies ? ` and r.typology in ${typologies}` : ''}`;
  const p = new Params();
  const where = `r.client_id = any(${p.add([...clientIds])}::bigint[]) and ${condition} and ${p.visible(visibleRealEstates, user)}`;
  const pg = paging(query, REAL_ESTATE_SORT, 'r');
  const { rows } = await db.query(`${REAL_ESTATE_SELECT} where ${where} order by ${pg.orderBy} ${pg.limit}`, p.values);
  const { rows: count } = await db.query<{ n: number }>(
    `select count(*)::int as n from real_estates r where ${where}`,
    p.values,
  );
  return { item: rows.map(toRealEstate), total: Number(count[0]!.n), page: pg.page, size: pg.size };
}

/** Inserts a property of the client with the given columns (names as in the table); answers its id. */
export async function insertRealEstate(
  tx: Queryable,
  clientId: number,
  createdBy: number | null,
  columns: Record<string, unknown>,
): Promise<number> {
  const names = Object.keys(columns);
  const { rows } = await tx.query<{ id: string }>(
    `insert into real_estates (client_id, created_by, ${names.join(', ')})
     values ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')}) returning id`,
    [clientId, createdBy, ...Object.values(columns)],
  );
  return Number(rows[0]!.id);
}

/** Writes the given columns (names as in the table) of a property. */
export async function updateRealEstate(tx: Queryable, id: number, columns: Record<string, unknown>): Promise<void> {
  const names = Object.keys(columns);
  await tx.query(
    `update real_estates set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = now()
      where id = $1`,
    [id, ...Object.values(columns)],
  );
}

export async function sellRealEstate(tx: Queryable, id: number, soldDate: string, soldValue: number): Promise<void> {
  await tx.query('update real_estates set sold_date = $2, sold_value = $3, updated_at = now() where id = $1', [
    id,
    soldDate,
    soldValue,
  ]);
}

export async function deleteRealEstate(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from real_estates where id = $1', [id]);
}

/** The description and owner's display name of each property, by id (the composition's labels). */
export async function propertyLabels(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, { description: string; owner: string }>> {
  const { rows } = await db.query<{ id: string; description: string; owner: string }>(
    `select r.id, r.description, ${clientDisplayNameSql('c')} as owner
       from real_estates r join clients c on c.id = r.client_id where r.id = any($1::bigint[])`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [Number(r.id), { description: r.description, owner: r.owner }]));
}
