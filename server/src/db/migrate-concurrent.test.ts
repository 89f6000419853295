// Processes starting at once on one new PostgreSQL database (docs/deploy.md: two API processes and two workers) migrate
// it once between them: each migration is applied by exactly one, and every one of them starts. PostgreSQL only (the
// embedded PGlite has one process).
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const name = `patrimonio_test_${randomBytes(6).toString('hex')}`;
const open: Database[] = [];

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  for (const db of open) await db.close();
  if (adminUrl) await admin(`drop database if exists ${name} with (force)`);
});

describe.runIf(adminUrl)('migrations from processes starting at once (PostgreSQL)', () => {
  test('four processes on a new database: each migration applied once, all of them start', async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 4; i++) open.push(await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' }));
    const applied = await Promise.all(open.map((db) => migrate(db)));
    const files = readdirSync(new URL('./migrations/', import.meta.url))
      .filter((f) => /^\d{3}_.+\.sql$/.test(f))
      .sort();
    expect(applied.flat().sort()).toEqual(files);
    const rows = await open[0]!.query<{ n: number }>('select count(*)::int as n from schema_migrations');
    expect(rows.rows[0]!.n).toBe(files.length);
  });
});
