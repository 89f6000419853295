// The analytics store's inputs: the versions that migration 008's triggers bump (one bump per statement and client,
// whoever writes: API, import, seed or plain SQL; client_id 0 for the market), the migration splitter that keeps
// PL/pgSQL bodies whole, and the store itself (data never loaded is read in the request; stale data is answered from
// the previous copy while a background reload runs).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { splitStatements } from '../db/migrate.ts';
import { ANALYTICS_RECALCULATION } from '../jobs/analytics.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { decodeClient, decodeHeld } from './snapshot-bytes.ts';
import { AnalyticsStore, inputFor } from './store.ts';

let t: TestApp;
let pro: number;
let fi: number;
let eur: number;

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await t.app.db.query<T>(sql, params)).rows;
const id = async (sql: string, params: unknown[] = []) => Number((await q<{ id: number }>(sql, params))[0]!.id);

/** A client's analytics version (0: never written, no row). */
async function version(clientId: number): Promise<number> {
  const rows = await q<{ version: string }>('select version from analytics_versions where client_id = $1', [clientId]);
  return rows[0] ? Number(rows[0].version) : 0;
}
/** A store of its own (as a second process would have), queuing on the app's job queue. */
const newStore = () =>
  new AnalyticsStore(t.app.db, t.app.log, (clientId) => t.app.jobs.send(ANALYTICS_RECALCULATION, { clientId }));
const versions = async (...clientIds: number[]) => Promise.all(clientIds.map(version));

/** A client (no trigger on clients: its version stays 0). */
const newClient = (name: string) =>
  id('insert into clients (last_name, created_by) values ($1, $2) returning id', [name, pro]);
const newPortfolio = (clientId: number, name = 'Portafoglio') =>
  id('insert into portfolios (client_id, name) values ($1, $2) returning id', [clientId, name]);
const newAccount = (clientId: number, type = 'CONTO_CORRENTE') =>
  id(
    `insert into accounts (client_id, account_type, name, financial_intermediary_id)
     values ($1, $2, 'Conto', $3) returning id`,
    [clientId, type, fi],
  );

beforeAll(async () => {
  t = await createTestApp();
  // The app's own store warms up in the background: let it finish so that it reads nothing during the tests.
  await t.app.analytics.idle();
  pro = await id("select id from users where login = 'pro'");
  fi = await id("select id from financial_intermediaries where name = 'UniCredit'");
  eur = await id("select id from currencies where iso = 'EUR'");
});
afterAll(async () => {
  await t?.close();
});

