// The file exchange against a real SFTP server (Debian's OpenSSH on a loopback port, testing/sftp-server.ts): check
// ok and failed (a wrong key, a wrong folder), the server's schedule kept on the job queue, and a fetch by the job
// the schedule sends: each file downloaded once into the file log, with its SHA-256.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXCHANGE_FETCH } from '../../jobs/exchange.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { type SftpServer, startSftpServer } from '../../testing/sftp-server.ts';
import { backgroundIdle } from '../../testing/test-app.ts';

const API = '/api/v1';
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
});
