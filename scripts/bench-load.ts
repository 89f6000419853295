// The load run of `npm run bench` (issue 15, "Load"): LOAD_SESSIONS (200) signed-in sessions for LOAD_SECONDS (60)
// on the list endpoints (clients, portfolios, movements) and the analytics endpoints, on PostgreSQL only (PGlite runs
// one query at a time: its figures would say nothing about a deployment). Figures to compare run to run, next to
// the targets: no errors, and p95 under 200 ms for the lists.
//
// The sessions start over the first second and run LOAD_WARMUP_SECONDS (5) before anything is counted: the first
// requests start the engine's threads, which parse each client's snapshot the first time they meet it.
//
// A session is one browser tab of a demo user (admin, backoffice, pro, pro2, delegate and the BASIC client, the
// sessions shared among them; each user signs in once and its sessions share the token). It loops: a request, then a
// pause of LOAD_THINK_MS (1,000) ± 50 %, like a user reading a page. LOAD_ANALYTICS_SHARE (0.4) of the requests are
// analytics calls, the rest lists; both pick among the clients and portfolios the user sees. Analytics calls ask for
// one of the 30 days before the demo's end date, so most of them are computed (the answer cache holds 100 answers),
// not read from the cache: the engine's threads are what is measured.
//
// A 503 with Retry-After (the engine's queue is full) is counted, and the session asks again after the seconds it
// names, 3 times at most, as the portal's client does (shared-api client.ts); only a 503 still refused after those
// counts as an error. A request answered after LOAD_TIMEOUT_MS (10,000) is a time-out. Latency percentiles are over
// every request but the 503s (which answer at once), time-outs counted at the time-out.
//
// The sessions run in a worker thread of their own, so that the load they make does not share the server's event
// loop (the server is the bench's process).
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { BUSY_RETRIES, MAX_RETRY_AFTER_S } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { DEMO_END_DATE } from '../server/src/db/demo/catalog.ts';
import { signIn } from '../server/src/identity/test-sign-in.ts';

const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const TIMEOUT_MS = Number(process.env.LOAD_TIMEOUT_MS ?? 10_000);
const ANALYTICS_SHARE = Number(process.env.LOAD_ANALYTICS_SHARE ?? 0.4);
const LIST_P95_TARGET_MS = 200;
/** The analytics dates: the demo's last 30 days. */
const DATES = 30;
const USERS = ['admin', 'backoffice', 'pro', 'pro2', 'delegate', 'client'] as const;

type Group = 'lists' | 'analytics';

/** What one user's sessions call: the clients it sees and, per client, the portfolios. */
interface Target {
  login: string;
  token: string;
  /** BASIC: no client list, no clientId on its own aggregate. */
  basic: boolean;
  clients: Array<{ id: number; portfolios: number[] }>;
}

