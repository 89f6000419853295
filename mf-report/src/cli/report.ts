// `npm run report` (issue 7): the wealth report PDF without a browser window, for batches at quarter end. The same
// rules as the portal's report dialog: the type's sections and portfolios (custom: the saved report options), the
// dialog's default period and its bounds, no download for ADMIN and BACK_OFFICE; the same data loading and drawing
// (load-data.ts, build-report.ts), with Node's renderers (../node). scripts/report.mjs runs this file under tsx with
// the Lingui macro hooks (register-hooks.ts).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareDates, type IsoDate } from '@patrimonio/engine';
import {
  type ApiClient,
  ApiError,
  createApiClient,
  type PortfolioMenuItem,
  type Role,
  type UserProfile,
} from '@patrimonio/shared-api';
import {
  type DateBounds,
  type DateRangeError,
  dateBounds,
  defaultDateRange,
  validateDateRange,
} from '../logic/date-range.ts';
import { mayDownloadReport, type ReportType } from '../logic/dialog.ts';
import { initialOptionsState, type ReportSelection } from '../logic/options.ts';
import { type EligiblePortfolio, eligiblePortfolios } from '../logic/portfolios.ts';
import { openNodeEnvironment } from '../node/environment.ts';
import { buildReport } from '../report/build-report.ts';
import { type ApiAccess, loadReportData } from '../report/load-data.ts';
import type { ReportRequest, ReportScope } from '../report/types.ts';
import { type BatchArgs, parseReportArgs, type Quarter, type ReportArgs, USAGE, UsageError } from './args.ts';
import { makeBatch } from './batch.ts';
import { accessToken, CommandError, type Environment, networkReason } from './sign-in.ts';

export interface CommandIo {
  env: Environment;
  /** Where a relative --out starts: the directory npm was run in. */
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  fetch?: typeof fetch;
  /** Set when Ctrl-C (SIGINT) or SIGTERM should stop a batch: the reports under way end, then the summary. */
  interrupts?: boolean;
}

export interface ReportResult {
  path: string;
  pages: number;
  bytes: number;
}

const processIo = (): CommandIo => ({
  env: process.env,
  // npm runs scripts in the package's directory and leaves the caller's in INIT_CWD.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  interrupts: true,
});

