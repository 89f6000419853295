// Movements: the rows of an account (deposits, trades, income, costs). Visible through the account (its owner client
// and the testing rule); another tenant's ids answer 404. ADMIN, BACK_OFFICE, PRO and DELEGATE write on visible
// accounts, BASIC reads its own and writes nothing (403). Pending movements: a DELEGATE needs APPROVE_MOVEMENT.
// Amounts, quantities and prices are numeric in SQL: a trade's default amount is quantity x price computed there.
// Every write keeps first_movement_date of the portfolios holding the account (min date of their movements).
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient, assertVisibleFamily } from '../../access/clients.ts';
import { FINANCIAL_WRITERS, visibleAccounts, visiblePortfolios } from '../../access/financial-visibility.ts';
import { likePattern, Params, paging } from '../../data/sql.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, type FieldError, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

/**
 * How many units one price quote covers (DESIGN.md 4): bonds are quoted per 100 of nominal and their quantity is
 * the nominal, so a bond trade's amount is quantity x price / 100. `instrumentParam` is the SQL parameter.
 */
const PRICE_UNIT_SQL = (instrumentParam: string) =>
  `coalesce((select case when i.macro_asset_class = 'Bond' then 100 else 1 end from instruments i where i.id = ${instrumentParam}), 1)`;

type Movement = Static<(typeof routes.getMovement.response)[200]>;
type MovementInput = Static<typeof routes.createMovement.body>;
type Filter = Static<typeof routes.listMovements.body>;
type OwnerQuery = { ptfId?: number; clientId?: number; familyId?: number };
type PageQuery = { page?: number; size?: number; sort?: string };

const SORT = { dateTime: 'm.date_time', createdAt: 'm.created_at' };
const TRADES = new Set(['BUY', 'SELL']);

const FROM = `from movements m
    join accounts a on a.id = m.account_id
    join clients oc on oc.id = m.client_id
    join currencies cur on cur.id = m.currency_id
    left join instruments i on i.id = m.instrument_id`;

const COLUMNS = `m.id, to_char(m.date_time, 'YYYY-MM-DD HH24:MI') as date_time, m.classification, m.cause,
    m.subcause, m.account_id, a.name as account_name, m.offset_account_id, m.currency_id, cur.iso as currency_iso,
    cur.symbol as currency_symbol, m.client_id, ${clientDisplayNameSql('oc')} as owner_name, m.instrument_id,
    i.isin, i.name as instrument_name, m.quantity::text as quantity, m.price::text as price, m.amount::text as amount,
    m.status, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;
const SELECT = `select ${COLUMNS} ${FROM}`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toMovement(r: Row): Movement {
  return {
    id: Number(r.id),
    dateTime: String(r.date_time),
    classification: (r.classification as string | null) ?? null,
    cause: r.cause as Movement['cause'],
    subcause: (r.subcause as Movement['subcause']) ?? null,
    accountId: Number(r.account_id),
    accountName: String(r.account_name),
    offsetAccountId: num(r.offset_account_id),
    currencyId: Number(r.currency_id),
    currency: String(r.currency_iso),
    currencySymbol: String(r.currency_symbol),
    ownerId: Number(r.client_id),
    owner: String(r.owner_name),
    instrumentId: num(r.instrument_id),
    isin: (r.isin as string | null) ?? null,
    instrumentName: (r.instrument_name as string | null) ?? null,
    quantity: num(r.quantity),
    price: num(r.price),
    amount: Number(r.amount),
    status: r.status as Movement['status'],
    createdAt: String(r.created_at),
  };
}

/** One movement on an account the caller sees, else 404. */
async function visibleMovement(db: Queryable, user: AuthUser, id: number, lock = false): Promise<Movement> {
  const p = new Params();
  const { rows } = await db.query(
    `${SELECT} where m.id = ${p.add(id)} and ${p.visible(visibleAccounts, user)}${lock ? ' for update of m' : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return toMovement(rows[0]);
}

