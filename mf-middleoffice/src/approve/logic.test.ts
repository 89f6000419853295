// The pending-movements page's rules (issue 16): who may approve, the selection's ids, a movement's age, the
// edit's body, and what the toasts say after a decision (both languages, from the catalogs).
import { type MessageDescriptor, setupI18n } from '@lingui/core';
import type { Client, Movement } from '@patrimonio/shared-api';
import { describe, expect, test } from 'vitest';
import { messages as en } from '../../../shared-ui/src/locales/en/messages.ts';
import { messages as it } from '../../../shared-ui/src/locales/it/messages.ts';
import { pendingMovement } from './fixtures.ts';
import {
  ageInDays,
  ageLabel,
  clientOptions,
  decisionMessages,
  editBody,
  editFormOf,
  editRefine,
  importedMessage,
  mayApprove,
  mayImport,
  oversoldDetail,
  pendingRequest,
  refusalMessage,
  selectedIds,
} from './logic.ts';

const i18n = setupI18n({ locale: 'it', messages: { it, en } });
const say = (locale: 'it' | 'en', d: MessageDescriptor) => {
  i18n.activate(locale);
  return i18n._(d);
};
const sayAll = (locale: 'it' | 'en', ds: MessageDescriptor[]) => ds.map((d) => say(locale, d)).join(' ');

const movement = (over: Partial<Movement> = {}): Movement => pendingMovement(1, over);

describe('who may approve', () => {
  const user = (role: Movement['status'] | string, permissions: string[] = [], impersonator: string | null = null) =>
    ({ role, permissions, impersonator }) as Parameters<typeof mayApprove>[0];
  test('PRO, BACK_OFFICE and ADMIN', () => {
    for (const role of ['PRO', 'BACK_OFFICE', 'ADMIN']) expect(mayApprove(user(role))).toBe(true);
  });
  test('a DELEGATE only with APPROVE_MOVEMENT, or impersonated', () => {
    expect(mayApprove(user('DELEGATE'))).toBe(false);
    expect(mayApprove(user('DELEGATE', ['MANAGE_CONTROL']))).toBe(false);
    expect(mayApprove(user('DELEGATE', ['APPROVE_MOVEMENT']))).toBe(true);
    expect(mayApprove(user('DELEGATE', [], 'admin-1'))).toBe(true);
  });
  test('never BASIC, nor nobody', () => {
    expect(mayApprove(user('BASIC'))).toBe(false);
    expect(mayApprove(null)).toBe(false);
  });
});

test('the list asks for every pending movement, the last month only when toggled', () => {
  expect(pendingRequest(false)).toEqual({ query: { size: 100000, lastMonth: '0' } });
  expect(pendingRequest(true)).toEqual({ query: { size: 100000, lastMonth: '1' } });
});

test('the selected rows give their ids, each once, in order', () => {
  expect(selectedIds([{ id: 5 }, { id: 2 }, { id: 5 }, { id: 9 }])).toEqual([5, 2, 9]);
  expect(selectedIds([])).toEqual([]);
});

describe('age', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  test('whole days since the movement arrived', () => {
    expect(ageInDays('2026-11-20T09:00:00Z', now)).toBe(3);
    expect(ageInDays('2026-11-20T11:00:00Z', now)).toBe(2);
    expect(ageInDays('2026-11-23T09:59:00Z', now)).toBe(0);
  });
  test('never negative, 0 for an unreadable date', () => {
    expect(ageInDays('2026-11-24T00:00:00Z', now)).toBe(0);
    expect(ageInDays('yesterday', now)).toBe(0);
  });
  test('shown as "3 giorni" / "3 days", one day singular', () => {
    expect(say('it', ageLabel(3))).toBe('3 giorni');
    expect(say('it', ageLabel(1))).toBe('1 giorno');
    expect(say('it', ageLabel(0))).toBe('0 giorni');
    expect(say('en', ageLabel(3))).toBe('3 days');
    expect(say('en', ageLabel(1))).toBe('1 day');
  });
});

