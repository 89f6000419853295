// The file exchange end to end on the server (issue 17), with the demo's LOCAL server and its sample files (a CBI
// file, a camt.053 statement, a CSV positions layout): a fetch receives each file once and queues its import; the
// camt.053 and the positions are stored (pending movements, the bank's balance and positions); the CBI file names a
// causale the demo leaves unmapped (34), so its run waits in TO_MAP and writes nothing; once mapped, a reload imports
// it; a second reload leaves what the middle office decided as it is and imports no line twice.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_SERVER_NAME } from '../../db/demo/exchange.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { backgroundIdle } from '../../testing/test-app.ts';

const API = '/api/v1';
const CBI = 'demo-unicredit-20261103.cbi';
const CAMT = 'demo-intesa-camt053-20261103.xml';
const POSITIONS = 'demo-fineco-positions-20261103.csv';
let h: Harness;
let serverId: number;

interface Run {
  id: number;
  fileId: number;
  fileName: string;
  status: string;
  rowsRead: number;
  rowsStored: number;
  rowsPending: number;
  rowsRejected: number;
  unmapped: Array<{ kind: string; code: string; direction: string; rows: number }>;
}

async function runs(): Promise<Run[]> {
  const r = await h.call('backoffice', 'GET', `${API}/log-imported`);
  expect(r.status).toBe(200);
  return r.body.item;
}
const latest = async (file: string) => (await runs()).find((r) => r.fileName === file)!;
const movementsOf = async (runId: number) =>
  (
    await h.t.app.db.query<{ status: string; cause: string; amount: string; origin: string; line: number }>(
      `select status, cause, amount::text, origin, import_line as line from movements where import_run_id = $1
        order by import_line`,
      [runId],
    )
  ).rows;
const fileMovements = async (fileId: number) =>
  (
    await h.t.app.db.query<{ status: string; line: number }>(
      `select m.status, m.import_line as line from movements m join import_runs r on r.id = m.import_run_id
        where r.file_id = $1 order by m.import_line, m.id`,
      [fileId],
    )
  ).rows;

beforeAll(async () => {
  h = await startHarness();
  serverId = Number(
    (await h.one<{ id: number }>('select id from external_servers where name = $1', [DEMO_SERVER_NAME])).id,
  );
});
afterAll(async () => {
  await h?.t.close();
});

