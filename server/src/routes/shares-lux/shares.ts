// Family business shares (/share): the list, the years, the chart data and the companies with their holders and
// yearly figures. Reads for every role on the clients it sees; writes for ADMIN, BACK_OFFICE, PRO and DELEGATE, each
// audited in its transaction; a company the caller may not see (or, to write, not all of whose holders it sees) 404.
import { type CompanyFiguresInput, routes, SHARE_YEAR_PRESENT, type ShareItem } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient } from '../../access/clients.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { ownersOf } from '../../access/owners.ts';
import { visibleCompany } from '../../access/shares-lux.ts';
import {
  companiesHeldBy,
  companyById,
  deleteCompany,
  deleteFigures,
  deleteHoldings,
  insertCompany,
  insertFigures,
  insertHoldings,
  renameCompany,
  touchCompany,
  updateFigures,
} from '../../data/shares-lux/companies.ts';
import type { Queryable } from '../../db/database.ts';
import { conflictOnUnique } from '../../db/errors.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, type FieldError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { shareGraph, shareItems, shareYears } from '../../shares-lux/shares.ts';
import { byText, conflict, pageOf } from './common.ts';

const SHARE_ORDER: Record<string, (a: ShareItem, b: ShareItem) => number> = {
  year: (a, b) => a.year - b.year,
  legalName: (a, b) => byText(a.legalName, b.legalName),
  shareValue: (a, b) => a.shareValue - b.shareValue,
};

/** Ties after the sort field: legal name, owner, then ids, ascending. */
const tieBreak = (a: ShareItem, b: ShareItem) =>
  byText(a.legalName, b.legalName) || a.companyId - b.companyId || byText(a.owner, b.owner) || a.ownerId - b.ownerId;

function sortShares(items: ShareItem[], sort = 'year,desc'): ShareItem[] {
  const [field = 'year', dir = 'desc'] = sort.split(',');
  const order = SHARE_ORDER[field] ?? SHARE_ORDER.year!;
  const sign = dir === 'asc' ? 1 : -1;
  return items.sort((a, b) => sign * order(a, b) || tieBreak(a, b));
}

/**
 * The holders of a body: each client once, percentages adding up to at most 100 (400 naming the fields at fault),
 * every client one the caller sees (404 otherwise, never revealing another tenant's ids).
 */
async function checkHoldings(
  db: Queryable,
  user: AuthUser,
  holdings: readonly { clientId: number; percentage: number }[],
  errors: FieldError[],
): Promise<void> {
  const seen = new Set<number>();
  for (const [i, h] of holdings.entries()) {
    if (seen.has(h.clientId)) errors.push({ field: `body.holdings.${i}.clientId`, message: 'client listed twice' });
    seen.add(h.clientId);
  }
  // Percent points to 6 decimals, as stored: no binary noise decides the limit.
  const total = holdings.reduce((sum, h) => sum + Math.round(h.percentage * 1e6), 0) / 1e6;
  if (total > 100)
    errors.push({ field: 'body.holdings', message: `the percentages add up to ${total}, more than 100` });
  if (errors.length) throw badRequest(errors);
  for (const h of holdings) await assertVisibleClient(db, user, h.clientId);
}

/** Each year once in a list of figures. */
function checkYears(figures: readonly CompanyFiguresInput[], errors: FieldError[]): void {
  const seen = new Set<number>();
  for (const [i, f] of figures.entries()) {
    if (seen.has(f.year)) errors.push({ field: `body.figures.${i}.year`, message: 'year listed twice' });
    seen.add(f.year);
  }
}

