// Family business shares (/share): the list, the years, the chart data and the companies with their holders and
// yearly figures. Reads for every role on the clients it sees; writes for ADMIN, BACK_OFFICE, PRO and DELEGATE, each
// audited in its transaction; a company the caller may not see (or, to write, not all of whose holders it sees) 404.
import {
  type Company,
  type CompanyFiguresInput,
  routes,
  SHARE_YEAR_PRESENT,
  type ShareItem,
} from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, type FieldError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { resolveOwnerScope } from '../../shares-lux/scope.ts';
import { companyHolders, shareGraph, shareItems, shareYears } from '../../shares-lux/shares.ts';
import { assertVisibleClient } from '../financial/common.ts';
import { Params } from '../financial/sql.ts';
import { byText, companyVisible, conflict, conflictOnUnique, pageOf } from './common.ts';

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

/** The company with its holders (largest first) and figures (latest first), if the caller may read or write it. */
async function visibleCompany(
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

/** A company with its holders as the caller may see them (another tenant's clients unnamed, summed) and figures. */
async function companyById(db: Queryable, user: AuthUser, id: number, legalName: string): Promise<Company> {
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

async function insertHoldings(
  tx: Queryable,
  companyId: number,
  holdings: readonly { clientId: number; percentage: number }[],
) {
  for (const h of holdings)
    await tx.query('insert into company_holdings (company_id, client_id, percentage) values ($1, $2, $3)', [
      companyId,
      h.clientId,
      h.percentage,
    ]);
}

async function insertFigures(tx: Queryable, companyId: number, f: CompanyFiguresInput) {
  await tx.query(
    `insert into company_figures (company_id, year, revenue, profit, ebitda, value)
     values ($1, $2, round($3::numeric, 2), round($4::numeric, 2), round($5::numeric, 2), round($6::numeric, 2))`,
    [companyId, f.year, f.revenue, f.profit, f.ebitda, f.value],
  );
}

const touch = (tx: Queryable, id: number) => tx.query('update companies set updated_at = now() where id = $1', [id]);

export async function shareRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listShares, async (request) => {
    const { members } = await resolveOwnerScope(app.db, caller(request), request.query);
    const items = sortShares(
      await shareItems(app.db, caller(request), members, request.query.year),
      request.query.sort,
    );
    return pageOf(items, request.query, 10000);
  });

  route(app, routes.shareYears, async (request) => {
    const { members } = await resolveOwnerScope(app.db, caller(request), request.query);
    return shareYears(app.db, members);
  });

  route(app, routes.shareGraph, async (request) => {
    const user = caller(request);
    const { members } = await resolveOwnerScope(app.db, user, request.query);
    return shareGraph(app.db, user, members, request.params.metric, request.params.year);
  });

  route(app, routes.listCompanies, async (request) => {
    const user = caller(request);
    const { members } = await resolveOwnerScope(app.db, user, request.query);
    const { rows } = await app.db.query<{ id: number; legal_name: string }>(
      `select co.id, co.legal_name from companies co
        where co.id in (select company_id from company_holdings where client_id = any($1::bigint[]))`,
      [members.map((m) => m.clientId)],
    );
    const companies = [];
    for (const r of rows) companies.push(await companyById(app.db, user, Number(r.id), r.legal_name));
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
        const { rows } = await tx.query<{ id: number }>(
          'insert into companies (legal_name, created_by) values ($1, $2) returning id',
          [legalName.trim(), user.userId],
        );
        const id = Number(rows[0]!.id);
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
        await tx.query('update companies set legal_name = $2, updated_at = now() where id = $1', [
          before.id,
          request.body.legalName.trim(),
        ]);
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
        await tx.query('delete from companies where id = $1', [before.id]);
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
        await tx.query('delete from company_holdings where company_id = $1', [before.id]);
        await insertHoldings(tx, before.id, request.body.holdings);
        await touch(tx, before.id);
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
        await touch(tx, before.id);
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
        await tx.query(
          `update company_figures set revenue = round($3::numeric, 2), profit = round($4::numeric, 2),
                  ebitda = round($5::numeric, 2), value = round($6::numeric, 2)
            where company_id = $1 and year = $2`,
          [before.id, year, revenue, profit, ebitda, value],
        );
        await touch(tx, before.id);
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
        await tx.query('delete from company_figures where company_id = $1 and year = $2', [before.id, year]);
        await touch(tx, before.id);
        const after = await companyById(tx, user, before.id, before.legalName);
        await audit(tx, user, 'delete', 'companyFigures', `${before.id}:${year}`, old, null);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
