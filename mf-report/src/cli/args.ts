// The arguments of `npm run report` (issue 7): `--client ID | --family ID [--from YYYY-MM-DD --to YYYY-MM-DD]
// --type synthetic|analytic|custom --out file.pdf [--server URL] [--lang it|en] [--logo] [--no-compress]`.
import { parseArgs } from 'node:util';
import { type IsoDate, toDayNumber } from '@patrimonio/engine';
import { offeredReportTypes, REPORT_TYPES, type ReportType } from '../logic/dialog.ts';
import type { Locale } from '../pdf/format.ts';
import type { ReportScope } from '../report/types.ts';

export const DEFAULT_SERVER = 'http://localhost:8080';
const LOCALES: readonly Locale[] = ['it', 'en'];

export const USAGE = `Usage: npm run report -- (--client ID | --family ID) --type synthetic|analytic|custom --out file.pdf
         [--from YYYY-MM-DD --to YYYY-MM-DD] [--server URL] [--lang it|en] [--logo] [--no-compress]

Makes the wealth report PDF of a client or a family, as the portal's report dialog does.
  --client ID, --family ID  whose report (one of the two; no analytic report for a family)
  --type                    synthetic, analytic, or custom (the sections and portfolios saved in the report options)
  --from, --to              the period; by default the dialog's (from the portfolios' first movements and last checks)
  --out                     the PDF file to write
  --server                  the server's URL (default ${DEFAULT_SERVER})
  --lang                    the report's language, it (default) or en
  --logo                    put the uploaded report logo on the cover and every page (as the dialog's logo choice)
  --no-compress             leave the page streams uncompressed (for reading the PDF as text)

Signs in with the access token in PATRIMONIO_TOKEN if set, else as the service account REPORT_CLIENT_ID with the
secret REPORT_CLIENT_SECRET (client credentials at the server's embedded issuer; default the demo account).`;

export interface ReportArgs {
  scope: ReportScope;
  type: ReportType;
  /** Null: the dialog's default. */
  from: IsoDate | null;
  to: IsoDate | null;
  out: string;
  server: string;
  locale: Locale;
  /** The dialog's "optionally the logo". */
  includeLogo: boolean;
  compress: boolean;
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

/** The parsed arguments, or 'help' for --help; throws a UsageError for anything wrong. */
export function parseReportArgs(argv: readonly string[]): ReportArgs | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        client: { type: 'string' },
        family: { type: 'string' },
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
  if (client !== undefined && family !== undefined) throw new UsageError('give --client or --family, not both');
  if (client === undefined && family === undefined) throw new UsageError('give --client ID or --family ID');
  const scope: ReportScope =
    client !== undefined
      ? { kind: 'client', id: positiveId('client', client) }
      : { kind: 'family', id: positiveId('family', family ?? '') };

  const type = str('type');
  if (!REPORT_TYPES.includes(type as ReportType)) {
    throw new UsageError(
      `--type must be one of ${REPORT_TYPES.join(', ')}${type === undefined ? '' : `, not '${type}'`}`,
    );
  }
  if (!offeredReportTypes(scope.kind === 'family').includes(type as ReportType)) {
    throw new UsageError('the analytic report is not offered for families: use synthetic or custom');
  }

  const from = isoDate('from', str('from'));
  const to = isoDate('to', str('to'));

  const out = str('out');
  if (!out) throw new UsageError('give --out file.pdf');

  const server = (str('server') ?? DEFAULT_SERVER).replace(/\/+$/, '');
  if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) {
    throw new UsageError(`--server must be an http or https URL, not '${server}'`);
  }

  const lang = str('lang') ?? 'it';
  if (!LOCALES.includes(lang as Locale)) throw new UsageError(`--lang must be it or en, not '${lang}'`);

  return {
    scope,
    type: type as ReportType,
    from,
    to,
    out,
    server,
    locale: lang as Locale,
    includeLogo: values.logo === true,
    compress: !values['no-compress'],
  };
}