export async function shareRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listShares, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
    const items = sortShares(
      await shareItems(app.db, caller(request), members, request.query.year),
      request.query.sort,
    );
    return pageOf(items, request.query, 10000);
  });

  route(app, routes.shareYears, async (request) => {
    const members = await ownersOf(app.db, caller(request), request.query);
    return shareYears(app.db, members);
  });

  route(app, routes.shareGraph, async (request) => {
    const user = caller(request);
    const members = await ownersOf(app.db, user, request.query);
    return shareGraph(app.db, user, members, request.params.metric, request.params.year);
  });

  route(app, routes.listCompanies, async (request) => {
    const user = caller(request);
    const members = await ownersOf(app.db, user, request.query);
    const held = await companiesHeldBy(
      app.db,
      members.map((m) => m.clientId),
    );
    const companies = [];
    for (const c of held) companies.push(await companyById(app.db, user, c.id, c.legalName));
    return companies.sort((a, b) => byText(a.legalName, b.legalName) || a.id - b.id);
  });

  route(app, routes.getCompany, async (request) => visibleCompany(app.db, caller(request), request.params.id, 'read'));

  route(
    app,
    routes.createCompany,
    async (request) => {
      const user = caller(request);
      const { legalName, holdings, figures = [] } = request.body;
      const errors: FieldError[] = [];
      checkYears(figures, errors);
      return app.db.transaction(async (tx) => {
        await checkHoldings(tx, user, holdings, errors);
        const id = await insertCompany(tx, legalName.trim(), user.userId);
        await insertHoldings(tx, id, holdings);
        for (const f of figures) await insertFigures(tx, id, f);
        await audit(tx, user, 'create', 'company', id, null, await companyById(tx, user, id, legalName.trim()));
        return { id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateCompany,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleCompany(tx, user, request.params.id, 'write', true);
        await renameCompany(tx, before.id, request.body.legalName.trim());
        const after = await companyById(tx, user, before.id, request.body.legalName.trim());
        await audit(tx, user, 'update', 'company', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteCompany,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleCompany(tx, user, request.params.id, 'write', true);
        await deleteCompany(tx, before.id);
        await audit(tx, user, 'delete', 'company', before.id, before, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.setCompanyHoldings,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleCompany(tx, user, request.params.id, 'write', true);
        await checkHoldings(tx, user, request.body.holdings, []);
        await deleteHoldings(tx, before.id);
        await insertHoldings(tx, before.id, request.body.holdings);
        await touchCompany(tx, before.id);
        const after = await companyById(tx, user, before.id, before.legalName);
        await audit(tx, user, 'update', 'companyHoldings', before.id, before.holdings, after.holdings);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.addCompanyFigures,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visibleCompany(tx, user, request.params.id, 'write', true);
        // A year is entered once: a second POST for it is a conflict with the stored figures, not a bad body.
        if (before.figures.some((f) => f.year === request.body.year)) throw conflict(SHARE_YEAR_PRESENT);
        await insertFigures(tx, before.id, request.body).catch((err) => conflictOnUnique(err, SHARE_YEAR_PRESENT));
        await touchCompany(tx, before.id);
        const after = await companyById(tx, user, before.id, before.legalName);
        await audit(tx, user, 'create', 'companyFigures', `${before.id}:${request.body.year}`, null, request.body);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateCompanyFigures,
    async (request) => {
      const user = caller(request);
      const { id, year } = request.params;
      const { revenue, profit, ebitda, value } = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visibleCompany(tx, user, id, 'write', true);
        const old = before.figures.find((f) => f.year === year);
        if (!old) throw notFound();
        await updateFigures(tx, before.id, year, { revenue, profit, ebitda, value });
        await touchCompany(tx, before.id);
        const after = await companyById(tx, user, before.id, before.legalName);
        await audit(tx, user, 'update', 'companyFigures', `${before.id}:${year}`, old, {
          year,
          ...request.body,
        });
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteCompanyFigures,
    async (request) => {
      const user = caller(request);
      const { id, year } = request.params;
      return app.db.transaction(async (tx) => {
        const before = await visibleCompany(tx, user, id, 'write', true);
        const old = before.figures.find((f) => f.year === year);
        if (!old) throw notFound();
        await deleteFigures(tx, before.id, year);
        await touchCompany(tx, before.id);
        const after = await companyById(tx, user, before.id, before.legalName);
        await audit(tx, user, 'delete', 'companyFigures', `${before.id}:${year}`, old, null);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