/** Runs the command; the exit code: 0 done, 1 failed, 2 a mistake in the arguments (one line on stderr). */
export async function main(argv: readonly string[], io: CommandIo = processIo()): Promise<number> {
  try {
    const args = parseReportArgs(argv);
    if (args === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (isBatch(args)) {
      const summary = await makeBatch(args, io);
      return summary.failed === 0 ? 0 : 1;
    }
    const result = await makeReport(args, io);
    io.out(`report: wrote ${result.path}: ${result.pages} pages, ${kilobytes(result.bytes)}`);
    return 0;
  } catch (error) {
    io.err(`report: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

const isBatch = (args: ReportArgs | BatchArgs): args is BatchArgs => 'allClients' in args;

/** A size as the command prints it: "812.3 KB". */
export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const subjectOf = (scope: ReportScope): string => `${scope.kind} ${scope.id}`;

const scopeQuery = (scope: ReportScope): { clientId: number } | { familyId: number } =>
  scope.kind === 'family' ? { familyId: scope.id } : { clientId: scope.id };

/** An API failure as one line: what was being done and the server's answer. */
function explain(what: string, error: unknown, server: string): Error {
  if (error instanceof ApiError) {
    if (error.status === 401) return new CommandError(`the server refused the access token while ${what}`);
    const message = (error.body as { message?: unknown } | null)?.message;
    return new CommandError(`${what}: HTTP ${error.status}${typeof message === 'string' ? ` ${message}` : ''}`);
  }
  if (error instanceof TypeError && error.message === 'fetch failed')
    return new CommandError(`cannot reach the server at ${server} (${networkReason(error)})`);
  return error as Error;
}

/** The signed-in command: the API with a current access token, and who it acts as. */
export interface Session {
  server: string;
  access: ApiAccess;
  api: ApiClient;
  me: UserProfile;
  /** Takes a new access token when the one held is older than a few minutes (a long batch outlives one). */
  renew(): Promise<void>;
  /** Runs one API call, its failure as one line saying what was being done. */
  step<T>(what: string, call: () => Promise<T>): Promise<T>;
}

/** Tokens are taken again after this long (the embedded issuer's last 15 minutes by default). */
const TOKEN_RENEW_MS = 5 * 60 * 1000;

/** Signs in and reads who the command acts as; refuses the roles without report download. */
export async function openSession(server: string, io: CommandIo): Promise<Session> {
  let token = await accessToken(server, io.env, io.fetch);
  let takenAt = Date.now();
  const access: ApiAccess = { baseUrl: server, getAccessToken: () => token, fetch: io.fetch };
  const api = createApiClient(access);
  const step = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw explain(what, error, server);
    }
  };
  const me = await step('reading the signed-in user', () => api('userMe'));
  if (!mayDownloadReport(me.role)) {
    throw new CommandError(`${me.role} users have no report download: sign in as a PRO, DELEGATE or BASIC user`);
  }
  const renew = async () => {
    if (Date.now() - takenAt < TOKEN_RENEW_MS) return;
    token = await accessToken(server, io.env, io.fetch);
    takenAt = Date.now();
  };
  return { server, access, api, me, renew, step };
}

/** One report: whose, which, the period (dates, a quarter, or the dialog's default), and the file to write. */
export type ReportSpec = Omit<ReportArgs, 'out' | 'server'> & { path: string };

/** Signs in, loads the data, draws the PDF and writes it. */
export async function makeReport(args: ReportArgs, io: CommandIo): Promise<ReportResult> {
  const session = await openSession(args.server, io);
  return writeReport(session, { ...args, path: resolve(io.cwd, args.out) });
}

/** Loads one report's data, draws the PDF and writes it, as the signed-in session. */
export async function writeReport(session: Session, spec: ReportSpec): Promise<ReportResult> {
  const { api, access, me, step } = session;
  const subject = subjectOf(spec.scope);
  const viewer = { role: me.role, name: me.name };
  const query = scopeQuery(spec.scope);
  const menu = await step(`reading the portfolios of ${subject}`, () => api('portfolioMenu', { query }));
  const eligible = eligiblePortfolios(menu);
  const selection = await step(`reading the report options of ${subject}`, () =>
    reportSelection(api, spec.type, me.role, query, menu, eligible),
  );
  const period = reportPeriod(spec, eligible, selection);
  const request: ReportRequest = {
    scope: spec.scope,
    type: spec.type,
    from: period.from,
    to: period.to,
    sections: selection.sections,
    portfolioIds: selection.portfolios,
    includeLogo: spec.includeLogo,
    locale: spec.locale,
  };
  const data = await step(`loading the report of ${subject}`, () => loadReportData(access, request, viewer, { menu }));

  const environment = await openNodeEnvironment(spec.locale, { compress: spec.compress });
  let pdf: Uint8Array;
  try {
    pdf = await buildReport(data, environment);
  } finally {
    environment.close();
  }
  const path = spec.path;
  try {
    await writeFile(path, pdf);
  } catch (error) {
    throw new CommandError(
      `cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  return { path, pages: pdfPageCount(pdf), bytes: pdf.byteLength };
}

/**
 * The sections and portfolios, as the dialog passes them: the saved report options (portal-and-report 5: filtered to
 * the menu's eligible portfolios; custom uses both, synthetic the portfolios, see logic/plan.ts), or the defaults
 * (every section, every eligible portfolio) for analytic and when nothing is saved. A BASIC user's options live in
 * the browser only, so its reports take the defaults.
 */
async function reportSelection(
  api: ApiClient,
  type: ReportType,
  role: Role,
  query: ReturnType<typeof scopeQuery>,
  menu: readonly PortfolioMenuItem[],
  eligible: readonly EligiblePortfolio[],
): Promise<ReportSelection> {
  const settings = type !== 'analytic' && role !== 'BASIC' ? await api('getReportSettings', { query }) : null;
  return initialOptionsState(settings, menu, eligible).original;
}

/**
 * The report's period: --from and --to, each by default the dialog's (defaultDateRange), both within the dialog's
 * bounds (portal-and-report 5), computed over the selected portfolios (all eligible ones when none is selected); or,
 * with --quarter, from the previous quarter's end (the first possible date, if later) to the quarter's end, which the
 * data must reach. Throws a UsageError naming the date at fault.
 */
export function reportPeriod(
  args: Pick<ReportArgs, 'from' | 'to' | 'scope'> & Partial<Pick<ReportArgs, 'quarter'>>,
  eligible: readonly EligiblePortfolio[],
  selection: ReportSelection,
): { from: IsoDate; to: IsoDate } {
  const selected = eligible.filter((p) => selection.portfolios.includes(p.id));
  const bounds = dateBounds(selected.length > 0 ? selected : eligible);
  if (!bounds) {
    throw new UsageError(
      `${subjectOf(args.scope)} has no portfolio with a first movement and a last quantity check: no report period`,
    );
  }
  if (args.quarter) return quarterPeriod(args.quarter, bounds, subjectOf(args.scope));
  const fallback = defaultDateRange(bounds);
  const from = args.from ?? fallback.start;
  const to = args.to ?? fallback.end;
  const fault = validateDateRange({ start: from, end: to }, bounds)[0];
  if (fault) throw new UsageError(periodFault(fault, { from, to }, bounds));
  return { from, to };
}

function quarterPeriod(quarter: Quarter, bounds: DateBounds, subject: string): { from: IsoDate; to: IsoDate } {
  if (quarter.end > bounds.max) {
    throw new UsageError(
      `${subject}'s data ends at its last quantity check, ${bounds.max}, before the end of ${quarter.label} (${quarter.end})`,
    );
  }
  if (quarter.end < bounds.min) {
    throw new UsageError(`${subject}'s first movement is after the end of ${quarter.label} (${quarter.end})`);
  }
  return { from: compareDates(bounds.min, quarter.start) > 0 ? bounds.min : quarter.start, to: quarter.end };
}

function periodFault(fault: DateRangeError, range: { from: IsoDate; to: IsoDate }, bounds: DateBounds): string {
  const option = fault.field === 'start' ? '--from' : '--to';
  const value = fault.field === 'start' ? range.from : range.to;
  switch (fault.code) {
    case 'before_min':
      return `${option} ${value} is before the report's first possible date, ${bounds.min}`;
    case 'after_max':
      return `${option} ${value} is after the report's last possible date, ${bounds.max}`;
    case 'start_after_end':
      return `--from ${range.from} is after --to ${range.to}`;
    default:
      return `${option} must be a date YYYY-MM-DD between ${bounds.min} and ${bounds.max}`;
  }
}

/** The page count of a PDF: the root page tree's /Count (written as text, also in a compressed jsPDF file). */
export function pdfPageCount(pdf: Uint8Array): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return counts.length > 0 ? Math.max(...counts) : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
