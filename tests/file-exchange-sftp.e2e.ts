// The bank file exchange against a real SFTP server (mf-admin, issue 17), through the servers page as the admin lives
// it: Debian's OpenSSH on a loopback port (server/src/testing/sftp-server.ts: a fresh host key, one authorised client
// key) holding a CBI and a camt.053 file. The admin adds the server with a wrong password: 'Check failed' and the
// reason "All configured authentication methods failed"; replaces the password with a key the server does not know:
// 'Check failed' again; then with the authorised key: 'Check ok!' and the folder's two files listed. The secrets never
// come back: the edit dialog shows none, GET of the server and the audit hold none, and no answer the page received
// carries one. Fetch now brings both files into the file log (the camt.053 one imported for the Intesa counterpart,
// set to this server), and a second fetch finds nothing new (spec data-and-admin.md section 7's toasts).
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type SftpServer, startSftpServer } from '../server/src/testing/sftp-server.ts';
import { CAMT, CBI, counterpartToServer, SAMPLES } from './support/exchange.ts';
import { dismissToasts, lastToast, rowAction, rowsOf } from './support/page-kit.ts';
import { portalSuite } from './support/suite.ts';

const NAME = 'Banca E2E (SFTP)';
const WRONG_PASSWORD = 'E2E-password-sbagliata-4817';
const AUTH_FAILED = 'All configured authentication methods failed';

let sftp: SftpServer;
const suite = portalSuite({
  before: async () => {
    sftp = await startSftpServer();
    for (const f of [CBI, CAMT]) copyFileSync(join(SAMPLES, f), join(sftp.folder, f));
  },
  after: async () => {
    await sftp?.stop();
  },
});
const api = <T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  suite.api<T>(page, path, init);

/** The lines of a secret worth looking for in an answer: a key's base64 lines (not its BEGIN/END), or the text. */
const secretLines = (secret: string) =>
  secret
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 20 && !l.startsWith('-----'));

