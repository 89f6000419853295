// Impersonation (issue 19) in Chromium against the real server: the ADMIN picks a PRO in the users table and acts as
// it (token exchange at the embedded issuer); a persistent banner names both; the side menu shows Docs and, on a
// client, the legacy financials entry (spec: only when impersonating); the testing portfolio shows; a write made
// meanwhile is audited with both names; "stop impersonating" brings the ADMIN back and the exchanged token stops
// working.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { rowAction, rowsOf } from './support/page-kit.ts';
import { portalSuite } from './support/suite.ts';

const suite = portalSuite();

/** The access token the portal sends now (the impersonating one while it lasts), read from its API calls. */
async function bearerOf(page: Page, run: () => Promise<unknown>): Promise<string> {
  const seen = page.waitForRequest((r) => r.url().includes('/api/v1/') && Boolean(r.headers().authorization));
  await run();
  return (await seen).headers().authorization!.replace(/^Bearer /, '');
}

describe('an ADMIN acts as a PRO', () => {
  test('starts from the users table, works as the PRO with a banner, is audited with both names, stops', async () => {
    const page = await suite.signedIn('admin', '/caronte-panel?tab=users&role=PRO');
    await page.getByTestId('users-tab').waitFor();
    await expect.poll(async () => (await rowsOf(page, 'users')).join('|')).toContain('Paolo Consulente');
    const rows = await rowsOf(page, 'users');
    const paolo = rows.findIndex((r) => r.includes('Paolo Consulente'));
    expect(paolo).toBeGreaterThanOrEqual(0);

    const token = await bearerOf(page, () => rowAction(page, 'users', paolo, 'impersonate').click());
    await page.waitForURL((u) => u.pathname === '/clients');
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Stai agendo come Paolo Consulente (Anna Amministratrice)');
    // The PRO's menu, with Docs (only when impersonating) and no admin entries.
    await page.getByTestId('menu-docs').waitFor();
    expect(await page.getByTestId('menu-clients').count()).toBe(1);
    expect(await page.getByTestId('menu-audit').count()).toBe(0);
    // The user menu names the PRO.
    expect(await page.getByTestId('app-shell').textContent()).toContain('Paolo Consulente');

    // The exchanged token is the PRO's, with the ADMIN as actor.
    const me = await fetch(`${suite.server.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({
      role: 'PRO',
      name: 'Paolo Consulente',
      impersonatorName: 'Anna Amministratrice',
    });

    // On a client: the legacy financials entry, and the testing portfolio in the portfolio menu.
    const clients = (await (
      await fetch(`${suite.server.url}/api/v1/user/client?size=10000`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { item: { id: number; firstName: string | null; lastName: string | null }[] };
    const rossi = clients.item.find((c) => c.lastName === 'Rossi' && c.firstName === 'Mario')!;
    await page.goto(`/client/${rossi.id}/overview`);
    await page.getByTestId('menu-financialsLegacy').waitFor();
    expect(await page.getByTestId('impersonation-banner').count()).toBe(1);
    const menu = (await (
      await fetch(`${suite.server.url}/api/v1/portfolio/menu?clientId=${rossi.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { name: string }[];
    expect(menu.map((p) => p.name)).toContain('Simulazione UniCredit');

    // A write as the PRO: a family, through the page.
    await page.goto('/clients?tab=families');
    await page.getByTestId('add-family').click();
    await page.getByTestId('family-name').fill('Famiglia impersonata');
    await page.getByTestId('family-save').click();
    await page.getByTestId('members-dialog').waitFor();

    // Stop: back to the ADMIN's home, no banner, the exchanged token refused.
    await page.keyboard.press('Escape');
    await page.getByTestId('impersonation-stop').click();
    await page.waitForURL((u) => u.pathname === '/caronte-panel');
    await expect.poll(() => page.getByTestId('impersonation-banner').count()).toBe(0);
    const after = await fetch(`${suite.server.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);

    // The audit shows the family's creation by the PRO, done by the ADMIN: the only impersonated family write.
    await page.goto('/caronte-audit?entity=family');
    await expect
      .poll(
        async () =>
          (await rowsOf(page, 'audit')).filter(
            (r) => r.includes('Paolo Consulente') && r.includes('Anna Amministratrice'),
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);
  });

  test('a reload keeps the impersonation in the tab; another tab of the ADMIN is its own session', async () => {
    const page = await suite.signedIn('admin', '/caronte-panel?tab=users&role=PRO');
    await page.getByTestId('users-tab').waitFor();
    await expect.poll(async () => (await rowsOf(page, 'users')).join('|')).toContain('Paola Consulente');
    const row = (await rowsOf(page, 'users')).findIndex((r) => r.includes('Paola Consulente'));
    await rowAction(page, 'users', row, 'impersonate').click();
    await page.getByTestId('impersonation-banner').waitFor();
    await page.reload();
    await page.getByTestId('impersonation-banner').waitFor();
    expect(await page.getByTestId('impersonation-banner').textContent()).toContain('Paola Consulente');

    const other = await page.context().newPage();
    await other.goto('/');
    await other.waitForURL((u) => u.pathname === '/caronte-panel');
    expect(await other.getByTestId('impersonation-banner').count()).toBe(0);
  });
});
