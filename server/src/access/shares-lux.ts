// Who sees which company and which luxury good (DESIGN.md 3, issue 13 "two disclosures across tenants"): a company
// through its holders, an item through its owner client; anything else answers 404.
import type { Company, LuxItem } from '@patrimonio/shared-api';
import { companyById } from '../data/shares-lux/companies.ts';
import { Params } from '../data/sql.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { notFound } from '../plugins/errors.ts';
import { LUX_SELECT, toLuxItem } from '../shares-lux/lux.ts';
import { visibleClients } from './visibility.ts';

/**
 * A company the caller may read: it sees one of its holders. `write`: it sees all of them (a holder of another tenant
 * would otherwise be changed by someone who may not see it). A condition on companies aliased `co`.
 */
export function companyVisible(user: AuthUser, p: Params, mode: 'read' | 'write'): string {
  const seen = `exists (select 1 from company_holdings h join clients c on c.id = h.client_id
                         where h.company_id = co.id and ${p.visible(visibleClients, user)})`;
  if (mode === 'read') return seen;
  return `${seen} and not exists (select 1 from company_holdings h join clients c on c.id = h.client_id
                                   where h.company_id = co.id and not (${p.visible(visibleClients, user)}))`;
}

/** The company with its holders (largest first) and figures (latest first), if the caller may read or write it. */
export async function visibleCompany(
  db: Queryable,
  user: AuthUser,
  id: number,
  mode: 'read' | 'write',
  lock = false,
): Promise<Company> {
  const p = new Params();
  const { rows } = await db.query<{ id: number; legal_name: string }>(
    `select co.id, co.legal_name from companies co
      where co.id = ${p.add(id)} and ${companyVisible(user, p, mode)}${lock ? ' for update of co' : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return companyById(db, user, Number(rows[0].id), rows[0].legal_name);
}

/** A luxury good of a client the caller sees, else 404; `lock` holds its row for the transaction. */
export async function visibleLux(db: Queryable, user: AuthUser, id: number, lock = false): Promise<LuxItem> {
  const p = new Params();
  const { rows } = await db.query(
    `${LUX_SELECT} where li.id = ${p.add(id)} and ${p.visible(visibleClients, user)}${lock ? ' for update of li' : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return toLuxItem(rows[0]);
}
