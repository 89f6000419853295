// The file exchange's servers, counterparts, mapping and file log (issue 17), on a LOCAL server (a folder of the
// test's drop directory): secrets sealed at rest and never answered; the rules beyond the schema (SFTP needs a host and
// a user, a valid cron, a folder inside the drop directory); check lists what it saw or says why it failed; a fetch
// records each file once by name and SHA-256, a file no counterpart claims as NO_COUNTERPART; download answers the
// bytes with the name; the 409s; BACK_OFFICE works everything but the servers, other roles nothing.
import { createHash } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { backgroundIdle } from '../../testing/test-app.ts';

const API = '/api/v1';
let h: Harness;
let folder: string;

const server = (over: Record<string, unknown> = {}) => ({
  name: `Cartella ${Math.random().toString(36).slice(2, 8)}`,
  protocol: 'LOCAL',
  host: null,
  port: null,
  username: null,
  folder: 'test-bank',
  filePattern: '*',
  schedule: null,
  enabled: true,
  ...over,
});

beforeAll(async () => {
  h = await startHarness();
  folder = join(h.t.app.exchange.dropDir, 'test-bank');
  await mkdir(folder, { recursive: true });
});
afterAll(async () => {
  await h?.t.close();
});

describe('servers', () => {
  test('a password is sealed at rest (AES-GCM), never answered, kept when absent and removed by null', async () => {
    const created = await h.call('admin', 'POST', `${API}/external-server`, {
      ...server({ protocol: 'SFTP', host: 'sftp.banca.example', port: 2222, username: 'patrimonio' }),
      password: 'segreto-della-banca',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ protocol: 'SFTP', port: 2222, hasPassword: true, hasPrivateKey: false });
    expect(JSON.stringify(created.body)).not.toContain('segreto');
    const stored = await h.one<{ password_enc: string }>('select password_enc from external_servers where id = $1', [
      created.body.id,
    ]);
    expect(stored.password_enc).toMatch(/^v1:/);
    expect(stored.password_enc).not.toContain('segreto');
    expect(h.t.app.exchange.box.open(stored.password_enc)).toBe('segreto-della-banca');

    const { id, hasPassword, hasPrivateKey, lastFetchAt, lastFetchOk, lastFetchMessage, ...body } = created.body;
    const kept = await h.call('admin', 'PUT', `${API}/external-server/${id}`, { ...body, enabled: false });
    expect(kept.body).toMatchObject({ hasPassword: true, enabled: false });
    const list = await h.call('admin', 'GET', `${API}/external-server`);
    expect(JSON.stringify(list.body)).not.toContain('segreto');
    const removed = await h.call('admin', 'PUT', `${API}/external-server/${id}`, { ...body, password: null });
    expect(removed.body).toMatchObject({ hasPassword: false });
    const audit = await h.one<{ after: string }>(
      `select after::text from audit_log where entity = 'external_server' and entity_id = $1 order by id limit 1`,
      [String(id)],
    );
    expect(audit.after).not.toContain('segreto');
  });

  test('400 for an SFTP server without host and user, a bad cron, a LOCAL folder outside the drop directory', async () => {
    const before = await h.one<{ n: number }>('select count(*)::int as n from external_servers');
    const sftp = await h.call('admin', 'POST', `${API}/external-server`, server({ protocol: 'SFTP' }));
    expect(sftp.status).toBe(400);
    expect(sftp.body.fields.map((f: { field: string }) => f.field)).toEqual(['host', 'username']);
    const cron = await h.call('admin', 'POST', `${API}/external-server`, server({ schedule: '61 6 * * *' }));
    expect(cron.status).toBe(400);
    expect(cron.body.fields[0].field).toBe('schedule');
    const outside = await h.call('admin', 'POST', `${API}/external-server`, server({ folder: '../../etc' }));
    expect(outside.status).toBe(400);
    expect(outside.body.fields[0].field).toBe('folder');
    expect((await h.one<{ n: number }>('select count(*)::int as n from external_servers')).n).toBe(before.n);
  });

  test('check: what the folder holds and how many match; a missing folder: ok false and why', async () => {
    await writeFile(join(folder, 'check-a.cbi'), 'x');
    await writeFile(join(folder, 'check-b.txt'), 'yy');
    const s = (await h.call('admin', 'POST', `${API}/external-server`, server({ filePattern: 'check-*.cbi' }))).body;
    const ok = await h.call('admin', 'GET', `${API}/external-server/${s.id}/check`);
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
    expect(ok.body.files.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['check-a.cbi', 'check-b.txt']),
    );
    expect(ok.body.matching).toBe(1);
    const missing = (await h.call('admin', 'POST', `${API}/external-server`, server({ folder: 'non-esiste' }))).body;
    const failed = await h.call('admin', 'GET', `${API}/external-server/${missing.id}/check`);
    expect(failed.body).toEqual({ ok: false, message: 'folder or file not found', files: [], matching: 0 });
    expect((await h.call('admin', 'GET', `${API}/external-server/999999/check`)).status).toBe(404);
  });

  test('fetch: each file once by name and SHA-256; unclaimed files are NO_COUNTERPART; the same name with new content is new', async () => {
    const sub = join(h.t.app.exchange.dropDir, 'fetch-bank');
    await mkdir(sub, { recursive: true });
    await writeFile(join(sub, 'estratto-1.txt'), 'primo');
    await writeFile(join(sub, 'estratto-2.txt'), 'secondo');
    await writeFile(join(sub, 'ignorato.pdf'), 'altro');
    const s = (
      await h.call('admin', 'POST', `${API}/external-server`, server({ folder: 'fetch-bank', filePattern: '*.txt' }))
    ).body;
    const first = await h.call('admin', 'POST', `${API}/external-server/${s.id}/fetch`);
    expect(first.body).toMatchObject({ ok: true, received: 2, known: 0 });
    const again = await h.call('admin', 'POST', `${API}/external-server/${s.id}/fetch`);
    expect(again.body).toMatchObject({ ok: true, received: 0, known: 2 });
    await writeFile(join(sub, 'estratto-1.txt'), 'primo, corretto');
    const changed = await h.call('admin', 'POST', `${API}/external-server/${s.id}/fetch`);
    expect(changed.body).toMatchObject({ received: 1, known: 1 });

    const files = await h.call('backoffice', 'GET', `${API}/log?serverId=${s.id}`);
    expect(files.body.total).toBe(3);
    expect(files.body.item.map((f: { name: string; status: string }) => [f.name, f.status]).sort()).toEqual([
      ['estratto-1.txt', 'NO_COUNTERPART'],
      ['estratto-1.txt', 'NO_COUNTERPART'],
      ['estratto-2.txt', 'NO_COUNTERPART'],
    ]);
    const server1 = await h.call('admin', 'GET', `${API}/external-server/${s.id}`);
    expect(server1.body).toMatchObject({ lastFetchOk: true, lastFetchMessage: '1 new files, 1 already received' });

    const f = files.body.item.find((x: { name: string }) => x.name === 'estratto-2.txt');
    expect(f.sha256).toBe(createHash('sha256').update('secondo').digest('hex'));
    expect(f.size).toBe(7);
    const res = await h.t.app.inject({
      method: 'GET',
      url: `${API}/log/${f.id}/download`,
      headers: { authorization: `Bearer ${h.token('backoffice')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('secondo');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="estratto-2.txt"; filename*=UTF-8''estratto-2.txt`,
    );
    await backgroundIdle(h.t.app);
  });

  test('fetch: a file listed with the name, size and time of one received is not downloaded; a new time is read', async () => {
    const sub = join(h.t.app.exchange.dropDir, 'mtime-bank');
    await mkdir(sub, { recursive: true });
    const file = join(sub, 'saldi.txt');
    const monday = new Date('2026-11-23T06:00:00Z');
    await writeFile(file, 'saldo 100');
    await utimes(file, monday, monday);
    const s = (
      await h.call('admin', 'POST', `${API}/external-server`, server({ folder: 'mtime-bank', filePattern: '*.txt' }))
    ).body;
    const fetch = async () => (await h.call('admin', 'POST', `${API}/external-server/${s.id}/fetch`)).body;
    expect(await fetch()).toMatchObject({ ok: true, received: 1, known: 0 });
    const stored = await h.one<{ at: Date | string }>(
      'select remote_modified_at as at from exchange_files where server_id = $1',
      [s.id],
    );
    expect(new Date(stored.at).toISOString()).toBe(monday.toISOString());

    // Other content of the same size under the same time: taken as the file received (the listing is all that is
    // read), so it is known, not new; the hash alone would have called it new.
    await writeFile(file, 'saldo 200');
    await utimes(file, monday, monday);
    expect(await fetch()).toMatchObject({ received: 0, known: 1 });
    // A new time: the file is read, and its new content is a new file.
    const tuesday = new Date('2026-11-24T06:00:00Z');
    await utimes(file, tuesday, tuesday);
    expect(await fetch()).toMatchObject({ received: 1, known: 0 });
    // Touched again with the content it has: known by its hash, and its new time recorded, so the next fetch does
    // not read it (swapped content of the same size under that time stays unseen).
    const wednesday = new Date('2026-11-25T06:00:00Z');
    await utimes(file, wednesday, wednesday);
    expect(await fetch()).toMatchObject({ received: 0, known: 1 });
    await writeFile(file, 'saldo 300');
    await utimes(file, wednesday, wednesday);
    expect(await fetch()).toMatchObject({ received: 0, known: 1 });
    const files = await h.call('admin', 'GET', `${API}/log?serverId=${s.id}`);
    expect(files.body.total).toBe(2);
    await backgroundIdle(h.t.app);
  });

  test('a server its counterparts name cannot be deleted (409 server_in_use); a free one can', async () => {
    const s = (await h.call('admin', 'POST', `${API}/external-server`, server())).body;
    const c = await h.call('backoffice', 'POST', `${API}/counterpart`, {
      name: `Banca ${s.id}`,
      abi: '03069',
      intermediaryId: null,
      serverId: s.id,
      folder: null,
      formats: [{ format: 'CBI', filePattern: '*.cbi', layout: null }],
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body).toMatchObject({ serverId: s.id, serverName: s.name });
    const busy = await h.call('admin', 'DELETE', `${API}/external-server/${s.id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('server_in_use');
    expect((await h.call('backoffice', 'DELETE', `${API}/counterpart/${c.body.id}`)).status).toBe(200);
    expect((await h.call('admin', 'DELETE', `${API}/external-server/${s.id}`)).status).toBe(200);
    expect((await h.call('admin', 'GET', `${API}/external-server/${s.id}`)).status).toBe(404);
  });

  test('BACK_OFFICE reads the servers names only; a PRO nothing of the file exchange', async () => {
    expect((await h.call('backoffice', 'GET', `${API}/external-server`)).status).toBe(403);
    expect((await h.call('backoffice', 'POST', `${API}/external-server`, server())).status).toBe(403);
    expect((await h.call('backoffice', 'GET', `${API}/external-server/names`)).status).toBe(200);
    for (const url of ['/external-server/names', '/counterpart', '/mapping', '/log', '/log-imported'])
      expect((await h.call('pro', 'GET', `${API}${url}`)).status, url).toBe(403);
  });
});

describe('counterparts and mapping', () => {
  test('a LAYOUT format needs its layout and the others none; unknown ids are 400s naming the field', async () => {
    const body = {
      name: 'Banca Layout',
      abi: null,
      intermediaryId: 999999,
      serverId: null,
      folder: null,
      formats: [{ format: 'LAYOUT', filePattern: '*.csv', layout: null }],
    };
    const r = await h.call('admin', 'POST', `${API}/counterpart`, body);
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['intermediaryId', 'formats/0/layout']);
  });

  test("a layout names a column for each field its kind needs, and none outside the kind's", async () => {
    const layout = {
      kind: 'BALANCES',
      accountRef: 'IBAN',
      dateFormat: 'DD/MM/YYYY',
      decimalSeparator: ',',
      columns: { account: 'IBAN', date: 'Data', currency: 'Divisa', quantity: 'Quantità' },
    };
    const r = await h.call('admin', 'POST', `${API}/counterpart`, {
      name: 'Banca Saldi',
      abi: null,
      intermediaryId: null,
      serverId: null,
      folder: null,
      formats: [{ format: 'LAYOUT', filePattern: '*.csv', layout }],
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([
      { field: 'formats/0/layout/columns/balance', message: 'required' },
      { field: 'formats/0/layout/columns/quantity', message: 'not a field of BALANCES' },
    ]);
  });

  test('a code is mapped once per counterpart, kind and direction (409 mapping_exists); the target reads', async () => {
    const c = (
      await h.call('admin', 'POST', `${API}/counterpart`, {
        name: 'Banca Mappa',
        abi: null,
        intermediaryId: null,
        serverId: null,
        folder: null,
        formats: [],
      })
    ).body;
    const mapping = {
      counterpartId: c.id,
      kind: 'CAUSE',
      code: '66',
      direction: 'DEBIT',
      cause: 'FEE',
      subcause: 'CONTO_CORRENTE',
      instrumentId: null,
      accountId: null,
    };
    const first = await h.call('backoffice', 'POST', `${API}/mapping`, mapping);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ code: '66', target: 'FEE / CONTO_CORRENTE' });
    const twice = await h.call('backoffice', 'POST', `${API}/mapping`, mapping);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('mapping_exists');
    const credit = await h.call('backoffice', 'POST', `${API}/mapping`, {
      ...mapping,
      direction: 'CREDIT',
      cause: 'DEPOSIT',
      subcause: null,
    });
    expect(credit.status).toBe(200);
    const list = await h.call('admin', 'GET', `${API}/mapping?counterpartId=${c.id}`);
    expect(list.body.item.map((m: { direction: string }) => m.direction)).toEqual(['CREDIT', 'DEBIT']);
    const subcauseNotFee = await h.call('backoffice', 'PUT', `${API}/mapping/${credit.body.id}`, {
      ...mapping,
      direction: 'CREDIT',
      cause: 'DEPOSIT',
    });
    expect(subcauseNotFee.status).toBe(400);
  });
});