interface Call {
  group: Group;
  /** The endpoint, without ids, for the per-endpoint lines. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** One endpoint's counts. */
interface Tally {
  group: Group;
  latencies: number[];
  ok: number;
  /** 5xx other than 503. */
  serverErrors: number;
  busy: number;
  busyGivenUp: number;
  timeouts: number;
  /** 4xx and failures without an answer. */
  other: number;
}

const newTally = (group: Group): Tally => ({
  group,
  latencies: [],
  ok: 0,
  serverErrors: 0,
  busy: 0,
  busyGivenUp: 0,
  timeouts: 0,
  other: 0,
});

// ---------------------------------------------------------------------------------------------------------------
// The sessions (worker thread)

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function nextCall(target: Target): Call {
  const client = pick(target.clients);
  const portfolio = client.portfolios.length ? pick(client.portfolios) : null;
  const owner = target.basic ? '' : `clientId=${client.id}`;
  if (Math.random() >= ANALYTICS_SHARE || portfolio === null) {
    const lists: Call[] = [
      {
        group: 'lists',
        name: 'GET /api/v1/portfolio/menu',
        method: 'GET',
        path: `/api/v1/portfolio/menu${owner ? `?${owner}` : ''}`,
      },
    ];
    if (!target.basic)
      lists.push({
        group: 'lists',
        name: 'GET /api/v1/user/client',
        method: 'GET',
        path: `/api/v1/user/client?page=${1 + Math.floor(Math.random() * 2)}`,
      });
    if (portfolio !== null)
      lists.push({
        group: 'lists',
        name: 'POST /api/v1/movement/list',
        method: 'POST',
        path: `/api/v1/movement/list?ptfId=${portfolio}`,
        body: '{}',
      });
    return pick(lists);
  }
  const date = addDays(DEMO_END_DATE, -Math.floor(Math.random() * DATES));
  const yearBefore = addDays(date, -365);
  const analytics: Call[] = [
    { name: 'GET /api/v1/report/:ptf/sintetico', path: `/api/v1/report/${portfolio}/sintetico?date=${date}` },
    {
      name: 'GET /api/v2/report/:ptf/performance',
      path: `/api/v2/report/${portfolio}/performance?dateFrom=${yearBefore}&dateTo=${date}&fullData=true`,
    },
    {
      name: 'GET /api/v2/report/:ptf/triplaA',
      path: `/api/v2/report/${portfolio}/triplaA?dateFrom=${yearBefore}&dateTo=${date}`,
    },
    { name: 'GET /api/v1/portfolio/:ptf/var', path: `/api/v1/portfolio/${portfolio}/var?date=${date}` },
    {
      name: 'GET /api/v1/dashboard/:id',
      path: `/api/v1/dashboard/${client.id}?${owner ? `${owner}&` : ''}date=${date}`,
    },
  ].map((c) => ({ ...c, group: 'analytics' as const, method: 'GET' as const }));
  return pick(analytics);
}

async function runSessions(url: string, targets: Target[], measuring: () => void): Promise<Record<string, Tally>> {
  const tallies: Record<string, Tally> = {};
  /** What the warm-up asks is counted here and left out. */
  const warmUp: Record<string, Tally> = {};
  const measureFrom = performance.now() + WARMUP_SECONDS * 1000;
  const end = measureFrom + SECONDS * 1000;
  setTimeout(measuring, WARMUP_SECONDS * 1000);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function exchange(target: Target, call: Call, tally: Tally): Promise<number | null> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}${call.path}`, {
        method: call.method,
        headers: {
          authorization: `Bearer ${target.token}`,
          ...(call.body ? { 'content-type': 'application/json' } : {}),
        },
        body: call.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status === 503) {
        tally.busy++;
        return Math.min(Number(res.headers.get('retry-after') ?? 1), MAX_RETRY_AFTER_S);
      }
      tally.latencies.push(ms);
      if (res.ok) tally.ok++;
      else if (res.status >= 500) tally.serverErrors++;
      else tally.other++;
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') {
        tally.timeouts++;
        tally.latencies.push(TIMEOUT_MS);
      } else tally.other++;
    }
    return null;
  }

  async function session(target: Target) {
    // Sessions start spread over the first pause, not all in the same millisecond.
    await sleep(Math.random() * THINK_MS);
    while (performance.now() < end) {
      const call = nextCall(target);
      const counted = performance.now() < measureFrom ? warmUp : tallies;
      counted[call.name] ??= newTally(call.group);
      const tally = counted[call.name]!;
      for (let attempt = 0; ; attempt++) {
        const retryAfter = await exchange(target, call, tally);
        if (retryAfter === null) break;
        if (attempt === BUSY_RETRIES) {
          tally.busyGivenUp++;
          break;
        }
        await sleep(retryAfter * 1000);
      }
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  }

  await Promise.all(Array.from({ length: SESSIONS }, (_, i) => session(targets[i % targets.length]!)));
  return tallies;
}

if (!isMainThread && workerData?.benchLoad) {
  const { url, targets } = workerData.benchLoad as { url: string; targets: Target[] };
  let cpu = process.threadCpuUsage();
  const tallies = await runSessions(url, targets, () => {
    cpu = process.threadCpuUsage();
    parentPort!.postMessage({ measuring: true });
  });
  parentPort!.postMessage({ tallies, cpu: process.threadCpuUsage(cpu) });
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up and figures (the bench's thread)

async function api<T>(url: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Each user's clients and portfolios, as the API shows them to it. */
async function targetOf(url: string, login: string): Promise<Target> {
  const { accessToken: token } = await signIn(url, login, 'patrimonio');
  type Menu = Array<{ id: number | null; ownerId: number | null }>;
  const portfolios = (menu: Menu) => menu.filter((p) => p.id !== null).map((p) => p.id!);
  if (login === 'client') {
    const menu = await api<Menu>(url, token, '/api/v1/portfolio/menu');
    const id = menu.find((p) => p.ownerId !== null)?.ownerId ?? 0;
    return { login, token, basic: true, clients: [{ id, portfolios: portfolios(menu) }] };
  }
  const page = await api<{ item: Array<{ id: number }> }>(url, token, '/api/v1/user/client?size=100');
  const clients = [];
  for (const { id } of page.item) {
    clients.push({ id, portfolios: portfolios(await api<Menu>(url, token, `/api/v1/portfolio/menu?clientId=${id}`)) });
  }
  return { login, token, basic: false, clients };
}

/** Nearest-rank percentile. */
function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function merge(group: Group, tallies: readonly Tally[]): Tally {
  const out = newTally(group);
  for (const t of tallies) {
    out.latencies.push(...t.latencies);
    out.ok += t.ok;
    out.serverErrors += t.serverErrors;
    out.busy += t.busy;
    out.busyGivenUp += t.busyGivenUp;
    out.timeouts += t.timeouts;
    out.other += t.other;
  }
  return out;
}

const errorsOf = (t: Tally) => t.serverErrors + t.timeouts + t.busyGivenUp + t.other;

function line(title: string, t: Tally): string {
  const requests = t.latencies.length + t.busy;
  const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(0)).padStart(6);
  return [
    title.padEnd(40),
    String(requests).padStart(7),
    (requests / SECONDS).toFixed(1).padStart(7),
    ms(percentile(t.latencies, 50)),
    ms(percentile(t.latencies, 95)),
    ms(percentile(t.latencies, 99)),
    String(t.serverErrors).padStart(5),
    `${t.busy}/${t.busyGivenUp}`.padStart(9),
    String(t.timeouts).padStart(9),
    String(t.other).padStart(6),
  ].join(' ');
}

export async function benchLoad({ app, url }: { app: FastifyInstance; url: string }): Promise<void> {
  if (app.db.kind !== 'postgres') {
    console.log('load run: skipped, it runs on PostgreSQL only (DATABASE_URL, see the top of scripts/bench.ts)');
    return;
  }
  await app.analytics.idle();
  const targets: Target[] = [];
  for (const login of USERS) targets.push(await targetOf(url, login));
  const { threads, queue } = app.config.analytics;
  console.log(
    `load run on PostgreSQL: ${SESSIONS} sessions of ${USERS.length} demo users for ${SECONDS} s after ` +
      `${WARMUP_SECONDS} s of warm-up, ` +
      `a pause of ${THINK_MS} ms ± 50 % between requests, ${Math.round(ANALYTICS_SHARE * 100)} % analytics ` +
      `(dates in the last ${DATES} days), time-out ${TIMEOUT_MS} ms; engine threads ${threads}, queue ${queue}`,
  );
  let processCpu = process.cpuUsage();
  let eventLoopCpu = process.threadCpuUsage();
  const worker = new Worker(new URL(import.meta.url), { workerData: { benchLoad: { url, targets } } });
  const { tallies, cpu: sessionsCpu } = await new Promise<{ tallies: Record<string, Tally>; cpu: NodeJS.CpuUsage }>(
    (resolve, reject) => {
      worker.on('message', (message) => {
        if (!message.measuring) return resolve(message);
        // The warm-up is over: CPU is counted from here.
        processCpu = process.cpuUsage();
        eventLoopCpu = process.threadCpuUsage();
      });
      worker.once('error', reject);
    },
  );
  const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
  const serverLoop = cpuMs(process.threadCpuUsage(eventLoopCpu));
  const otherThreads = cpuMs(process.cpuUsage(processCpu)) - serverLoop - cpuMs(sessionsCpu);
  await worker.terminate();

  console.log(
    `${'endpoint'.padEnd(40)} ${'requests'.padStart(7)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ` +
      `${'p99'.padStart(6)} ${'5xx'.padStart(5)} ${'503/gave up'.padStart(9)} ${'time-outs'.padStart(9)} ${'other'.padStart(6)}`,
  );
  const endpoints = Object.entries(tallies).sort(([a], [b]) => a.localeCompare(b));
  const groupOf = (group: Group) => endpoints.filter(([, t]) => t.group === group);
  for (const group of ['lists', 'analytics'] as const) {
    console.log(
      line(
        group,
        merge(
          group,
          groupOf(group).map(([, t]) => t),
        ),
      ),
    );
    for (const [name, tally] of groupOf(group)) console.log(line(`  ${name}`, tally));
  }
  const all = merge('lists', Object.values(tallies));
  console.log(line('all', all));
  // CPU time is a steadier figure than latency on a shared machine: what each request cost the server.
  const answered = all.latencies.length + all.busy;
  console.log(
    `server CPU per request: event loop ${(serverLoop / answered).toFixed(2)} ms, other threads (the engine's, GC, ` +
      `libuv) ${(otherThreads / answered).toFixed(2)} ms; the sessions' own thread left out`,
  );
  const lists = merge(
    'lists',
    groupOf('lists').map(([, t]) => t),
  );
  const listP95 = percentile(lists.latencies, 95);
  const errors = errorsOf(all);
  const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');
  console.log(
    `targets: lists p95 ${listP95.toFixed(0)} ms (under ${LIST_P95_TARGET_MS} ms: ${verdict(listP95 < LIST_P95_TARGET_MS)}); ` +
      `errors ${errors} (5xx, time-outs, 503s still refused after ${BUSY_RETRIES} retries, other failures; 0: ${verdict(errors === 0)}); ` +
      `503s answered and retried: ${all.busy}`,
  );
}