describe('analytics_versions: one bump per statement', () => {
  test('movements: a 3-row insert, update and delete are one bump each; a statement touching no row bumps nothing', async () => {
    const client = await newClient('Movimenti');
    expect(await version(client)).toBe(0);
    const account = await newAccount(client);
    const v0 = await version(client);
    // The account's insert created the row: versions start at 1.
    expect(v0).toBe(1);
    await q(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
       select $1, $2, d, 'DEPOSIT', $3, 100, 'APPROVED'
         from unnest(array['2024-01-02', '2024-01-03', '2024-01-04']::timestamp[]) as d`,
      [account, client, eur],
    );
    expect(await version(client)).toBe(v0 + 1);
    await q('update movements set amount = amount + 1 where account_id = $1', [account]);
    expect(await version(client)).toBe(v0 + 2);
    await q('delete from movements where account_id = $1', [account]);
    expect(await version(client)).toBe(v0 + 3);
    // No row in the transition tables: no client to bump.
    await q('update movements set amount = amount where account_id = $1', [account]);
    await q('delete from movements where account_id = $1', [account]);
    expect(await version(client)).toBe(v0 + 3);
  });

  test('movements of two clients in one statement: one bump each, others untouched', async () => {
    const a = await newClient('Primo');
    const b = await newClient('Secondo');
    const other = await newClient('Terzo');
    const accA = await newAccount(a);
    const accB = await newAccount(b);
    await newAccount(other);
    const before = await versions(a, b, other);
    await q(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
       values ($1, $2, '2024-01-02', 'DEPOSIT', $5, 1, 'APPROVED'), ($1, $2, '2024-01-03', 'DEPOSIT', $5, 2, 'APPROVED'),
              ($3, $4, '2024-01-02', 'DEPOSIT', $5, 3, 'APPROVED')`,
      [accA, a, accB, b, eur],
    );
    expect(await versions(a, b, other)).toEqual([before[0]! + 1, before[1]! + 1, before[2]]);
  });

  test('accounts: a 3-row insert, update and delete are one bump each', async () => {
    const client = await newClient('Conti');
    await newPortfolio(client);
    const v0 = await version(client);
    await q(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       select $1, 'CONTO_CORRENTE', 'Conto ' || n, $2 from generate_series(1, 3) as n`,
      [client, fi],
    );
    expect(await version(client)).toBe(v0 + 1);
    await q("update accounts set name = name || ' bis' where client_id = $1", [client]);
    expect(await version(client)).toBe(v0 + 2);
    await q('delete from accounts where client_id = $1', [client]);
    expect(await version(client)).toBe(v0 + 3);
  });

  test('portfolios: insert, update and delete; moving one to another client bumps both', async () => {
    const a = await newClient('Portafogli A');
    const b = await newClient('Portafogli B');
    await q("insert into portfolios (client_id, name) select $1, 'P' || n from generate_series(1, 3) as n", [a]);
    expect(await version(a)).toBe(1);
    await q("update portfolios set name = name || '!' where client_id = $1", [a]);
    expect(await version(a)).toBe(2);
    const moved = await id('select min(id) as id from portfolios where client_id = $1', [a]);
    await q('update portfolios set client_id = $2 where id = $1', [moved, b]);
    expect(await versions(a, b)).toEqual([3, 1]);
    await q('delete from portfolios where client_id = any($1::bigint[])', [[a, b]]);
    expect(await versions(a, b)).toEqual([4, 2]);
  });

  test("portfolio_accounts: linking and unlinking bump the portfolio's client once per statement", async () => {
    const client = await newClient('Collegamenti');
    const ptf = await newPortfolio(client);
    const accounts = [await newAccount(client), await newAccount(client), await newAccount(client, 'CUSTODIA_TITOLI')];
    const v0 = await version(client);
    await q('insert into portfolio_accounts (portfolio_id, account_id) select $1, a from unnest($2::bigint[]) as a', [
      ptf,
      accounts,
    ]);
    expect(await version(client)).toBe(v0 + 1);
    await q('delete from portfolio_accounts where portfolio_id = $1', [ptf]);
    expect(await version(client)).toBe(v0 + 2);
    // Deleting the portfolio cascades to its links: the portfolio's own trigger bumps the client (the links' trigger
    // finds no portfolio any more).
    await q('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, accounts[0]]);
    const v1 = await version(client);
    await q('delete from portfolios where id = $1', [ptf]);
    expect(await version(client)).toBeGreaterThan(v1);
  });

  test('prices, FX rates and instruments bump the market (client_id 0), once per statement, and no client', async () => {
    const client = await newClient('Mercato');
    await newPortfolio(client);
    const m0 = await version(0);
    const c0 = await version(client);
    const instrument = await id(
      `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class)
       values ('XS0000000018', 'Titolo Mercato', $1, 'Azionario', 'Equity') returning id`,
      [eur],
    );
    expect(await version(0)).toBe(m0 + 1);
    await q(
      `insert into prices (instrument_id, date, price, source)
       select $1, d, 10, 'upload' from unnest(array['2024-01-02', '2024-01-03', '2024-01-04']::date[]) as d`,
      [instrument],
    );
    expect(await version(0)).toBe(m0 + 2);
    await q('update prices set price = price * 2 where instrument_id = $1', [instrument]);
    expect(await version(0)).toBe(m0 + 3);
    await q(
      `insert into fx_rates (currency_id, date, rate, source)
       select (select id from currencies where iso = 'GBP'), d, 0.85, 'upload'
         from unnest(array['1990-01-02', '1990-01-03', '1990-01-04']::date[]) as d`,
    );
    expect(await version(0)).toBe(m0 + 4);
    await q("delete from fx_rates where date < '1991-01-01'");
    await q('delete from prices where instrument_id = $1', [instrument]);
    await q("update instruments set name = 'Titolo Rinominato' where id = $1", [instrument]);
    expect(await version(0)).toBe(m0 + 7);
    expect(await version(client)).toBe(c0);
  });

  test('a rolled-back write bumps nothing (the bump is in the same transaction)', async () => {
    const client = await newClient('Annullato');
    const account = await newAccount(client);
    const v0 = await version(client);
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.query(
          `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
           values ($1, $2, '2024-01-02', 'DEPOSIT', $3, 100, 'APPROVED')`,
          [account, client, eur],
        );
        throw new Error('rejected import');
      }),
    ).rejects.toThrow('rejected import');
    expect(await version(client)).toBe(v0);
  });
});

describe('splitStatements keeps PL/pgSQL bodies whole', () => {
  test('migration 008: 22 statements, each function with its whole body', () => {
    const sql = readFileSync(new URL('../db/migrations/008_analytics_versions.sql', import.meta.url), 'utf8');
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(22);
    const functions = statements.filter((s) => s.startsWith('create function'));
    expect(functions).toHaveLength(7);
    for (const f of functions) {
      expect(f.match(/\$\$/g), f).toHaveLength(2);
      expect(f, f).toMatch(/\bbegin\b[\s\S]*\bend \$\$$/);
    }
    const bump = functions.find((f) => f.startsWith('create function analytics_bump(ids bigint[])'))!;
    // The body's inner statement ends with ';' at the end of a line: it stays inside.
    expect(bump).toContain('on conflict (client_id) do update set version = analytics_versions.version + 1');
    expect(bump.split('\n').at(-1)).toBe('end $$');
    // The comment inside a body is kept; comments between statements are dropped.
    const oldLinks = functions.find((f) => f.includes('analytics_bump_old_links'))!;
    expect(oldLinks).toContain('-- The portfolio may be gone already');
    expect(statements.some((s) => s.startsWith('--'))).toBe(false);
    expect(statements.filter((s) => s.startsWith('create trigger'))).toHaveLength(14);
  });

  test('bodies over lines, bodies on one line, comments and the last statement without a semicolon', () => {
    const sql = [
      '-- a comment; with a semicolon',
      'create function f() returns void language plpgsql as $$',
      'begin',
      '  perform 1;',
      '  -- inside the body; kept',
      "  raise notice 'a;b';",
      'end $$;',
      'create function g() returns int language sql as $$ select 1; $$;',
      'create table x (',
      '  a int -- a column',
      ');',
      'select 1',
    ].join('\n');
    expect(splitStatements(sql)).toEqual([
      [
        'create function f() returns void language plpgsql as $$',
        'begin',
        '  perform 1;',
        '  -- inside the body; kept',
        "  raise notice 'a;b';",
        'end $$',
      ].join('\n'),
      'create function g() returns int language sql as $$ select 1; $$',
      'create table x (\n  a int -- a column\n)',
      'select 1',
    ]);
  });

  test('every migration splits into statements that each hold balanced bodies', () => {
    const dir = new URL('../db/migrations/', import.meta.url);
    for (const file of ['001_users_clients_families.sql', '004_financial.sql', '008_analytics_versions.sql']) {
      for (const s of splitStatements(readFileSync(new URL(file, dir), 'utf8')))
        expect((s.match(/\$\$/g)?.length ?? 0) % 2, `${file}: ${s.slice(0, 60)}`).toBe(0);
    }
  });
});

describe('the store', () => {
  test('a client never loaded is read in the request; after a write the previous copy answers, flagged, until the reload', async () => {
    const store = newStore();
    const client = await newClient('Negozio');
    const ptf = await newPortfolio(client);
    const account = await newAccount(client);
    await q('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, account]);
    const deposit = (date: string, amount: number) =>
      q(
        `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
         values ($1, $2, $3, 'DEPOSIT', $4, $5, 'APPROVED')`,
        [account, client, date, eur, amount],
      );
    await deposit('2024-01-02 09:00', 100);
    const first = await store.snapshot([client]);
    expect(first.stale).toBe(false);
    const loaded = first.data.clients[0]!;
    expect(loaded.portfolios.map((p) => p.accountIds)).toEqual([[account]]);
    expect(
      decodeClient(loaded.bytes)
        .movementsByAccount.get(account)
        ?.map((m) => m.amount),
    ).toEqual([100]);
    // Unchanged: the same copy, not flagged.
    const again = await store.snapshot([client]);
    expect(again).toMatchObject({ stale: false });
    expect(again.data.clients[0]).toBe(loaded);
    // A write: the next snapshot answers at once from the previous copy, flagged; the reload runs in the background.
    await deposit('2024-01-03 09:00', 50);
    const stale = await store.snapshot([client]);
    expect(stale.stale).toBe(true);
    expect(stale.data.clients[0]).toBe(loaded);
    await store.idle();
    const fresh = await store.snapshot([client]);
    expect(fresh.stale).toBe(false);
    expect(
      decodeClient(fresh.data.clients[0]!.bytes)
        .movementsByAccount.get(account)
        ?.map((m) => m.amount),
    ).toEqual([100, 50]);
    // A pending movement is not the engine's: no figure changes, but the write still bumps (and reloads).
    await q(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
       values ($1, $2, '2024-01-04', 'DEPOSIT', $3, 999, 'PENDING')`,
      [account, client, eur],
    );
    expect((await store.snapshot([client])).stale).toBe(true);
    await store.idle();
    const after = await store.snapshot([client]);
    expect(
      decodeClient(after.data.clients[0]!.bytes)
        .movementsByAccount.get(account)
        ?.map((m) => m.amount),
    ).toEqual([100, 50]);
  });

  test('a market write makes every client stale; the previous market answers meanwhile', async () => {
    const store = newStore();
    const a = await newClient('Mercato A');
    const b = await newClient('Mercato B');
    await newAccount(a);
    await newAccount(b);
    const first = await store.snapshot([a, b]);
    expect(first.stale).toBe(false);
    // The first snapshot after the write answers from the previous market, flagged.
    await q("update instruments set name = name where isin = 'IE00B4L5Y983'");
    const stale = await store.snapshot([a]);
    expect(stale.stale).toBe(true);
    expect(stale.data.market).toBe(first.data.market);
    // Any client: one write before each snapshot (a reload started by one snapshot may be over before the next).
    for (const client of [a, b]) {
      await q("update instruments set name = name where isin = 'IE00B4L5Y983'");
      expect((await store.snapshot([client])).stale).toBe(true);
    }
    // A reload that read the market's version before the last write leaves it stale: the next snapshot reloads again.
    let fresh = stale;
    for (let round = 0; round < 10 && fresh.stale; round++) {
      await store.idle();
      fresh = await store.snapshot([a, b]);
    }
    expect(fresh.stale).toBe(false);
    expect(fresh.data.market).not.toBe(first.data.market);
    expect(fresh.data.market.version).toBe(await version(0));
  });

  test('inputFor: the accounts asked for, their movements in one date order, the instruments they name', async () => {
    const store = newStore();
    const rossi = await id("select id from clients where tax_code = 'RSSMRA80A01H501U'");
    const ferrari = await id("select id from clients where tax_code = 'FRRGNN58T10D612I'");
    const snap = await store.snapshot([rossi, ferrari]);
    const decoded = decodeHeld(snap.data);
    const [r, f] = [decoded.clients.get(rossi), decoded.clients.get(ferrari)];
    const rossiAccounts = r!.portfolios.find((p) => p.name === 'Portafoglio Intesa')!.accountIds;
    const ferrariAccounts = f!.portfolios[0]!.accountIds;
    const input = inputFor(decoded.market, [
      { client: r!, accountIds: [...rossiAccounts, 999999999] },
      { client: f!, accountIds: ferrariAccounts },
    ]);
    expect(input.accounts.map((a) => a.id).sort()).toEqual([...rossiAccounts, ...ferrariAccounts].sort());
    expect(input.accounts.every((a) => !('testing' in a))).toBe(true);
    const dates = input.movements.map((m) => m.date);
    expect(dates).toEqual([...dates].sort());
    const [count] = await q<{ n: number }>(
      "select count(*)::int as n from movements where account_id = any($1::bigint[]) and status = 'APPROVED'",
      [[...rossiAccounts, ...ferrariAccounts]],
    );
    expect(input.movements).toHaveLength(count!.n);
    const named = new Set(input.movements.map((m) => m.instrumentId).filter((x) => x !== null));
    expect(new Set(input.instruments.map((i) => i.id))).toEqual(named);
    expect(input.prices.every((p) => named.has(p.instrumentId) && p.points.length > 0)).toBe(true);
    // Bonds are quoted per 100 of nominal.
    for (const i of input.instruments) expect(i.priceUnit).toBe(i.macroAssetClass === 'Bond' ? 100 : 1);
  });
});

