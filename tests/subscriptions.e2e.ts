// Subscriptions and trials in Chromium (issue 19; spec portal-and-report 2, "The user is sent to / if the loaded client
// has neither an active subscription nor a trial"): a client's trial ends (its end date moved to yesterday in the
// database); the adviser's visits to the client's pages send to / (→ /clients), where the table says "Prova
// terminata" and the "Abbona" dialog gives the bank transfer's reference; the administrator records the transfer on
// /caronte-subscriptions; the client's pages open again.
// The server runs in this process (the real app, listening, serving the built portal), so the test reaches its
// database as it would the bank's statement.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../server/src/testing/test-app.ts';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { lastToast, rowAction, rowsOf } from './support/page-kit.ts';

let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await t.app.db.query<T & Record<string, unknown>>(sql, params)).rows[0] as T;
}

describe('a trial that ends', () => {
  test('closes the client pages, shows "trial ended", and a bank transfer recorded by the admin opens them again', async () => {
    // Rosa Esposito: a demo client of the PRO "pro", on trial.
    const rosa = await one<{ id: number }>(
      "select id from clients where first_name = 'Rosa' and last_name = 'Esposito' and trial",
    );
    const id = Number(rosa.id);
    await t.app.db.query('update clients set trial_until = current_date - 1 where id = $1', [id]);

    const proContext = await newContext(browser, t.url);
    const pro = await proContext.newPage();
    await signIn(pro, 'pro');
    await pro.waitForURL((u) => u.pathname === '/clients');
    // Her pages send the adviser to / (→ /clients).
    await pro.goto(`/client/${id}/overview`);
    await pro.waitForURL((u) => u.pathname === '/clients', { timeout: 30_000 });
    await pro.goto(`/client/${id}/subscription`);
    await pro.waitForURL((u) => u.pathname === '/clients', { timeout: 30_000 });
    // The table says the trial ended, and offers to subscribe with the transfer's reference.
    await expect
      .poll(async () => (await rowsOf(pro, 'clients')).find((r) => r.includes('Rosa Esposito')), { timeout: 30_000 })
      .toContain('Prova terminata');
    const row = (await rowsOf(pro, 'clients')).findIndex((r) => r.includes('Rosa Esposito'));
    await rowAction(pro, 'clients', row, 'subscribe').click();
    const dialog = pro.getByTestId('subscribe-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.getByTestId('subscription-state').textContent()).toBe('Prova terminata');
    expect(await dialog.getByTestId('transfer-reference').textContent()).toBe(`PATRIMONIO-C${id}`);
    await pro.keyboard.press('Escape');

    // The administrator records the bank transfer.
    const adminContext = await newContext(browser, t.url);
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin');
    await admin.goto('/caronte-subscriptions');
    await admin.getByTestId('subscriptions-page').waitFor({ timeout: 30_000 });
    await admin.getByTestId('filter-state').selectOption('TRIAL_ENDED');
    await expect
      .poll(async () => (await rowsOf(admin, 'subscriptions')).some((r) => r.includes('Rosa Esposito')), {
        timeout: 30_000,
      })
      .toBe(true);
    const adminRow = (await rowsOf(admin, 'subscriptions')).findIndex((r) => r.includes('Rosa Esposito'));
    await rowAction(admin, 'subscriptions', adminRow, 'bank-transfer').click();
    const transfer = admin.getByTestId('bank-transfer-dialog');
    await transfer.waitFor();
    const plan = await one<{ id: number }>("select id from plans where code = 'CLIENT_MONTHLY'");
    await transfer.getByTestId('transfer-plan').selectOption(String(plan.id));
    await transfer.getByTestId('transfer-amount').fill('9,90');
    expect(await transfer.getByTestId('transfer-reference').inputValue()).toBe(`PATRIMONIO-C${id}`);
    await transfer.getByTestId('bank-transfer-save').click();
    await transfer.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => lastToast(admin, 'success'), { timeout: 15_000 }).toMatch(/Bonifico registrato/);
    const recorded = await one<{ method: string; transfer_reference: string; recorded_by: number }>(
      "select method, transfer_reference, recorded_by from subscriptions where client_id = $1 and status = 'ACTIVE'",
      [id],
    );
    expect(recorded).toMatchObject({ method: 'BANK_TRANSFER', transfer_reference: `PATRIMONIO-C${id}` });

    // The client's pages open again for the adviser.
    await pro.goto(`/client/${id}/overview`);
    await pro.getByTestId('overview-total').waitFor({ timeout: 30_000 });
    expect(new URL(pro.url()).pathname).toBe(`/client/${id}/overview`);
    await adminContext.close();
    await proContext.close();
  });
});
