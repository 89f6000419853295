// The controls pages' rules, as pure functions with their tests (logic.test.ts): the status and outcome names and
// tones, the filters of the list and their URL, the detail's route parameters and date, and who may accept.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ControlRow, UserProfile } from '@patrimonio/shared-api';
import {
  CONTROL_STATUSES,
  type ControlStatusCode,
  mayManageControls as mayManage,
} from '@patrimonio/shared-api/constants';

/** The tones a status or an outcome takes (shared-ui Tag and the table's cell tones). */
export type Tone = 'positive' | 'negative' | 'warning' | 'neutral';

/** A portfolio's status, as the list and the detail say it. */
export const STATUS_LABELS: Record<ControlStatusCode, MessageDescriptor> = {
  OK: msg`OK`,
  DIFFERENCES: msg`Differenze`,
  NO_BANK_DATA: msg`Nessun dato banca`,
};

/** OK green, differences red, no bank data grey; the text always goes with the colour. */
export const STATUS_TONES: Record<ControlStatusCode, Tone> = {
  OK: 'positive',
  DIFFERENCES: 'negative',
  NO_BANK_DATA: 'neutral',
};

/** The page kit's Figure tones for the summary's status: green up, red down, grey flat. */
export const FIGURE_TONES: Record<Tone, 'up' | 'down' | 'flat'> = {
  positive: 'up',
  negative: 'down',
  warning: 'down',
  neutral: 'flat',
};

export const isControlStatus = (value: string | null | undefined): value is ControlStatusCode =>
  (CONTROL_STATUSES as readonly (string | null | undefined)[]).includes(value);

/** How one balance or quantity line compares: it matches, it differs, or the bank sent nothing for it. */
export type Outcome = 'ok' | 'difference' | 'noBank';

export const OUTCOME_LABELS: Record<Outcome, MessageDescriptor> = {
  ok: msg`Coincide`,
  difference: msg`Differenza`,
  noBank: msg`Manca il dato della banca`,
};

export const OUTCOME_TONES: Record<Outcome, Tone> = { ok: 'positive', difference: 'negative', noBank: 'warning' };

/**
 * A line's outcome. The server decides `ok` (within 0.01 in money, 0.001 in quantity: CONTROL_MONEY_TOLERANCE and
 * CONTROL_QUANTITY_TOLERANCE), and the page shows what it decided, so the list's count and the highlighted lines
 * agree. A line that is not ok without a bank figure is "no bank data" (a balance the bank did not send, a position
 * the bank does not list); otherwise it is a difference.
 * Worked examples: { ok: true, bank: 100 } is ok; { ok: false, bank: 99.5 } a difference; { ok: false, bank: null }
 * no bank data; { ok: true, bank: null } (we hold none and the bank lists none) ok.
 */
export function lineOutcome(line: { ok: boolean; bank: number | null }): Outcome {
  if (line.ok) return 'ok';
  return line.bank === null ? 'noBank' : 'difference';
}

/** The difference's tone: red beyond the tolerance (the line is not ok and the bank sent a figure), else none. */
export function differenceTone(line: { ok: boolean; bank: number | null }): Tone | null {
  return lineOutcome(line) === 'difference' ? 'negative' : null;
}

// ---- The list's filters, kept in the URL (/controls?status=DIFFERENCES&clientId=3) ----

export interface ControlFilters {
  status: ControlStatusCode | null;
  clientId: number | null;
}

/** A positive whole id from a URL part, else null. */
export function readId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** The filters of a search string; unknown values are ignored. */
export function readFilters(search: string): ControlFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return { status: isControlStatus(status) ? status : null, clientId: readId(params.get('clientId')) };
}

/** The list's URL for the filters ('/controls' without any). */
export function filtersPath(filters: ControlFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.clientId !== null) params.set('clientId', String(filters.clientId));
  const query = params.toString();
  return query ? `/controls?${query}` : '/controls';
}

