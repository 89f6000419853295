// Accounts: a client's current (CONTO_CORRENTE) and securities (CUSTODIA_TITOLI) accounts at an intermediary.
// Visible through the owner client; testing accounts only for ADMIN, BACK_OFFICE or an impersonating session.
// BASIC reads its own and writes nothing (403); another tenant's ids answer 404.
// A DELEGATE must name a client or a family to list accounts (spec: "cannot load accounts until a client is
// selected"): without one, /account and /account/menu answer 400.
import { checkIban, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient } from '../../access/clients.ts';
import { accountOwner, visibleAccount } from '../../access/financial.ts';
import { assertMayFlagTesting, FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { currencyOrDefault } from '../../data/currencies.ts';
import {
  type AccountValues,
  accountMenu,
  insertAccount,
  linkAccount,
  listAccounts,
  updateAccount,
  visibleAccountIdByIban,
} from '../../data/financial/accounts.ts';
import { intermediaryByAbi, intermediaryExists, isBranchOf } from '../../data/financial/intermediaries.ts';
import { visiblePortfolioIdsOf } from '../../data/financial/portfolios.ts';
import type { Queryable } from '../../db/database.ts';
import { conflictOnUnique } from '../../db/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

const duplicateIban = (err: unknown) =>
  conflictOnUnique(err, 'CONFLICT', 'The client already has an account of this type with this IBAN');

/** Checks the references of an account body (IBAN, intermediary, branch, currency); answers the values to store. */
async function accountValues(
  db: Queryable,
  body: {
    accountType: string;
    name: string;
    iban?: string | null;
    financialIntermediaryId: number;
    branchId?: number | null;
    currencyId?: number;
  },
  testing: boolean,
): Promise<AccountValues> {
  let iban: string | null = null;
  if (body.iban) {
    const check = checkIban(body.iban);
    if (!check.valid) throw badRequest([{ field: 'body.iban', message: `invalid IBAN (${check.reason})` }]);
    iban = check.iban;
  }
  if (!(await intermediaryExists(db, body.financialIntermediaryId)))
    throw badRequest([{ field: 'body.financialIntermediaryId', message: 'unknown intermediary' }]);
  if (body.branchId && !(await isBranchOf(db, body.branchId, body.financialIntermediaryId)))
    throw badRequest([{ field: 'body.branchId', message: 'not a branch of this intermediary' }]);
  const currency = await currencyOrDefault(db, body.currencyId, 'body.currencyId');
  return {
    accountType: body.accountType,
    name: body.name.trim(),
    iban,
    currencyId: currency.id,
    financialIntermediaryId: body.financialIntermediaryId,
    branchId: body.branchId ?? null,
    testing,
  };
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.accountMenu, async (request) => {
    const user = caller(request);
    const owner = await accountOwner(app.db, user, request.query);
    return accountMenu(app.db, user, owner, request.query.accountType);
  });

  route(app, routes.listAccounts, async (request) => {
    const user = caller(request);
    const owner = await accountOwner(app.db, user, request.query);
    return listAccounts(app.db, user, owner, request.query);
  });

  route(app, routes.getAccount, async (request) => visibleAccount(app.db, caller(request), request.params.id));

  route(app, routes.checkIban, async (request) => {
    const user = caller(request);
    const check = checkIban(request.params.iban);
    let financialIntermediaryId: number | null = null;
    let intermediary: string | null = null;
    let accountId: number | null = null;
    if (check.valid) {
      if (check.abi) {
        const found = await intermediaryByAbi(app.db, check.abi);
        financialIntermediaryId = found?.id ?? null;
        intermediary = found?.name ?? null;
      }
      accountId = await visibleAccountIdByIban(app.db, user, check.iban);
    }
    return { ...check, financialIntermediaryId, intermediary, accountId };
  });

  route(
    app,
    routes.createAccount,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        await assertVisibleClient(tx, user, body.clientId);
        assertMayFlagTesting(user, body.testing);
        const values = await accountValues(tx, body, body.testing ?? false);
        const portfolioIds = body.portfolioIds ?? [];
        if (portfolioIds.length) {
          const seen = await visiblePortfolioIdsOf(tx, user, portfolioIds, body.clientId);
          if (seen.length !== portfolioIds.length)
            throw badRequest([
              { field: 'body.portfolioIds', message: "not all are portfolios of the account's owner" },
            ]);
        }
        const id = await insertAccount(tx, body.clientId, values, user.userId).catch(duplicateIban);
        for (const portfolioId of portfolioIds) await linkAccount(tx, portfolioId, id);
        await audit(tx, user, 'create', 'account', id, null, await visibleAccount(tx, user, id));
        return { id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateAccount,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visibleAccount(tx, user, request.params.id, true);
        assertMayFlagTesting(user, body.testing);
        // Omitted iban, branch or currency keep their value (the branch only if the intermediary stays).
        const values = await accountValues(
          tx,
          {
            ...body,
            iban: body.iban === undefined ? before.iban : body.iban,
            branchId:
              body.branchId !== undefined
                ? body.branchId
                : before.financialIntermediaryId === body.financialIntermediaryId
                  ? before.branchId
                  : null,
            currencyId: body.currencyId ?? before.currencyId,
          },
          body.testing ?? before.testing,
        );
        await updateAccount(tx, before.id, values).catch(duplicateIban);
        const after = await visibleAccount(tx, user, before.id);
        await audit(tx, user, 'update', 'account', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
