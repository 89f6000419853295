// `npm run report -- --all-clients --quarter 2026-Q3 --type synthetic --out q3/` (issue 21): the report of every client
// of the signed-in adviser (the service account's user, or PATRIMONIO_TOKEN's) at a quarter's end, one PDF each, as
// jobs on the job queue (server/src/jobs/report-batch.ts: one job per client on the batch's own queue), worked by
// this command --concurrency at a time: it holds the Lingui-compiled report code and the adviser's token, which the
// server's processes do not. The queue is the deployment's PostgreSQL (DATABASE_URL) when set, else a PGlite database
// in this process's memory: on the embedded default the server process alone opens DATA_DIR, and the command reaches
// the data through the API, as a single report does. Each job's end prints a progress line; a summary ends the run.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Client } from '@patrimonio/shared-api';
import { pino } from 'pino';
import { openDatabase } from '../../../server/src/db/database.ts';
import { type BatchItem, type BatchOutcome, runReportBatch } from '../../../server/src/jobs/report-batch.ts';
import type { BatchArgs } from './args.ts';
import { type CommandIo, kilobytes, openSession, type ReportResult, type Session, writeReport } from './report.ts';
import { CommandError } from './sign-in.ts';

export interface BatchSummary {
  batchId: string;
  folder: string;
  written: Array<BatchItem & ReportResult>;
  failed: number;
  outcomes: BatchOutcome<ReportResult>[];
}

/** The page size of the client list (its maximum is 10000). */
const CLIENTS_PAGE = 1000;

/** The client's name as the lists show it: the person's or the company's. */
export function clientName(client: Pick<Client, 'id' | 'name' | 'firstName' | 'lastName' | 'companyName'>): string {
  const person = [client.lastName, client.firstName].filter(Boolean).join(' ');
  return client.name?.trim() || client.companyName?.trim() || person || `client ${client.id}`;
}

/** The PDF's file name: quarter, client id and name, in plain lowercase letters and digits. */
export function batchFileName(quarter: string, item: BatchItem): string {
  const slug = item.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${quarter}-${item.clientId}${slug ? `-${slug}` : ''}.pdf`;
}

/** Every client the session's user sees (a PRO's own, a DELEGATE's PRO's), by name. */
async function adviserClients(session: Session): Promise<BatchItem[]> {
  const clients: BatchItem[] = [];
  for (let page = 1; ; page++) {
    const answer = await session.step('reading the clients', () =>
      session.api('listClients', { query: { page, size: CLIENTS_PAGE, sort: 'createdAt,asc' } }),
    );
    for (const c of answer.item) clients.push({ clientId: c.id, name: clientName(c) });
    if (answer.item.length < CLIENTS_PAGE || clients.length >= answer.total) break;
  }
  return clients.sort((a, b) => a.name.localeCompare(b.name, 'it') || a.clientId - b.clientId);
}

const megabytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : kilobytes(bytes);

/** Runs the batch and prints its progress and summary; resolves with the summary (failures included). */
export async function makeBatch(args: BatchArgs, io: CommandIo): Promise<BatchSummary> {
  const session = await openSession(args.server, io);
  if (session.me.role === 'BASIC') throw new CommandError('--all-clients is for advisers: a BASIC user is one client');
  const items = await adviserClients(session);
  const folder = resolve(io.cwd, args.out);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw new CommandError(`cannot make the folder ${folder} (${(error as NodeJS.ErrnoException).code})`);
  }
  const databaseUrl = io.env.DATABASE_URL?.trim() || undefined;
  const db = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const where = databaseUrl ? 'the job queue in DATABASE_URL' : "a job queue in this command's memory";
  io.out(
    `report: ${items.length} clients of ${session.me.name}, ${args.quarter.label} (${args.quarter.start} to ` +
      `${args.quarter.end}), ${args.type}, ${args.concurrency} at a time, on ${where}`,
  );
  const log = pino({ level: 'warn' }, pino.destination(2));
  const stop = new AbortController();
  const onSignal = () => {
    io.err('report: stopping: the reports under way finish, the others are left out');
    stop.abort();
  };
  if (io.interrupts) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
  let result: Awaited<ReturnType<typeof runReportBatch<ReportResult>>>;
  try {
    result = await runReportBatch<ReportResult>({
      db,
      log,
      items,
      concurrency: args.concurrency,
      signal: stop.signal,
      render: async (item) => {
        await session.renew();
        return writeReport(session, {
          scope: { kind: 'client', id: item.clientId },
          type: args.type,
          from: null,
          to: null,
          quarter: args.quarter,
          locale: args.locale,
          includeLogo: args.includeLogo,
          compress: args.compress,
          path: join(folder, batchFileName(args.quarter.label, item)),
        });
      },
      onOutcome: (outcome, ended, total) => {
        const who = `${outcome.name} (client ${outcome.clientId})`;
        io.out(
          outcome.ok
            ? `report: [${ended}/${total}] ${who}: ${outcome.result.path}, ${outcome.result.pages} pages, ${kilobytes(outcome.result.bytes)}`
            : `report: [${ended}/${total}] ${who} FAILED: ${outcome.reason}`,
        );
      },
    });
  } finally {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
    await db.close();
  }
  const written = result.outcomes.flatMap((o) => (o.ok ? [{ clientId: o.clientId, name: o.name, ...o.result }] : []));
  const failures = result.outcomes.filter((o) => !o.ok);
  const pages = written.reduce((sum, w) => sum + w.pages, 0);
  const bytes = written.reduce((sum, w) => sum + w.bytes, 0);
  io.out(
    `report: batch ${result.batchId} done: ${written.length} of ${items.length} reports written to ${folder}, ` +
      `${pages} pages, ${megabytes(bytes)}; ${failures.length} failed`,
  );
  for (const w of written)
    io.out(`report:   ${w.path.slice(folder.length + 1)}: ${w.pages} pages, ${kilobytes(w.bytes)} (${w.name})`);
  for (const f of failures) if (!f.ok) io.out(`report:   FAILED ${f.name} (client ${f.clientId}): ${f.reason}`);
  return { batchId: result.batchId, folder, written, failed: failures.length, outcomes: result.outcomes };
}
