// Support tickets and the practice's documents in Chromium (issue 19). A ticket goes back and forth: the BASIC client
// (`client`) opens one with a PNG, `backoffice` finds it, assigns it to itself and replies (a mail goes to the client
// through the outbox), the client sees the reply and answers, the back office closes it. A PRO (`pro`) uploads a PDF
// for Mario Rossi from the generic upload control, finds it listed, downloads the same bytes and deletes it; a fake
// PDF (HTML named .pdf) is refused with the catalogue's toast. The server runs in this process (the real app,
// serving the built portal), so the test reads the mail outbox from its database.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PNG, demoPdf } from '../server/src/db/demo/support.ts';
import { createTestApp, type TestApp } from '../server/src/testing/test-app.ts';
import { launchBrowser, newContext, recordTrail, signIn } from './support/browser.ts';

let t: TestApp;
let browser: Browser;
const SUBJECT = 'Non vedo il conto deposito';

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function pageOf(login: string, path: string): Promise<Page> {
  const context = await newContext(browser, t.url);
  const page = await context.newPage();
  await signIn(page, login, path);
  if (new URL(page.url()).pathname !== path.split('?')[0]) await page.goto(path);
  return page;
}

const toastText = (page: Page, kind: 'error' | 'success') =>
  page.locator(`[data-testid="toast-${kind}"] .pt-toast__message`).last();

/** Opens the ticket of SUBJECT from the list. */
async function openTicket(page: Page) {
  const trail = recordTrail(page);
  await page.goto('/support');
  const row = page.getByTestId('ticket-row').filter({ hasText: SUBJECT });
  // A failure says what the page went through (once in two CI runs it landed on the issuer's sign-in form instead).
  await row.waitFor({ timeout: 30_000 }).catch((err) => {
    throw new Error(`the ticket's row did not show; the page saw:\n${trail.join('\n')}`, { cause: err });
  });
  await row.locator('a').click();
  await page.getByTestId('ticket-detail').waitFor({ timeout: 15_000 });
}

const messages = (page: Page) => page.getByTestId('ticket-message');

describe('support tickets', () => {
  test('client opens a ticket with a PNG, the back office assigns it, replies and closes; mails go both ways', async () => {
    const client = await pageOf('client', '/support');
    await client.getByTestId('support-page').waitFor({ timeout: 30_000 });
    await client.getByTestId('support-new').click();
    await client.getByTestId('ticket-category').selectOption('DATA');
    await client.getByTestId('ticket-subject').fill(SUBJECT);
    await client.getByTestId('ticket-text').fill('Il conto aperto a settembre non compare nel portafoglio.');
    await client
      .getByTestId('ticket-file-input')
      .setInputFiles({ name: 'schermata.png', mimeType: 'image/png', buffer: DEMO_PNG });
    await client.getByTestId('ticket-file-file').waitFor();
    await client.getByTestId('ticket-submit').click();
    await client.getByTestId('ticket-detail').waitFor({ timeout: 15_000 });
    expect(await client.getByTestId('ticket-state').textContent()).toBe('Aperto');
    expect(await client.getByTestId('ticket-attachment').textContent()).toContain('schermata.png');
    const id = Number(new URL(client.url()).searchParams.get('ticket'));
    expect(id).toBeGreaterThan(0);

    const bo = await pageOf('backoffice', '/support');
    await openTicket(bo);
    await bo.getByTestId('ticket-assign-me').click();
    await expect
      .poll(async () => bo.getByTestId('ticket-detail').textContent(), { timeout: 15_000 })
      .toContain('assegnato a');
    await bo.getByTestId('ticket-reply-text').fill('Abbiamo aggiunto il conto: ora lo vede.');
    await bo.getByTestId('ticket-reply-send').click();
    await expect.poll(async () => messages(bo).count(), { timeout: 15_000 }).toBe(2);
    expect(await bo.getByTestId('ticket-state').textContent()).toBe('In lavorazione');

    // The client was mailed the reply, with the ticket's link.
    const mail = await t.app.db.query<{ body_text: string }>(
      "select body_text from mail_outbox where to_address = 'client@patrimonio.example' and kind = 'support_ticket_reply' order by id desc limit 1",
    );
    expect(mail.rows[0]?.body_text).toContain(`/support?ticket=${id}`);

    await client.goto(`/support?ticket=${id}`);
    await expect.poll(async () => messages(client).count(), { timeout: 15_000 }).toBe(2);
    expect(await messages(client).last().textContent()).toContain('Abbiamo aggiunto il conto');
    await client.getByTestId('ticket-reply-text').fill('Grazie, ora lo vedo.');
    await client.getByTestId('ticket-reply-send').click();
    await expect.poll(async () => messages(client).count(), { timeout: 15_000 }).toBe(3);

    await openTicket(bo);
    await expect.poll(async () => messages(bo).count(), { timeout: 15_000 }).toBe(3);
    await bo.getByTestId('ticket-close').click();
    await bo.getByTestId('ticket-reopen').waitFor({ timeout: 15_000 });
    expect(await bo.getByTestId('ticket-state').textContent()).toBe('Chiuso');

    await client.reload();
    await client.getByTestId('ticket-closed-note').waitFor({ timeout: 15_000 });
    expect(await client.getByTestId('ticket-reply').count()).toBe(0);
  });
});