describe('an SFTP server through the servers page', () => {
  let admin: Page;
  let serverId = 0;
  /** The bodies of every API answer the admin's page received. */
  const answers: Array<Promise<string>> = [];
  const secrets = () => [WRONG_PASSWORD, ...secretLines(sftp.privateKey), ...secretLines(sftp.wrongKey)];

  const serverRow = async () => {
    await expect
      .poll(async () => (await rowsOf(admin, 'servers')).filter((r) => r.includes(NAME)), { timeout: 15_000 })
      .toHaveLength(1);
    return (await rowsOf(admin, 'servers')).findIndex((r) => r.includes(NAME));
  };
  /** Runs the row's check; the toast it shows and the check dialog's reason or file count. */
  const check = async (): Promise<{ toast: string | null; detail: string | null }> => {
    await dismissToasts(admin);
    await rowAction(admin, 'servers', await serverRow(), 'check').click();
    const dialog = admin.getByTestId('check-dialog');
    await dialog.getByTestId('check-result').waitFor({ timeout: 30_000 });
    const kind = (await dialog.getByTestId('check-count').count()) ? 'success' : 'error';
    await expect.poll(() => lastToast(admin, kind), { timeout: 15_000 }).not.toBeNull();
    const detail =
      kind === 'success'
        ? await dialog.getByTestId('check-count').textContent()
        : await dialog.getByTestId('check-reason').textContent();
    return { toast: await lastToast(admin, kind), detail };
  };
  const closeCheck = async () => {
    await admin.keyboard.press('Escape');
    await admin.getByTestId('check-dialog').waitFor({ state: 'detached' });
  };
  /** Opens the row's edit dialog. */
  const edit = async () => {
    await rowAction(admin, 'servers', await serverRow(), 'edit').click();
    const dialog = admin.getByTestId('server-dialog');
    await expect.poll(() => dialog.getByTestId('server-name').inputValue()).toBe(NAME);
    return dialog;
  };
  const save = async (dialog: ReturnType<Page['getByTestId']>, toast: string) => {
    await dismissToasts(admin);
    await dialog.getByTestId('server-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => lastToast(admin, 'success'), { timeout: 15_000 }).toBe(toast);
  };

  test('added with a wrong password: Check failed, and why', async () => {
    admin = await suite.signedIn('admin', '/caronte-server');
    admin.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) answers.push(r.text().catch(() => ''));
    });
    await admin.waitForURL((u) => u.pathname === '/caronte-server');
    await admin.getByTestId('servers-page').waitFor();

    await admin.getByTestId('server-add').click();
    const dialog = admin.getByTestId('server-dialog');
    await dialog.getByTestId('server-name').fill(NAME);
    await dialog.getByTestId('server-protocol').selectOption('SFTP');
    await dialog.getByTestId('server-host').fill(sftp.host);
    await dialog.getByTestId('server-port').fill(String(sftp.port));
    await dialog.getByTestId('server-username').fill(sftp.username);
    await dialog.getByTestId('server-password').fill(WRONG_PASSWORD);
    await dialog.getByTestId('server-folder').fill(sftp.folder);
    await dialog.getByTestId('server-pattern').fill('*');
    await save(dialog, 'Server aggiunto');
    const row = (await rowsOf(admin, 'servers'))[await serverRow()];
    expect(row).toContain(`sftp://${sftp.host}:${sftp.port}${sftp.folder}`);

    await expect(check()).resolves.toEqual({ toast: 'Check failed', detail: AUTH_FAILED });
    await closeCheck();
  });

  test('the password kept is never shown: the edit dialog and GET of the server hold none', async () => {
    const servers = await api<Array<{ id: number; name: string }>>(admin, '/api/v1/external-server');
    serverId = servers.find((s) => s.name === NAME)!.id;
    const got = await api<Record<string, unknown>>(admin, `/api/v1/external-server/${serverId}`);
    expect(got).toMatchObject({ protocol: 'SFTP', hasPassword: true, hasPrivateKey: false });
    expect(
      Object.keys(got)
        .filter((k) => /password|key|secret|enc/i.test(k))
        .sort(),
    ).toEqual(['hasPassword', 'hasPrivateKey']);
    expect(JSON.stringify(got)).not.toContain(WRONG_PASSWORD);

    const dialog = await edit();
    await expect(dialog.getByTestId('server-password').inputValue()).resolves.toBe('');
    await expect(dialog.getByTestId('server-private-key').inputValue()).resolves.toBe('');
    await expect(dialog.getByTestId('server-remove-password').isChecked()).resolves.toBe(false);
    expect(await dialog.getByTestId('server-remove-private-key').count()).toBe(0);
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('the password removed for a key the server does not know: Check failed again', async () => {
    const dialog = await edit();
    await dialog.getByTestId('server-remove-password').check();
    await dialog.getByTestId('server-private-key').fill(sftp.wrongKey);
    await save(dialog, 'Server modificato');
    await expect(api(admin, `/api/v1/external-server/${serverId}`)).resolves.toMatchObject({
      hasPassword: false,
      hasPrivateKey: true,
    });
    await expect(check()).resolves.toEqual({ toast: 'Check failed', detail: AUTH_FAILED });
    await closeCheck();
  });

  test('with the authorised key: Check ok! and the folder listed', async () => {
    const dialog = await edit();
    // The stored key is not shown; a new one replaces it.
    await expect(dialog.getByTestId('server-private-key').inputValue()).resolves.toBe('');
    await dialog.getByTestId('server-remove-private-key').waitFor();
    await dialog.getByTestId('server-private-key').fill(sftp.privateKey);
    await save(dialog, 'Server modificato');

    await expect(check()).resolves.toEqual({
      toast: 'Check ok!',
      detail: 'File nella cartella: 2; corrispondono al modello «*»: 2.',
    });
    const files = await rowsOf(admin, 'server-check-files');
    expect(files).toHaveLength(2);
    for (const f of [CBI, CAMT])
      expect(
        files.some((r) => r.includes(f)),
        f,
      ).toBe(true);
    await closeCheck();

    const reopened = await edit();
    await expect(reopened.getByTestId('server-private-key').inputValue()).resolves.toBe('');
    await expect(reopened.getByTestId('server-password').inputValue()).resolves.toBe('');
    await admin.keyboard.press('Escape');
    await reopened.waitFor({ state: 'detached' });
  });

  test('fetch now: both files arrive in the file log, the camt.053 one is imported; a second fetch finds none new', async () => {
    // The Intesa counterpart takes its camt.053 statements from this server (set up through the API).
    await counterpartToServer(admin, suite.server.url, 'Intesa Sanpaolo (camt.053)', serverId);

    await dismissToasts(admin);
    await rowAction(admin, 'servers', await serverRow(), 'fetch').click();
    await expect
      .poll(() => lastToast(admin, 'success'), { timeout: 30_000 })
      .toBe('2 file nuovi ricevuti, nessuno già noto.');

    await admin.getByTestId('menu-fileLog').click();
    await admin.waitForURL((u) => u.pathname === '/file-log');
    const statusOf = async (file: string) =>
      (await rowsOf(admin, 'file-log'))
        .filter((r) => r.includes(file) && r.includes(NAME))
        .map((r) => /Importato|Nessuna controparte|Da mappare|Fallito|Ricevuto/.exec(r)?.[0]);
    await expect.poll(() => statusOf(CAMT), { timeout: 60_000 }).toEqual(['Importato']);
    await expect.poll(() => statusOf(CBI), { timeout: 15_000 }).toEqual(['Nessuna controparte']);
    await admin.getByTestId('menu-importActivity').click();
    await admin.waitForURL((u) => u.pathname === '/import-activity');
    await expect
      .poll(async () => (await rowsOf(admin, 'import-activity')).filter((r) => r.includes(CAMT)), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Completata')]);

    await admin.getByTestId('menu-server').click();
    await admin.waitForURL((u) => u.pathname === '/caronte-server');
    await dismissToasts(admin);
    await rowAction(admin, 'servers', await serverRow(), 'fetch').click();
    await expect.poll(() => lastToast(admin, 'success'), { timeout: 30_000 }).toBe('Nessun file nuovo, 2 già noti.');
  });

  test('no answer the page received, nor the audit, holds a secret', async () => {
    const audit = await api<{ item: Array<{ action: string; before: unknown; after: unknown }> }>(
      admin,
      '/api/v1/audit?entity=external_server&size=50',
    );
    expect(audit.item.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'update']));
    const bodies = [...(await Promise.all(answers)), JSON.stringify(audit)];
    expect(bodies.length).toBeGreaterThan(10);
    // Where a secret shows up, the text around it.
    const around = (b: string, s: string) => b.slice(Math.max(0, b.indexOf(s) - 160), b.indexOf(s) + s.length + 20);
    for (const s of secrets())
      expect(
        bodies.filter((b) => b.includes(s)).map((b) => around(b, s)),
        s,
      ).toEqual([]);
  });
});
