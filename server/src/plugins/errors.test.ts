// The error handler (issue 15): a database error that is the caller's input answers 400 (or 409) naming the field
// when it can be known, no answer carries a SQLSTATE, and a real 5xx stays generic. The errors are PostgreSQL's own,
// from the database of the run (PGlite, or the PostgreSQL server of TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { conflictOnUnique } from '../db/errors.ts';
import { registerErrors } from './errors.ts';

let db: Database;
let app: FastifyInstance;
const table = 'rows';

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL (dropped at the end), else PGlite in memory. */
const admin = process.env.TEST_DATABASE_URL || undefined;
const dbName = `patrimonio_test_${randomBytes(6).toString('hex')}`;
async function onAdmin(sql: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(sql);
  await client.end();
}

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (admin) {
    await onAdmin(`create database ${dbName}`);
    const u = new URL(admin);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  db = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await db.exec(`
    create table ${table} (
      id bigint primary key, currency_id smallint, perc_owned numeric(9, 8) check (perc_owned > 0),
      name text not null, purchase_date date, parent_id bigint references ${table} (id));
    insert into ${table} (id, name) values (1, 'one');
    insert into ${table} (id, name, parent_id) values (2, 'two', 1);`);
  app = Fastify();
  registerErrors(app);
  // Each route writes the body's fields as they are (no schema: what a missed bound would let through).
  app.post('/rows', async (request) => {
    const b = request.body as Record<string, unknown>;
    await db.query(
      `insert into ${table} (id, currency_id, perc_owned, name, purchase_date, parent_id) values ($1, $2, $3, $4, $5, $6)`,
      [
        b.id ?? 10,
        b.currencyId ?? null,
        b.percOwned ?? null,
        b.name ?? null,
        b.purchaseDate ?? null,
        b.parentId ?? null,
      ],
    );
    return { ok: true };
  });
  app.delete('/rows/:id', async (request) => {
    await db.query(`delete from ${table} where id = $1`, [(request.params as { id: string }).id]);
    return { ok: true };
  });
  app.post('/unique', async () => {
    try {
      await db.query(`insert into ${table} (id, name) values (1, 'again')`);
    } catch (err) {
      conflictOnUnique(err, 'duplicate_row');
    }
    return { ok: true };
  });
  app.post('/unique-unmapped', async () => {
    await db.query(`insert into ${table} (id, name) values (1, 'again')`);
    return { ok: true };
  });
  app.get('/broken', async () => {
    await db.query('select * from a_table_that_does_not_exist');
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  if (admin) await onAdmin(`drop database if exists ${dbName} with (force)`);
});

async function post(url: string, body: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: body as object });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

const SQLSTATE = /"code":"[0-9][0-9A-Z]{4}"/;

describe('a database error that is the caller input', () => {
  test('an integer beyond its column (currencyId: 1e+308) is a 400 naming the field', async () => {
    const r = await post('/rows', { name: 'x', currencyId: 1e308 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'body.currencyId' }] });
    expect(r.raw).not.toMatch(SQLSTATE);
    expect(r.raw).not.toMatch(/smallint|syntax/);
  });
  test('a 20-digit id is a 400 naming the field', async () => {
    const r = await post('/rows', { name: 'x', id: '99999999999999999999' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'body.id', message: 'is out of range' }]);
  });
  test('a NUL character is a 400 naming the field', async () => {
    const r = await post('/rows', { name: 'a\u0000b' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'body.name', message: 'contains a character that is not allowed' }]);
  });
  test('a date that does not exist is a 400 naming the field', async () => {
    const r = await post('/rows', { name: 'x', purchaseDate: '2023-02-30' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'body.purchaseDate', message: 'is not a valid date' }]);
  });
  test('a check (percOwned stored as 0) and a missing required value are 400s naming the field', async () => {
    const check = await post('/rows', { name: 'x', percOwned: 1e-12 });
    expect(check.status).toBe(400);
    expect(check.body.fields).toEqual([{ field: 'body.percOwned', message: 'is out of range' }]);
    const missing = await post('/rows', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'body.name', message: 'is required' }]);
  });
  test('a reference to a row that does not exist is a 400; deleting a row still referred to is a 409', async () => {
    const r = await post('/rows', { name: 'x', parentId: 999 });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([{ field: 'body.parentId', message: 'does not exist' }]);
    const del = await app.inject({ method: 'DELETE', url: '/rows/1' });
    expect(del.statusCode).toBe(409);
    expect(del.body).not.toMatch(SQLSTATE);
  });
  test("the routes' own 409 for a duplicate still answers with its code; an unmapped one is a 409 too", async () => {
    expect(await post('/unique', {})).toMatchObject({ status: 409, body: { code: 'duplicate_row' } });
    const r = await post('/unique-unmapped', {});
    expect(r.status).toBe(409);
    expect(r.raw).not.toMatch(SQLSTATE);
  });
});

describe('a real server error', () => {
  test('is a 500 with a generic message, no SQLSTATE and no database words', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' });
  });
});
