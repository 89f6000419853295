// The middle office against the real server (mf-middleoffice, issue 16), as the back office and an adviser live it:
// the back office imports a movement file for a client; the movements wait in /approve (PENDING, out of every
// figure) with the side menu's badge counting them; one is edited and approved, one rejected with a reason (shown in
// the Rejected tab); the portfolio's cash changes only after the approval, by the approved amount. Then the
// controls: the adviser uploads the bank's balance file with one difference, the detail shows it; a corrected file
// turns the portfolio OK and moves its lastQuantityCheckOkDate to the bank date, which the report dialog's date range
// then follows. A DELEGATE without the permissions has no middle office.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { isoOfShown } from './support/page-kit.ts';
import { portalSuite } from './support/suite.ts';

let work: string;
const suite = portalSuite({
  before: () => {
    work = mkdtempSync(join(tmpdir(), 'patrimonio-middle-office-'));
  },
  after: () => {
    if (work) rmSync(work, { recursive: true, force: true });
  },
});

const signedIn = (login: string, path = '/') => suite.signedIn(login, path);
const api = <T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  suite.api<T>(page, path, init);

async function until<T>(what: string, load: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await load();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const today = () => new Date().toISOString().slice(0, 10);
/** Money as the pages show it in Italian: 2 decimals, de-DE digits. */
const money = (v: number) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

interface Movement {
  id: number;
  cause: string;
  amount: number;
  status: string;
  origin: string;
  author: string | null;
  rejectReason: string | null;
  classification: string | null;
}
interface Sintetico {
  recalculationInProgress: boolean;
  reportSinteticoTotalComposition: Array<{ cashValue: number; controvalore: number }>;
}
interface MenuItem {
  id: number | null;
  name: string;
  testing: boolean;
  lastQuantityCheckOkDate: string | null;
}

/** The side menu's pending-movements badge, as a number (null while hidden). */
async function badge(page: Page): Promise<number | null> {
  const b = page.getByTestId('menu-pendingMovements').locator('.pt-badge');
  if ((await b.count()) === 0) return null;
  return Number((await b.first().textContent())?.replace(/\D/g, '') ?? 'NaN');
}

/** The pending table filtered by its search box (over the visible columns' raw and shown values) to one row. */
async function searchPending(page: Page, text: string): Promise<void> {
  const table = page.getByTestId('table-approve-pending');
  await table.getByTestId('table-search').fill(text);
  // Polled with evaluate: the portal's Content-Security-Policy refuses the eval behind waitForFunction.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(
            document.querySelectorAll('[data-testid="table-approve-pending"] .ht_master table.htCore tbody tr'),
          ).map((tr) => tr.textContent ?? ''),
        ),
      { timeout: 15_000 },
    )
    .toHaveLength(1);
}

const rowAction = (page: Page, action: string) =>
  page.locator(
    `[data-testid="table-approve-pending"] .ht_master td[data-pt-row="0"] button[data-pt-action="${action}"]`,
  );

