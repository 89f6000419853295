// The file exchange against a real SFTP server (Debian's OpenSSH on a loopback port, testing/sftp-server.ts): check
// ok and failed (a wrong key, a wrong folder), the server's schedule kept on the job queue, and a fetch by the job
// the schedule sends: each file downloaded once into the file log, with its SHA-256. Then the whole way on the
// schedule alone (nothing asked on demand): the demo's CBI and camt.053 files on the SFTP server, fetched when the
// server's cron ('* * * * *') comes round, the camt.053 stored as balances and pending movements, the CBI file waiting
// for its unmapped causale, mapped, reloaded and stored as pending movements; disabled, the server keeps no schedule.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SAMPLES } from '../../db/demo/exchange.ts';
import { EXCHANGE_FETCH } from '../../jobs/exchange.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { type SftpServer, startSftpServer } from '../../testing/sftp-server.ts';
import { backgroundIdle } from '../../testing/test-app.ts';

const API = '/api/v1';
const CBI = 'demo-unicredit-20261103.cbi';
const CAMT = 'demo-intesa-camt053-20261103.xml';
let h: Harness;
let sftp: SftpServer;

beforeAll(async () => {
  sftp = await startSftpServer();
  h = await startHarness();
});
afterAll(async () => {
  await h?.t.close();
  await sftp?.stop();
});

