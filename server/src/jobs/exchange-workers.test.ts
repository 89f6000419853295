// The file exchange's imports in separate worker processes (`npm run worker`, issue 17), on PostgreSQL (worker
// processes share a PostgreSQL server; the embedded PGlite lives in one process, so this file's work runs in CI's
// PostgreSQL pass): an import killed half-way (kill -9 of its worker) leaves nothing written and its run QUEUED, and a
// worker started afterwards imports it; with two workers running, each file is imported exactly once.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BANK_MOVEMENT_COLUMNS, depositMapping, movementsCounterpart } from '../testing/exchange-fixtures.ts';
import { type Harness, startHarness } from '../testing/harness.ts';

const API = '/api/v1';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECRETS_KEY = randomBytes(32).toString('hex');
const ROWS = 20_000;
/** Worker processes start (tsx, migrations, the engine's threads) in seconds each. */
const LONG = 240_000;

let h: Harness;
const workers: ChildProcess[] = [];
let iban: string;
let counterpartId: number;
let serverId: number;

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: h.t.config.databaseUrl,
      SECRETS_KEY,
      DROP_DIR: h.t.app.exchange.dropDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

const until = async (what: string, check: () => Promise<boolean>, tries = 3600) => {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A movements file in the counterpart's layout: ROWS deposits of 1,00 EUR to the account. */
function movementsFile(tag: string): string {
  const lines = [BANK_MOVEMENT_COLUMNS.join(';')];
  for (let i = 1; i <= ROWS; i++) lines.push(`${iban};03/11/2026;1,00;EUR;48;${tag} ${i}`);
  return `${lines.join('\n')}\n`;
}

const runOf = async (name: string) =>
  h.one<{ id: number; status: string; rows_pending: number } | undefined>(
    `select r.id, r.status, r.rows_pending from import_runs r join exchange_files f on f.id = r.file_id
      where f.name = $1 order by r.id desc limit 1`,
    [name],
  );
const storedOf = async (runId: number) =>
  (await h.one<{ n: number }>('select count(*)::int as n from movements where import_run_id = $1', [runId])).n;

/** Whether a worker is importing the run now: its row is locked by the import's transaction. */
async function importing(runId: number): Promise<boolean> {
  const c = new pg.Client({ connectionString: h.t.config.databaseUrl });
  await c.connect();
  try {
    await c.query('begin');
    await c.query('select 1 from import_runs where id = $1 for update nowait', [runId]);
    return false;
  } catch (err) {
    return (err as { code?: string }).code === '55P03';
  } finally {
    await c.query('rollback').catch(() => undefined);
    await c.end();
  }
}

describe.runIf(onPostgres)('imports in worker processes (PostgreSQL)', () => {
  beforeAll(async () => {
    h = await startHarness({ env: { JOB_WORKERS: 'false', SECRETS_KEY } });
    const account = await h.one<{ iban: string; id: number }>(
      `select a.id, a.iban from accounts a where a.iban is not null and a.account_type = 'CONTO_CORRENTE'
          and (select count(*) from accounts b where b.iban = a.iban) = 1 order by a.id limit 1`,
    );
    iban = account.iban;
    await mkdir(join(h.t.app.exchange.dropDir, 'workers'), { recursive: true });
    serverId = (
      await h.call('admin', 'POST', `${API}/external-server`, {
        name: 'Cartella dei worker',
        protocol: 'LOCAL',
        host: null,
        port: null,
        username: null,
        folder: 'workers',
        filePattern: '*.csv',
        schedule: null,
        enabled: true,
      })
    ).body.id;
    const cp = await h.call('admin', 'POST', `${API}/counterpart`, movementsCounterpart('Banca dei worker', serverId));
    expect(cp.status, JSON.stringify(cp.body)).toBe(200);
    counterpartId = cp.body.id;
    const m = await h.call('admin', 'POST', `${API}/mapping`, depositMapping(counterpartId));
    expect(m.status).toBe(200);
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    await h?.t.close();
  });

  test(
    'kill -9 during an import leaves nothing written; the next worker imports the file once',
    async () => {
      await writeFile(join(h.t.app.exchange.dropDir, 'workers', 'grande.csv'), movementsFile('grande'));
      const fetched = await h.call('admin', 'POST', `${API}/external-server/${serverId}/fetch`);
      expect(fetched.body).toMatchObject({ ok: true, received: 1 });
      const run = (await runOf('grande.csv'))!;
      expect(run.status).toBe('QUEUED');

      const first = startWorker();
      await until('the first worker to import', () => importing(run.id));
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      // The transaction died with the worker: nothing of the file, the run still QUEUED.
      await until('the import to roll back', async () => !(await importing(run.id)));
      expect((await runOf('grande.csv'))!.status).toBe('QUEUED');
      expect(await storedOf(run.id)).toBe(0);

      startWorker();
      await until('the run to end', async () => (await runOf('grande.csv'))!.status === 'DONE');
      expect(await storedOf(run.id)).toBe(ROWS);
      expect((await runOf('grande.csv'))!.rows_pending).toBe(ROWS);
    },
    LONG,
  );

  test(
    'two workers: each file imported exactly once',
    async () => {
      startWorker();
      const names = ['a.csv', 'b.csv', 'c.csv'];
      for (const n of names) await writeFile(join(h.t.app.exchange.dropDir, 'workers', n), movementsFile(n));
      const fetched = await h.call('admin', 'POST', `${API}/external-server/${serverId}/fetch`);
      expect(fetched.body).toMatchObject({ received: 3 });
      await until('the three runs to end', async () =>
        (await Promise.all(names.map(runOf))).every((r) => r?.status === 'DONE'),
      );
      for (const n of names) {
        const runs = await h.one<{ n: number }>(
          `select count(*)::int as n from import_runs r join exchange_files f on f.id = r.file_id where f.name = $1`,
          [n],
        );
        expect(runs.n, n).toBe(1);
        expect(await storedOf((await runOf(n))!.id), n).toBe(ROWS);
      }
    },
    LONG,
  );
});
