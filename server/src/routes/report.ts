// The wealth report's server calls (shared-api contract/report.ts): logo and settings. Written by issue 7.
//
// Who may call (portal-and-report 1 and 6):
// - The logo is "an optional uploaded logo of the professional": only a PRO uploads one (the report dialog hides the
//   upload from a DELEGATE, a BASIC user writes nothing, ADMIN and BACK_OFFICE have no report download).
// - Reading it is for those who download reports (PRO, DELEGATE, BASIC): a PRO reads its own, a DELEGATE its PRO's,
//   a BASIC user its adviser's, the logo their reports carry.
// - Settings: "BASIC: report options kept locally" and "Other roles ... have report settings saved on the server",
//   so ADMIN, BACK_OFFICE, PRO and DELEGATE read and save them, each on the clients and families it sees (404 on
//   others); BASIC gets 403.
import {
  LOGO_MAX_DATA_URL_LENGTH,
  REPORT_SECTIONS,
  type ReportSection,
  type ReportSettings,
  type Role,
  routes,
} from '@patrimonio/shared-api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { audit } from '../access/audit.ts';
import { FINANCIAL_WRITERS, visiblePortfolios } from '../access/financial-visibility.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { caller } from '../plugins/auth.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';
import { fileTooLarge, fromDataUrl, readLogo, toDataUrl } from '../report/logo.ts';
import { assertVisibleFamily, targetClientId } from './financial/common.ts';

export const LOGO_UPLOADERS = ['PRO'] as const satisfies readonly Role[];
export const LOGO_READERS = ['PRO', 'DELEGATE', 'BASIC'] as const satisfies readonly Role[];
export const SETTINGS_USERS = FINANCIAL_WRITERS;

/** The user whose logo the caller's reports carry: itself (PRO), its PRO (DELEGATE), its client's adviser (BASIC). */
async function logoOwner(db: Queryable, user: AuthUser): Promise<number | null> {
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

/** Whose settings a call is about: one client or one family the caller sees. */
type Owner = { clientId: number; familyId: null } | { clientId: null; familyId: number };

async function settingsOwner(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number },
): Promise<Owner> {
  if (query.clientId !== undefined && query.familyId !== undefined)
    throw badRequest([{ field: 'querystring.familyId', message: 'give clientId or familyId, not both' }]);
  if (query.familyId !== undefined) {
    await assertVisibleFamily(db, user, query.familyId);
    return { clientId: null, familyId: query.familyId };
  }
  return { clientId: await targetClientId(db, user, query.clientId), familyId: null };
}

interface MenuPortfolio {
  id: number;
  /** Offered by default: not testing, with a first movement and a last quantity check (portal-and-report 5). */
  eligible: boolean;
}

