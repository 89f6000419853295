// The pending-movements page's rules, pure: who may approve, the list request, the ids of a selection, a
// movement's age, the edit form's body, and what the page says after a decision or a refused one.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Client, Decision, ErrorBody, Movement, PendingEdit, UserProfile } from '@patrimonio/shared-api';
import { FEE_SUBCAUSES, type MOVEMENT_CAUSES, mayApproveMovements } from '@patrimonio/shared-api/constants';

/** The request: every pending movement at once (size 100000), the last month only when asked. */
export const PENDING_PAGE_SIZE = 100000;
export const pendingRequest = (lastMonth: boolean) => ({
  query: { size: PENDING_PAGE_SIZE, lastMonth: lastMonth ? ('1' as const) : ('0' as const) },
});
export const rejectedRequest = () => ({ query: { size: PENDING_PAGE_SIZE } });

/** Whether the user may approve movements: the server's rule (shared-api mayApproveMovements); false signed out. */
export const mayApprove = (user: Pick<UserProfile, 'role' | 'permissions' | 'impersonator'> | null): boolean =>
  user !== null && mayApproveMovements(user);

/** The ids of the selected rows, each once, in the table's order. */
export const selectedIds = (rows: readonly Pick<Movement, 'id'>[]): number[] => [...new Set(rows.map((r) => r.id))];

const DAY_MS = 86_400_000;

/** Whole days since the movement arrived (createdAt, ISO UTC), 0 on its first day; never negative. */
export function ageInDays(createdAt: string, now: Date): number {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return 0;
  return Math.max(0, Math.floor((now.getTime() - created) / DAY_MS));
}

/** "3 giorni": the age as the table shows it (text, so that the table sorts it numerically and searches it). */
export const ageLabel = (days: number): MessageDescriptor =>
  msg({ message: plural(days, { one: '# giorno', other: '# giorni' }) });

/** The toast after approving or rejecting: how many this call decided, and how many someone else had decided. */
export function decisionMessages(kind: 'approved' | 'rejected', decision: Decision): MessageDescriptor[] {
  const done = decision.done.length;
  const already = decision.alreadyDecided.length;
  const head =
    kind === 'approved'
      ? msg({
          message: plural(done, {
            0: 'Nessun movimento approvato.',
            one: '# movimento approvato.',
            other: '# movimenti approvati.',
          }),
        })
      : msg({
          message: plural(done, {
            0: 'Nessun movimento rifiutato.',
            one: '# movimento rifiutato.',
            other: '# movimenti rifiutati.',
          }),
        });
  if (!already) return [head];
  return [
    head,
    msg({
      message: plural(already, {
        one: '# era già stato approvato o rifiutato da qualcun altro ed è rimasto com’era.',
        other: '# erano già stati approvati o rifiutati da qualcun altro e sono rimasti com’erano.',
      }),
    }),
  ];
}

/** The body of an API error, when the failure was an answer of the server. */
const bodyOf = (error: unknown): Partial<ErrorBody> | null =>
  typeof error === 'object' && error !== null && 'body' in error
    ? ((error as { body: unknown }).body as Partial<ErrorBody> | null)
    : null;
const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error
    ? Number((error as { status: unknown }).status)
    : undefined;

/** The line a 409 oversold names (its params): the sale that would take more than is held. */
export interface OversoldLine {
  movementId: number;
  date: string;
  cause: string;
  isin: string;
  instrumentName: string;
  accountName: string;
  held: number;
  sold: number;
}

/** The params of a 409 oversold as a line, or null when the answer does not carry them all. */
export function oversoldLine(body: Partial<ErrorBody> | null): OversoldLine | null {
  const p = body?.params;
  if (!p) return null;
  const text = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : null);
  const num = (k: string) => (typeof p[k] === 'number' ? (p[k] as number) : null);
  const line = {
    movementId: num('movementId'),
    date: text('date'),
    cause: text('cause'),
    isin: text('isin'),
    instrumentName: text('instrumentName') ?? '',
    accountName: text('accountName'),
    held: num('held'),
    sold: num('sold'),
  };
  return Object.values(line).some((v) => v === null) ? null : (line as OversoldLine);
}

/** The oversold line in words, from its parts already written for the reader (cause translated, date and numbers). */
export const oversoldDetail = (l: {
  cause: string;
  sold: string;
  isin: string;
  instrumentName: string;
  date: string;
  accountName: string;
  held: string;
}): MessageDescriptor => {
  const { cause, sold, isin, instrumentName, date, accountName, held } = l;
  return msg`${cause} di ${sold} ${isin} ${instrumentName} del ${date} sul conto ${accountName}: se ne possiedono ${held}.`;
};

/**
 * What a refused decision or edit says, or undefined for the generic error. 409 oversold: the portal's words, then
 * the line (from the answer's params; the server's message when it has none); 409 not_pending: someone else
 * decided first; 403: no permission; 404: a movement is gone or not visible.
 */
