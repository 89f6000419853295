// The mortgages table: one mortgage per property (spec section 3 "Mortgage").
import type { Mortgage as MortgageTerms } from '@patrimonio/engine';
import type { MortgageInput } from '@patrimonio/shared-api';
import type { Queryable } from '../../db/database.ts';
import { mortgageOf } from '../../real-estate/load.ts';

const MORTGAGE_COLUMNS = [
  'amount',
  'init_date',
  'rata_type',
  'total_rata',
  'interest_rate_type',
  'amortization',
  'interest_rate',
] as const;
const mortgageValues = (m: MortgageInput) => [
  m.amount,
  m.initDate,
  m.rataType,
  m.totalRata,
  m.interestRateType,
  m.amortization,
  m.interestRate,
];

/** The id of the property's mortgage, or null. */
export async function mortgageIdOf(db: Queryable, realEstateId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>('select id from mortgages where real_estate_id = $1', [realEstateId]);
  return rows[0] ? Number(rows[0].id) : null;
}

/** The mortgage of the property with that id, as the engine's terms, or null. */
export async function findMortgage(
  db: Queryable,
  realEstateId: number,
  mortgageId: number,
): Promise<(MortgageTerms & { id: number }) | null> {
  const { rows } = await db.query(
    `select m.id, m.real_estate_id, m.amount::float8 as amount, to_char(m.init_date, 'YYYY-MM-DD') as init_date,
        m.rata_type, m.total_rata, m.interest_rate_type, m.amortization, m.interest_rate::float8 as interest_rate
       from mortgages m where m.id = $1 and m.real_estate_id = $2`,
    [mortgageId, realEstateId],
  );
  return rows[0] ? { id: Number(rows[0].id), ...mortgageOf(rows[0]) } : null;
}

export async function insertMortgage(tx: Queryable, realEstateId: number, mortgage: MortgageInput): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into mortgages (real_estate_id, ${MORTGAGE_COLUMNS.join(', ')}) values ($1, $2, $3, $4, $5, $6, $7, $8)
     returning id`,
    [realEstateId, ...mortgageValues(mortgage)],
  );
  return Number(rows[0]!.id);
}

export async function updateMortgage(tx: Queryable, id: number, mortgage: MortgageInput): Promise<void> {
  await tx.query(
    `update mortgages set ${MORTGAGE_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
      where id = $1`,
    [id, ...mortgageValues(mortgage)],
  );
}

export async function deleteMortgage(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from mortgages where id = $1', [id]);
}
