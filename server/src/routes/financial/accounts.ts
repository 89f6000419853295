// Accounts: a client's current (CONTO_CORRENTE) and securities (CUSTODIA_TITOLI) accounts at an intermediary.
// Visible through the owner client; testing accounts only for ADMIN, BACK_OFFICE or an impersonating session.
// BASIC reads its own and writes nothing (403); another tenant's ids answer 404.
// A DELEGATE must name a client or a family to list accounts (spec: "cannot load accounts until a client is
// selected"): without one, /account and /account/menu answer 400.
import { checkIban, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient, assertVisibleFamily } from '../../access/clients.ts';
import {
  assertMayFlagTesting,
  FINANCIAL_WRITERS,
  seesTesting,
  visibleAccounts,
  visiblePortfolios,
} from '../../access/financial-visibility.ts';
import { currencyOrDefault } from '../../data/currencies.ts';
import { likePattern, Params, paging } from '../../data/sql.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import { conflictOnUnique } from '../../db/errors.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

type Account = Static<(typeof routes.getAccount.response)[200]>;
type AccountType = Account['accountType'];
const TYPE_CODES: Record<string, AccountType> = {
  '1': 'CONTO_CORRENTE',
  '2': 'CUSTODIA_TITOLI',
  CONTO_CORRENTE: 'CONTO_CORRENTE',
  CUSTODIA_TITOLI: 'CUSTODIA_TITOLI',
};

/** The select list of an account with owner, intermediary, currency and the portfolios the caller sees. */
export function accountSelect(user: AuthUser): string {
  return `select a.*, ${clientDisplayNameSql('oc')} as owner_name, fi.name as intermediary_name, cur.symbol as currency_symbol,
      coalesce((select array_agg(pa.portfolio_id order by pa.portfolio_id) from portfolio_accounts pa
                  join portfolios pp on pp.id = pa.portfolio_id
                 where pa.account_id = a.id${seesTesting(user) ? '' : ' and not pp.testing'}), '{}') as portfolio_ids
    from accounts a
    join clients oc on oc.id = a.client_id
    join financial_intermediaries fi on fi.id = a.financial_intermediary_id
    join currencies cur on cur.id = a.currency_id`;
}

export const ACCOUNT_SORT = { name: 'lower(a.name)', createdAt: 'a.created_at', updatedAt: 'a.updated_at' };

export function toAccount(r: Row): Account {
  return {
    id: Number(r.id),
    accountType: r.account_type as AccountType,
    name: String(r.name),
    iban: (r.iban as string | null) ?? null,
    testing: Boolean(r.testing),
    clientId: Number(r.client_id),
    user: String(r.owner_name),
    financialIntermediaryId: Number(r.financial_intermediary_id),
    intermediary: String(r.intermediary_name),
    branchId: r.branch_id === null ? null : Number(r.branch_id),
    currencyId: Number(r.currency_id),
    currencySymbol: String(r.currency_symbol),
    portfolioIds: ((r.portfolio_ids as unknown[]) ?? []).map(Number),
  };
}

