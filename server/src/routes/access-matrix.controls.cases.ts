// The access matrix's cases for the reconciliation controls (contract/middle-office.ts listControls, controlDetail,
// acceptControl; contract/uploads.ts uploadBankBalances, uploadBankPositions), one per route, spread into CASES
// (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 16.
//
// Who (spec portal-and-report 2 and 6, access/controls.ts): gate 'controllers', ADMIN, BACK_OFFICE, PRO, and a
// DELEGATE with MANAGE_CONTROL (delegate2 has none: 403); BASIC 403. A portfolio is a client's data (visibility
// 'tenant'): another tenant's answers 404, a testing one 404 but for ADMIN and BACK_OFFICE. The bank files name their
// accounts in the rows (an account the caller does not see is a rejected row, not a 404), so their cells upload for
// an account of the caller's own tenant ('shared', no id in the request).
import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import { type Ctx, type RouteCase, seesTenant, type Tenant } from './access-matrix.cases.ts';

const WITH_TESTING = ['own', 'foreign', 'testing'] as const;
const NONE = ['none'] as const;
const BANK_DATE = '2024-06-28';

/** A fresh current account of the tenant's client (testing as the portfolio), in a new portfolio. */
async function currentAccount(c: Ctx, tenant: Tenant, testing: boolean) {
  const portfolioId = await c.fx.portfolio(tenant, testing);
  const accountId = await c.fx.insertId(
    `insert into accounts (client_id, account_type, name, financial_intermediary_id, testing)
     values ($1, 'CONTO_CORRENTE', $2, $3, $4) returning id`,
    [c.fx.clients[tenant], c.fx.name('Conto Matrice'), c.fx.fi, testing],
  );
  await c.fx.insertId(
    'insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2) returning portfolio_id as id',
    [portfolioId, accountId],
  );
  return { portfolioId, accountId };
}

/** A portfolio of the tenant's client whose current account has a bank balance at BANK_DATE (ours 0, the bank's 10). */
async function checkedPortfolio(c: Ctx, tenant: Tenant, testing: boolean): Promise<number> {
  const { portfolioId, accountId } = await currentAccount(c, tenant, testing);
  await c.fx.insertId(
    `insert into bank_balances (account_id, date, balance, currency_id)
     values ($1, $2, 10, (select id from currencies where iso = 'EUR')) returning account_id as id`,
    [accountId, BANK_DATE],
  );
  return portfolioId;
}

const controlOf = async (c: Ctx) => ({
  clientId: c.fx.clients[c.tenant],
  portfolioId: await checkedPortfolio(c, c.tenant, c.testing),
});

export const CONTROL_CASES: Partial<Record<RouteName, RouteCase>> = {
  listControls: {
    gate: 'controllers',
    visibility: 'tenant',
    scopes: NONE,
    request: async (c) => {
      const made = { pro: await checkedPortfolio(c, 'pro', false), pro2: await checkedPortfolio(c, 'pro2', false) };
      return {
        verify: (body) => {
          const ids = (body as { item: { portfolioId: number }[] }).item.map((r) => r.portfolioId);
          for (const tenant of ['pro', 'pro2'] as const)
            if (c.login) expect(ids.includes(made[tenant]), `${tenant}'s listed`).toBe(seesTenant(c.login, tenant));
        },
      };
    },
  },
  controlDetail: {
    gate: 'controllers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({
      params: await controlOf(c),
      verify: (body) => expect(body).toMatchObject({ date: BANK_DATE, status: 'DIFFERENCES', differences: 1 }),
    }),
  },
  acceptControl: {
    gate: 'controllers',
    visibility: 'tenant',
    scopes: WITH_TESTING,
    request: async (c) => ({
      params: await controlOf(c),
      body: { date: BANK_DATE, note: 'Saldo confermato dalla banca' },
      verify: (body) => expect(body).toMatchObject({ status: 'OK', lastQuantityCheckOkDate: BANK_DATE }),
    }),
  },
  uploadBankBalances: {
    gate: 'controllers',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      upload: {
        fields: {},
        csv: `account;date;balance;currency\n${(await currentAccount(c, c.tenant, false)).accountId};28/06/2024;-12,50;EUR\n`,
      },
      verify: (body) => expect(body).toEqual([]),
    }),
  },
  uploadBankPositions: {
    gate: 'controllers',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      upload: {
        fields: {},
        csv: `account;date;isin;quantity;price;currency\n${(await c.fx.account(c.tenant, false)).accountId};28/06/2024;IE00B4L5Y983;10;85,12;EUR\n`,
      },
      verify: (body) => expect(body).toEqual([]),
    }),
  },
};
