// The bank file exchange as the back office lives it (mf-admin, issue 17; spec portal-and-report.md section 2: ADMIN
// has /caronte-server, ADMIN and BACK_OFFICE /counterparts, /file-log, /import-activity, /caronte-mapping; the
// BACK_OFFICE side menu has the file exchange without Server). Against the real server with the demo data: the admin
// fetches the demo's local drop folder from the servers page; the back office then finds no Server in its menu, is
// sent home from /caronte-server (a route not its role's goes to /, and / to its home /approve) without the servers
// ever being asked for, and works the rest: the demo counterparts, the three demo files in the file log (one
// downloaded), their runs in import activity with the CBI one waiting for causale 34, which it maps and reloads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CAMT, CBI, CSV, importRuns, mapWaitingCode, SAMPLES } from './support/exchange.ts';
import { lastToast, rowAction, rowsOf } from './support/page-kit.ts';
import { portalSuite } from './support/suite.ts';

const DEMO_SERVER = 'Cartella demo (locale)';

// A fresh data folder: the server puts the demo's sample files in its drop folder on first start.
const suite = portalSuite();

const signedIn = (login: string, path = '/') => suite.signedIn(login, path);
const api = <T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  suite.api<T>(page, path, init);

/** The test ids of the side menu's entries, in order. */
const menuEntries = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="side-menu"] [data-testid^="menu-"]')).map((e) =>
      e.getAttribute('data-testid'),
    ),
  );