/** Which accounts: a portfolio's (ptfId), a client's or a family's aggregate; none = all the caller sees. */
async function ownerFilter(db: Queryable, user: AuthUser, q: OwnerQuery, p: Params): Promise<string> {
  const given = [q.ptfId, q.clientId, q.familyId].filter((v) => v !== undefined).length;
  if (given > 1) throw badRequest([{ field: 'querystring.ptfId', message: 'give one of ptfId, clientId, familyId' }]);
  if (q.ptfId !== undefined) {
    const pp = new Params();
    const { rows } = await db.query(
      `select 1 from portfolios p where p.id = ${pp.add(q.ptfId)} and ${pp.visible(visiblePortfolios, user)}`,
      pp.values,
    );
    if (!rows[0]) throw notFound();
    return `m.account_id in (select account_id from portfolio_accounts where portfolio_id = ${p.add(q.ptfId)})`;
  }
  if (q.clientId !== undefined) {
    await assertVisibleClient(db, user, q.clientId);
    return `a.client_id = ${p.add(q.clientId)}`;
  }
  if (q.familyId !== undefined) {
    await assertVisibleFamily(db, user, q.familyId);
    return `a.client_id in (select client_id from family_members where family_id = ${p.add(q.familyId)})`;
  }
  return 'true';
}

function filterSql(f: Filter, p: Params): string {
  let where = '';
  if (f.dateFrom) where += ` and m.date_time >= ${p.add(f.dateFrom)}::date`;
  if (f.dateTo) where += ` and m.date_time < ${p.add(f.dateTo)}::date + 1`;
  if (f.cause?.length) where += ` and m.cause = any(${p.add(f.cause)}::text[])`;
  if (f.accountId !== undefined) where += ` and m.account_id = ${p.add(f.accountId)}`;
  if (f.isin) where += ` and i.isin = ${p.add(f.isin.toUpperCase())}`;
  if (f.status) where += ` and m.status = ${p.add(f.status.toUpperCase())}`;
  if (f.text) {
    const t = p.add(likePattern(f.text));
    where += ` and (m.classification ilike ${t} or m.cause ilike ${t} or a.name ilike ${t} or i.name ilike ${t}
      or i.isin ilike ${t} or ${clientDisplayNameSql('oc')} ilike ${t})`;
  }
  return where;
}

async function list(
  db: Queryable,
  user: AuthUser,
  q: OwnerQuery & PageQuery,
  f: Filter,
  defaultSize: number,
  extra = '',
) {
  const p = new Params();
  const owner = await ownerFilter(db, user, q, p);
  const filters = filterSql(f, p);
  const where = `${owner} and ${p.visible(visibleAccounts, user)}${filters}${extra}`;
  const pg = paging({ page: q.page, size: q.size ?? defaultSize, sort: q.sort ?? 'dateTime,desc' }, SORT, 'm');
  // One statement: the matching ids (joining the owner and instrument only when a filter reads them), the page
  // of them, then the display columns for that page alone, with the total alongside.
  const joins = `${/\b(oc|i)\./.test(filters) ? ' join clients oc on oc.id = m.client_id left join instruments i on i.id = m.instrument_id' : ''}`;
  const { rows } = await db.query(
    `with hits as (
       select m.id, m.date_time, m.created_at from movements m join accounts a on a.id = m.account_id${joins}
        where ${where}),
     page as (select m.id from hits m order by ${pg.orderBy} ${pg.limit})
     select ${COLUMNS}, (select count(*)::int from hits) as total_count ${FROM}
       where m.id in (select id from page) order by ${pg.orderBy}`,
    p.values,
  );
  let total = rows[0] ? Number(rows[0].total_count) : 0;
  if (!rows[0] && pg.page > 1) {
    // Past the last page: the total still counts.
    total = (await db.query<{ n: number }>(`select count(*)::int as n ${FROM} where ${where}`, p.values)).rows[0]!.n;
  }
  return { item: rows.map(toMovement), total, page: pg.page, size: pg.size };
}

/** A real calendar date and time (the schema checks the shape only). */
function validDateTime(s: string): boolean {
  const [, y, mo, d, h, mi, sec] = s.match(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/) ?? [];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(sec ?? 0) < 60
  );
}

