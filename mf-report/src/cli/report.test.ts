// `npm run report` end to end: the real server (demo data, embedded issuer) on a free port, the command's main()
// signing in with the demo service account, the PDF read back; and the command's refusals.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORT_CLIENT } from '../../../server/src/db/demo/service-accounts.ts';
import { signIn } from '../../../server/src/identity/test-sign-in.ts';
import { createTestApp, type TestApp } from '../../../server/src/testing/test-app.ts';
import { dateBounds, defaultDateRange } from '../logic/date-range.ts';
import { eligiblePortfolios } from '../logic/portfolios.ts';
import { PAGE, periodText } from '../pdf/document.ts';
import { readPdf } from '../pdf/read-pdf.testing.ts';
import { type CommandIo, main, pdfPageCount } from './report.ts';
import { accessToken, DEMO_SERVICE_ACCOUNT } from './sign-in.ts';

let server: TestApp;
let dir: string;
let clientId: number;
let familyId: number;

beforeAll(async () => {
  server = await createTestApp({ listen: true });
  dir = mkdtempSync(join(tmpdir(), 'patrimonio-report-'));
  const one = async (sql: string) => (await server.app.db.query<{ id: number }>(sql)).rows[0]!.id;
  clientId = await one(`select id from clients where tax_code = 'RSSMRA80A01H501U'`); // Mario Rossi, demo PRO's
  familyId = await one(`select id from families where name = 'Famiglia Rossi Bianchi'`);
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the command with its output captured; env as given (none: the demo service account). */
async function run(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = { env, cwd: dir, out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = await main(argv, io);
  return { code, out, err };
}

const pdfText = (file: string) => readFileSync(join(dir, file)).toString('latin1');

describe('npm run report', () => {
  it('signs in with the demo service account by default, the one of the demo data', () => {
    expect(DEMO_SERVICE_ACCOUNT).toEqual({ clientId: DEMO_REPORT_CLIENT.clientId, secret: DEMO_REPORT_CLIENT.secret });
  });

  it("writes a client's analytic report: cover, sections, 'n / total' on every page, the dialog's default period", async () => {
    const { code, out, err } = await run([
      '--client',
      String(clientId),
      '--type',
      'analytic',
      '--out',
      'analytic.pdf',
      '--server',
      server.url,
      '--no-compress',
    ]);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const pdf = readPdf(pdfText('analytic.pdf'));
    const total = pdf.pages.length;
    expect(total).toBeGreaterThan(1);
    expect(out).toEqual([expect.stringMatching(new RegExp(`^report: wrote .*analytic\\.pdf: ${total} pages, `))]);
    pdf.pages.forEach((page, i) => {
      expect({ width: page.width, height: page.height }).toEqual({ width: PAGE.width, height: PAGE.height });
      expect(page.texts).toContain(`${i + 1} / ${total}`);
    });
    expect(pdf.usedFonts.length).toBeGreaterThan(0);
    expect(pdf.usedFonts.every((font) => font.includes('Montserrat'))).toBe(true);

    // The cover: the client's name, the advisor (the service account acts as the demo PRO), the default period.
    const token = await accessToken(server.url, {});
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => token });
    const menu = await api('portfolioMenu', { query: { clientId } });
    const range = defaultDateRange(dateBounds(eligiblePortfolios(menu))!);
    const cover = pdf.pages[0]!.texts.join('\n');
    expect(cover).toContain('WEALTH REPORT');
    expect(cover).toContain('Mario Rossi');
    expect(cover).toContain('Paolo Consulente');
    expect(cover).toContain(periodText(range.start, range.end, 'it'));
    // Every section page has the period in its header; the first is 01 Panoramica.
    expect(pdf.pages[1]!.texts).toContain('01 Panoramica');
    for (const page of pdf.pages.slice(1)) expect(page.texts).toContain(periodText(range.start, range.end, 'it'));

    // The real-estate summary has the map of Mario Rossi's properties, drawn as vectors from the bundled base layer:
    // its caption (written only when a map is drawn), hundreds of path segments and no image in the file.
    const summary = pdf.pages.find((page) => page.texts.includes('Valore per destinazione'));
    expect(summary?.texts).toContain('Mappa');
    expect(summary?.content.match(/ l\n/g)?.length ?? 0).toBeGreaterThan(500);
    expect(pdf.imageCount).toBe(0);
  });

  it("writes a family's synthetic report in English for a given period, compressed by default", async () => {
    const token = await accessToken(server.url, {});
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => token });
    const bounds = dateBounds(eligiblePortfolios(await api('portfolioMenu', { query: { familyId } })))!;
    const { code, out } = await run([
      '--family',
      String(familyId),
      '--type',
      'synthetic',
      '--from',
      bounds.min,
      '--to',
      bounds.max,
      '--lang',
      'en',
      '--out',
      'family.pdf',
      '--server',
      server.url,
    ]);
    expect(code).toBe(0);
    const bytes = new Uint8Array(readFileSync(join(dir, 'family.pdf')));
    expect(pdfPageCount(bytes)).toBeGreaterThan(1);
    expect(out[0]).toContain(`family.pdf: ${pdfPageCount(bytes)} pages`);
    // Compressed page streams: the text is not readable as such.
    expect(pdfText('family.pdf')).toContain('/FlateDecode');
  });

  it('takes an access token given in PATRIMONIO_TOKEN, and refuses ADMIN as the portal does', async () => {
    const admin = (await signIn(server.url, 'admin', 'patrimonio')).accessToken;
    const args = ['--client', String(clientId), '--type', 'synthetic', '--out', 'admin.pdf', '--server', server.url];
    const refused = await run(args, { PATRIMONIO_TOKEN: admin });
    expect(refused).toMatchObject({
      code: 1,
      err: ['report: ADMIN users have no report download: sign in as a PRO, DELEGATE or BASIC user'],
    });
    const pro = (await signIn(server.url, 'pro', 'patrimonio')).accessToken;
    expect((await run(args, { PATRIMONIO_TOKEN: pro })).code).toBe(0);
  });

  it('fails with one line for a wrong secret, an unreachable server and a scope the account may not see', async () => {
    const args = ['--client', String(clientId), '--type', 'analytic', '--out', 'x.pdf', '--server', server.url];
    expect(await run(args, { REPORT_CLIENT_SECRET: 'not-the-secret' })).toMatchObject({
      code: 1,
      err: [
        "report: the issuer refused the service account 'report-batch' (invalid_client): check REPORT_CLIENT_ID and REPORT_CLIENT_SECRET",
      ],
    });
    const closed = await run([
      '--client',
      '1',
      '--type',
      'analytic',
      '--out',
      'x.pdf',
      '--server',
      'http://127.0.0.1:9',
    ]);
    expect(closed.code).toBe(1);
    expect(closed.err).toEqual([
      expect.stringMatching(/^report: cannot reach the server at http:\/\/127\.0\.0\.1:9 \(/),
    ]);
    // The demo PRO does not see pro2's client Giovanni Ferrari: the API answers 404.
    const ferrari = (
      await server.app.db.query<{ id: number }>(`select id from clients where tax_code = 'FRRGNN58T10D612I'`)
    ).rows[0]!.id;
    const hidden = await run([
      '--client',
      String(ferrari),
      '--type',
      'analytic',
      '--out',
      'x.pdf',
      '--server',
      server.url,
    ]);
    expect(hidden.code).toBe(1);
    expect(hidden.err).toEqual([
      expect.stringMatching(`^report: reading the portfolios of client ${ferrari}: HTTP 404`),
    ]);
  });

  it("refuses a period outside the dialog's bounds with exit code 2", async () => {
    const { code, err } = await run([
      '--client',
      String(clientId),
      '--type',
      'analytic',
      '--to',
      '2999-12-31',
      '--out',
      'late.pdf',
      '--server',
      server.url,
    ]);
    expect(code).toBe(2);
    expect(err).toEqual([
      expect.stringMatching(/^report: --to 2999-12-31 is after the report's last possible date, \d{4}-\d{2}-\d{2}$/),
    ]);
  });

  it.each([
    [[], 'give --client ID, --family ID or --all-clients'],
    [['--client', '1', '--family', '2'], 'give one of --client, --family and --all-clients'],
    [['--client', 'abc'], "--client must be a positive whole number, not 'abc'"],
    [['--client', '1', '--out', 'a.pdf'], '--type must be one of synthetic, analytic, custom'],
    [['--client', '1', '--type', 'weekly'], "--type must be one of synthetic, analytic, custom, not 'weekly'"],
    [
      ['--family', '1', '--type', 'analytic'],
      'the analytic report is not offered for families: use synthetic or custom',
    ],
    [
      ['--client', '1', '--type', 'custom', '--from', '2024-02-30'],
      "--from must be a date YYYY-MM-DD, not '2024-02-30'",
    ],
    [['--client', '1', '--type', 'custom', '--to', '31/12/2024'], "--to must be a date YYYY-MM-DD, not '31/12/2024'"],
    [['--client', '1', '--type', 'custom'], 'give --out file.pdf'],
    [['--client', '1', '--type', 'custom', '--out', 'a.pdf', '--lang', 'de'], "--lang must be it or en, not 'de'"],
    [
      ['--client', '1', '--type', 'custom', '--out', 'a.pdf', '--server', 'ftp://x'],
      "--server must be an http or https URL, not 'ftp://x'",
    ],
    [['--client', '1', '--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j with exit code 2 and one line', async (argv, message) => {
    const { code, out, err } = await run(argv);
    expect({ code, out, err }).toEqual({ code: 2, out: [], err: [`report: ${message}`] });
  });
});
