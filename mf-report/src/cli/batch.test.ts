// `npm run report -- --all-clients --quarter ...` end to end (issue 21): the real server (demo data, embedded issuer) on
// a free port, the command's main() signed in as the demo service account (the demo PRO), its jobs on a queue in its
// own memory (no DATABASE_URL, as on the embedded default). One PDF per client of the adviser that has a report at the
// quarter's end (counted through the API), a progress line per client, a summary; a client without one (no
// portfolio, or no data up to the quarter's end) is a failure with its reason, and the others are still written.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/src/testing/test-app.ts';
import { dateBounds } from '../logic/date-range.ts';
import { eligiblePortfolios } from '../logic/portfolios.ts';
import { parseQuarter } from './args.ts';
import { batchFileName, clientName } from './batch.ts';
import { type CommandIo, main, pdfPageCount } from './report.ts';
import { accessToken } from './sign-in.ts';

let server: TestApp;
let dir: string;

beforeAll(async () => {
  server = await createTestApp({ listen: true });
  dir = mkdtempSync(join(tmpdir(), 'patrimonio-batch-'));
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = {}, fetchFn?: typeof fetch) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    env,
    cwd: dir,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    ...(fetchFn ? { fetch: fetchFn } : {}),
  };
  const code = await main(argv, io);
  return { code, out, err };
}

/** The quarters' ends, latest first, from the year before `date`'s to `date`'s. */
function quartersBefore(date: string): string[] {
  const year = Number(date.slice(0, 4));
  return [year, year - 1].flatMap((y) => [4, 3, 2, 1].map((q) => `${y}-Q${q}`));
}

