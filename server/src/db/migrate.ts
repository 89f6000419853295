// Applies the numbered SQL files of ./migrations in order, each once, each in its own transaction.
import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from './database.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

/**
 * The lock that makes processes starting at once on one PostgreSQL server (API processes, workers) migrate one at a
 * time: each migration's transaction takes it, then checks again whether another process applied it meanwhile.
 * PGlite has one process.
 */
const MIGRATION_LOCK = 'select pg_advisory_xact_lock(8217461)';

export async function migrate(db: Database): Promise<string[]> {
  const locked = db.kind === 'postgres';
  await db.transaction(async (tx) => {
    if (locked) await tx.query(MIGRATION_LOCK);
    await tx.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
  });
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
  );
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(new URL(file, migrationsDir), 'utf8');
    const ran = await db.transaction(async (tx) => {
      if (locked) {
        await tx.query(MIGRATION_LOCK);
        const already = await tx.query('select 1 from schema_migrations where name = $1', [file]);
        if (already.rows.length > 0) return false;
      }
      // Split on statement ends so both drivers run them inside the same transaction.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/**
 * Splits a migration into statements at semicolons that end a line, except inside dollar-quoted bodies ($$ ... $$,
 * as in PL/pgSQL functions); comment lines are dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split('\n')) {
    if (!inBody && /^\s*--/.test(line)) continue;
    current.push(line);
    // Each $$ opens or closes a body.
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, '').trim());
      current = [];
    }
  }
  statements.push(current.join('\n').trim());
  return statements.filter(Boolean);
}