describe('the toast after a decision', () => {
  test('names how many were approved', () => {
    expect(sayAll('it', decisionMessages('approved', { done: [1, 2, 3], alreadyDecided: [] }))).toBe(
      '3 movimenti approvati.',
    );
    expect(sayAll('it', decisionMessages('approved', { done: [1], alreadyDecided: [] }))).toBe(
      '1 movimento approvato.',
    );
    expect(sayAll('en', decisionMessages('approved', { done: [1, 2], alreadyDecided: [] }))).toBe(
      '2 movements approved.',
    );
  });
  test('and how many someone else had already decided', () => {
    const d = { done: [1, 2], alreadyDecided: [3] };
    expect(sayAll('it', decisionMessages('approved', d))).toBe(
      '2 movimenti approvati. 1 era già stato approvato o rifiutato da qualcun altro ed è rimasto com’era.',
    );
    expect(sayAll('en', decisionMessages('rejected', { done: [], alreadyDecided: [3, 4] }))).toBe(
      'No movement rejected. 2 had already been approved or rejected by someone else and were left as they were.',
    );
    expect(sayAll('it', decisionMessages('rejected', { done: [4], alreadyDecided: [] }))).toBe(
      '1 movimento rifiutato.',
    );
  });
});

describe('a refused decision', () => {
  const refused = (status: number, body: object) => ({ status, body });
  const params = {
    movementId: 12,
    date: '2024-03-01',
    cause: 'SELL',
    isin: 'IT0003128367',
    instrumentName: 'Enel',
    accountId: 3,
    accountName: 'Dossier Rossi',
    held: 10,
    sold: 15,
  };
  const message =
    'Approving would sell more than is held: SELL of 15 IT0003128367 Enel on 2024-03-01, account Dossier Rossi, with 10 held';
  test('409 oversold: the portal’s words and the line of its params', () => {
    const r = refusalMessage(refused(409, { statusCode: 409, code: 'oversold', message, params }));
    expect(r?.code).toBe('oversold');
    expect(r?.line).toEqual({
      movementId: 12,
      date: '2024-03-01',
      cause: 'SELL',
      isin: 'IT0003128367',
      instrumentName: 'Enel',
      accountName: 'Dossier Rossi',
      held: 10,
      sold: 15,
    });
    expect(say('it', r!.lead)).toMatch(/supera la quantità posseduta/);
    expect(say('en', r!.lead)).toMatch(/more than is held/);
  });
  test('409 oversold without params: the server’s message names the line', () => {
    const r = refusalMessage(refused(409, { statusCode: 409, code: 'oversold', message }));
    expect(r?.line).toBeNull();
    expect(r?.detail).toBe(message);
    const partial = refusalMessage(refused(409, { code: 'oversold', message, params: { ...params, held: '10' } }));
    expect(partial?.line).toBeNull();
  });
  test('the oversold line in words, both languages', () => {
    const line = {
      cause: 'Vendita',
      sold: '15',
      isin: 'IT0003128367',
      instrumentName: 'Enel',
      date: '01/03/2024',
      accountName: 'Dossier Rossi',
      held: '10',
    };
    expect(say('it', oversoldDetail(line))).toBe(
      'Vendita di 15 IT0003128367 Enel del 01/03/2024 sul conto Dossier Rossi: se ne possiedono 10.',
    );
    expect(say('en', oversoldDetail({ ...line, cause: 'Sale', date: '03/01/2024' }))).toBe(
      'Sale of 15 IT0003128367 Enel on 03/01/2024, account Dossier Rossi: 10 held.',
    );
  });
  test('409 not_pending, 403 and 404 have their own words; anything else the generic error', () => {
    expect(say('it', refusalMessage(refused(409, { code: 'not_pending' }))!.lead)).toMatch(/non è più in attesa/);
    expect(say('it', refusalMessage(refused(403, {}))!.lead)).toMatch(/permesso/);
    expect(say('en', refusalMessage(refused(404, {}))!.lead)).toMatch(/no longer exist/);
    expect(refusalMessage(refused(500, {}))).toBeUndefined();
    expect(refusalMessage(new Error('network'))).toBeUndefined();
  });
});

