// The access matrix's cases for the family business share and art and luxury routes (contract/shares-lux.ts), one per
// route, spread into CASES (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 6.
//
// Shares and goods are a client's data (visibility 'tenant'): every role reads those of the clients it sees (a BASIC
// user names no client and gets its own), the managers write (BASIC 403), another tenant's ids answer 404. A company
// belongs to the tenant of its holders; each cell gets a fresh company or item of the tenant's client.
//
// Co-owners (issue 13): every read of a company (the list, the chart, the companies, one company) also runs on a
// company co-owned by a second client of the same tenant and a client of the other tenant. A co-owner the caller may
// not see (the other tenant's client; for a BASIC user any client but its own) appears in no answer, by id or name:
// only in the one summed entry without either.
import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import { type Ctx, type RouteCase, seesTenant, type Tenant, who } from './access-matrix.cases.ts';

const OWNED = ['own', 'foreign'] as const;
const FIGURES_YEAR = 2024;

/** A fresh company held 40% by the tenant's client, with figures for 2024. */
async function company(c: Ctx): Promise<number> {
  const id = await c.fx.insertId('insert into companies (legal_name) values ($1) returning id', [
    c.fx.name('Matrice Partecipazioni S.r.l.'),
  ]);
  await c.fx.insertId(
    'insert into company_holdings (company_id, client_id, percentage) values ($1, $2, 40) returning company_id as id',
    [id, c.fx.clients[c.tenant]],
  );
  await c.fx.insertId(
    `insert into company_figures (company_id, year, revenue, profit, ebitda, value)
     values ($1, ${FIGURES_YEAR}, 1000000, 80000, 150000, 900000) returning id`,
    [id],
  );
  return id;
}

interface CoOwned {
  id: number;
  /** The co-owners: a second client of the tenant and a client of the other tenant, by id and unique name. */
  coOwners: { clientId: number; name: string; tenant: Tenant }[];
}

/**
 * A fresh company held 40% by the tenant's client, 10% by another of its clients and, on the caller's own scope, 5% by
 * a client of the other tenant (on the foreign scope that holder would be the caller's and make the company its own).
 */
async function coOwnedCompany(c: Ctx): Promise<CoOwned> {
  const id = await company(c);
  const other: Tenant = c.tenant === 'pro' ? 'pro2' : 'pro';
  const coOwners: CoOwned['coOwners'] = [];
  const holders: [Tenant, number][] =
    c.scope === 'own'
      ? [
          [c.tenant, 10],
          [other, 5],
        ]
      : [[c.tenant, 10]];
  for (const [tenant, percentage] of holders) {
    const name = c.fx.name(`Socio Sonda ${tenant}`);
    const clientId = await c.fx.newClient(tenant, 'person', null, name);
    await c.fx.insertId(
      'insert into company_holdings (company_id, client_id, percentage) values ($1, $2, $3) returning company_id as id',
      [id, clientId, percentage],
    );
    coOwners.push({ clientId, name, tenant });
  }
  return { id, coOwners };
}

/** Whether the caller sees a co-owner: a BASIC user only its own client (never a co-owner), others by tenant. */
const seesCoOwner = (c: Ctx, tenant: Tenant): boolean =>
  c.login !== null && who(c.login).role !== 'BASIC' && seesTenant(c.login, tenant);

/**
 * The answer names and identifies exactly the co-owners the caller sees; the others only as the summed entry
 * (clientId and name null) of the holder lists read by `holders`.
 */
const coOwnersAsSeen =
  (c: Ctx, made: CoOwned, holders: (body: unknown) => { clientId: number | null; name: string | null }[][]) =>
  (body: unknown) => {
    const text = JSON.stringify(body);
    const lists = holders(body);
    for (const o of made.coOwners) {
      const seen = seesCoOwner(c, o.tenant);
      expect(text.includes(o.name), `${o.name} named`).toBe(seen);
      for (const list of lists)
        expect(
          list.some((h) => h.clientId === o.clientId),
          `${o.name} by id`,
        ).toBe(seen);
    }
    const hidden = made.coOwners.some((o) => !seesCoOwner(c, o.tenant));
    for (const list of lists)
      expect(list.filter((h) => h.clientId === null && h.name === null).length, 'one summed entry').toBe(
        hidden ? 1 : 0,
      );
  };

/** A fresh item of the tenant's client with evaluations on the given dates. */
async function luxItem(c: Ctx, dates = ['2024-06-30']): Promise<{ id: number; evaluations: number[] }> {
  const id = await c.fx.insertId(
    `insert into lux_items (client_id, description, category, yearly_income) values ($1, $2, 'ART', 1000) returning id`,
    [c.fx.clients[c.tenant], c.fx.name('Opera Matrice')],
  );
  const evaluations: number[] = [];
  for (const date of dates)
    evaluations.push(
      await c.fx.insertId(
        'insert into lux_evaluations (item_id, evaluation_date, value) values ($1, $2, 50000) returning id',
        [id, date],
      ),
    );
  return { id, evaluations };
}

/** The owner query of a read: none for a BASIC user on its own client, else the tenant's client. */
const ownerQuery = (c: Ctx): Record<string, number> => (c.basicOwn ? {} : { clientId: c.fx.clients[c.tenant] });

const listed = (key: 'companyId' | 'id', id: number) => (body: unknown) =>
  expect((body as { item: Record<string, unknown>[] }).item.map((x) => x[key])).toContain(id);

