// The report's stored data (portal-and-report 5 and 6): the professional's logo and the settings of a client's or a
// family's report, with the portfolio menu the settings are checked against.
import type { ReportSection } from '@patrimonio/shared-api';
import { visiblePortfolios } from '../access/financial-visibility.ts';
import type { OwnerScope } from '../access/owners.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';

/** The user whose logo the caller's reports carry: itself (PRO), its PRO (DELEGATE), its client's adviser (BASIC). */
export async function logoOwner(db: Queryable, user: AuthUser): Promise<number | null> {
  if (user.userId === null) return null;
  const { rows } = await db.query<{ owner: number | null }>(
    `select case u.role
       when 'DELEGATE' then u.pro_id
       when 'BASIC' then coalesce(
         (select c.created_by from clients c join users a on a.id = c.created_by and a.role = 'PRO' where c.id = u.client_id),
         (select min(ca.pro_id) from client_advisers ca where ca.client_id = u.client_id))
       else u.id end as owner
     from users u where u.id = $1`,
    [user.userId],
  );
  return rows[0]?.owner == null ? null : Number(rows[0].owner);
}

/** The user's logo as stored (a data URL), or null; `lock` holds its row for the transaction. */
export async function storedLogo(db: Queryable, userId: number | null, lock = false): Promise<string | null> {
  const { rows } = await db.query<{ logo_stream: string }>(
    `select logo_stream from report_logos where user_id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return rows[0]?.logo_stream ?? null;
}

export async function saveLogo(tx: Queryable, userId: number | null, dataUrl: string): Promise<void> {
  await tx.query(
    `insert into report_logos (user_id, logo_stream) values ($1, $2)
     on conflict (user_id) do update set logo_stream = excluded.logo_stream, updated_at = now()`,
    [userId, dataUrl],
  );
}

export interface MenuPortfolio {
  id: number;
  /** Offered by default: not testing, with a first movement and a last quantity check (portal-and-report 5). */
  eligible: boolean;
}

/** The portfolios of the owner's portfolio menu (GET /portfolio/menu without the aggregate), in menu order. */
export async function menuPortfolios(db: Queryable, user: AuthUser, owner: OwnerScope): Promise<MenuPortfolio[]> {
  const visible = visiblePortfolios(user, 2, 'p');
  const ownedBy =
    owner.familyId !== null
      ? 'p.client_id in (select fm.client_id from family_members fm where fm.family_id = $1)'
      : 'p.client_id = $1';
  const { rows } = await db.query<{ id: number; eligible: boolean }>(
    `select p.id, (not p.testing and p.first_movement_date is not null and p.last_quantity_check_ok_date is not null) as eligible
       from portfolios p where ${ownedBy} and ${visible.sql} order by lower(p.name), p.id`,
    [owner.familyId ?? owner.clientId, ...visible.params],
  );
  return rows.map((r) => ({ id: Number(r.id), eligible: Boolean(r.eligible) }));
}

/** The saved settings of the client or family, or null. */
export async function storedSettings(db: Queryable, owner: OwnerScope) {
  const { rows } = await db.query<{ id: number; sections: string[]; portfolio_ids: (number | string)[] }>(
    owner.familyId !== null
      ? 'select id, sections, portfolio_ids from report_settings where family_id = $1'
      : 'select id, sections, portfolio_ids from report_settings where client_id = $1',
    [owner.familyId ?? owner.clientId],
  );
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        sections: row.sections as ReportSection[],
        portfolios: row.portfolio_ids.map(Number),
      }
    : null;
}

/** Writes the settings of the client or family (created or replaced); answers their id. */
export async function saveSettings(
  tx: Queryable,
  owner: OwnerScope,
  sections: readonly ReportSection[],
  portfolios: readonly number[],
  updatedBy: number | null,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    owner.familyId !== null
      ? `insert into report_settings (family_id, sections, portfolio_ids, updated_by) values ($1, $2, $3, $4)
         on conflict (family_id) where family_id is not null
         do update set sections = excluded.sections, portfolio_ids = excluded.portfolio_ids,
           updated_by = excluded.updated_by, updated_at = now() returning id`
      : `insert into report_settings (client_id, sections, portfolio_ids, updated_by) values ($1, $2, $3, $4)
         on conflict (client_id) where client_id is not null
         do update set sections = excluded.sections, portfolio_ids = excluded.portfolio_ids,
           updated_by = excluded.updated_by, updated_at = now() returning id`,
    [owner.familyId ?? owner.clientId, [...sections], [...portfolios], updatedBy],
  );
  return rows[0]!.id;
}