describe('the demo bank files', () => {
  test('a fetch receives the three files once; camt.053 and positions are imported, the CBI file waits for mapping', async () => {
    const fetched = await h.call('admin', 'POST', `${API}/external-server/${serverId}/fetch`);
    expect(fetched.body).toMatchObject({ ok: true, received: 3, known: 0 });
    await backgroundIdle(h.t.app);
    const again = await h.call('admin', 'POST', `${API}/external-server/${serverId}/fetch`);
    expect(again.body).toMatchObject({ ok: true, received: 0, known: 3 });

    const camt = await latest(CAMT);
    expect(camt).toMatchObject({ status: 'DONE', rowsRead: 5, rowsStored: 5, rowsPending: 4, rowsRejected: 0 });
    expect(await movementsOf(camt.id)).toEqual([
      { status: 'PENDING', cause: 'DEPOSIT', amount: '3200.00', origin: 'FILE_EXCHANGE', line: expect.any(Number) },
      { status: 'PENDING', cause: 'WITHDRAWAL', amount: '1450.00', origin: 'FILE_EXCHANGE', line: expect.any(Number) },
      { status: 'PENDING', cause: 'WITHDRAWAL', amount: '95.30', origin: 'FILE_EXCHANGE', line: expect.any(Number) },
      { status: 'PENDING', cause: 'FEE', amount: '4.50', origin: 'FILE_EXCHANGE', line: expect.any(Number) },
    ]);
    const balance = await h.one<{ balance: string }>(
      `select b.balance::text from bank_balances b join accounts a on a.id = b.account_id
        where a.iban = 'IT73Z0306901600000000001007' and b.date = '2026-11-03'`,
    );
    expect(balance.balance).toBe('113829.57');
    expect(await latest(POSITIONS)).toMatchObject({ status: 'DONE', rowsStored: 5, rowsPending: 0 });
    const positions = await h.one<{ n: number; apple: string }>(
      `select count(*)::int as n, max(quantity::text) filter (where isin = 'US0378331005') as apple
         from bank_positions b join accounts a on a.id = b.account_id
        where a.iban = 'IT81U0301503200000000001028' and b.date = '2026-11-03'`,
    );
    expect(positions).toEqual({ n: 5, apple: '91.000000' });

    const cbi = await latest(CBI);
    expect(cbi).toMatchObject({ status: 'TO_MAP', rowsRead: 7, rowsStored: 0, rowsPending: 0 });
    expect(cbi.unmapped).toEqual([{ kind: 'CAUSE', code: '34', direction: 'CREDIT', rows: 1 }]);
    expect(await movementsOf(cbi.id)).toEqual([]);
    const cbiBalances = await h.one<{ n: number }>(
      `select count(*)::int as n from bank_balances where date = '2026-11-03'`,
    );
    expect(cbiBalances.n).toBe(1);
    const files = (await h.call('admin', 'GET', `${API}/log?serverId=${serverId}`)).body.item;
    expect(Object.fromEntries(files.map((f: { name: string; status: string }) => [f.name, f.status]))).toEqual({
      [CBI]: 'TO_MAP',
      [CAMT]: 'IMPORTED',
      [POSITIONS]: 'IMPORTED',
    });
    const unmapped = (await h.call('backoffice', 'GET', `${API}/mapping/unmapped`)).body;
    expect(unmapped).toEqual([
      expect.objectContaining({ counterpartName: 'UniCredit (CBI)', kind: 'CAUSE', code: '34', runIds: [cbi.id] }),
    ]);
  });

  test('mapped, the reload imports the CBI file; a second reload keeps what was decided and imports no line twice', async () => {
    const cbi = await latest(CBI);
    const counterpartId = (await h.one<{ id: number }>(`select id from counterparts where name = 'UniCredit (CBI)'`))
      .id;
    const mapped = await h.mapCausale34(Number(counterpartId));
    expect(mapped.status).toBe(200);
    // Mapped, the code keeps no run waiting.
    expect((await h.call('backoffice', 'GET', `${API}/mapping/unmapped`)).body).toEqual([]);
    const reload = await h.call('backoffice', 'GET', `${API}/log-imported/${cbi.id}/reload`);
    expect(reload.status).toBe(200);
    expect(reload.body).toMatchObject({ status: 'QUEUED', requestedBy: 'backoffice' });
    await backgroundIdle(h.t.app);
    const done = await latest(CBI);
    expect(done).toMatchObject({ id: reload.body.id, status: 'DONE', rowsPending: 5, rowsStored: 7, unmapped: [] });
    const moved = await movementsOf(done.id);
    expect(moved.map((m) => [m.cause, m.amount])).toEqual([
      ['DEPOSIT', '2500.00'],
      ['WITHDRAWAL', '1200.00'],
      ['WITHDRAWAL', '86.40'],
      ['FEE', '2.00'],
      ['TRANSFER_IN', '5000.00'],
    ]);
    const closing = await h.one<{ balance: string }>(
      `select b.balance::text from bank_balances b join accounts a on a.id = b.account_id
        where a.iban = 'IT21Y0200805077000000001035' and b.date = '2026-11-03'`,
    );
    expect(closing.balance).toBe('183876.55');
    expect((await h.call('admin', 'GET', `${API}/log-imported/${done.id}/reload`)).status).toBe(200);
    await backgroundIdle(h.t.app);

    // The middle office approves the first line and rejects the second; a reload then leaves both as they are.
    const ids = (
      await h.t.app.db.query<{ id: number }>(
        'select id from movements where import_run_id = (select max(id) from import_runs where file_id = $1) order by import_line',
        [cbi.fileId],
      )
    ).rows.map((r) => Number(r.id));
    expect(ids).toHaveLength(5);
    expect((await h.call('backoffice', 'POST', `${API}/movement/temporary/approve`, { ids: [ids[0]] })).status).toBe(
      200,
    );
    expect(
      (await h.call('backoffice', 'POST', `${API}/movement/temporary/reject`, { ids: [ids[1]], reason: 'Doppione' }))
        .status,
    ).toBe(200);
    await backgroundIdle(h.t.app);
    const third = await h.call('backoffice', 'GET', `${API}/log/${cbi.fileId}/reload`);
    expect(third.status).toBe(200);
    await backgroundIdle(h.t.app);
    expect(await latest(CBI)).toMatchObject({ status: 'DONE', rowsPending: 3 });
    const all = await fileMovements(cbi.fileId);
    expect(all.map((m) => m.status)).toEqual(['APPROVED', 'REJECTED', 'PENDING', 'PENDING', 'PENDING']);
    expect(new Set(all.map((m) => m.line)).size).toBe(5);
  });

  test('a reload while a run of the file is queued answers 409 run_busy; download gives the file as received', async () => {
    const cbi = await latest(CBI);
    await h.t.app.db.query(`insert into import_runs (file_id, status) values ($1, 'QUEUED')`, [cbi.fileId]);
    const busy = await h.call('backoffice', 'GET', `${API}/log/${cbi.fileId}/reload`);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('run_busy');
    await h.t.app.db.query(`delete from import_runs where file_id = $1 and status = 'QUEUED'`, [cbi.fileId]);
    const res = await h.t.app.inject({
      method: 'GET',
      url: `${API}/log-imported/${cbi.id}/download`,
      headers: { authorization: `Bearer ${h.token('admin')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="${CBI}"`);
    expect(res.rawPayload.subarray(0, 3).toString()).toBe(' RH');
    expect((await h.call('admin', 'GET', `${API}/log-imported/99999999/download`)).status).toBe(404);
  });

  test("the admin's dashboard: 30 days to today, the files received and the rows its finished runs stored", async () => {
    const board = (await h.call('admin', 'GET', `${API}/admin/dashboard`)).body;
    const { today } = await h.one<{ today: string }>(`select to_char(current_date, 'YYYY-MM-DD') as today`);
    const days = board.perDay as Array<{ date: string; files: number; rows: number }>;
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.date).toBe(today);
    for (let i = 1; i < days.length; i++) {
      expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(86_400_000);
    }
    // Everything of this file came today: the per-day figures add up to the file log and the runs' own counts.
    const files = (await h.call('admin', 'GET', `${API}/log`)).body;
    const runs = (await h.call('admin', 'GET', `${API}/log-imported`)).body.item as Array<{
      status: string;
      rowsStored: number;
    }>;
    const stored = runs.filter((r) => r.status === 'DONE').reduce((sum, r) => sum + r.rowsStored, 0);
    expect(stored).toBeGreaterThan(0);
    expect(days.at(-1)).toEqual({ date: today, files: files.total, rows: stored });
    expect(days.slice(0, -1).every((d) => d.files === 0 && d.rows === 0)).toBe(true);
    expect(board).toMatchObject({ runsToMap: 0, runsFailed: 0 });
  });
});