export interface Refusal {
  code: 'oversold' | 'not_pending' | 'forbidden' | 'not_found';
  lead: MessageDescriptor;
  /** 409 oversold: the line from the answer's params, or null without them (then `detail`, the server's words). */
  line: OversoldLine | null;
  detail: string | null;
}

export function refusalMessage(error: unknown): Refusal | undefined {
  const status = statusOf(error);
  const body = bodyOf(error);
  const plain = (code: Refusal['code'], lead: MessageDescriptor): Refusal => ({ code, lead, line: null, detail: null });
  if (status === 409 && body?.code === 'oversold')
    return {
      code: 'oversold',
      lead: msg`Approvazione rifiutata: una vendita supera la quantità posseduta. Nessun movimento è stato approvato.`,
      line: oversoldLine(body),
      detail: body.message ?? null,
    };
  if (status === 409 && body?.code === 'not_pending')
    return plain('not_pending', msg`Il movimento non è più in attesa: qualcun altro lo ha già approvato o rifiutato.`);
  if (status === 403) return plain('forbidden', NO_PERMISSION);
  if (status === 404)
    return plain(
      'not_found',
      msg`Alcuni movimenti non esistono più o non sono visibili: l'elenco è stato aggiornato e nulla è cambiato.`,
    );
  return undefined;
}

export const NO_PERMISSION = msg`Non hai il permesso di approvare i movimenti: serve il permesso «Approva movimenti».`;

// ---- Edit before approving ----

type Cause = (typeof MOVEMENT_CAUSES)[number];
type FeeSubcause = (typeof FEE_SUBCAUSES)[number];
/** The FEE subcause meaning none (stored as null). */
export const OTHER_SUBCAUSE = 'Altro';

export const isTrade = (cause: string) => cause === 'BUY' || cause === 'SELL';

/** The edit form as its inputs hold it. */
export interface EditForm {
  cause: string;
  /** 'Altro' or a FEE subcause; '' when not a FEE. */
  subcause: string;
  /** The chosen instrument's id, '' for none. */
  instrumentId: string;
  accountId: string;
}

export function editFormOf(m: Movement): EditForm {
  return {
    cause: m.cause,
    subcause: m.cause === 'FEE' ? (m.subcause ?? OTHER_SUBCAUSE) : '',
    instrumentId: m.instrumentId === null ? '' : String(m.instrumentId),
    accountId: String(m.accountId),
  };
}

const idOf = (v: string) => (/^[1-9]\d*$/.test(v) ? Number(v) : null);

/** PUT /movement/temporary/:id: the subcause only for a FEE ('Altro' is null); left-out ids fail the schema. */
export function editBody(f: EditForm): PendingEdit {
  const subcause =
    f.cause === 'FEE' && (FEE_SUBCAUSES as readonly string[]).includes(f.subcause) ? (f.subcause as FeeSubcause) : null;
  return {
    cause: f.cause as Cause,
    subcause,
    instrumentId: idOf(f.instrumentId),
    accountId: idOf(f.accountId) as number,
  };
}

/** Beyond the schema: a trade needs its instrument. */
export function editRefine(body: PendingEdit): Partial<Record<keyof PendingEdit, 'required'>> {
  return isTrade(body.cause) && !body.instrumentId ? { instrumentId: 'required' } : {};
}

// ---- The back office's import ----

/**
 * Whether the user imports movements from this page: ADMIN and BACK_OFFICE, whose imports arrive PENDING (the server's
 * rule, routes/financial/uploads.ts); an adviser imports from the client's own pages, approved at once.
 */
export const mayImport = (user: Pick<UserProfile, 'role'> | null): boolean =>
  user?.role === 'ADMIN' || user?.role === 'BACK_OFFICE';

/** Every client the caller sees, at once (GET /user/client, size 10000), for the import's client select. */
export const CLIENTS_REQUEST = { query: { page: 1, size: 10000, sort: 'updatedAt,desc' as const } };

/**
 * The import's client options: "Mario Rossi · RSSMRA80A01H501U" (the tax code, or the VAT number, so that
 * namesakes differ and either can be searched), by name. `name` is the display name (shared-ui clientDisplayName).
 */
export function clientOptions(
  clients: readonly Client[],
  name: (c: Client) => string,
  locale: string,
): { value: string; label: string }[] {
  return clients
    .map((c) => {
      const display = name(c) || String(c.id);
      const code = c.taxCode || c.vat;
      return { value: String(c.id), label: code && code !== display ? `${display} · ${code}` : display };
    })
    .sort(
      (a, b) => a.label.localeCompare(b.label, locale, { sensitivity: 'base' }) || Number(a.value) - Number(b.value),
    );
}

/** The toast of a stored import: how many movements arrived and wait for approval (the count when the server says). */
export function importedMessage(stored: number | null): MessageDescriptor {
  if (stored === null) return msg`Movimenti importati: attendono l'approvazione.`;
  return msg({
    message: plural(stored, {
      one: "# movimento arrivato: attende l'approvazione.",
      other: "# movimenti arrivati: attendono l'approvazione.",
    }),
  });
}
