// The controls pages' rules (issue 16): status names and colours in both languages, which lines are differences,
// the list's filters and their URL, the detail's parameters, its date, and who may accept differences.
import { type MessageDescriptor, setupI18n } from '@lingui/core';
import type { ControlRow, UserProfile } from '@patrimonio/shared-api';
import { CONTROL_STATUSES } from '@patrimonio/shared-api/constants';
import { describe, expect, test } from 'vitest';
import { messages as en } from '../../../shared-ui/src/locales/en/messages.ts';
import { messages as it } from '../../../shared-ui/src/locales/it/messages.ts';
import {
  canAccept,
  clientChoices,
  dateChoices,
  detailPath,
  differenceTone,
  filterRows,
  filtersPath,
  lineOutcome,
  mayManageControls,
  OUTCOME_LABELS,
  OUTCOME_TONES,
  readDetailParams,
  readFilters,
  requestedDate,
  STATUS_LABELS,
  STATUS_TONES,
  statusCounts,
} from './logic.ts';

const i18n = setupI18n({ locale: 'it', messages: { it, en } });
const say = (locale: 'it' | 'en', d: MessageDescriptor) => {
  i18n.activate(locale);
  return i18n._(d);
};

const row = (r: Partial<ControlRow> & Pick<ControlRow, 'clientId' | 'portfolioId'>): ControlRow => ({
  client: `Cliente ${r.clientId}`,
  portfolio: `Portafoglio ${r.portfolioId}`,
  lastCheckDate: '2024-11-22',
  status: 'OK',
  differences: 0,
  lastQuantityCheckOkDate: '2024-11-22',
  ...r,
});

describe('status', () => {
  test('each status has a text in both languages and a distinct colour', () => {
    expect(CONTROL_STATUSES.map((s) => say('it', STATUS_LABELS[s]))).toEqual(['OK', 'Differenze', 'Nessun dato banca']);
    expect(CONTROL_STATUSES.map((s) => say('en', STATUS_LABELS[s]))).toEqual(['OK', 'Differences', 'No bank data']);
    expect(new Set(CONTROL_STATUSES.map((s) => STATUS_TONES[s])).size).toBe(3);
    expect(STATUS_TONES.DIFFERENCES).toBe('negative');
  });

  test('counts per status for the filter', () => {
    const rows = [
      row({ clientId: 1, portfolioId: 1 }),
      row({ clientId: 1, portfolioId: 2, status: 'DIFFERENCES', differences: 2 }),
      row({ clientId: 2, portfolioId: 3, status: 'NO_BANK_DATA', lastCheckDate: null }),
      row({ clientId: 2, portfolioId: 4, status: 'DIFFERENCES', differences: 1 }),
    ];
    expect(statusCounts(rows)).toEqual({ OK: 1, DIFFERENCES: 2, NO_BANK_DATA: 1 });
  });
});

describe('balance and quantity lines', () => {
  test('the outcome follows the server: ok, a difference, or nothing from the bank', () => {
    expect(lineOutcome({ ok: true, bank: 100 })).toBe('ok');
    expect(lineOutcome({ ok: false, bank: 99.5 })).toBe('difference');
    expect(lineOutcome({ ok: false, bank: null })).toBe('noBank');
    // We hold none and the bank lists none.
    expect(lineOutcome({ ok: true, bank: null })).toBe('ok');
  });

  test('only a difference beyond the tolerance is highlighted, and it is said in words too', () => {
    expect(differenceTone({ ok: false, bank: 99.5 })).toBe('negative');
    expect(differenceTone({ ok: true, bank: 100.004 })).toBeNull();
    expect(differenceTone({ ok: false, bank: null })).toBeNull();
    expect(OUTCOME_TONES.noBank).toBe('warning');
    expect(say('it', OUTCOME_LABELS.difference)).toBe('Differenza');
    expect(say('en', OUTCOME_LABELS.noBank)).toBe('No figure from the bank');
  });
});