describe('the back office in the file exchange', () => {
  let admin: Page;
  let bo: Page;
  /** Every API path the back office's page asked for. */
  const asked: string[] = [];

  test('the admin fetches the demo drop folder from the servers page: three new files', async () => {
    admin = await signedIn('admin', '/caronte-server');
    await admin.waitForURL((u) => u.pathname === '/caronte-server');
    // The admin's menu has the file exchange with Server (the contrast the back office's menu is checked against).
    await admin.getByTestId('menu-server').waitFor();
    await expect
      .poll(() => rowsOf(admin, 'servers'), { timeout: 15_000 })
      .toEqual([expect.stringContaining(DEMO_SERVER)]);
    await rowAction(admin, 'servers', 0, 'fetch').click();
    await expect
      .poll(() => lastToast(admin, 'success'), { timeout: 30_000 })
      .toBe('3 file nuovi ricevuti, nessuno già noto.');
  });

  test('its side menu has the file exchange without Server, and mapping', async () => {
    bo = await signedIn('backoffice');
    bo.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) asked.push(u.pathname);
    });
    await bo.waitForURL((u) => u.pathname === '/approve');
    await bo.getByTestId('menu-fileLog').waitFor();
    const entries = await menuEntries(bo);
    expect(entries).toEqual(
      expect.arrayContaining(['menu-counterparts', 'menu-importActivity', 'menu-fileLog', 'menu-mapping']),
    );
    expect(entries).not.toContain('menu-server');
    expect(entries).not.toContain('menu-audit');
    expect(entries).not.toContain('menu-dashboard');
    const group = bo.getByTestId('side-menu').locator('.pt-sidemenu__group', { hasText: 'Scambio file' });
    await expect(group.getByRole('link').allTextContents()).resolves.toEqual([
      'Controparti',
      'Attività di importazione',
      'Log dei file',
    ]);
  });

  test('/caronte-server sends it home to /approve, and the servers are never asked for', async () => {
    const before = asked.length;
    await bo.goto('/caronte-server');
    await bo.waitForURL((u) => u.pathname === '/approve', { timeout: 30_000 });
    await bo.getByTestId('side-menu').waitFor();
    expect(await bo.getByTestId('servers-page').count()).toBe(0);
    expect(asked.slice(before).filter((p) => p.startsWith('/api/v1/external-server'))).toEqual([]);
    // The server refuses it too: the servers, a check and a fetch are the admin's alone.
    await expect(api(bo, '/api/v1/external-server')).rejects.toThrow(/: 403 /);
    const [demo] = await api<Array<{ id: number; name: string }>>(bo, '/api/v1/external-server/names');
    expect(demo).toMatchObject({ name: DEMO_SERVER });
    await expect(api(bo, `/api/v1/external-server/${demo!.id}`)).rejects.toThrow(/: 403 /);
    await expect(api(bo, `/api/v1/external-server/${demo!.id}/check`)).rejects.toThrow(/: 403 /);
    await expect(api(bo, `/api/v1/external-server/${demo!.id}/fetch`, { method: 'POST' })).rejects.toThrow(/: 403 /);
  });

  test('it sees the demo counterparts with the server they use', async () => {
    await bo.getByTestId('menu-counterparts').click();
    await bo.waitForURL((u) => u.pathname === '/counterparts');
    await expect
      .poll(async () => (await rowsOf(bo, 'counterparts')).map((r) => r.includes(DEMO_SERVER)), { timeout: 15_000 })
      .toEqual([true, true, true]);
    const rows = await rowsOf(bo, 'counterparts');
    for (const name of ['FinecoBank (posizioni CSV)', 'Intesa Sanpaolo (camt.053)', 'UniCredit (CBI)'])
      expect(
        rows.some((r) => r.includes(name)),
        name,
      ).toBe(true);
    await expect(bo.getByTestId('counterpart-add').isVisible()).resolves.toBe(true);
  });

  test('the file log holds the three demo files, with no server filter, and gives a file back', async () => {
    await bo.getByTestId('menu-fileLog').click();
    await bo.waitForURL((u) => u.pathname === '/file-log');
    await expect.poll(async () => (await rowsOf(bo, 'file-log')).length, { timeout: 15_000 }).toBe(3);
    const rows = await rowsOf(bo, 'file-log');
    for (const name of [CBI, CAMT, CSV])
      expect(
        rows.some((r) => r.includes(name)),
        name,
      ).toBe(true);
    await bo.getByTestId('filter-status').waitFor();
    expect(await bo.getByTestId('filter-server').count()).toBe(0);

    // Download the CBI file: its original bytes, under its own name.
    const row = rows.findIndex((r) => r.includes(CBI));
    const [download] = await Promise.all([
      bo.waitForEvent('download', { timeout: 15_000 }),
      rowAction(bo, 'file-log', row, 'download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(CBI);
    const saved = await download.path();
    expect(readFileSync(saved).equals(readFileSync(join(SAMPLES, CBI)))).toBe(true);
  });

  test('import activity shows the runs: the CBI file waits for mapping, the others are done', async () => {
    await bo.getByTestId('menu-importActivity').click();
    await bo.waitForURL((u) => u.pathname === '/import-activity');
    const statusOf = async (file: string) =>
      (await rowsOf(bo, 'import-activity'))
        .filter((r) => r.includes(file))
        .map((r) => /Da mappare|Completata/.exec(r)?.[0]);
    await expect.poll(() => statusOf(CBI), { timeout: 60_000 }).toEqual(['Da mappare']);
    await expect.poll(() => statusOf(CAMT), { timeout: 60_000 }).toEqual(['Completata']);
    await expect.poll(() => statusOf(CSV), { timeout: 60_000 }).toEqual(['Completata']);
  });

  test('it maps the waiting causale 34 and reloads: the CBI run is imported, its movements pending', async () => {
    await bo.getByTestId('menu-mapping').click();
    await bo.waitForURL((u) => u.pathname === '/caronte-mapping');
    await mapWaitingCode(bo, '34', 'TRANSFER_IN');
    await expect.poll(() => rowsOf(bo, 'mapping-unmapped'), { timeout: 15_000 }).toEqual([]);

    const runs = () => importRuns(bo, suite.server.url);
    await expect
      .poll(async () => (await runs()).filter((r) => r.fileName === CBI).map((r) => r.status), { timeout: 60_000 })
      .toContain('DONE');
    expect((await runs()).find((r) => r.fileName === CBI && r.status === 'DONE')).toMatchObject({ rowsPending: 5 });
    // The mapping the back office made is audited under its role.
    const audit = await api<{ item: Array<{ actorRole: string | null; action: string; after: { code?: string } }> }>(
      admin,
      '/api/v1/audit?entity=exchange_mapping&size=50',
    );
    expect(audit.item.filter((a) => a.action === 'create' && a.after?.code === '34')).toEqual([
      expect.objectContaining({ actorRole: 'BACK_OFFICE' }),
    ]);
  });
});
