// The life_policies table (life insurance of human capital): lists, single rows and writes.
import { roundMoney } from '@patrimonio/engine';
import type { Policy, PolicyListQuery, PolicyType, PolicyUpdate, PremiumFrequency } from '@patrimonio/shared-api';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable } from '../../db/database.ts';
import type { WeightedClient } from '../../real-estate/load.ts';
import { isoDate, Params, paging, selectPage } from '../sql.ts';

const num = (v: unknown) => Number(v ?? 0);
const PREMIUMS_PER_YEAR: Record<PremiumFrequency, number> = {
  SINGLE: 0,
  MONTHLY: 12,
  QUARTERLY: 4,
  HALF_YEARLY: 2,
  YEARLY: 1,
};

export const POLICY_SELECT = `select lp.id, lp.client_id, ${clientDisplayNameSql('c')} as owner, lp.insurer,
    lp.policy_type, lp.policy_number, lp.insured, lp.beneficiary, lp.capital::text as capital,
    lp.premium::text as premium, lp.premium_frequency, lp.start_date, lp.end_date,
    lp.surrender_value::text as surrender_value, lp.note, lp.updated_at
  from life_policies lp join clients c on c.id = lp.client_id`;

/** A policy as the API gives it; `today` decides whether it has expired (endDate before it). */
export function toPolicy(r: Record<string, unknown>, today: string, weight = 1): Policy {
  const endDate = isoDate(r.end_date);
  const expired = endDate !== null && endDate < today;
  const premium = num(r.premium);
  const frequency = r.premium_frequency as PremiumFrequency;
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    owner: String(r.owner),
    weight,
    insurer: String(r.insurer),
    policyType: r.policy_type as PolicyType,
    policyNumber: (r.policy_number as string | null) ?? null,
    insured: String(r.insured),
    beneficiary: String(r.beneficiary),
    capital: num(r.capital),
    premium,
    premiumFrequency: frequency,
    startDate: isoDate(r.start_date)!,
    endDate,
    surrenderValue: r.surrender_value === null ? null : num(r.surrender_value),
    note: (r.note as string | null) ?? null,
    yearlyPremium: expired ? 0 : roundMoney(premium * PREMIUMS_PER_YEAR[frequency]),
    expired,
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

const SORT = { capital: 'lp.capital', startDate: 'lp.start_date', updatedAt: 'lp.updated_at' };

export async function listPolicies(
  db: Queryable,
  members: readonly WeightedClient[],
  q: PolicyListQuery,
  today: string,
) {
  const p = new Params();
  const w = new Map(members.map((m) => [m.clientId, m.weight]));
  const { orderBy } = paging(q, SORT, 'lp');
  return selectPage(
    db,
    {
      select: POLICY_SELECT,
      from: 'life_policies lp',
      filter: `where lp.client_id = any(${p.add(members.map((m) => m.clientId))}::bigint[])`,
      orderBy,
      values: p.values,
    },
    { page: q.page, size: q.size ?? 5 },
    (r) => toPolicy(r, today, w.get(Number(r.client_id)) ?? 1),
  );
}

/** Every policy of the clients (for the figures). */
export async function policiesOf(db: Queryable, clientIds: readonly number[], today: string): Promise<Policy[]> {
  const { rows } = await db.query(`${POLICY_SELECT} where lp.client_id = any($1::bigint[]) order by lp.id`, [
    clientIds,
  ]);
  return rows.map((r) => toPolicy(r, today));
}

const values = (b: PolicyUpdate) => [
  b.insurer.trim(),
  b.policyType,
  b.policyNumber ?? null,
  b.insured.trim(),
  b.beneficiary.trim(),
  b.capital,
  b.premium,
  b.premiumFrequency,
  b.startDate,
  b.endDate ?? null,
  b.surrenderValue ?? null,
  b.note ?? null,
];

export async function insertPolicy(tx: Queryable, clientId: number, createdBy: number | null, b: PolicyUpdate) {
  const { rows } = await tx.query<{ id: number }>(
    `insert into life_policies (client_id, insurer, policy_type, policy_number, insured, beneficiary, capital, premium,
                                premium_frequency, start_date, end_date, surrender_value, note, created_by)
     values ($1, $2, $3, $4, $5, $6, round($7::numeric, 2), round($8::numeric, 2), $9, $10, $11,
             round($12::numeric, 2), $13, $14) returning id`,
    [clientId, ...values(b), createdBy],
  );
  return Number(rows[0]!.id);
}

export async function updatePolicy(tx: Queryable, id: number, b: PolicyUpdate): Promise<void> {
  await tx.query(
    `update life_policies set insurer = $2, policy_type = $3, policy_number = $4, insured = $5, beneficiary = $6,
            capital = round($7::numeric, 2), premium = round($8::numeric, 2), premium_frequency = $9,
            start_date = $10, end_date = $11, surrender_value = round($12::numeric, 2), note = $13,
            updated_at = now()
      where id = $1`,
    [id, ...values(b)],
  );
}

export async function deletePolicy(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from life_policies where id = $1', [id]);
}
