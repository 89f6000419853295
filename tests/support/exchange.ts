// The bank file exchange's steps the e2e journeys share (mf-admin, issue 17): the demo's sample files, mapping a
// waiting code from the mapping page and reloading its run, and pointing a demo counterpart at a server.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiAs } from './browser.ts';
import { lastToast, rowAction, rowsOf } from './page-kit.ts';
import { repoRoot } from './server.ts';

/** The demo's sample bank files (server/src/exchange/samples/README.md says what each holds). */
export const SAMPLES = join(repoRoot, 'server/src/exchange/samples');
export const CBI = 'demo-unicredit-20261103.cbi';
export const CAMT = 'demo-intesa-camt053-20261103.xml';
export const CSV = 'demo-fineco-positions-20261103.csv';

/**
 * On the mapping page: the one code waiting (`code`) mapped to `cause` from its row, then the waiting run reloaded
 * ('Reload ok!').
 */
export async function mapWaitingCode(page: Page, code: string, cause: string): Promise<void> {
  await expect
    .poll(() => rowsOf(page, 'mapping-unmapped'), { timeout: 15_000 })
    .toEqual([expect.stringContaining(code)]);
  await rowAction(page, 'mapping-unmapped', 0, 'map').click();
  const mapping = page.getByTestId('mapping-dialog');
  await expect.poll(() => mapping.getByTestId('mapping-code').inputValue()).toBe(code);
  await mapping.getByTestId('mapping-cause').selectOption(cause);
  await mapping.getByTestId('mapping-submit').click();
  await mapping.waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByTestId('mapping-reload').click();
  await expect.poll(() => lastToast(page, 'success'), { timeout: 15_000 }).toBe('Reload ok!');
}

/** Points the counterpart named `name` at the server `serverId` (PUT /counterpart/{id}, as the admin's page). */
export async function counterpartToServer(page: Page, baseUrl: string, name: string, serverId: number): Promise<void> {
  const counterparts = await apiAs<Array<Record<string, unknown> & { id: number; name: string }>>(
    page,
    baseUrl,
    '/api/v1/counterpart',
  );
  const found = counterparts.find((c) => c.name === name);
  if (!found) throw new Error(`no counterpart ${name}`);
  const { id, intermediaryName, serverName, lastFileAt, ...body } = found;
  await apiAs(page, baseUrl, `/api/v1/counterpart/${id}`, { method: 'PUT', body: { ...body, serverId } });
}

/** An import run as GET /log-imported answers it (the fields the journeys read). */
export interface Run {
  id: number;
  fileName: string;
  status: string;
  rowsPending: number;
}

/** The import runs, newest first. */
export const importRuns = async (page: Page, baseUrl: string): Promise<Run[]> =>
  (await apiAs<{ item: Run[] }>(page, baseUrl, '/api/v1/log-imported')).item;