describe('npm run report -- --all-clients', () => {
  it("writes one PDF per client of the adviser at the quarter's end, with progress and a summary; failures listed", async () => {
    const token = await accessToken(server.url, {});
    const api = createApiClient({ baseUrl: server.url, getAccessToken: () => token });
    const clients = (await api('listClients', { query: { size: 1000 } })).item;
    expect(clients.length).toBeGreaterThan(2);
    const bounds = new Map(
      await Promise.all(
        clients.map(
          async (c) =>
            [c.id, dateBounds(eligiblePortfolios(await api('portfolioMenu', { query: { clientId: c.id } })))] as const,
        ),
      ),
    );
    const latest = [...bounds.values()].flatMap((b) => (b ? [b.max] : [])).sort()[0]!;
    // The latest quarter every client with data reaches: those clients all get a report.
    const quarter = quartersBefore(latest)
      .map(parseQuarter)
      .find((q) => q.end <= latest)!;
    const expected = clients.filter((c) => bounds.get(c.id) && bounds.get(c.id)!.min <= quarter.end);
    const failing = clients.filter((c) => !expected.includes(c));
    expect(expected.length).toBeGreaterThan(1);
    // The demo PRO has clients without a portfolio: they fail, and say why.
    expect(failing.length).toBeGreaterThan(0);

    const { code, out, err } = await run([
      '--all-clients',
      '--quarter',
      quarter.label,
      '--type',
      'synthetic',
      '--out',
      'q',
      '--server',
      server.url,
      '--concurrency',
      '2',
    ]);
    expect(err).toEqual([]);
    expect(code).toBe(1);
    const folder = join(dir, 'q');
    const files = readdirSync(folder).sort();
    const item = (c: (typeof clients)[number]) => ({ clientId: c.id, name: clientName(c) });
    expect(files).toEqual(expected.map((c) => batchFileName(quarter.label, item(c))).sort());

    const total = clients.length;
    expect(out[0]).toBe(
      `report: ${total} clients of Paolo Consulente, ${quarter.label} (${quarter.start} to ${quarter.end}), synthetic, 2 at a time, on a job queue in this command's memory`,
    );
    const progress = out.slice(1, total + 1);
    expect(progress.map((l) => /^report: \[(\d+)\/(\d+)\]/.exec(l)?.slice(1))).toEqual(
      clients.map((_, i) => [String(i + 1), String(total)]),
    );
    let pages = 0;
    for (const c of expected) {
      const file = batchFileName(quarter.label, item(c));
      const count = pdfPageCount(new Uint8Array(readFileSync(join(folder, file))));
      expect(count, file).toBeGreaterThan(1);
      pages += count;
      expect(progress).toContainEqual(
        expect.stringMatching(new RegExp(`\\(client ${c.id}\\): .*${file}, ${count} pages, [0-9.]+ KB$`)),
      );
      expect(out.slice(total + 2)).toContainEqual(
        expect.stringMatching(new RegExp(`^report:   ${file}: ${count} pages, [0-9.]+ KB`)),
      );
    }
    for (const c of failing) {
      const reason = bounds.get(c.id)
        ? 'first movement is after the end of'
        : 'has no portfolio with a first movement and a last quantity check';
      expect(progress).toContainEqual(expect.stringContaining(`(client ${c.id}) FAILED: client ${c.id}`));
      expect(out.slice(total + 2)).toContainEqual(
        expect.stringMatching(new RegExp(`^report:   FAILED .*\\(client ${c.id}\\): client ${c.id}.*${reason}`)),
      );
    }
    expect(out[total + 1]).toMatch(
      new RegExp(
        `^report: batch [0-9a-f-]{36} done: ${expected.length} of ${total} reports written to ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, ${pages} pages, [0-9.]+ [KM]B; ${failing.length} failed$`,
      ),
    );
    expect(out).toHaveLength(total + 2 + total);
  });

  it('writes a single report for a quarter, and refuses a quarter the data does not reach', async () => {
    const rossi = (
      await server.app.db.query<{ id: number }>(`select id from clients where tax_code = 'RSSMRA80A01H501U'`)
    ).rows[0]!.id;
    const args = ['--client', String(rossi), '--type', 'synthetic', '--server', server.url, '--out'];
    const late = await run([...args, 'late.pdf', '--quarter', '2999-Q4']);
    expect(late.code).toBe(2);
    expect(late.err).toEqual([
      expect.stringMatching(
        /^report: client \d+'s data ends at its last quantity check, \d{4}-\d{2}-\d{2}, before the end of 2999-Q4 \(2999-12-31\)$/,
      ),
    ]);
    const early = await run([...args, 'early.pdf', '--quarter', '2001-Q1']);
    expect(early.err).toEqual([
      expect.stringMatching(/^report: client \d+'s first movement is after the end of 2001-Q1 \(2001-03-31\)$/),
    ]);
  });

  it("a client deleted while the batch runs fails with the server's answer (404); the others are written", async () => {
    const token = await accessToken(server.url, {});
    const verdi = (
      await server.app.db.query<{ id: number }>(`select id from clients where tax_code = 'VRDLCU62C12L219G'`)
    ).rows[0]!.id;
    const last = (
      await server.app.db.query<{ d: string }>('select min(last_quantity_check_ok_date)::text as d from portfolios')
    ).rows[0]!.d;
    const quarter = quartersBefore(last)
      .map(parseQuarter)
      .find((q) => q.end <= last)!;
    // The adviser deletes the client (in the portal, say) just as the batch's job for it starts.
    let deleted = 0;
    const deleting: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (deleted === 0 && url.includes('/api/v1/portfolio/menu') && url.includes(`clientId=${verdi}`)) {
        const answer = await fetch(`${server.url}/api/v1/user/client/${verdi}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
        deleted = answer.status;
      }
      return fetch(input, init);
    };
    const { code, out } = await run(
      ['--all-clients', '--quarter', quarter.label, '--type', 'synthetic', '--out', 'gone', '--server', server.url],
      {},
      deleting,
    );
    expect(deleted).toBe(200);
    expect(code).toBe(1);
    const failure = `Verdi Luca \\(client ${verdi}\\)`;
    expect(out).toContainEqual(
      expect.stringMatching(
        new RegExp(`^report: \\[\\d+/\\d+\\] ${failure} FAILED: reading the portfolios of client ${verdi}: HTTP 404`),
      ),
    );
    expect(out).toContainEqual(
      expect.stringMatching(
        new RegExp(`^report:   FAILED ${failure}: reading the portfolios of client ${verdi}: HTTP 404`),
      ),
    );
    const files = readdirSync(join(dir, 'gone'));
    expect(files.some((f) => f.includes('rossi-mario'))).toBe(true);
    expect(files.some((f) => f.includes(`-${verdi}-`))).toBe(false);
  });

  it.each([
    [
      ['--all-clients', '--type', 'synthetic', '--out', 'q'],
      "give --quarter YYYY-Qn with --all-clients (the batch's period)",
    ],
    [['--all-clients', '--client', '1'], 'give one of --client, --family and --all-clients'],
    [
      ['--all-clients', '--quarter', '2026-Q5', '--type', 'synthetic'],
      "--quarter must be a quarter YYYY-Qn (n 1 to 4), not '2026-Q5'",
    ],
    [
      ['--client', '1', '--type', 'synthetic', '--quarter', '2026-Q1', '--from', '2026-01-01'],
      'give --quarter or --from and --to, not both',
    ],
    [['--client', '1', '--type', 'synthetic', '--concurrency', '2'], '--concurrency goes with --all-clients'],
    [
      ['--all-clients', '--quarter', '2026-Q1', '--type', 'synthetic', '--concurrency', '0'],
      "--concurrency must be a whole number from 1 to 8, not '0'",
    ],
    [['--all-clients', '--quarter', '2026-Q1', '--type', 'synthetic'], 'give --out folder'],
  ])('refuses %j with exit code 2 and one line', async (argv, message) => {
    const { code, out, err } = await run(argv);
    expect({ code, out, err }).toEqual({ code: 2, out: [], err: [`report: ${message}`] });
  });

  it('refuses a BASIC user, who is one client', async () => {
    const { signIn } = await import('../../../server/src/identity/test-sign-in.ts');
    const basic = (await signIn(server.url, 'client', 'patrimonio')).accessToken;
    const { code, err } = await run(
      ['--all-clients', '--quarter', '2026-Q1', '--type', 'synthetic', '--out', 'b', '--server', server.url],
      { PATRIMONIO_TOKEN: basic },
    );
    expect({ code, err }).toEqual({
      code: 1,
      err: ['report: --all-clients is for advisers: a BASIC user is one client'],
    });
  });
});
