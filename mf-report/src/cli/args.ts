// The arguments of `npm run report` (issue 7): `--client ID | --family ID [--from YYYY-MM-DD --to YYYY-MM-DD |
// --quarter YYYY-Qn] --type synthetic|analytic|custom --out file.pdf [--server URL] [--lang it|en] [--logo]
// [--no-compress]`; and the batch of issue 21: `--all-clients --quarter YYYY-Qn --type ... --out folder
// [--concurrency N]`, one PDF per client of the signed-in adviser.
import { parseArgs } from 'node:util';
import { type IsoDate, toDayNumber } from '@patrimonio/engine';
import { offeredReportTypes, REPORT_TYPES, type ReportType } from '../logic/dialog.ts';
import type { Locale } from '../pdf/format.ts';
import type { ReportScope } from '../report/types.ts';

export const DEFAULT_SERVER = 'http://localhost:8080';
export const DEFAULT_CONCURRENCY = 2;
export const MAX_CONCURRENCY = 8;
const LOCALES: readonly Locale[] = ['it', 'en'];

export const USAGE = `Usage: npm run report -- (--client ID | --family ID) --type synthetic|analytic|custom --out file.pdf
         [--from YYYY-MM-DD --to YYYY-MM-DD | --quarter YYYY-Qn] [--server URL] [--lang it|en] [--logo]
         [--no-compress]
       npm run report -- --all-clients --quarter YYYY-Qn --type synthetic|analytic|custom --out folder
         [--concurrency N] [--server URL] [--lang it|en] [--logo] [--no-compress]

Makes the wealth report PDF of a client or a family, as the portal's report dialog does; or, with --all-clients, one
PDF per client of the signed-in adviser at a quarter's end, as jobs on the job queue, printing each as it ends and a
summary (files, pages, sizes, failures with their reasons).
  --client ID, --family ID  whose report (one of the two; no analytic report for a family)
  --all-clients             every client of the signed-in adviser (the service account's user), one PDF each
  --type                    synthetic, analytic, or custom (the sections and portfolios saved in the report options)
  --from, --to              the period; by default the dialog's (from the portfolios' first movements and last checks)
  --quarter YYYY-Qn         the period from the previous quarter's end (or the first movement, if later) to the end
                            of quarter n (1 to 4); the data must reach the quarter's end (the last quantity check)
  --out                     the PDF file to write; with --all-clients the folder the PDFs go to (made if missing)
  --concurrency N           with --all-clients, the reports made at once (1 to ${MAX_CONCURRENCY}, default ${DEFAULT_CONCURRENCY})
  --server                  the server's URL (default ${DEFAULT_SERVER})
  --lang                    the report's language, it (default) or en
  --logo                    put the uploaded report logo on the cover and every page (as the dialog's logo choice)
  --no-compress             leave the page streams uncompressed (for reading the PDF as text)

Signs in with the access token in PATRIMONIO_TOKEN if set, else as the service account REPORT_CLIENT_ID with the
secret REPORT_CLIENT_SECRET (client credentials at the server's embedded issuer; default the demo account).
A batch's jobs go on the job queue of the PostgreSQL server in DATABASE_URL when set (the deployment's), else on a
queue in the command's own memory (the embedded database belongs to the server process).`;

/** A calendar quarter: its label, the previous quarter's last day (the period's start) and its own last day. */
export interface Quarter {
  label: string;
  start: IsoDate;
  end: IsoDate;
}

export interface ReportArgs {
  scope: ReportScope;
  type: ReportType;
  /** Null: the dialog's default. */
  from: IsoDate | null;
  to: IsoDate | null;
  /** The period by quarter instead of --from and --to. */
  quarter: Quarter | null;
  out: string;
  server: string;
  locale: Locale;
  /** The dialog's "optionally the logo". */
  includeLogo: boolean;
  compress: boolean;
}

/** --all-clients: one report per client of the signed-in adviser at the quarter's end; `out` is a folder. */
export interface BatchArgs extends Omit<ReportArgs, 'scope' | 'from' | 'to' | 'quarter'> {
  allClients: true;
  quarter: Quarter;
  concurrency: number;
}

