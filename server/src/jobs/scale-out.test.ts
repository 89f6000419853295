// Scale-out with real processes (issue 21, docs/deploy.md): two API processes (server/src/main.ts, JOB_WORKERS=false)
// and two worker processes (`npm run worker`) on one PostgreSQL database, behind nginx (Debian's package; .ci/run
// installs it) as the load balancer, PUBLIC_URL being nginx's address. Through nginx: sign-in (the embedded issuer's
// keys, sessions and interactions are in the database, and the flow's requests land on both processes), the same
// answers from either process, a write's recalculation done once by one of the workers, and a worker killed (SIGKILL)
// in the middle of a file import whose job the other worker takes over once the queue's supervision sees its heartbeat
// stop (exchange-import: heartbeatSeconds 30; JOB_SUPERVISE_SECONDS=2 here instead of the default 60). PostgreSQL
// only: PGlite lives in one process. nginx runs as this test's own child process with a config in a temp folder.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { BANK_MOVEMENT_COLUMNS, depositMapping, movementsCounterpart } from '../testing/exchange-fixtures.ts';
import { postgresFromTemplate } from '../testing/template.ts';
import { ANALYTICS_RECALCULATION } from './analytics.ts';
import { EXCHANGE_IMPORT } from './exchange.ts';
import { REPORT_BATCH } from './report-batch.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => spawnSync(path, ['-v']).status === 0);
const API = '/api/v1';
const DATE = '2026-06-30';
const DEPOSIT = 4321.09;
/** Rows of the file whose import is killed half-way: enough for the import to take a few seconds. */
const ROWS = 20_000;
const LONG = 180_000;
const SECRETS_KEY = randomBytes(32).toString('hex');

let dir: string;
let databaseUrl: string;
let dbName: string;
let sql: pg.Pool;
let lb: string;
const apiPorts: number[] = [];
const children: ChildProcess[] = [];
const workers = new Map<string, ChildProcess>();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });
}