/** Checks a movement body against the rules of DESIGN.md 4 and its references; answers the values to store. */
async function checkInput(db: Queryable, user: AuthUser, body: MovementInput) {
  // The account first: one the caller does not see answers 404, like every foreign id.
  const p = new Params();
  const { rows: acc } = await db.query<{ client_id: number; currency_id: number }>(
    `select a.client_id, a.currency_id from accounts a where a.id = ${p.add(body.accountId)} and ${p.visible(visibleAccounts, user)}`,
    p.values,
  );
  if (!acc[0]) throw notFound();
  const fields: FieldError[] = [];
  if (!validDateTime(body.dateTime)) fields.push({ field: 'body.dateTime', message: 'not a real date and time' });
  const subcause = body.subcause ?? null;
  if (subcause !== null && body.cause !== 'FEE')
    fields.push({ field: 'body.subcause', message: 'only a FEE has a subcause' });
  const trade = TRADES.has(body.cause);
  let instrumentId: number | null = null;
  if (body.instrumentId != null || body.isin) {
    const ip = new Params();
    const conds: string[] = [];
    if (body.instrumentId != null) conds.push(`id = ${ip.add(body.instrumentId)}`);
    if (body.isin) conds.push(`isin = ${ip.add(body.isin.toUpperCase())}`);
    const { rows } = await db.query<{ id: number }>(
      `select id from instruments where ${conds.join(' and ')}`,
      ip.values,
    );
    if (rows[0]) instrumentId = Number(rows[0].id);
    else
      fields.push({
        field: body.instrumentId != null ? 'body.instrumentId' : 'body.isin',
        message: 'unknown instrument',
      });
  } else if (trade) fields.push({ field: 'body.instrumentId', message: 'a BUY or SELL needs an instrument' });
  if (trade) {
    if (body.quantity == null) fields.push({ field: 'body.quantity', message: 'a BUY or SELL needs a quantity' });
    if (body.price == null) fields.push({ field: 'body.price', message: 'a BUY or SELL needs a price' });
  } else if (body.amount == null) fields.push({ field: 'body.amount', message: 'required' });
  let currencyId = Number(acc[0].currency_id);
  if (body.currencyId !== undefined) {
    const { rows } = await db.query('select 1 from currencies where id = $1', [body.currencyId]);
    if (rows[0]) currencyId = body.currencyId;
    else fields.push({ field: 'body.currencyId', message: 'unknown currency' });
  }
  if (body.offsetAccountId != null) {
    const op = new Params();
    const { rows } = await db.query(
      `select 1 from accounts a where a.id = ${op.add(body.offsetAccountId)} and ${op.visible(visibleAccounts, user)}`,
      op.values,
    );
    if (!rows[0]) fields.push({ field: 'body.offsetAccountId', message: 'unknown account' });
    else if (body.offsetAccountId === body.accountId)
      fields.push({ field: 'body.offsetAccountId', message: 'must differ from the account' });
  }
  if (fields.length) throw badRequest(fields);
  return {
    clientId: Number(acc[0].client_id),
    currencyId,
    instrumentId,
    subcause,
    status: (body.status ?? 'APPROVED').toUpperCase(),
  };
}

/** A numeric overflow (quantity x price too large for an amount) is the caller's input: 400. */
function overflowIsBadInput(err: unknown): never {
  if (err && typeof err === 'object' && 'code' in err && (err as { code: unknown }).code === '22003')
    throw badRequest([{ field: 'body.amount', message: 'too large' }]);
  throw err;
}

/** Numbers go to SQL as text so numeric does the arithmetic (no binary floats). */
const numText = (v: number | null | undefined) => (v == null ? null : String(v));

/** Keeps first_movement_date of the portfolios holding these accounts: the earliest date of their movements. */
async function syncFirstMovementDate(tx: Queryable, accountIds: number[]): Promise<void> {
  await tx.query(
    `update portfolios p set first_movement_date = (
        select min(m.date_time)::date from movements m join portfolio_accounts pa on pa.account_id = m.account_id
         where pa.portfolio_id = p.id)
      where p.id in (select portfolio_id from portfolio_accounts where account_id = any($1::bigint[]))`,
    [accountIds],
  );
}

/** Deletes visible movements, all or none (404 when one is not visible), audited one by one. */
async function deleteMovements(tx: Queryable, user: AuthUser, ids: number[]): Promise<number> {
  const p = new Params();
  const { rows } = await tx.query(
    `${SELECT} where m.id = any(${p.add(ids)}::bigint[]) and ${p.visible(visibleAccounts, user)} for update of m`,
    p.values,
  );
  if (rows.length !== new Set(ids).size) throw notFound();
  const before = rows.map(toMovement);
  await tx.query('delete from movements where id = any($1::bigint[])', [ids]);
  for (const m of before) await audit(tx, user, 'delete', 'movement', m.id, m, null);
  await syncFirstMovementDate(tx, [...new Set(before.map((m) => m.accountId))]);
  return before.length;
}