describe('pending movements', () => {
  // Two deposits the back office imports for Mario Rossi (a client of `pro`): one to edit and approve, one to reject.
  const KEEP = 'E2E bonifico da approvare';
  const DROP = 'E2E doppione da rifiutare';
  const DATE = '2026-11-20';
  let clientId = 0;
  let portfolioId = 0;
  let accountId = 0;

  test('the back office imports a file: the rows wait in /approve, counted by the badge, out of the figures', async () => {
    const bo = await signedIn('backoffice');
    await bo.waitForURL((u) => u.pathname === '/approve');
    const clients = await api<{ item: Array<{ id: number; taxCode: string | null }> }>(
      bo,
      '/api/v1/user/client?q=Rossi&size=50',
    );
    // Mario Rossi of the demo (the `client` login), a client of `pro`.
    clientId = clients.item.find((c) => c.taxCode === 'RSSMRA80A01H501U')!.id;
    const menu = await api<MenuItem[]>(bo, `/api/v1/portfolio/menu?clientId=${clientId}`);
    const portfolio = menu.find((p) => p.id !== null && !p.testing)!;
    portfolioId = portfolio.id!;
    const accounts = await api<{ item: Array<{ id: number; accountType: string }> }>(
      bo,
      `/api/v1/portfolio/${portfolioId}/account`,
    );
    accountId = accounts.item.find((a) => a.accountType === 'CONTO_CORRENTE')!.id;

    const cash = async () =>
      (
        await until(
          'the figures settle',
          () => api<Sintetico>(bo, `/api/v1/report/${portfolioId}/sintetico?clientId=${clientId}&date=${today()}`),
          (s) => !s.recalculationInProgress,
        )
      ).reportSinteticoTotalComposition[0]!.cashValue;
    const before = await cash();
    const countBefore = (await api<{ count: number }>(bo, '/api/v1/movement/temporary/count')).count;
    expect(
      await until(
        'the badge',
        () => badge(bo),
        (n) => n === countBefore,
      ),
    ).toBe(countBefore);

    const file = join(work, 'back-office.csv');
    writeFileSync(
      file,
      [
        'date,cause,subcause,isin,quantity,price,amount,currency,description',
        `${DATE},DEPOSIT,,,,,2503.17,EUR,${KEEP}`,
        `${DATE},DEPOSIT,,,,,777.77,EUR,${DROP}`,
      ].join('\n'),
    );
    await bo.getByTestId('approve-import').click();
    const upload = bo.getByTestId('movement-upload-dialog');
    await upload.getByTestId('import-client').selectOption(String(clientId));
    await upload.getByTestId('upload-account').selectOption(String(accountId));
    await upload.getByTestId('upload-file').setInputFiles(file);
    await upload.getByTestId('dialog-submit').click();
    await upload.waitFor({ state: 'detached', timeout: 30_000 });

    // Both wait, imported by the back office, and the badge and the page's count say two more.
    await until(
      'the badge',
      () => badge(bo),
      (n) => n === countBefore + 2,
    );
    await expect.poll(() => bo.getByTestId('approve-count').getAttribute('data-count')).toBe(String(countBefore + 2));
    const waiting = await api<{ item: Movement[] }>(bo, '/api/v1/movement/temporary/waiting?size=100000');
    const mine = waiting.item.filter((m) => m.classification === KEEP || m.classification === DROP);
    expect(mine.map((m) => [m.status, m.origin, m.author])).toEqual([
      ['PENDING', 'IMPORT', 'Bruno Backoffice'],
      ['PENDING', 'IMPORT', 'Bruno Backoffice'],
    ]);
    // Pending rows are in no figure.
    expect(await cash()).toBeCloseTo(before, 2);
  }, 180_000);

  test('the adviser edits one and approves it, rejects the other: the figures move by the approved amount only', async () => {
    const pro = await signedIn('pro', '/approve');
    await pro.waitForURL((u) => u.pathname === '/approve');
    const cash = async () =>
      (
        await until(
          'the figures settle',
          () => api<Sintetico>(pro, `/api/v1/report/${portfolioId}/sintetico?clientId=${clientId}&date=${today()}`),
          (s) => !s.recalculationInProgress,
        )
      ).reportSinteticoTotalComposition[0]!.cashValue;
    const before = await cash();
    const countBefore = (await api<{ count: number }>(pro, '/api/v1/movement/temporary/count')).count;
    await until(
      'the badge',
      () => badge(pro),
      (n) => n === countBefore,
    );

    // Edit before approving: a deposit that was in fact a transfer in, approved on save.
    await searchPending(pro, '2503.17');
    await rowAction(pro, 'edit').click();
    const edit = pro.getByTestId('edit-pending-dialog');
    await edit.getByTestId('edit-cause').selectOption('TRANSFER_IN');
    await edit.getByTestId('edit-and-approve').check();
    await edit.getByTestId('edit-submit').click();
    await edit.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => pro.getByTestId('toast-success').last().textContent()).toMatch(/approvat/i);

    // Reject the duplicate with a reason.
    await searchPending(pro, '777.77');
    await rowAction(pro, 'reject').click();
    const reject = pro.getByTestId('reject-dialog');
    await reject.getByTestId('reject-submit').click();
    // The reason is mandatory.
    await expect.poll(() => reject.isVisible()).toBe(true);
    await reject.getByTestId('reject-reason').fill('Doppione del bonifico già registrato');
    await reject.getByTestId('reject-submit').click();
    await reject.waitFor({ state: 'detached', timeout: 30_000 });

    await until(
      'the badge',
      () => badge(pro),
      (n) => n === countBefore - 2,
    );
    const approved = await api<{ item: Movement[] }>(
      pro,
      `/api/v1/movement?clientId=${clientId}&size=1000&text=${encodeURIComponent(KEEP)}`,
    );
    expect(approved.item.map((m) => [m.cause, m.status, m.amount])).toEqual([['TRANSFER_IN', 'APPROVED', 2503.17]]);
    const rejected = await api<{ item: Movement[] }>(pro, '/api/v1/movement/temporary/rejected');
    expect(rejected.item.find((m) => m.classification === DROP)?.rejectReason).toBe(
      'Doppione del bonifico già registrato',
    );

    // The Rejected tab shows it with its reason.
    await pro.getByRole('tab', { name: 'Rifiutati' }).click();
    await expect
      .poll(() => pro.getByTestId('table-approve-rejected').textContent(), { timeout: 15_000 })
      .toContain('Doppione del bonifico già registrato');

    // Only the approved transfer enters the figures: +2,503.17 on the portfolio's cash, the rejected 777.77 not.
    const after = await until(
      'the approved transfer in the figures',
      cash,
      (v) => Math.abs(v - before - 2503.17) < 0.005,
    );
    expect(after - before).toBeCloseTo(2503.17, 2);
  }, 180_000);

  test('a DELEGATE without APPROVE_MOVEMENT nor MANAGE_CONTROL has no middle office', async () => {
    const d2 = await signedIn('delegate2');
    await d2.waitForURL((u) => u.pathname === '/clients');
    await d2.getByTestId('side-menu').waitFor();
    expect(await d2.getByTestId('menu-pendingMovements').count()).toBe(0);
    expect(await d2.getByTestId('menu-controls').count()).toBe(0);
    expect(await badge(d2)).toBeNull();
  }, 120_000);
});

