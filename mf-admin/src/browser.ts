// What the admin pages' browser tests share beyond tests/support/web-app.tsx: the shown rows of a table as text, a
// row's action buttons, the toasts' texts and the errors answered in the server's shape. Test code only.
import { json } from '../../tests/support/web-app.tsx';

/** The shown rows of a table (its grid's master), each as the texts of its cells. */
export const rowsOf = (tableId: string): string[][] =>
  Array.from(document.querySelectorAll(`[data-testid="table-${tableId}"] .ht_master table.htCore tbody tr`)).map((tr) =>
    Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')),
  );

/** The data cell of a table showing exactly this text. */
export const cellWith = (tableId: string, text: string): HTMLElement | undefined =>
  Array.from(
    document.querySelectorAll<HTMLElement>(`[data-testid="table-${tableId}"] .ht_master td[data-pt-row]`),
  ).find((c) => c.textContent === text);

/** The index of the first shown row with a cell of this text, or -1. */
export const rowIndex = (tableId: string, text: string): number =>
  rowsOf(tableId).findIndex((row) => row.includes(text));

/** A row's action button. */
export const action = (tableId: string, row: number, id: string) =>
  document.querySelector<HTMLButtonElement>(
    `[data-testid="table-${tableId}"] .ht_master td[data-pt-row="${row}"] button[data-pt-action="${id}"]`,
  );

/** The texts of the toasts of one kind (success, error, info). */
export const toasts = (kind: string): string[] =>
  Array.from(document.querySelectorAll(`[data-testid="toast-${kind}"] .pt-toast__message`)).map(
    (e) => e.textContent ?? '',
  );

/** An error answer in the server's shape (server/src/plugins/errors.ts). */
export const refusal = (status: number, code?: string, message = 'refused') =>
  json({ statusCode: status, error: 'Error', message, ...(code ? { code } : {}) }, status);

/** The options of a select, by value (the placeholder left out). */
export const optionValues = (select: HTMLSelectElement | null): string[] =>
  [...(select?.options ?? [])].map((o) => o.value).filter(Boolean);
