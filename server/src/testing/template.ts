// The test apps' database, made once: migrated and seeded with the demo data, then copied for each test app. Creating
// a PGlite database (its initdb) and seeding it take about ten seconds; loading a copy takes two. The copy is made
// again whenever the migrations, the seed or what it reads change (the key is a hash of those sources).
//   PGlite: a dump of the data folder in the system's temporary folder, shared by the test processes.
//   PostgreSQL: a database of the TEST_DATABASE_URL server used as the template of each test database.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase, PGLITE_OPTIONS, wrapPglite } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../db/seed-demo.ts';

const repo = new URL('../../../', import.meta.url).pathname;
/** What the seeded database is made from. */
const SOURCES = [
  'server/src/db',
  'server/src/identity',
  // The demo's bank files are made through the engine and checked as the controls' job does (db/demo/controls.ts).
  'server/src/analytics',
  'server/src/data',
  'shared-api/src',
  'engine/src',
  'server/package.json',
];

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

let key: string | undefined;
function templateKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => files(join(repo, s)))) {
    if (file.includes('.test.')) continue;
    hash.update(file.slice(repo.length)).update(readFileSync(file));
  }
  key = hash.digest('hex').slice(0, 16);
  return key;
}

async function seed(db: Database): Promise<void> {
  await migrate(db);
  await seedDemo(db);
}

/** A new in-memory PGlite holding a copy of the seeded database. */
export async function pgliteFromTemplate(): Promise<Database> {
  const path = await pgliteTemplate();
  return wrapPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(path)]), ...PGLITE_OPTIONS }));
}

/**
 * A PGlite data folder at `dataDir` holding a copy of the seeded database, for a server process started on it (the
 * end-to-end journeys' servers): it starts migrated and seeded, as a new data folder would after its first start.
 */
export async function pgliteDataDirFromTemplate(dataDir: string): Promise<void> {
  const path = await pgliteTemplate();
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(path)]) });
  await db.close();
}

/** The dump of the seeded PGlite database (made first if missing): its path. */
async function pgliteTemplate(): Promise<string> {
  const path = join(tmpdir(), `patrimonio-test-db-${templateKey()}.tar`);
  if (!existsSync(path)) {
    const db = await openDatabase({ dataDir: 'memory://' });
    await seed(db);
    const dump = await (db.connection as { pglite: PGlite }).pglite.dumpDataDir('none');
    await db.close();
    // Written aside and renamed: a test process reading it never sees half a file.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  }
  return path;
}

/** A new database on the server of adminUrl, copied from the seeded template (made first if missing). */
export async function postgresFromTemplate(adminUrl: string, name: string): Promise<void> {
  const template = `patrimonio_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One test process makes the template; the others wait for it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rows.length) {
      const building = `${template}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const u = new URL(adminUrl);
      u.pathname = `/${building}`;
      const db = await openDatabase({ databaseUrl: u.toString(), dataDir: '' });
      await seed(db);
      await db.close();
      await admin.query(`alter database ${building} rename to ${template}`);
    }
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
}
