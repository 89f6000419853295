// The portal's widget tokens page in Chromium against the real server (issue 20, docs/widgets.md "Issuing a token and
// pasting the snippet"): the demo PRO opens Mario Rossi's page, follows "Widget per il tuo sito", issues a token for
// two widgets and one origin, sees the token once with the snippet (the self-contained build's hashed file, one
// element per widget with src, token and lang), the live preview draws the client's figures (the elements reach
// data-state="ready" and the total is the widget data API's), revokes the token with the two-step confirmation and
// sees its state change; then the page in English, and the token refused by the widget data API.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs, launchBrowser, newContext, signIn } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ApiClient {
  id: number;
  firstName: string | null;
  lastName: string | null;
}

const ORIGIN = 'https://www.studio-rossi.example';

async function clientId(page: Page, name: string): Promise<number> {
  const clients = await apiAs<{ item: ApiClient[] }>(page, server.url, '/api/v1/user/client?size=10000');
  const found = clients.item.find((c) => [c.firstName, c.lastName].filter(Boolean).join(' ') === name);
  expect(found, name).toBeDefined();
  return found!.id;
}

describe('widget tokens in the portal', () => {
  test('a PRO issues a token for two widgets, sees it once with the snippet and the live preview, then revokes it', async () => {
    const context = await newContext(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await signIn(page, 'pro');
    await page.waitForURL((u) => u.pathname === '/clients');
    const id = await clientId(page, 'Mario Rossi');

    // From the client's page to its widgets.
    await page.goto(`/client/${id}/infos`);
    await page.getByTestId('client-widgets-link').click();
    await page.waitForURL((u) => u.pathname === `/client/${id}/widgets`);
    const widgets = page.getByTestId('widgets-page');
    await widgets.waitFor({ timeout: 30_000 });
    expect(await page.locator('#mf-container h1').first().textContent()).toBe('Widget per il tuo sito');

    // The form: a wrong origin is named, then the token is issued.
    await page.getByTestId('widget-token-add').click();
    const dialog = page.getByTestId('widget-token-dialog');
    await dialog.waitFor();
    await page.getByTestId('widget-token-label').fill('Sito dello studio');
    await page.getByTestId('widget-kind-wealth-total').check();
    await page.getByTestId('widget-kind-portfolio-donut').check();
    await page.getByTestId('widget-token-origins').fill('http://www.studio-rossi.example/pagina');
    await page.getByTestId('widget-token-submit').click();
    await dialog.getByText("non è un'origine valida").waitFor();
    await page.getByTestId('widget-token-origins').fill(`${ORIGIN}/`);
    await page.getByTestId('widget-token-submit').click();

    // The token, once, with its warning and the snippet.
    const issued = page.getByTestId('widget-token-issued');
    await issued.waitFor({ timeout: 15_000 });
    const token = (await page.getByTestId('widget-token-value').textContent()) ?? '';
    expect(token).toMatch(/^ptw_[A-Za-z0-9_-]{43}$/);
    expect(await page.getByTestId('widget-token-warning').textContent()).toContain('non verrà mostrato di nuovo');
    const manifest = (await (await fetch(`${server.url}/widgets/manifest.json`)).json()) as {
      files: Record<string, string>;
    };
    const code = page.getByTestId('widget-snippet-code');
    await expect.poll(() => code.textContent()).toContain(manifest.files.all!);
    expect(await code.textContent()).toBe(
      [
        `<script type="module" src="${server.url}/widgets/${manifest.files.all}"></script>`,
        `<pt-portfolio-donut src="${server.url}/api/v1/widget-data/portfolio-donut" token="${token}" lang="it"></pt-portfolio-donut>`,
        `<pt-wealth-total src="${server.url}/api/v1/widget-data/wealth-total" token="${token}" lang="it"></pt-wealth-total>`,
      ].join('\n'),
    );
    await page.getByTestId('widget-snippet-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());

    // The live preview draws the client's figures: both elements ready, the total the widget data API's.
    for (const tag of ['pt-portfolio-donut', 'pt-wealth-total']) {
      await expect
        .poll(() => page.getByTestId(`preview-${tag}`).getAttribute('data-state'), { timeout: 30_000 })
        .toBe('ready');
    }
    const data = (await (
      await fetch(`${server.url}/api/v1/widget-data/wealth-total`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { total: number };
    expect(data.total).toBeGreaterThan(0);
    const euros = Math.trunc(data.total).toLocaleString('it-IT');
    const shadowText = () =>
      page.getByTestId('preview-pt-wealth-total').evaluate((el) => el.shadowRoot?.textContent ?? '');
    await expect.poll(shadowText).toContain(euros);

    // Done: the token is no longer on the page; the list has it, active, with the hint.
    await page.getByTestId('widget-token-done').click();
    await issued.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(token);
    const row = widgets.locator('.ht_master tbody tr', { hasText: 'Sito dello studio' });
    await expect.poll(() => row.textContent()).toContain('Attivo');
    expect(await row.textContent()).toContain(ORIGIN);

    // Revoke in two steps: its state changes and the widget data API refuses the token at once.
    await row.locator('[data-pt-action="revoke"]').click();
    await row.locator('[data-pt-action="revoke"]').click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Revocato');
    const refused = await fetch(`${server.url}/api/v1/widget-data/wealth-total`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(401);

    // In English.
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.locator('#mf-container h1').first().textContent()).toBe('Widgets for your website');
    await expect.poll(() => row.textContent()).toContain('Revoked');
    await page.getByTestId('widget-token-add').click();
    await dialog.getByText('Allowed origins, one per line').waitFor();
    await context.close();
  });

  test('a DELEGATE is sent away from the widgets page', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page, 'delegate');
    await page.waitForURL((u) => u.pathname === '/clients');
    // The guard goes by role: any client's page sends a DELEGATE home (a PRO issues the tokens).
    await page.goto('/client/1/widgets');
    await page.waitForURL((u) => u.pathname === '/clients', { timeout: 15_000 });
    expect(await page.getByTestId('widgets-page').count()).toBe(0);
    await context.close();
  });
});