const figures = { revenue: 1200000, profit: 90000, ebitda: 170000, value: 1000000 };

export const SHARE_LUX_CASES: Partial<Record<RouteName, RouteCase>> = {
  // Family business shares
  listShares: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const made = await coOwnedCompany(c);
      type Page = { item: { companyId: number; ownerList: { clientId: number | null; name: string | null }[] }[] };
      const asSeen = coOwnersAsSeen(c, made, (body) =>
        (body as Page).item.filter((x) => x.companyId === made.id).map((x) => x.ownerList),
      );
      return {
        query: { ...ownerQuery(c), year: FIGURES_YEAR },
        verify: (body) => {
          listed('companyId', made.id)(body);
          asSeen(body);
        },
      };
    },
  },
  shareYears: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      await company(c);
      return { query: ownerQuery(c), verify: (body) => expect(body).toContain(FIGURES_YEAR) };
    },
  },
  shareGraph: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const made = await coOwnedCompany(c);
      return {
        params: { metric: 'ebitda', year: FIGURES_YEAR },
        query: ownerQuery(c),
        verify: (body) => {
          expect((body as { item: unknown[] }).item).toContainEqual(
            expect.objectContaining({ companyId: made.id, value: 150000, ownedValue: 60000 }),
          );
          // The chart names companies only: no co-owner at all.
          for (const o of made.coOwners) expect(JSON.stringify(body)).not.toContain(o.name);
        },
      };
    },
  },
  listCompanies: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const made = await coOwnedCompany(c);
      type Holders = { clientId: number | null; name: string | null }[];
      const asSeen = coOwnersAsSeen(c, made, (body) =>
        (body as { id: number; holdings: Holders }[]).filter((x) => x.id === made.id).map((x) => x.holdings),
      );
      return {
        query: ownerQuery(c),
        verify: (body) => {
          expect((body as { id: number }[]).map((x) => x.id)).toContain(made.id);
          asSeen(body);
        },
      };
    },
  },
  getCompany: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const made = await coOwnedCompany(c);
      type Holders = { clientId: number | null; name: string | null }[];
      return {
        params: { id: made.id },
        verify: coOwnersAsSeen(c, made, (body) => [(body as { holdings: Holders }).holdings]),
      };
    },
  },
  createCompany: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      body: {
        legalName: c.fx.name('Nuova Matrice S.r.l.'),
        holdings: [{ clientId: c.fx.clients[c.tenant], percentage: 15 }],
        figures: [{ year: FIGURES_YEAR, ...figures }],
      },
    }),
  },
  updateCompany: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await company(c) }, body: { legalName: c.fx.name('Rinominata S.p.A.') } }),
  },
  deleteCompany: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await company(c) } }),
  },
  setCompanyHoldings: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: await company(c) },
      body: { holdings: [{ clientId: c.fx.clients[c.tenant], percentage: 55.5 }] },
    }),
  },
  addCompanyFigures: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await company(c) }, body: { year: FIGURES_YEAR + 1, ...figures } }),
  },
  updateCompanyFigures: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await company(c), year: FIGURES_YEAR }, body: figures }),
  },
  deleteCompanyFigures: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await company(c), year: FIGURES_YEAR } }),
  },

  // Art and luxury goods
  listLux: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const { id } = await luxItem(c);
      return { query: ownerQuery(c), verify: listed('id', id) };
    },
  },
  luxStat: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      await luxItem(c);
      return {
        query: ownerQuery(c),
        verify: (body) => expect((body as { totalValue: number }).totalValue).toBeGreaterThanOrEqual(50000),
      };
    },
  },
  luxPie: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      await luxItem(c);
      return {
        query: ownerQuery(c),
        verify: (body) => expect((body as { category: string }[]).map((s) => s.category)).toContain('ART'),
      };
    },
  },
  luxColumn: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      await luxItem(c);
      return { query: ownerQuery(c), verify: (body) => expect((body as { years: number[] }).years).toContain(2024) };
    },
  },
  getLux: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: (await luxItem(c)).id } }),
  },
  createLux: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      body: {
        clientId: c.fx.clients[c.tenant],
        description: c.fx.name('Scultura Matrice'),
        category: 'ART',
        evaluation: 12000,
        evaluationDate: '2024-05-02',
      },
    }),
  },
  updateLux: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: (await luxItem(c)).id },
      body: { description: c.fx.name('Opera rinominata'), category: 'COLLECTION', yearlyMaintenance: 250 },
    }),
  },
  deleteLux: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: (await luxItem(c)).id } }),
  },
  listLuxEvaluations: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const item = await luxItem(c);
      return { params: { id: item.id }, verify: listed('id', item.evaluations[0]!) };
    },
  },
  createLuxEvaluation: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: (await luxItem(c)).id },
      body: { evaluationDate: '2025-06-30', value: 52000 },
    }),
  },
  updateLuxEvaluation: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const item = await luxItem(c);
      return {
        params: { id: item.id, evaluationId: item.evaluations[0]! },
        body: { evaluationDate: '2024-07-01', value: 51000 },
      };
    },
  },
  deleteLuxEvaluation: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const item = await luxItem(c, ['2023-06-30', '2024-06-30']);
      return { params: { id: item.id, evaluationId: item.evaluations[0]! } };
    },
  },
};
