// The page kit's tables and toasts as an e2e test reads them: a table's rows as text, a row's action button, the
// last toast of a kind. Reads are polled with evaluate (the portal's Content-Security-Policy refuses the eval behind
// waitForFunction).
import type { Page } from 'playwright-core';

/** The text of each row of a page's table (`data-testid="table-<id>"`), in the order shown. */
export const rowsOf = (page: Page, table: string): Promise<string[]> =>
  page.evaluate(
    (id) =>
      Array.from(document.querySelectorAll(`[data-testid="table-${id}"] .ht_master table.htCore tbody tr`)).map(
        (tr) => tr.textContent ?? '',
      ),
    table,
  );

/** The button of `action` (a TableAction's id) on row `row` (as shown) of a page's table. */
export const rowAction = (page: Page, table: string, row: number, action: string) =>
  page.locator(`[data-testid="table-${table}"] .ht_master td[data-pt-row="${row}"] button[data-pt-action="${action}"]`);

/** The text of the newest toast of a kind (null when there is none). */
export const lastToast = async (page: Page, kind: 'success' | 'error' | 'info'): Promise<string | null> => {
  const toasts = page.getByTestId(`toast-${kind}`);
  return (await toasts.count()) ? toasts.last().textContent() : null;
};

/** Closes every toast shown (their close buttons), so that the next one read is the next action's. */
export const dismissToasts = (page: Page): Promise<void> =>
  page.evaluate(() => {
    for (const b of Array.from(
      document.querySelectorAll<HTMLButtonElement>('[data-testid="toaster"] .pt-toast__close'),
    ))
      b.click();
  });

/** A date input's value as shown (dd/mm/yyyy, the date picker's, issue 22) to the API's YYYY-MM-DD. */
export const isoOfShown = (shown: string): string => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(shown);
  if (!m) throw new Error(`not a date shown as dd/mm/yyyy: "${shown}"`);
  return `${m[3]}-${m[2]}-${m[1]}`;
};