/** The stored columns of a movement that create and update write, in the order movementValues gives them. */
const MOVEMENT_COLUMNS = [
  'account_id',
  'client_id',
  'date_time',
  'classification',
  'cause',
  'subcause',
  'currency_id',
  'instrument_id',
  'quantity',
  'price',
  'amount',
  'offset_account_id',
  'status',
] as const;

/**
 * SQL for those columns from parameters $first, $first+1, ...: the casts, and a trade's default amount
 * (quantity x price / price unit, to the cent) when none is given.
 */
function movementExpressions(first: number): string[] {
  const at = (column: (typeof MOVEMENT_COLUMNS)[number]) => `$${first + MOVEMENT_COLUMNS.indexOf(column)}`;
  return MOVEMENT_COLUMNS.map((column) => {
    if (column === 'date_time') return `${at(column)}::timestamp`;
    if (column === 'quantity' || column === 'price') return `${at(column)}::numeric`;
    if (column === 'amount')
      return `coalesce(${at('amount')}::numeric, round(${at('quantity')}::numeric * ${at('price')}::numeric / ${PRICE_UNIT_SQL(at('instrument_id'))}, 2))`;
    return at(column);
  });
}

/** The parameter values for MOVEMENT_COLUMNS. */
function movementValues(body: MovementInput, v: Awaited<ReturnType<typeof checkInput>>, status: string): unknown[] {
  return [
    body.accountId,
    v.clientId,
    body.dateTime,
    body.classification ?? null,
    body.cause,
    v.subcause,
    v.currencyId,
    v.instrumentId,
    numText(body.quantity),
    numText(body.price),
    numText(body.amount),
    body.offsetAccountId ?? null,
    status,
  ];
}

export async function movementRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listMovements, async (request) =>
    list(app.db, caller(request), request.query, request.body ?? {}, 50),
  );

  route(app, routes.searchMovements, async (request) => {
    const { ptfId, clientId, familyId, page, size, sort, ...filter } = request.query;
    return list(app.db, caller(request), { ptfId, clientId, familyId, page, size, sort }, filter, 50);
  });

  route(
    app,
    routes.pendingMovements,
    async (request) => {
      const user = caller(request);
      if (user.role === 'DELEGATE' && !user.permissions.includes('APPROVE_MOVEMENT'))
        throw new HttpError(403, 'A DELEGATE needs the APPROVE_MOVEMENT permission', 'FORBIDDEN');
      const { lastMonth, ...q } = request.query;
      const recent = lastMonth === '1' ? " and m.date_time >= now()::timestamp - interval '1 month'" : '';
      return list(app.db, user, q, { status: 'PENDING' }, 100000, recent);
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.getMovement, async (request) => {
    if (request.query.familyId !== undefined)
      throw badRequest(
        [{ field: 'querystring.familyId', message: 'not in a family view' }],
        'A single movement cannot be fetched in a family view',
      );
    return visibleMovement(app.db, caller(request), request.params.id);
  });

  route(
    app,
    routes.createMovement,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const v = await checkInput(tx, user, body);
        const { rows } = await tx
          .query<{ id: number }>(
            `insert into movements (${MOVEMENT_COLUMNS.join(', ')}, created_by)
             values (${movementExpressions(1).join(', ')}, $${MOVEMENT_COLUMNS.length + 1}) returning id`,
            [...movementValues(body, v, v.status), user.userId],
          )
          .catch(overflowIsBadInput);
        const after = await visibleMovement(tx, user, Number(rows[0]!.id));
        await audit(tx, user, 'create', 'movement', after.id, null, after);
        await syncFirstMovementDate(tx, [after.accountId]);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updateMovement,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visibleMovement(tx, user, request.params.id, true);
        const v = await checkInput(tx, user, body);
        await tx
          .query(
            `update movements set ${movementExpressions(2)
              .map((e, i) => `${MOVEMENT_COLUMNS[i]} = ${e}`)
              .join(', ')}, updated_at = now() where id = $1`,
            [before.id, ...movementValues(body, v, body.status === undefined ? before.status : v.status)],
          )
          .catch(overflowIsBadInput);
        const after = await visibleMovement(tx, user, before.id);
        await audit(tx, user, 'update', 'movement', before.id, before, after);
        await syncFirstMovementDate(tx, [...new Set([before.accountId, after.accountId])]);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteMovement,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => ({ deleted: await deleteMovements(tx, user, [request.params.id]) }));
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteMovements,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => ({ deleted: await deleteMovements(tx, user, request.body.ids) }));
    },
    { roles: FINANCIAL_WRITERS },
  );
}