interface ControlRow {
  clientId: number;
  portfolioId: number;
  portfolio: string;
  status: string;
  lastCheckDate: string | null;
  lastQuantityCheckOkDate: string | null;
}
interface ControlDetail {
  date: string | null;
  status: string;
  lastQuantityCheckOkDate: string | null;
  balances: Array<{ accountId: number; iban: string | null; currency: string; ours: number; bank: number | null }>;
  recalculationInProgress: boolean;
}

describe('controls', () => {
  test('a bank balance with one difference shows in the detail; a corrected file turns it OK, moves lastQuantityCheckOkDate, and the report dialog follows', async () => {
    const pro = await signedIn('pro', '/controls');
    await pro.waitForURL((u) => u.pathname === '/controls');
    // The demo's portfolio with a difference (the bank's current account 150.00 off at the demo's bank date).
    const list = await api<{ item: ControlRow[] }>(pro, '/api/v1/controls?status=DIFFERENCES');
    const row = list.item[0]!;
    const bankDate = row.lastCheckDate!;
    expect(row.lastQuantityCheckOkDate! < bankDate).toBe(true);
    const detailPath = `/api/v1/controls/${row.clientId}/${row.portfolioId}?date=${bankDate}`;
    const detail = await until(
      'the check is current',
      () => api<ControlDetail>(pro, detailPath),
      (d) => !d.recalculationInProgress,
    );
    const account = detail.balances.find((b) => b.bank !== null && Math.abs(b.ours - b.bank) >= 0.01)!;
    expect(account.iban).not.toBeNull();

    // The report dialog's date range ends at the portfolios' last quantity check.
    const reportEnd = async () => {
      await pro.goto(`/client/${row.clientId}/overview`);
      await pro.getByTestId('menu-report').click();
      const dialog = pro.getByTestId('report-dialog');
      await dialog.getByTestId('report-download').waitFor();
      const to = isoOfShown(await dialog.getByTestId('report-to').inputValue());
      await pro.keyboard.press('Escape');
      return to;
    };
    const earliestOk = async () => {
      const menu = await api<MenuItem[]>(pro, `/api/v1/portfolio/menu?clientId=${row.clientId}`);
      return menu
        .filter((p) => p.id !== null && !p.testing && p.lastQuantityCheckOkDate)
        .map((p) => p.lastQuantityCheckOkDate!)
        .sort()[0]!;
    };
    const endBefore = await reportEnd();
    expect(endBefore).toBe(await earliestOk());
    expect(endBefore < bankDate).toBe(true);

    const upload = async (balance: number, name: string) => {
      const file = join(work, name);
      writeFileSync(
        file,
        ['account,date,balance,currency', `${account.iban},${bankDate},${balance.toFixed(2)},${account.currency}`].join(
          '\n',
        ),
      );
      await pro.goto(`/controls/${row.clientId}/${row.portfolioId}?date=${bankDate}`);
      await pro.getByTestId('control-summary').waitFor({ timeout: 30_000 });
      await pro.getByTestId('upload-balances').first().click();
      const dialog = pro.getByTestId('bank-balances-dialog');
      await dialog.getByTestId('upload-file').setInputFiles(file);
      await dialog.getByTestId('dialog-submit').click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    };

    // A file 42.00 off: the detail shows that one difference on that account.
    await upload(account.ours + 42, 'bank-off.csv');
    await until(
      'the difference of the new file',
      () => api<ControlDetail>(pro, detailPath),
      (d) =>
        d.balances.some(
          (b) => b.accountId === account.accountId && b.bank !== null && Math.abs(b.bank - b.ours - 42) < 0.005,
        ),
    );
    const balances = pro.getByTestId('control-balances');
    await expect.poll(() => balances.textContent(), { timeout: 30_000 }).toContain(money(-42));
    await expect.poll(() => pro.getByTestId('control-status').textContent()).toMatch(/Differenze/);

    // The corrected file: OK, and the portfolio's last quantity check moves to the bank date.
    await upload(account.ours, 'bank-corrected.csv');
    await until(
      'the portfolio OK',
      () => api<{ item: ControlRow[] }>(pro, `/api/v1/controls?clientId=${row.clientId}`),
      (l) => {
        const r = l.item.find((x) => x.portfolioId === row.portfolioId);
        return r?.status === 'OK' && r.lastQuantityCheckOkDate === bankDate;
      },
    );
    await expect.poll(() => pro.getByTestId('control-status').textContent(), { timeout: 60_000 }).toMatch(/OK/);

    // The report dialog's range follows the new date.
    const expected = await earliestOk();
    expect(expected >= endBefore).toBe(true);
    expect(await reportEnd()).toBe(expected);
    expect(expected).toBe(bankDate);
  }, 240_000);
});