describe("the store's stored figures in memory", () => {
  // What figuresFor reads of the data: the client's and the market's versions (a store holds them as ClientHeld and
  // MarketHeld; the rest is not read). No series is stored in the database for this client id, so figures not held in
  // memory answer null.
  const clientId = 987_654_321;
  const spec = { kind: 'client', clientId, withTesting: false } as const;
  const key = { clientId, scope: 'client' };
  const data = (clientVersion: number, marketVersion = 1) =>
    ({
      market: { version: marketVersion },
      clients: [{ clientId, version: clientVersion }],
    }) as unknown as Parameters<AnalyticsStore['figuresFor']>[1];
  const bytesOf = (mb: number, fill: number) => new Uint8Array(mb * 1024 * 1024).fill(fill);

  test("a scope's figures of older versions go when newer ones come; other scopes stay", async () => {
    const store = newStore();
    const other = { kind: 'client', clientId: clientId + 1, withTesting: false } as const;
    store.installFigures(key, { clientVersion: 1, marketVersion: 1 }, bytesOf(1, 1));
    store.installFigures(
      { clientId: clientId + 1, scope: 'client' },
      { clientVersion: 1, marketVersion: 1 },
      bytesOf(1, 9),
    );
    const first = await store.figuresFor(spec, data(1));
    expect(first?.changedFrom).toBeNull();
    expect(new Uint8Array(first!.bytes)[0]).toBe(1);
    // A new client version, then a new market version: each time the older figures of the scope go.
    store.installFigures(key, { clientVersion: 2, marketVersion: 1 }, bytesOf(1, 2));
    expect(await store.figuresFor(spec, data(1))).toBeNull();
    expect(new Uint8Array((await store.figuresFor(spec, data(2)))!.bytes)[0]).toBe(2);
    store.installFigures(key, { clientVersion: 2, marketVersion: 2 }, bytesOf(1, 3));
    expect(await store.figuresFor(spec, data(2))).toBeNull();
    expect(new Uint8Array((await store.figuresFor(spec, data(2, 2)))!.bytes)[0]).toBe(3);
    // The other client's figures are not the scope's: they stay.
    const kept = await store.figuresFor(other, {
      ...data(1),
      clients: [{ clientId: clientId + 1, version: 1 }],
    } as unknown as Parameters<AnalyticsStore['figuresFor']>[1]);
    expect(new Uint8Array(kept!.bytes)[0]).toBe(9);
  });

  test('at most 32 MB of figures: the least recently used go first', async () => {
    const store = newStore();
    // Five scopes of 8 MB (portfolios of the same client): 40 MB, so the first one read least recently goes.
    const scopes = [1, 2, 3, 4, 5].map((p) => ({ clientId, scope: `portfolio:${p}` }));
    const portfolio = (p: number) => ({ kind: 'portfolio', clientId, portfolioId: p, withTesting: false }) as const;
    for (const [k, s] of scopes.slice(0, 4).entries())
      store.installFigures(s, { clientVersion: 1, marketVersion: 1 }, bytesOf(8, k + 1));
    // Read the first: it becomes the most recently used, the second the least.
    expect(await store.figuresFor(portfolio(1), data(1))).not.toBeNull();
    store.installFigures(scopes[4]!, { clientVersion: 1, marketVersion: 1 }, bytesOf(8, 5));
    await new Promise((r) => setTimeout(r, 0));
    expect(await store.figuresFor(portfolio(2), data(1))).toBeNull();
    for (const p of [1, 3, 4, 5])
      expect(new Uint8Array((await store.figuresFor(portfolio(p), data(1)))!.bytes)[0]).toBe(p);
  });

  test('figures an engine thread made in shared memory are held without a copy', async () => {
    const store = newStore();
    const shared = new Uint8Array(new SharedArrayBuffer(1024)).fill(7);
    store.installFigures(key, { clientVersion: 5, marketVersion: 1 }, shared);
    expect((await store.figuresFor(spec, data(5)))!.bytes).toBe(shared.buffer);
  });
});
