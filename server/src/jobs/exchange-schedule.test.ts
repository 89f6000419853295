// A server's fetch fired by its cron schedule (issue 17: "Fetching: on schedule and on demand"), with nothing asked
// on demand: a LOCAL server saved with the schedule '* * * * *' (every minute) receives its folder's file within the
// minute that follows (pg-boss keeps the schedule and sends the fetch job at each time; the app works its queue), and
// the file log and the server's last fetch show it. Disabling the server removes its schedule. About a minute: the
// cron's smallest step.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Harness, startHarness } from '../testing/harness.ts';
import { EXCHANGE_FETCH } from './exchange.ts';

const API = '/api/v1';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  const folder = join(h.t.app.exchange.dropDir, 'scheduled-bank');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'saldi-20261125.csv'), 'IBAN;Data;Saldo\n');
});
afterAll(async () => {
  await h?.t.close();
});

test("a server's schedule fetches its files with no fetch asked, then stops when the server is disabled", async () => {
  const created = await h.call('admin', 'POST', `${API}/external-server`, {
    name: 'Banca a orario',
    protocol: 'LOCAL',
    host: null,
    port: null,
    username: null,
    folder: 'scheduled-bank',
    filePattern: '*.csv',
    schedule: '* * * * *',
    enabled: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.id as number;
  expect(await h.t.app.jobs.schedules(EXCHANGE_FETCH)).toContainEqual({ key: String(id), cron: '* * * * *' });
  const received = async () =>
    (await h.call('admin', 'GET', `${API}/log?serverId=${id}&size=50`)).body.item.map((f: { name: string }) => f.name);
  expect(await received()).toEqual([]);

  await expect.poll(received, { timeout: 150_000, interval: 1_000 }).toEqual(['saldi-20261125.csv']);
  const after = await h.call('admin', 'GET', `${API}/external-server/${id}`);
  expect(after.body).toMatchObject({ lastFetchOk: true });
  expect(after.body.lastFetchAt).not.toBeNull();

  const { id: _id, hasPassword, hasPrivateKey, lastFetchAt, lastFetchOk, lastFetchMessage, ...body } = after.body;
  const disabled = await h.call('admin', 'PUT', `${API}/external-server/${id}`, { ...body, enabled: false });
  expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
  expect((await h.t.app.jobs.schedules(EXCHANGE_FETCH)).map((s) => s.key)).not.toContain(String(id));
}, 200_000);
