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
  type ReportSettings,
  type Role,
  routes,
} from '@patrimonio/shared-api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { audit } from '../access/audit.ts';
import { FINANCIAL_WRITERS } from '../access/financial-visibility.ts';
import { type OwnerScope, ownerScope } from '../access/owners.ts';
import { logoOwner, menuPortfolios, saveLogo, saveSettings, storedLogo, storedSettings } from '../data/report.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { caller } from '../plugins/auth.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';
import { fileTooLarge, fromDataUrl, readLogo, toDataUrl } from '../report/logo.ts';

export const LOGO_UPLOADERS = ['PRO'] as const satisfies readonly Role[];
export const LOGO_READERS = ['PRO', 'DELEGATE', 'BASIC'] as const satisfies readonly Role[];
export const SETTINGS_USERS = FINANCIAL_WRITERS;

/**
 * The settings as the report uses them: the saved ones with only the portfolios still in the menu (portal-and-report
 * 5: "Settings fetched from the server are filtered to portfolios present in the menu"), or, when none are saved,
 * every section and every portfolio the report offers (non-testing, with both dates).
 */
async function currentSettings(db: Queryable, user: AuthUser, owner: OwnerScope): Promise<ReportSettings> {
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
      const stored = owner === null ? null : await storedLogo(app.db, owner);
      if (stored === null) throw notFound();
      const logo = fromDataUrl(stored);
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
      const logo = await readLogo(request.body.logoStream, app.parsePool);
      const info = { type: logo.type, mediaType: logo.mediaType, bytes: logo.bytes.length };
      await app.db.transaction(async (tx) => {
        const stored = await storedLogo(tx, user.userId, true);
        const before = stored === null ? null : fromDataUrl(stored);
        await saveLogo(tx, user.userId, toDataUrl(logo));
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
      return currentSettings(app.db, user, await ownerScope(app.db, user, request.query));
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
        const owner = await ownerScope(tx, user, request.query);
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
        const id = await saveSettings(tx, owner, ordered, portfolios, user.userId);
        const after = { ...owner, sections: ordered, portfolios };
        await audit(
          tx,
          user,
          before ? 'update' : 'create',
          'report_settings',
          id,
          before ? { ...owner, sections: before.sections, portfolios: before.portfolios } : null,
          after,
        );
        return { sections: ordered, portfolios };
      });
    },
    { roles: SETTINGS_USERS },
  );
}