const body = (over: Record<string, unknown> = {}) => ({
  name: `SFTP ${Math.random().toString(36).slice(2, 8)}`,
  protocol: 'SFTP',
  host: sftp.host,
  port: sftp.port,
  username: sftp.username,
  folder: sftp.folder,
  filePattern: '*.cbi',
  schedule: null,
  enabled: true,
  privateKey: sftp.privateKey,
  ...over,
});

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('an SFTP server', () => {
  test('check: ok with the authorised key, lists the folder; a wrong key or a wrong folder: ok false and why', async () => {
    await writeFile(join(sftp.folder, 'MOV_20261103.cbi'), 'contenuto');
    await writeFile(join(sftp.folder, 'leggimi.txt'), 'altro');
    const good = (await h.call('admin', 'POST', `${API}/external-server`, body())).body;
    const ok = await h.call('admin', 'GET', `${API}/external-server/${good.id}/check`);
    expect(ok.status).toBe(200);
    expect(ok.body.ok, ok.body.message).toBe(true);
    expect(ok.body.files.map((f: { name: string }) => f.name).sort()).toEqual(['MOV_20261103.cbi', 'leggimi.txt']);
    expect(ok.body.matching).toBe(1);

    const wrongKey = (await h.call('admin', 'POST', `${API}/external-server`, body({ privateKey: sftp.wrongKey })))
      .body;
    const refused = await h.call('admin', 'GET', `${API}/external-server/${wrongKey.id}/check`);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toMatch(/authentication/i);

    const wrongFolder = (await h.call('admin', 'POST', `${API}/external-server`, body({ folder: '/non/esiste' }))).body;
    const missing = await h.call('admin', 'GET', `${API}/external-server/${wrongFolder.id}/check`);
    expect(missing.body.ok).toBe(false);
    expect(missing.body.message).toMatch(/no such file|not found|does not exist/i);
  });

  test('its schedule is kept on the job queue, and the job it sends fetches each new file once', async () => {
    const content = 'estratto conto del 4 novembre';
    await writeFile(join(sftp.folder, 'MOV_20261104.cbi'), content);
    const s = (await h.call('admin', 'POST', `${API}/external-server`, body({ schedule: '0 6 * * 1-5' }))).body;
    expect(await h.t.app.jobs.schedules(EXCHANGE_FETCH)).toContainEqual({ key: String(s.id), cron: '0 6 * * 1-5' });

    await h.t.app.jobs.send(EXCHANGE_FETCH, { serverId: s.id });
    const files = await waitFor(
      async () => (await h.call('admin', 'GET', `${API}/log?serverId=${s.id}`)).body,
      (b) => b.total === 2,
    );
    const f = files.item.find((x: { name: string }) => x.name === 'MOV_20261104.cbi');
    expect(f).toMatchObject({ size: content.length, sha256: createHash('sha256').update(content).digest('hex') });
    await h.t.app.jobs.send(EXCHANGE_FETCH, { serverId: s.id });
    await waitFor(
      async () => (await h.call('admin', 'GET', `${API}/external-server/${s.id}`)).body,
      (b) => b.lastFetchMessage === '0 new files, 2 already received',
    );
    expect((await h.call('admin', 'GET', `${API}/log?serverId=${s.id}`)).body.total).toBe(2);

    // Disabled, it keeps no schedule.
    const { id, hasPassword, hasPrivateKey, lastFetchAt, lastFetchOk, lastFetchMessage, ...rest } = s;
    await h.call('admin', 'PUT', `${API}/external-server/${id}`, { ...rest, enabled: false });
    expect((await h.t.app.jobs.schedules(EXCHANGE_FETCH)).map((x) => x.key)).not.toContain(String(id));
    await backgroundIdle(h.t.app);
  });

  test('on its schedule alone: a CBI and a camt.053 file fetched, stored as balances and pending movements, mapped, reloaded', async () => {
    const folder = join(sftp.folder, 'banche');
    await mkdir(folder);
    for (const name of [CBI, CAMT]) await copyFile(join(SAMPLES, name), join(folder, name));
    const created = (
      await h.call('admin', 'POST', `${API}/external-server`, body({ folder, filePattern: '*', name: 'Banche SFTP' }))
    ).body;
    // The demo's UniCredit and Intesa counterparts take their files from this server.
    const counterparts = (await h.call('admin', 'GET', `${API}/counterpart`)).body as Array<
      Record<string, unknown> & { id: number; name: string }
    >;
    for (const name of ['UniCredit (CBI)', 'Intesa Sanpaolo (camt.053)']) {
      const { id, intermediaryName, serverName, lastFileAt, ...rest } = counterparts.find((c) => c.name === name)!;
      const moved = await h.call('admin', 'PUT', `${API}/counterpart/${id}`, {
        ...rest,
        serverId: created.id,
        folder: null,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const { id, hasPassword, hasPrivateKey, lastFetchAt, lastFetchOk, lastFetchMessage, ...server } = created;
    const scheduled = await h.call('admin', 'PUT', `${API}/external-server/${id}`, {
      ...server,
      schedule: '* * * * *',
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);

    // Within the minute the schedule comes round: both files received and their runs ended.
    const runsOfServer = async () => {
      const files = (await h.call('admin', 'GET', `${API}/log?serverId=${id}`)).body.item as Array<{ name: string }>;
      const runs = (await h.call('backoffice', 'GET', `${API}/log-imported`)).body.item as Array<{
        id: number;
        fileName: string;
        status: string;
        rowsStored: number;
        rowsPending: number;
        unmapped: Array<{ code: string }>;
      }>;
      const names = new Set(files.map((f) => f.name));
      return runs.filter((r) => names.has(r.fileName) && !['QUEUED', 'RUNNING'].includes(r.status));
    };
    const statuses = async () => Object.fromEntries((await runsOfServer()).map((r) => [r.fileName, r.status] as const));
    await expect.poll(statuses, { timeout: 150_000, interval: 1_000 }).toEqual({ [CBI]: 'TO_MAP', [CAMT]: 'DONE' });
    const camt = (await runsOfServer()).find((r) => r.fileName === CAMT)!;
    expect(camt).toMatchObject({ rowsStored: 5, rowsPending: 4 });
    const balance = await h.one<{ balance: string }>(
      `select b.balance::text from bank_balances b join accounts a on a.id = b.account_id
          where a.iban = 'IT73Z0306901600000000001007' and b.date = '2026-11-03'`,
    );
    expect(balance.balance).toBe('113829.57');
    const cbi = (await runsOfServer()).find((r) => r.fileName === CBI)!;
    expect(cbi.unmapped.map((u) => u.code)).toEqual(['34']);

    // Mapped and reloaded: the CBI file's movements arrive pending, for the middle office to approve.
    const unicredit = counterparts.find((c) => c.name === 'UniCredit (CBI)')!;
    const mapped = await h.mapCausale34(unicredit.id);
    expect(mapped.status).toBe(200);
    const reload = await h.call('backoffice', 'GET', `${API}/log-imported/${cbi.id}/reload`);
    expect(reload.status).toBe(200);
    await backgroundIdle(h.t.app);
    const done = (await runsOfServer()).find((r) => r.id === reload.body.id)!;
    expect(done).toMatchObject({ status: 'DONE', rowsPending: 5 });
    const pending = await h.one<{ n: number }>(
      `select count(*)::int as n from movements where import_run_id = $1 and status = 'PENDING'`,
      [done.id],
    );
    expect(pending.n).toBe(5);

    const disabled = await h.call('admin', 'PUT', `${API}/external-server/${id}`, { ...server, enabled: false });
    expect(disabled.status).toBe(200);
    expect((await h.t.app.jobs.schedules(EXCHANGE_FETCH)).map((x) => x.key)).not.toContain(String(id));
    await backgroundIdle(h.t.app);
  }, 200_000);
});
