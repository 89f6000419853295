// The planning_settings table: a client's retirement date and discount rate (null: the defaults), and what the
// defaults are read from (the client's tax code).
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable } from '../../db/database.ts';
import { isoDate } from '../sql.ts';

export interface PlanningSettingsRow {
  clientId: number;
  name: string;
  taxCode: string | null;
  isCompany: boolean;
  retirementDate: string | null;
  discountRate: number | null;
}

/** The clients' settings (a client without a row has nulls), with what the defaults need. */
export async function settingsOf(db: Queryable, clientIds: readonly number[]): Promise<PlanningSettingsRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select c.id, ${clientDisplayNameSql('c')} as name, c.tax_code, c.company_name is not null as is_company, s.retirement_date, s.discount_rate::text as rate
       from clients c left join planning_settings s on s.client_id = c.id
      where c.id = any($1::bigint[]) order by c.id`,
    [clientIds],
  );
  return rows.map((r) => ({
    clientId: Number(r.id),
    name: String(r.name),
    taxCode: (r.tax_code as string | null) ?? null,
    isCompany: Boolean(r.is_company),
    retirementDate: isoDate(r.retirement_date),
    discountRate: r.rate === null || r.rate === undefined ? null : Number(r.rate),
  }));
}

export async function saveSettings(
  tx: Queryable,
  clientId: number,
  retirementDate: string | null,
  discountRate: number | null,
): Promise<void> {
  await tx.query(
    `insert into planning_settings (client_id, retirement_date, discount_rate) values ($1, $2, $3)
     on conflict (client_id) do update
       set retirement_date = excluded.retirement_date, discount_rate = excluded.discount_rate, updated_at = now()`,
    [clientId, retirementDate, discountRate],
  );
}