const until = async (what: string, check: () => Promise<boolean>, seconds = 60) => {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** The processes' common settings: the one database, the secrets key, the drop folder, the quick supervision. */
const commonEnv = () => ({
  ...process.env,
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  SECRETS_KEY,
  DROP_DIR: join(dir, 'drop'),
  PUBLIC_URL: lb,
  JOB_SUPERVISE_SECONDS: '2',
  ANALYTICS_THREADS: '1',
  LOG_LEVEL: 'warn',
});

function startProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

function startApi(port: number): ChildProcess {
  return startProcess(['--import', 'tsx', 'server/src/main.ts'], {
    ...commonEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    JOB_WORKERS: 'false',
  });
}

/** A worker process; its database connections carry its name (PGAPPNAME), so the test sees which one imports. */
function startWorker(name: string): ChildProcess {
  const child = startProcess(['--import', 'tsx', 'server/src/worker.ts'], { ...commonEnv(), PGAPPNAME: name });
  workers.set(name, child);
  return child;
}

const live = (base: string) => async () => (await fetch(`${base}${API}/live/version`)).ok;

function nginxConfig(listen: number, upstreams: number[]): string {
  return `worker_processes 1;
pid nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path tmp/body;
  proxy_temp_path tmp/proxy;
  fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi;
  scgi_temp_path tmp/scgi;
  upstream patrimonio {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://patrimonio;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Which upstream answered: this test's config only.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions
  const json: any = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  return { status: res.status, body: json, upstream: res.headers.get('x-upstream') };
}

const one = async <T>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows[0] as T;

describe.runIf(adminUrl)('two API processes and two workers behind nginx (PostgreSQL)', () => {
  let pro: string;
  let admin: string;

  beforeAll(async () => {
    // On PostgreSQL the test needs nginx: a missing one fails it rather than skipping it unseen.
    if (!NGINX) throw new Error('nginx is not installed: apt-get install nginx (.ci/run installs it)');
    dir = mkdtempSync(join(tmpdir(), 'patrimonio-scale-'));
    for (const sub of ['drop/scale', 'tmp', 'logs']) mkdirSync(join(dir, sub), { recursive: true });
    dbName = `patrimonio_test_${randomBytes(6).toString('hex')}`;
    await postgresFromTemplate(adminUrl!, dbName);
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    sql = new pg.Pool({ connectionString: databaseUrl, max: 3 });

    const lbPort = await freePort();
    lb = `http://127.0.0.1:${lbPort}`;
    apiPorts.push(await freePort(), await freePort());
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(lbPort, apiPorts));
    const nginx = spawn(NGINX!, ['-p', dir, '-c', 'nginx.conf', '-e', 'stderr', '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(nginx);

    // The first API process starts alone (it migrates); the others together.
    startApi(apiPorts[0]!);
    await until('the first API process', live(`http://127.0.0.1:${apiPorts[0]}`), 90);
    startApi(apiPorts[1]!);
    startWorker('scale-worker-1');
    startWorker('scale-worker-2');
    await until('the second API process', live(`http://127.0.0.1:${apiPorts[1]}`), 90);
    await until('nginx', live(lb), 30);
    await until(
      'the two workers',
      async () =>
        (
          await one<{ n: number }>(
            `select count(distinct application_name)::int as n from pg_stat_activity
              where datname = $1 and application_name like 'scale-worker-%'`,
            [dbName],
          )
        ).n === 2,
      90,
    );
    pro = (await signIn(lb, 'pro', 'patrimonio')).accessToken;
    admin = (await signIn(lb, 'admin', 'patrimonio')).accessToken;
  }, LONG);

  afterAll(async () => {
    for (const child of children.reverse()) if (child.exitCode === null && child.signalCode === null) child.kill();
    await Promise.all(
      children.map((c) =>
        c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined,
      ),
    );
    await sql?.end();
    if (dbName) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, LONG);

  /** Mario Verdi's UniCredit portfolio (pro's client), its current account and the client's id. */
  const verdi = async () => {
    const clientId = (await one<{ id: number }>('select id from clients where tax_code = $1', ['VRDLCU62C12L219G'])).id;
    const portfolioId = (
      await one<{ id: number }>('select id from portfolios where client_id = $1 and name = $2', [
        clientId,
        'Portafoglio UniCredit',
      ])
    ).id;
    const accountId = (
      await one<{ id: number }>(
        `select a.id from accounts a join portfolio_accounts pa on pa.account_id = a.id
          where pa.portfolio_id = $1 and a.account_type = 'CONTO_CORRENTE' order by a.id limit 1`,
        [portfolioId],
      )
    ).id;
    return { clientId, portfolioId, accountId };
  };

  /** The portfolio's synthetic report through `base`, once no recalculation is under way there. */
  const settledValue = async (base: string, portfolioId: number) => {
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    await until(`settled figures at ${base}`, async () => {
      answer = await call(base, pro, 'GET', `${API}/report/${portfolioId}/sintetico?date=${DATE}`);
      return answer.status === 200 && answer.body.recalculationInProgress === false;
    });
    return answer!.body;
  };

  test('sign-in works through the load balancer, and either process gives the same answers', async () => {
    const { portfolioId } = await verdi();
    const direct = apiPorts.map((p) => `http://127.0.0.1:${p}`);
    // Each process answers settled figures; then the same ones through either process, directly and through nginx.
    const figures = await Promise.all(direct.map((base) => settledValue(base, portfolioId)));
    expect(figures[1]).toEqual(figures[0]);
    const lists = await Promise.all(direct.map((base) => call(base, pro, 'GET', `${API}/user/client?size=100`)));
    expect(lists[0]!.status).toBe(200);
    expect(lists[0]!.body.item.length).toBeGreaterThan(0);
    expect(lists[1]!.body).toEqual(lists[0]!.body);

    const upstreams = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const list = await call(lb, pro, 'GET', `${API}/user/client?size=100`);
      const report = await call(lb, pro, 'GET', `${API}/report/${portfolioId}/sintetico?date=${DATE}`);
      expect(list.body).toEqual(lists[0]!.body);
      expect(report.body).toEqual(figures[0]);
      upstreams.add(list.upstream!).add(report.upstream!);
    }
    expect([...upstreams].sort()).toEqual(direct.map((d) => d.replace('http://', '')).sort());
  });

  test("a write's recalculation is done once, by one of the workers, and both processes then answer it", async () => {
    const { clientId, portfolioId, accountId } = await verdi();
    const before = await settledValue(lb, portfolioId);
    const since = (await one<{ now: Date }>('select now() as now')).now;
    const written = await call(lb, pro, 'POST', `${API}/movement`, {
      accountId,
      dateTime: '2026-06-15 10:00',
      cause: 'DEPOSIT',
      amount: DEPOSIT,
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const total = (body: typeof before) => body.reportSinteticoTotalComposition[0].controvalore as number;
    for (const port of apiPorts) {
      const after = await settledValue(`http://127.0.0.1:${port}`, portfolioId);
      expect(total(after)).toBeCloseTo(total(before) + DEPOSIT, 2);
    }
    let jobs: Array<{ state: string }> = [];
    await until('the recalculation jobs to settle', async () => {
      jobs = (
        await sql.query(
          `select state from pgboss.job where name = $1 and singleton_key = $2 and created_on >= $3 order by created_on`,
          [ANALYTICS_RECALCULATION, String(clientId), since],
        )
      ).rows;
      return jobs.length > 0 && jobs.every((j) => ['completed', 'failed', 'cancelled'].includes(j.state));
    });
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
    const state = await one<{ version: number; built: number }>(
      `select v.version, s.version as built from analytics_versions v
         join analytics_snapshots s on s.client_id = v.client_id where v.client_id = $1`,
      [clientId],
    );
    expect(state.built).toBe(state.version);
  });

  test(
    'a worker killed during an import: the other worker takes the job over and imports the file once',
    async () => {
      const account = await one<{ iban: string }>(
        `select a.iban from accounts a where a.iban is not null and a.account_type = 'CONTO_CORRENTE'
            and (select count(*) from accounts b where b.iban = a.iban) = 1 order by a.id limit 1`,
      );
      const server = await call(lb, admin, 'POST', `${API}/external-server`, {
        name: 'Cartella della prova di scala',
        protocol: 'LOCAL',
        host: null,
        port: null,
        username: null,
        folder: 'scale',
        filePattern: '*.csv',
        schedule: null,
        enabled: true,
      });
      expect(server.status, JSON.stringify(server.body)).toBe(200);
      const counterpart = await call(
        lb,
        admin,
        'POST',
        `${API}/counterpart`,
        movementsCounterpart('Banca della prova di scala', server.body.id),
      );
      expect(counterpart.status, JSON.stringify(counterpart.body)).toBe(200);
      const mapping = await call(lb, admin, 'POST', `${API}/mapping`, depositMapping(counterpart.body.id));
      expect(mapping.status, JSON.stringify(mapping.body)).toBe(200);
      const lines = [BANK_MOVEMENT_COLUMNS.join(';')];
      for (let i = 1; i <= ROWS; i++) lines.push(`${account.iban};03/11/2026;1,00;EUR;48;scala ${i}`);
      writeFileSync(join(dir, 'drop', 'scale', 'grande.csv'), `${lines.join('\n')}\n`);

      const fetched = await call(lb, admin, 'POST', `${API}/external-server/${server.body.id}/fetch`);
      expect(fetched.body).toMatchObject({ ok: true, received: 1 });
      const run = await one<{ id: number }>(
        `select r.id from import_runs r join exchange_files f on f.id = r.file_id where f.name = 'grande.csv'`,
      );

      // The worker whose connection holds the import's transaction (its run's row locked, movements being written).
      let holder = '';
      await until(
        'a worker to import',
        async () => {
          const row = await one<{ application_name: string } | undefined>(
            `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
              where l.locktype = 'transactionid' and l.mode = 'ExclusiveLock' and a.datname = $1
                and a.application_name like 'scale-worker-%' and a.backend_xid is not null
                and exists (select 1 from pg_locks t where t.pid = a.pid and t.relation = 'movements'::regclass)`,
            [dbName],
          );
          holder = row?.application_name ?? '';
          return holder !== '';
        },
        60,
      );
      const victim = workers.get(holder)!;
      victim.kill('SIGKILL');
      await new Promise((r) =>
        victim.exitCode === null && victim.signalCode === null ? victim.once('exit', r) : r(0),
      );

      await until(
        'the other worker to finish the import',
        async () =>
          (await one<{ status: string }>('select status from import_runs where id = $1', [run.id])).status === 'DONE',
        120,
      );
      const stored = await one<{ n: number }>('select count(*)::int as n from movements where import_run_id = $1', [
        run.id,
      ]);
      expect(stored.n).toBe(ROWS);
      const runs = await one<{ n: number }>(
        `select count(*)::int as n from import_runs r join exchange_files f on f.id = r.file_id
          where f.name = 'grande.csv'`,
      );
      expect(runs.n).toBe(1);
      // One job, failed once by the queue's supervision (the killed worker's heartbeat stopped), then completed.
      const jobs = (
        await sql.query(`select state, retry_count from pgboss.job where name = $1 and data->>'runId' = $2`, [
          EXCHANGE_IMPORT,
          String(run.id),
        ])
      ).rows as Array<{ state: string; retry_count: number }>;
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.state).toBe('completed');
      expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
    },
    LONG,
  );

  test(
    "npm run report's batch through the load balancer, its jobs on the deployment's queue",
    async () => {
      // The latest quarter end that every portfolio's data reaches.
      const last = (await one<{ d: string }>('select min(last_quantity_check_ok_date)::text as d from portfolios')).d;
      const year = Number(last.slice(0, 4));
      const quarter = [year, year - 1]
        .flatMap((y) =>
          [4, 3, 2, 1].map((q) => ({
            label: `${y}-Q${q}`,
            end: `${y}-${['03-31', '06-30', '09-30', '12-31'][q - 1]}`,
          })),
        )
        .find((q) => q.end <= last)!;
      const clients = await call(lb, pro, 'GET', `${API}/user/client?size=1000`);
      const total = clients.body.total as number;
      const command = spawn(
        'npm',
        ['run', '--silent', 'report', '--', '--all-clients', '--quarter', quarter.label, '--type', 'synthetic'].concat([
          '--out',
          join(dir, 'reports'),
          '--server',
          lb,
        ]),
        { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      children.push(command);
      let out = '';
      command.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      // The batch's jobs, seen on this database while it runs: one per client.
      let seen = 0;
      const watch = setInterval(() => {
        one<{ n: number }>('select count(*)::int as n from pgboss.job where name like $1', [`${REPORT_BATCH}/%`]).then(
          (r) => {
            seen = Math.max(seen, r.n);
          },
          () => undefined,
        );
      }, 200);
      const code = await new Promise<number | null>((r) => command.once('exit', r));
      clearInterval(watch);
      const lines = out.trim().split('\n');
      expect(lines[0]).toContain(`report: ${total} clients of Paolo Consulente, ${quarter.label}`);
      expect(lines[0]).toContain('on the job queue in DATABASE_URL');
      expect(lines.filter((l) => /^report: \[\d+\/\d+\]/.test(l))).toHaveLength(total);
      const summary = lines.find((l) => l.startsWith('report: batch '))!;
      const [, written, of, failed] = /done: (\d+) of (\d+) reports .*; (\d+) failed$/.exec(summary)!;
      expect(Number(of)).toBe(total);
      expect(Number(written) + Number(failed)).toBe(total);
      expect(Number(written)).toBeGreaterThan(0);
      expect(readdirSync(join(dir, 'reports')).filter((f) => f.endsWith('.pdf'))).toHaveLength(Number(written));
      expect(code).toBe(Number(failed) === 0 ? 0 : 1);
      expect(seen).toBe(total);
      // The batch's queue is gone with its jobs.
      const left = await one<{ n: number }>('select count(*)::int as n from pgboss.queue where name like $1', [
        `${REPORT_BATCH}/%`,
      ]);
      expect(left.n).toBe(0);
    },
    LONG,
  );
});
