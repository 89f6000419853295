import { launchBrowser, newContext, signIn, apiAs } from './support/browser.ts';
import { startServer } from './support/server.ts';
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`); });
  await signIn(page, 'pro');
  await page.waitForURL((u) => u.pathname === '/clients');
  const clients = await apiAs<{ item: Array<{ id: number; firstName: string | null; lastName: string | null }> }>(page, server.url, '/api/v1/user/client?size=10000');
  const rossi = clients.item.find((c) => c.firstName === 'Mario' && c.lastName === 'Rossi')!.id;
  await page.goto(`/client/${rossi}/human-capital`);
  await page.getByTestId('human-capital-page').waitFor();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/shots/hc-it.png', fullPage: true });
  console.log('TEXT', (await page.getByTestId('human-capital-page').innerText()).slice(0, 2500));
  await page.goto(`/client/${rossi}/goals`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/shots/goals-it.png', fullPage: true });
  console.log('ERRORS', errors);
} finally {
  await browser.close();
  await server.stop();
}