/** A mistake in the command line: one line for the user, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function positiveId(option: string, value: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(value))
    throw new UsageError(`--${option} must be a positive whole number, not '${value}'`);
  return Number(value);
}

function isoDate(option: string, value: string | undefined): IsoDate | null {
  if (value === undefined) return null;
  try {
    toDayNumber(value);
    return value;
  } catch {
    throw new UsageError(`--${option} must be a date YYYY-MM-DD, not '${value}'`);
  }
}

const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'] as const;

/** YYYY-Qn as its label, start (the previous quarter's end) and end; a UsageError otherwise. */
export function parseQuarter(value: string): Quarter {
  const m = /^([0-9]{4})-Q([1-4])$/.exec(value);
  if (!m || Number(m[1]) < 1900) throw new UsageError(`--quarter must be a quarter YYYY-Qn (n 1 to 4), not '${value}'`);
  const year = Number(m[1]);
  const n = Number(m[2]);
  const start = n === 1 ? `${year - 1}-12-31` : `${year}-${QUARTER_ENDS[n - 2]}`;
  return { label: value, start, end: `${year}-${QUARTER_ENDS[n - 1]}` };
}

/** The parsed arguments, or 'help' for --help; throws a UsageError for anything wrong. */
export function parseReportArgs(argv: readonly string[]): ReportArgs | BatchArgs | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        client: { type: 'string' },
        family: { type: 'string' },
        'all-clients': { type: 'boolean' },
        quarter: { type: 'string' },
        concurrency: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        type: { type: 'string' },
        out: { type: 'string' },
        server: { type: 'string' },
        lang: { type: 'string' },
        logo: { type: 'boolean' },
        'no-compress': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // parseArgs' own message names the option at fault ("Unknown option '--x'", "Option '--out <value>' argument
    // missing").
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
  if (values.help) return 'help';
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);

  const client = str('client');
  const family = str('family');
  const allClients = values['all-clients'] === true;
  if ([client, family].filter((v) => v !== undefined).length + (allClients ? 1 : 0) > 1)
    throw new UsageError('give one of --client, --family and --all-clients');
  if (client === undefined && family === undefined && !allClients)
    throw new UsageError('give --client ID, --family ID or --all-clients');
  const scope: ReportScope | null = allClients
    ? null
    : client !== undefined
      ? { kind: 'client', id: positiveId('client', client) }
      : { kind: 'family', id: positiveId('family', family ?? '') };

  const type = str('type');
  if (!REPORT_TYPES.includes(type as ReportType)) {
    throw new UsageError(
      `--type must be one of ${REPORT_TYPES.join(', ')}${type === undefined ? '' : `, not '${type}'`}`,
    );
  }
  if (!offeredReportTypes(scope?.kind === 'family').includes(type as ReportType)) {
    throw new UsageError('the analytic report is not offered for families: use synthetic or custom');
  }

  const from = isoDate('from', str('from'));
  const to = isoDate('to', str('to'));
  const quarterText = str('quarter');
  const quarter = quarterText === undefined ? null : parseQuarter(quarterText);
  if (quarter && (from || to)) throw new UsageError('give --quarter or --from and --to, not both');
  if (allClients && !quarter) throw new UsageError("give --quarter YYYY-Qn with --all-clients (the batch's period)");
  const concurrencyText = str('concurrency');
  if (concurrencyText !== undefined && !allClients) throw new UsageError('--concurrency goes with --all-clients');
  const concurrency = concurrencyText === undefined ? DEFAULT_CONCURRENCY : Number(concurrencyText);
  if (!/^[0-9]{1,2}$/.test(concurrencyText ?? '1') || concurrency < 1 || concurrency > MAX_CONCURRENCY)
    throw new UsageError(`--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, not '${concurrencyText}'`);

  const out = str('out');
  if (!out) throw new UsageError(allClients ? 'give --out folder' : 'give --out file.pdf');

  const server = (str('server') ?? DEFAULT_SERVER).replace(/\/+$/, '');
  if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) {
    throw new UsageError(`--server must be an http or https URL, not '${server}'`);
  }

  const lang = str('lang') ?? 'it';
  if (!LOCALES.includes(lang as Locale)) throw new UsageError(`--lang must be it or en, not '${lang}'`);

  const common = {
    type: type as ReportType,
    out,
    server,
    locale: lang as Locale,
    includeLogo: values.logo === true,
    compress: !values['no-compress'],
  };
  if (scope === null) return { allClients: true, ...common, quarter: quarter!, concurrency };
  return { scope, ...common, from, to, quarter };
}