describe('the list filters', () => {
  const rows = [
    row({ clientId: 2, portfolioId: 10, client: 'Zeta Srl', status: 'DIFFERENCES', differences: 1 }),
    row({ clientId: 1, portfolioId: 11, client: 'Ávila Anna' }),
    row({ clientId: 2, portfolioId: 12, client: 'Zeta Srl' }),
    row({ clientId: 3, portfolioId: 13, client: 'bianchi Luca', status: 'NO_BANK_DATA' }),
  ];

  test('filter by status and by client, in the rows order', () => {
    expect(filterRows(rows, { status: null, clientId: null })).toHaveLength(4);
    expect(filterRows(rows, { status: 'OK', clientId: null }).map((r) => r.portfolioId)).toEqual([11, 12]);
    expect(filterRows(rows, { status: 'OK', clientId: 2 }).map((r) => r.portfolioId)).toEqual([12]);
    expect(filterRows(rows, { status: null, clientId: 9 })).toEqual([]);
  });

  test('the client choices: each client once, by name ignoring case and accents', () => {
    expect(clientChoices(rows, 'it')).toEqual([
      { id: 1, name: 'Ávila Anna' },
      { id: 3, name: 'bianchi Luca' },
      { id: 2, name: 'Zeta Srl' },
    ]);
  });

  test('the URL keeps the filters and ignores values that are none', () => {
    expect(readFilters('?status=DIFFERENCES&clientId=7')).toEqual({ status: 'DIFFERENCES', clientId: 7 });
    expect(readFilters('?status=ok&clientId=-1')).toEqual({ status: null, clientId: null });
    expect(readFilters('?clientId=1e3')).toEqual({ status: null, clientId: null });
    expect(readFilters('')).toEqual({ status: null, clientId: null });
    expect(filtersPath({ status: 'NO_BANK_DATA', clientId: 3 })).toBe('/controls?status=NO_BANK_DATA&clientId=3');
    expect(filtersPath({ status: null, clientId: null })).toBe('/controls');
  });
});

describe('the detail', () => {
  test('route parameters that are not ids are a missing page', () => {
    expect(readDetailParams({ clientId: '4', portfolioId: '17' })).toEqual({ clientId: 4, portfolioId: 17 });
    expect(readDetailParams({ clientId: 'abc', portfolioId: '17' })).toBeNull();
    expect(readDetailParams({ clientId: '4', portfolioId: '0' })).toBeNull();
    expect(readDetailParams({ clientId: '99999999999999999', portfolioId: '1' })).toBeNull();
  });

  test('the date asked for: a real date from the URL, else the latest (none sent)', () => {
    expect(requestedDate('?date=2024-11-22')).toBe('2024-11-22');
    expect(requestedDate('?date=2024-02-30')).toBeNull();
    expect(requestedDate('?date=yesterday')).toBeNull();
    expect(requestedDate('')).toBeNull();
  });

  test('the date choices are the bank dates newest first, with the date shown among them', () => {
    expect(dateChoices(['2024-11-22', '2024-10-31'], '2024-11-22')).toEqual(['2024-11-22', '2024-10-31']);
    expect(dateChoices(['2024-11-22', '2024-10-31'], '2024-11-01')).toEqual(['2024-11-22', '2024-11-01', '2024-10-31']);
    expect(dateChoices([], null)).toEqual([]);
  });

  test('the latest date needs no ?date=', () => {
    expect(detailPath(4, 17)).toBe('/controls/4/17');
    expect(detailPath(4, 17, '2024-11-22', '2024-11-22')).toBe('/controls/4/17');
    expect(detailPath(4, 17, '2024-10-31', '2024-11-22')).toBe('/controls/4/17?date=2024-10-31');
  });
});

describe('who may accept differences', () => {
  const user = (role: UserProfile['role'], permissions: UserProfile['permissions'] = [], impersonator = null) => ({
    role,
    permissions,
    impersonator,
  });

  test('ADMIN, BACK_OFFICE, PRO and a DELEGATE with MANAGE_CONTROL', () => {
    expect(mayManageControls(user('ADMIN'))).toBe(true);
    expect(mayManageControls(user('BACK_OFFICE'))).toBe(true);
    expect(mayManageControls(user('PRO'))).toBe(true);
    expect(mayManageControls(user('DELEGATE', ['MANAGE_CONTROL']))).toBe(true);
    expect(mayManageControls(user('DELEGATE', ['APPROVE_MOVEMENT']))).toBe(false);
    expect(mayManageControls(user('BASIC'))).toBe(false);
    expect(mayManageControls(null)).toBe(false);
  });

  test('only at a date with differences not yet accepted', () => {
    const pro = user('PRO');
    expect(canAccept({ status: 'DIFFERENCES', date: '2024-11-22', accepted: null }, pro)).toBe(true);
    expect(canAccept({ status: 'OK', date: '2024-11-22', accepted: null }, pro)).toBe(false);
    expect(canAccept({ status: 'NO_BANK_DATA', date: null, accepted: null }, pro)).toBe(false);
    const accepted = { date: '2024-11-22', note: 'ok', by: 'Pro', at: '2024-11-23T10:00:00Z' };
    expect(canAccept({ status: 'DIFFERENCES', date: '2024-11-22', accepted }, pro)).toBe(false);
    expect(canAccept({ status: 'DIFFERENCES', date: '2024-11-22', accepted: null }, user('DELEGATE'))).toBe(false);
  });
});