/** The rows the filters keep, in their order. */
export function filterRows(rows: readonly ControlRow[], filters: ControlFilters): ControlRow[] {
  return rows.filter(
    (r) =>
      (filters.status === null || r.status === filters.status) &&
      (filters.clientId === null || r.clientId === filters.clientId),
  );
}

/** The clients of the rows, once each, by name: the client filter's choices. */
export function clientChoices(rows: readonly ControlRow[], locale: string): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const r of rows) if (!byId.has(r.clientId)) byId.set(r.clientId, r.client);
  const collator = new Intl.Collator(locale === 'en' ? 'en-GB' : 'it-IT', { sensitivity: 'base', numeric: true });
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** How many rows have each status (the filter's counts). */
export function statusCounts(rows: readonly ControlRow[]): Record<ControlStatusCode, number> {
  const counts: Record<ControlStatusCode, number> = { OK: 0, DIFFERENCES: 0, NO_BANK_DATA: 0 };
  for (const r of rows) counts[r.status]++;
  return counts;
}

// ---- The detail ----

/** The portfolio of /controls/:clientId/:portfolioId, or null when a part is not an id (the page says not found). */
export function readDetailParams(params: Record<string, string>): { clientId: number; portfolioId: number } | null {
  const clientId = readId(params.clientId);
  const portfolioId = readId(params.portfolioId);
  return clientId === null || portfolioId === null ? null : { clientId, portfolioId };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date YYYY-MM-DD. */
function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/**
 * The date the detail asks for, from the URL's `?date=`: that date when it is a real date, else none (the server
 * then answers its last date with bank data, the default).
 * Worked examples: '?date=2024-11-22' gives '2024-11-22'; '?date=2024-02-30', '?date=yesterday' and '' give null.
 */
export function requestedDate(search: string): string | null {
  const value = new URLSearchParams(search).get('date');
  return value && isIsoDate(value) ? value : null;
}

/**
 * The date chooser's choices: the bank dates newest first, as the server lists them, with the date shown added
 * when it is not among them (a date typed in the URL), so the chooser never shows another date than the page.
 * Worked example: bankDates ['2024-11-22', '2024-10-31'] and date '2024-11-22' give those two; date '2024-11-01'
 * gives ['2024-11-22', '2024-11-01', '2024-10-31'].
 */
export function dateChoices(bankDates: readonly string[], date: string | null): string[] {
  const dates = [...bankDates];
  if (date && !dates.includes(date)) dates.push(date);
  return dates.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

/** The detail's URL at a date; the latest bank date (the default) needs no `?date=`. */
export function detailPath(
  clientId: number,
  portfolioId: number,
  date?: string | null,
  latest?: string | null,
): string {
  const base = `/controls/${clientId}/${portfolioId}`;
  return date && date !== latest ? `${base}?date=${date}` : base;
}

/** Who may see the controls and accept differences: the server's rule (shared-api mayManageControls). */
export const mayManageControls = (user: Pick<UserProfile, 'role' | 'permissions' | 'impersonator'> | null): boolean =>
  user !== null && mayManage(user);

/**
 * "Accetta differenze" is offered when the date shown has differences (status DIFFERENCES at a bank date) and the
 * user may manage the controls. An accepted date is OK and shows its note instead.
 */
export function canAccept(
  detail: { status: ControlStatusCode; date: string | null; accepted: unknown },
  user: Parameters<typeof mayManageControls>[0],
): boolean {
  return detail.status === 'DIFFERENCES' && detail.date !== null && !detail.accepted && mayManageControls(user);
}

/** The bank files' template columns (docs/import/README.md; the contract's upload routes). */
export const BANK_FILE_COLUMNS = {
  balances: ['account', 'date', 'balance', 'currency'],
  positions: ['account', 'date', 'isin', 'quantity', 'price', 'currency'],
} as const;
export type BankFile = keyof typeof BANK_FILE_COLUMNS;
