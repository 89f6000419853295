// The companies, company_holdings and company_figures tables: a company with its holders and yearly figures, and the
// writes of the share routes. Which company a caller may read or write: access/shares-lux.ts.
import type { Company, CompanyFiguresInput } from '@patrimonio/shared-api';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { companyHolders } from '../../shares-lux/shares.ts';

/** A company with its holders as the caller may see them (another tenant's clients unnamed, summed) and figures. */
export async function companyById(db: Queryable, user: AuthUser, id: number, legalName: string): Promise<Company> {
  const holdings = (await companyHolders(db, user, [id])).get(id) ?? [];
  const { rows: figures } = await db.query<Record<string, string | number>>(
    `select year, revenue::text as revenue, profit::text as profit, ebitda::text as ebitda, value::text as value
       from company_figures where company_id = $1 order by year desc`,
    [id],
  );
  return {
    id,
    legalName,
    holdings,
    figures: figures.map((f) => ({
      year: Number(f.year),
      revenue: Number(f.revenue),
      profit: Number(f.profit),
      ebitda: Number(f.ebitda),
      value: Number(f.value),
    })),
  };
}

/** The companies one of the clients holds a share of (id and legal name). */
export async function companiesHeldBy(
  db: Queryable,
  clientIds: readonly number[],
): Promise<{ id: number; legalName: string }[]> {
  const { rows } = await db.query<{ id: number; legal_name: string }>(
    `select co.id, co.legal_name from companies co
      where co.id in (select company_id from company_holdings where client_id = any($1::bigint[]))`,
    [[...clientIds]],
  );
  return rows.map((r) => ({ id: Number(r.id), legalName: r.legal_name }));
}

export async function insertCompany(tx: Queryable, legalName: string, createdBy: number | null): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'insert into companies (legal_name, created_by) values ($1, $2) returning id',
    [legalName, createdBy],
  );
  return Number(rows[0]!.id);
}

export async function renameCompany(tx: Queryable, id: number, legalName: string): Promise<void> {
  await tx.query('update companies set legal_name = $2, updated_at = now() where id = $1', [id, legalName]);
}

export async function deleteCompany(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from companies where id = $1', [id]);
}

/** The company's last change is now (after a write to its holders or figures). */
export async function touchCompany(tx: Queryable, id: number): Promise<void> {
  await tx.query('update companies set updated_at = now() where id = $1', [id]);
}

export async function insertHoldings(
  tx: Queryable,
  companyId: number,
  holdings: readonly { clientId: number; percentage: number }[],
): Promise<void> {
  for (const h of holdings)
    await tx.query('insert into company_holdings (company_id, client_id, percentage) values ($1, $2, $3)', [
      companyId,
      h.clientId,
      h.percentage,
    ]);
}

export async function deleteHoldings(tx: Queryable, companyId: number): Promise<void> {
  await tx.query('delete from company_holdings where company_id = $1', [companyId]);
}

/** A year's figures, rounded to cents as stored. */
export async function insertFigures(tx: Queryable, companyId: number, f: CompanyFiguresInput): Promise<void> {
  await tx.query(
    `insert into company_figures (company_id, year, revenue, profit, ebitda, value)
     values ($1, $2, round($3::numeric, 2), round($4::numeric, 2), round($5::numeric, 2), round($6::numeric, 2))`,
    [companyId, f.year, f.revenue, f.profit, f.ebitda, f.value],
  );
}

export async function updateFigures(
  tx: Queryable,
  companyId: number,
  year: number,
  f: Omit<CompanyFiguresInput, 'year'>,
): Promise<void> {
  await tx.query(
    `update company_figures set revenue = round($3::numeric, 2), profit = round($4::numeric, 2),
            ebitda = round($5::numeric, 2), value = round($6::numeric, 2)
      where company_id = $1 and year = $2`,
    [companyId, year, f.revenue, f.profit, f.ebitda, f.value],
  );
}

export async function deleteFigures(tx: Queryable, companyId: number, year: number): Promise<void> {
  await tx.query('delete from company_figures where company_id = $1 and year = $2', [companyId, year]);
}
