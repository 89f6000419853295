// The bank file exchange against the real server (mf-admin, issue 17), as the admin and the back office live it: the
// admin adds a server (a LOCAL folder of the drop directory holding a bank's CBI file), checks it ('Check ok!'),
// fetches it; the file appears in the file log and its run in import activity waiting for mapping (causale 34, left
// unmapped by the demo); the admin maps the code from the mapping page and reloads ('Reload ok!'); the back office
// then finds the file's movements pending in /approve and approves them.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { CBI, counterpartToServer, importRuns, mapWaitingCode, SAMPLES } from './support/exchange.ts';
import { lastToast, rowAction, rowsOf } from './support/page-kit.ts';
import { portalSuite } from './support/suite.ts';

let drop: string;
const suite = portalSuite({
  before: () => {
    drop = mkdtempSync(join(tmpdir(), 'patrimonio-drop-'));
    mkdirSync(join(drop, 'e2e-bank'));
    copyFileSync(join(SAMPLES, CBI), join(drop, 'e2e-bank', CBI));
  },
  env: () => ({ DROP_DIR: drop }),
  after: () => {
    if (drop) rmSync(drop, { recursive: true, force: true });
  },
});

const signedIn = (login: string, path = '/') => suite.signedIn(login, path);
const api = <T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  suite.api<T>(page, path, init);

test('the admin adds a server, checks and fetches it, maps the waiting code and reloads; the back office approves', async () => {
  const admin = await signedIn('admin', '/caronte-server');
  await admin.waitForURL((u) => u.pathname === '/caronte-server');
  await admin.getByTestId('servers-page').waitFor();

  // A new LOCAL server: the bank's folder of the drop directory.
  await admin.getByTestId('server-add').click();
  const dialog = admin.getByTestId('server-dialog');
  await dialog.getByTestId('server-name').fill('Banca E2E (locale)');
  await dialog.getByTestId('server-protocol').selectOption('LOCAL');
  await dialog.getByTestId('server-folder').fill('e2e-bank');
  await dialog.getByTestId('server-pattern').fill('*.cbi');
  await dialog.getByTestId('server-submit').click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  await expect.poll(() => rowsOf(admin, 'servers'), { timeout: 15_000 }).toHaveLength(2);
  const row = (await rowsOf(admin, 'servers')).findIndex((r) => r.includes('Banca E2E'));
  expect(row).toBeGreaterThanOrEqual(0);

  // Check: 'Check ok!' and one file matching.
  await rowAction(admin, 'servers', row, 'check').click();
  await expect.poll(() => lastToast(admin, 'success'), { timeout: 15_000 }).toBe('Check ok!');
  await expect.poll(() => admin.getByTestId('check-count').textContent()).toMatch(/1/);
  await admin.keyboard.press('Escape');

  // The UniCredit counterpart takes its CBI files from the new server (set up through the API).
  const servers = await api<Array<{ id: number; name: string }>>(admin, '/api/v1/external-server');
  const serverId = servers.find((s) => s.name === 'Banca E2E (locale)')!.id;
  await counterpartToServer(admin, suite.server.url, 'UniCredit (CBI)', serverId);

  // Fetch now: the file arrives in the file log, its run waits for mapping.
  await rowAction(admin, 'servers', row, 'fetch').click();
  await expect.poll(() => lastToast(admin, 'success'), { timeout: 15_000 }).toMatch(/1/);
  await admin.goto('/file-log');
  await expect.poll(() => rowsOf(admin, 'file-log'), { timeout: 15_000 }).toEqual([expect.stringContaining(CBI)]);
  await admin.goto('/import-activity');
  await expect
    .poll(async () => (await rowsOf(admin, 'import-activity')).filter((r) => r.includes(CBI)), { timeout: 30_000 })
    .toEqual([expect.stringContaining('Da mappare')]);

  // Map the waiting code (34, a credit) from the mapping page, then reload the waiting run.
  await admin.goto('/caronte-mapping');
  await mapWaitingCode(admin, '34', 'TRANSFER_IN');

  const runs = () => importRuns(admin, suite.server.url);
  await expect
    .poll(async () => (await runs()).find((r) => r.fileName === CBI), { timeout: 60_000 })
    .toMatchObject({ status: 'DONE', rowsPending: 5 });

  // The back office finds the five movements pending and approves them.
  const bo = await signedIn('backoffice');
  await bo.waitForURL((u) => u.pathname === '/approve');
  const waiting = await api<{ item: Array<{ id: number; origin: string; classification: string | null }> }>(
    bo,
    '/api/v1/movement/temporary/waiting?size=100000',
  );
  const fromFile = waiting.item.filter((m) => m.origin === 'FILE_EXCHANGE');
  expect(fromFile).toHaveLength(5);
  const table = bo.getByTestId('table-approve-pending');
  // Luca Verdi's giroconto of 5,000.00 (the line whose causale was mapped).
  await table.getByTestId('table-search').fill('Verdi');
  await expect
    .poll(async () => (await rowsOf(bo, 'approve-pending')).filter((r) => r.includes('5.000,00')), { timeout: 15_000 })
    .toHaveLength(1);
  const giroconto = (await rowsOf(bo, 'approve-pending')).findIndex((r) => r.includes('5.000,00'));
  await rowAction(bo, 'approve-pending', giroconto, 'approve').click();
  await expect.poll(() => lastToast(bo, 'success'), { timeout: 15_000 }).toMatch(/approvat/i);
  const after = await api<{ item: Array<{ origin: string }> }>(bo, '/api/v1/movement/temporary/waiting?size=100000');
  expect(after.item.filter((m) => m.origin === 'FILE_EXCHANGE')).toHaveLength(4);
}, 240_000);