describe('documents', () => {
  test('a PRO uploads a PDF for a client, downloads the same bytes, deletes it; a fake PDF is refused', async () => {
    const pdf = demoPdf('Mandato e2e');
    const pro = await pageOf('pro', '/docs');
    await pro.getByTestId('docs-page').waitFor({ timeout: 30_000 });
    const rows = pro.getByTestId('doc-row');
    await rows.first().waitFor({ timeout: 15_000 });
    // The demo's expired identity document is flagged.
    expect(await pro.getByTestId('doc-expired').count()).toBeGreaterThan(0);

    // A fake PDF is refused by the server (the type is read from the content) with the toast.
    await pro.getByTestId('docs-upload').click();
    const mario = await pro
      .getByTestId('doc-client')
      .locator('option', { hasText: 'Mario Rossi' })
      .first()
      .getAttribute('value');
    await pro.getByTestId('doc-client').selectOption(mario!);
    await pro.getByTestId('doc-category').selectOption('MANDATE');
    await pro.getByTestId('doc-file-input').setInputFiles({
      name: 'contratto.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><body>not a pdf</body></html>'),
    });
    await pro.getByTestId('doc-file-file').waitFor();
    const before = await rows.count();
    await pro.getByTestId('doc-submit').click();
    await expect
      .poll(async () => toastText(pro, 'error').textContent(), { timeout: 15_000 })
      .toBe('File non valido: controlla il formato e riprova');
    expect(await pro.getByTestId('doc-dialog').count()).toBe(1);

    // The real PDF.
    await pro.getByTestId('doc-title').fill('Mandato e2e');
    await pro
      .getByTestId('doc-file-input')
      .setInputFiles({ name: 'mandato-e2e.pdf', mimeType: 'application/pdf', buffer: pdf });
    await pro.getByTestId('doc-submit').click();
    await pro.getByTestId('doc-dialog').waitFor({ state: 'detached', timeout: 15_000 });
    const row = rows.filter({ hasText: 'Mandato e2e' });
    await row.waitFor({ timeout: 15_000 });
    expect(await rows.count()).toBe(Math.min(before + 1, 10));

    const [download] = await Promise.all([
      pro.waitForEvent('download', { timeout: 15_000 }),
      row.getByTestId('doc-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('mandato-e2e.pdf');
    expect(readFileSync(await download.path()).equals(pdf)).toBe(true);

    await row.getByTestId('doc-delete').click();
    await row.getByTestId('doc-delete').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
  });
});