describe('edit before approving', () => {
  test('the form starts from the movement; a FEE without subcause reads Altro', () => {
    expect(editFormOf(movement())).toEqual({ cause: 'BUY', subcause: '', instrumentId: '7', accountId: '10' });
    expect(editFormOf(movement({ cause: 'FEE', subcause: null, instrumentId: null }))).toEqual({
      cause: 'FEE',
      subcause: 'Altro',
      instrumentId: '',
      accountId: '10',
    });
  });
  test('the body: a subcause only for a FEE (Altro is null), no instrument as null', () => {
    expect(editBody({ cause: 'FEE', subcause: 'GESTIONE', instrumentId: '', accountId: '11' })).toEqual({
      cause: 'FEE',
      subcause: 'GESTIONE',
      instrumentId: null,
      accountId: 11,
    });
    expect(editBody({ cause: 'FEE', subcause: 'Altro', instrumentId: '', accountId: '11' }).subcause).toBeNull();
    expect(editBody({ cause: 'DIVIDEND', subcause: 'GESTIONE', instrumentId: '7', accountId: '11' })).toEqual({
      cause: 'DIVIDEND',
      subcause: null,
      instrumentId: 7,
      accountId: 11,
    });
  });
  test('a trade needs its instrument', () => {
    expect(editRefine(editBody({ cause: 'SELL', subcause: '', instrumentId: '', accountId: '11' }))).toEqual({
      instrumentId: 'required',
    });
    expect(editRefine(editBody({ cause: 'SELL', subcause: '', instrumentId: '7', accountId: '11' }))).toEqual({});
    expect(editRefine(editBody({ cause: 'DEPOSIT', subcause: '', instrumentId: '', accountId: '11' }))).toEqual({});
  });
});

describe("the back office's import", () => {
  test('ADMIN and BACK_OFFICE import from the page (their rows wait); nobody else', () => {
    expect(mayImport({ role: 'ADMIN' })).toBe(true);
    expect(mayImport({ role: 'BACK_OFFICE' })).toBe(true);
    for (const role of ['PRO', 'DELEGATE', 'BASIC'] as const) expect(mayImport({ role })).toBe(false);
    expect(mayImport(null)).toBe(false);
  });

  test('the client options: name and tax code (or VAT number), by name, namesakes apart', () => {
    const client = (id: number, over: Partial<Client>) => ({ id, taxCode: null, vat: null, ...over }) as Client;
    const clients = [
      client(3, { name: 'Mario Rossi', taxCode: 'RSSMRA80A01H501U' }),
      client(1, { name: 'Ãngela Bianchi', taxCode: 'BNCNGL70A41F205X' }),
      client(2, { name: 'Edil Rossi S.r.l.', vat: '01234567890' }),
      client(4, { name: 'Mario Rossi', taxCode: 'RSSMRA90B01F205Z' }),
      client(5, { name: null }),
    ];
    const name = (c: Client) => c.name ?? '';
    expect(clientOptions(clients, name, 'it')).toEqual([
      { value: '5', label: '5' },
      { value: '1', label: 'Ãngela Bianchi · BNCNGL70A41F205X' },
      { value: '2', label: 'Edil Rossi S.r.l. · 01234567890' },
      { value: '3', label: 'Mario Rossi · RSSMRA80A01H501U' },
      { value: '4', label: 'Mario Rossi · RSSMRA90B01F205Z' },
    ]);
    // A client named by its tax code alone does not repeat it.
    expect(clientOptions([client(6, { taxCode: 'VRDLGU60C01H501T' })], (c) => c.taxCode ?? '', 'it')).toEqual([
      { value: '6', label: 'VRDLGU60C01H501T' },
    ]);
  });

  test('the toast says how many movements arrived and wait, in both languages', () => {
    expect(say('it', importedMessage(5))).toBe("5 movimenti arrivati: attendono l'approvazione.");
    expect(say('it', importedMessage(1))).toBe("1 movimento arrivato: attende l'approvazione.");
    expect(say('en', importedMessage(5))).toBe('5 movements arrived: they wait for approval.');
    expect(say('en', importedMessage(1))).toBe('1 movement arrived: it waits for approval.');
    // A server that does not say how many.
    expect(say('it', importedMessage(null))).toBe("Movimenti importati: attendono l'approvazione.");
    expect(say('en', importedMessage(null))).toBe('Movements imported: they wait for approval.');
  });
});