async function visibleAccount(db: Queryable, user: AuthUser, id: number, lock = false): Promise<Account> {
  const p = new Params();
  const { rows } = await db.query(
    `${accountSelect(user)} where a.id = ${p.add(id)} and ${p.visible(visibleAccounts, user)}${lock ? ' for update of a' : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return toAccount(rows[0]);
}

/** The owner filter of the account lists: clientId or familyId (checked visible, 404 otherwise). */
async function ownerFilter(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number },
  p: Params,
): Promise<string> {
  if (query.clientId !== undefined && query.familyId !== undefined)
    throw badRequest([{ field: 'querystring.familyId', message: 'give clientId or familyId, not both' }]);
  if (query.clientId !== undefined) {
    await assertVisibleClient(db, user, query.clientId);
    return `a.client_id = ${p.add(query.clientId)}`;
  }
  if (query.familyId !== undefined) {
    await assertVisibleFamily(db, user, query.familyId);
    return `a.client_id in (select client_id from family_members where family_id = ${p.add(query.familyId)})`;
  }
  if (user.role === 'DELEGATE')
    throw badRequest(
      [{ field: 'querystring.clientId', message: 'required for a DELEGATE' }],
      'Select a client first: a DELEGATE cannot load accounts until a client is selected',
      'CLIENT_REQUIRED',
    );
  return 'true';
}

/** Checks the references of an account body: IBAN, intermediary, branch, currency. */
async function checkReferences(
  db: Queryable,
  body: { iban?: string | null; financialIntermediaryId: number; branchId?: number | null; currencyId?: number },
) {
  let iban: string | null = null;
  if (body.iban) {
    const check = checkIban(body.iban);
    if (!check.valid) throw badRequest([{ field: 'body.iban', message: `invalid IBAN (${check.reason})` }]);
    iban = check.iban;
  }
  const { rows: fi } = await db.query('select 1 from financial_intermediaries where id = $1', [
    body.financialIntermediaryId,
  ]);
  if (!fi[0]) throw badRequest([{ field: 'body.financialIntermediaryId', message: 'unknown intermediary' }]);
  if (body.branchId) {
    const { rows: b } = await db.query('select 1 from branches where id = $1 and financial_intermediary_id = $2', [
      body.branchId,
      body.financialIntermediaryId,
    ]);
    if (!b[0]) throw badRequest([{ field: 'body.branchId', message: 'not a branch of this intermediary' }]);
  }
  const currency = await currencyOrDefault(db, body.currencyId, 'body.currencyId');
  return { iban, currencyId: currency.id, branchId: body.branchId ?? null };
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.accountMenu, async (request) => {
    const user = caller(request);
    const p = new Params();
    const owner = await ownerFilter(app.db, user, request.query, p);
    const type = request.query.accountType ? TYPE_CODES[request.query.accountType] : undefined;
    const typeSql = type ? ` and a.account_type = ${p.add(type)}` : '';
    const { rows } = await app.db.query(
      `${accountSelect(user)} where ${owner}${typeSql} and ${p.visible(visibleAccounts, user)} order by lower(a.name), a.id`,
      p.values,
    );
    return rows.map((r) => {
      const a = toAccount(r);
      return {
        id: a.id,
        name: a.name,
        accountType: a.accountType,
        iban: a.iban,
        clientId: a.clientId,
        user: a.user,
        intermediary: a.intermediary,
        currencySymbol: a.currencySymbol,
        testing: a.testing,
      };
    });
  });

  route(app, routes.listAccounts, async (request) => {
    const user = caller(request);
    const p = new Params();
    const owner = await ownerFilter(app.db, user, request.query, p);
    const type = request.query.accountType ? TYPE_CODES[request.query.accountType] : undefined;
    let where = `${owner} and ${p.visible(visibleAccounts, user)}`;
    if (type) where += ` and a.account_type = ${p.add(type)}`;
    if (request.query.q) {
      const q = p.add(likePattern(request.query.q));
      where += ` and (a.name ilike ${q} or a.iban ilike ${q} or fi.name ilike ${q} or ${clientDisplayNameSql('oc')} ilike ${q})`;
    }
    const pg = paging(request.query, ACCOUNT_SORT, 'a');
    const { rows } = await app.db.query(
      `${accountSelect(user)} where ${where} order by ${pg.orderBy} ${pg.limit}`,
      p.values,
    );
    const { rows: count } = await app.db.query<{ n: number }>(
      `select count(*)::int as n from accounts a join clients oc on oc.id = a.client_id
         join financial_intermediaries fi on fi.id = a.financial_intermediary_id where ${where}`,
      p.values,
    );
    return { item: rows.map(toAccount), total: count[0]!.n, page: pg.page, size: pg.size };
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
        const { rows } = await app.db.query<{ id: number; name: string }>(
          'select id, name from financial_intermediaries where abi = $1 order by id limit 1',
          [check.abi],
        );
        financialIntermediaryId = rows[0] ? Number(rows[0].id) : null;
        intermediary = rows[0]?.name ?? null;
      }
      const p = new Params();
      const { rows } = await app.db.query<{ id: number }>(
        `select a.id from accounts a where a.iban = ${p.add(check.iban)} and ${p.visible(visibleAccounts, user)} order by a.id limit 1`,
        p.values,
      );
      accountId = rows[0] ? Number(rows[0].id) : null;
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
        const refs = await checkReferences(tx, body);
        const portfolioIds = body.portfolioIds ?? [];
        if (portfolioIds.length) {
          const p = new Params();
          const { rows } = await tx.query<{ id: number }>(
            `select p.id from portfolios p where p.id = any(${p.add(portfolioIds)}::bigint[])
               and p.client_id = ${p.add(body.clientId)} and ${p.visible(visiblePortfolios, user)}`,
            p.values,
          );
          if (rows.length !== portfolioIds.length)
            throw badRequest([
              { field: 'body.portfolioIds', message: "not all are portfolios of the account's owner" },
            ]);
        }
        const { rows } = await tx
          .query<{ id: number }>(
            `insert into accounts (client_id, account_type, name, iban, currency_id, financial_intermediary_id, branch_id, testing, created_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
            [
              body.clientId,
              body.accountType,
              body.name.trim(),
              refs.iban,
              refs.currencyId,
              body.financialIntermediaryId,
              refs.branchId,
              body.testing ?? false,
              user.userId,
            ],
          )
          .catch((err) =>
            conflictOnUnique(err, 'CONFLICT', 'The client already has an account of this type with this IBAN'),
          );
        const id = Number(rows[0]!.id);
        for (const portfolioId of portfolioIds)
          await tx.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [
            portfolioId,
            id,
          ]);
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
        const refs = await checkReferences(tx, {
          ...body,
          iban: body.iban === undefined ? before.iban : body.iban,
          branchId:
            body.branchId !== undefined
              ? body.branchId
              : before.financialIntermediaryId === body.financialIntermediaryId
                ? before.branchId
                : null,
          currencyId: body.currencyId ?? before.currencyId,
        });
        await tx
          .query(
            `update accounts set account_type = $2, name = $3, iban = $4, currency_id = $5, financial_intermediary_id = $6,
                    branch_id = $7, testing = $8, updated_at = now() where id = $1`,
            [
              before.id,
              body.accountType,
              body.name.trim(),
              refs.iban,
              refs.currencyId,
              body.financialIntermediaryId,
              refs.branchId,
              body.testing ?? before.testing,
            ],
          )
          .catch((err) =>
            conflictOnUnique(err, 'CONFLICT', 'The client already has an account of this type with this IBAN'),
          );
        const after = await visibleAccount(tx, user, before.id);
        await audit(tx, user, 'update', 'account', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
