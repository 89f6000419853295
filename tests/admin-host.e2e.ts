// The admin calls' separate base host (spec: admin calls are "sent to a separate base host"; ADMIN_API_URL), in a real
// browser: the portal at http://localhost:PORT sends the routes the contract marks adminHost to http://127.0.0.1:PORT,
// another origin, and every other call to its own server. The admin's server page lists and checks servers across
// origins (CORS preflight and answer), with no Content-Security-Policy violation and no failed request.
import type { Request } from 'playwright-core';
import { expect, test } from 'vitest';
import { signIn, watchCspViolations } from './support/browser.ts';
import { portalSuite } from './support/suite.ts';

let adminBase = '';
const suite = portalSuite({
  env: () => (port) => {
    adminBase = `http://127.0.0.1:${port}`;
    return { ADMIN_API_URL: adminBase };
  },
});

test('the admin pages call the admin base host across origins: list, check, and the other calls stay home', async () => {
  const { server } = suite;
  expect(new URL(adminBase).origin).not.toBe(new URL(server.url).origin);
  const context = await suite.context();
  const violations = await watchCspViolations(context);
  const api: string[] = [];
  const failed: string[] = [];
  const apiPath = (r: Request) => {
    const u = new URL(r.url());
    return u.pathname.startsWith('/api/') ? `${r.method()} ${u.origin}${u.pathname}` : null;
  };
  context.on('request', (r) => {
    const seen = apiPath(r);
    if (seen) api.push(seen);
  });
  // API calls only: a page left while it loads aborts its icon, which says nothing of the admin host.
  context.on('requestfailed', (r) => {
    if (apiPath(r)) failed.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  });
  context.on('response', (r) => {
    if (apiPath(r.request()) && r.status() >= 400) failed.push(`${r.request().method()} ${r.url()}: ${r.status()}`);
  });

  const page = await context.newPage();
  await signIn(page, 'admin', '/caronte-server');
  await page.waitForURL((u) => u.pathname === '/caronte-server');
  await page.getByTestId('servers-page').waitFor();
  const rows = page.locator('[data-testid="table-servers"] .ht_master table.htCore tbody tr');
  await expect.poll(() => rows.allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining('demo')]);

  // Check the demo server: the call goes to the admin host and answers 'Check ok!'.
  await page
    .locator('[data-testid="table-servers"] .ht_master td[data-pt-row="0"] button[data-pt-action="check"]')
    .click();
  await expect
    .poll(() => page.getByTestId('toast-success').last().textContent(), { timeout: 15_000 })
    .toBe('Check ok!');

  expect(api).toEqual(expect.arrayContaining([`GET ${adminBase}/api/v1/external-server`]));
  expect(api.some((a) => a.startsWith(`GET ${adminBase}/api/v1/external-server/`) && a.endsWith('/check'))).toBe(true);
  // The portal's own calls (who am I, the side menu's counts) stay on its server; admin calls never go there.
  expect(api.some((a) => a.startsWith(`GET ${server.url}/api/`))).toBe(true);
  expect(api.filter((a) => a.includes(`${server.url}/api/v1/external-server`))).toEqual([]);
  expect(failed).toEqual([]);
  expect(violations).toEqual([]);
});