/** The portfolios of the owner's portfolio menu (GET /portfolio/menu without the aggregate), in menu order. */
async function menuPortfolios(db: Queryable, user: AuthUser, owner: Owner): Promise<MenuPortfolio[]> {
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

async function storedSettings(db: Queryable, owner: Owner) {
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

/**
 * The settings as the report uses them: the saved ones with only the portfolios still in the menu (portal-and-report
 * 5: "Settings fetched from the server are filtered to portfolios present in the menu"), or, when none are saved,
 * every section and every portfolio the report offers (non-testing, with both dates).
 */
async function currentSettings(db: Queryable, user: AuthUser, owner: Owner): Promise<ReportSettings> {
  const menu = await menuPortfolios(db, user, owner);
  const saved = await storedSettings(db, owner);
  if (!saved) return { sections: [...REPORT_SECTIONS], portfolios: menu.filter((p) => p.eligible).map((p) => p.id) };
  const inMenu = new Set(menu.map((p) => p.id));
  return { sections: saved.sections, portfolios: saved.portfolios.filter((id) => inMenu.has(id)) };
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  // A logo of 15,000,000 bytes is a data URL of about 20,000,000 characters: above the default body limit.
  app.addHook('onRoute', (options) => {
    if (options.url === routes.saveReportLogo.url && options.method === 'POST')
      options.bodyLimit = LOGO_MAX_DATA_URL_LENGTH + 1024;
  });
  // A body beyond even that is an oversized logo too: the portal's toast is file_too_large (portal-and-report 8).
  // Rethrown errors go on to the app's error handler.
  app.setErrorHandler((err: FastifyError) => {
    throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? fileTooLarge() : err;
  });

  route(
    app,
    routes.getReportLogo,
    async (request, reply) => {
      const owner = await logoOwner(app.db, caller(request));
      const { rows } =
        owner === null
          ? { rows: [] }
          : await app.db.query<{ logo_stream: string }>('select logo_stream from report_logos where user_id = $1', [
              owner,
            ]);
      if (!rows[0]) throw notFound();
      const logo = fromDataUrl(rows[0].logo_stream);
      reply
        .type(logo.mediaType)
        .header('content-disposition', `inline; filename="logo.${logo.type}"`)
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes);
      return undefined;
    },
    { roles: LOGO_READERS },
  );

  route(
    app,
    routes.saveReportLogo,
    async (request) => {
      const user = caller(request);
      const logo = readLogo(request.body.logoStream);
      const info = { type: logo.type, mediaType: logo.mediaType, bytes: logo.bytes.length };
      await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ logo_stream: string }>(
          'select logo_stream from report_logos where user_id = $1 for update',
          [user.userId],
        );
        const before = rows[0] ? fromDataUrl(rows[0].logo_stream) : null;
        await tx.query(
          `insert into report_logos (user_id, logo_stream) values ($1, $2)
           on conflict (user_id) do update set logo_stream = excluded.logo_stream, updated_at = now()`,
          [user.userId, toDataUrl(logo)],
        );
        // The images themselves are not copied into the audit log: their type and size say what was replaced.
        await audit(
          tx,
          user,
          before ? 'update' : 'create',
          'report_logo',
          user.userId,
          before ? { type: before.type, bytes: before.bytes.length } : null,
          info,
        );
      });
      return info;
    },
    { roles: LOGO_UPLOADERS },
  );

  route(
    app,
    routes.getReportSettings,
    async (request) => {
      const user = caller(request);
      return currentSettings(app.db, user, await settingsOwner(app.db, user, request.query));
    },
    { roles: SETTINGS_USERS },
  );

  route(
    app,
    routes.saveReportSettings,
    async (request) => {
      const user = caller(request);
      const { sections, portfolios } = request.body;
      return app.db.transaction(async (tx) => {
        const owner = await settingsOwner(tx, user, request.query);
        const menu = new Set((await menuPortfolios(tx, user, owner)).map((p) => p.id));
        const unknown = portfolios.filter((id) => !menu.has(id));
        if (unknown.length > 0)
          throw badRequest([{ field: 'body.portfolios', message: `not in the portfolio menu: ${unknown.join(', ')}` }]);
        // portal-and-report 5: fees only with the financial section on and at least one portfolio.
        if (sections.includes('fees') && (!sections.includes('financial') || portfolios.length === 0))
          throw badRequest([
            { field: 'body.sections', message: 'fees needs the financial section and at least one portfolio' },
          ]);
        const before = await storedSettings(tx, owner);
        const ordered = REPORT_SECTIONS.filter((s) => sections.includes(s));
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
          [owner.familyId ?? owner.clientId, ordered, portfolios, user.userId],
        );
        const after = { ...owner, sections: ordered, portfolios };
        await audit(
          tx,
          user,
          before ? 'update' : 'create',
          'report_settings',
          rows[0]!.id,
          before ? { ...owner, sections: before.sections, portfolios: before.portfolios } : null,
          after,
        );
        return { sections: ordered, portfolios };
      });
    },
    { roles: SETTINGS_USERS },
  );
}
