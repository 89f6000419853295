import { bodyErrors, routes } from '@patrimonio/shared-api';
import { describe, expect, it } from 'vitest';
import { serverFixture } from '../fixtures.ts';
import {
  CUSTOM_SCHEDULE,
  counterpartBody,
  counterpartFormOf,
  counterpartRefine,
  describeSchedule,
  emptyFormat,
  IMPORT_POLL_MS,
  layoutFields,
  mappingBody,
  mappingFormOf,
  mappingRefine,
  pollWhileRunning,
  readFileFilters,
  readMappingFilters,
  readRunFilters,
  runFiltersPath,
  scheduleChoice,
  serverAddress,
  serverBody,
  serverFormOf,
  serverRefine,
  shortSha,
  waitingRuns,
} from './logic.ts';

const poll = (data: unknown) => pollWhileRunning({ state: { data } });

describe('polling of runs', () => {
  it('polls while a run is queued or running, and stops once every run has ended', () => {
    expect(poll({ item: [{ status: 'DONE' }, { status: 'RUNNING' }] })).toBe(IMPORT_POLL_MS);
    expect(poll({ item: [{ status: 'QUEUED' }] })).toBe(IMPORT_POLL_MS);
    expect(poll({ item: [{ status: 'DONE' }, { status: 'TO_MAP' }, { status: 'FAILED' }] })).toBe(false);
    expect(poll({ item: [] })).toBe(false);
    expect(poll(undefined)).toBe(false);
    // One run (the detail).
    expect(poll({ id: 1, status: 'RUNNING' })).toBe(IMPORT_POLL_MS);
    expect(poll({ id: 1, status: 'DONE' })).toBe(false);
  });
});

describe('filters in the URL', () => {
  it('reads only known statuses, kinds and positive ids', () => {
    expect(readRunFilters('?status=TO_MAP&counterpartId=3&run=12')).toEqual({
      status: 'TO_MAP',
      counterpartId: 3,
      run: 12,
    });
    expect(readRunFilters('?status=BOGUS&counterpartId=-1&run=abc')).toEqual({
      status: null,
      counterpartId: null,
      run: null,
    });
    expect(readMappingFilters('?counterpartId=2&kind=ACCOUNT')).toEqual({ counterpartId: 2, kind: 'ACCOUNT' });
    expect(readMappingFilters('?kind=cause')).toEqual({ counterpartId: null, kind: null });
  });

  it('drops the server filter for who may not see the servers', () => {
    expect(readFileFilters('?status=FAILED&serverId=4', true)).toEqual({ status: 'FAILED', serverId: 4 });
    expect(readFileFilters('?status=FAILED&serverId=4', false)).toEqual({ status: 'FAILED', serverId: null });
  });

  it('writes only the filters that are set', () => {
    expect(runFiltersPath({ status: null, counterpartId: null, run: null })).toBe('/import-activity');
    expect(runFiltersPath({ status: 'FAILED', counterpartId: 2, run: null })).toBe(
      '/import-activity?status=FAILED&counterpartId=2',
    );
  });
});

describe('how things read', () => {
  it('shortens a SHA-256 to its first 12 characters', () => {
    expect(shortSha('a'.repeat(64))).toBe(`${'a'.repeat(12)}…`);
  });

  it("gives an SFTP server's host, port and folder, a local one's folder", () => {
    expect(serverAddress({ protocol: 'SFTP', host: 'sftp.bank.it', port: 2222, folder: 'out' })).toBe(
      'sftp://sftp.bank.it:2222/out',
    );
    expect(serverAddress({ protocol: 'SFTP', host: 'h', port: null, folder: '/flussi' })).toBe('sftp://h:22/flussi');
    expect(serverAddress({ protocol: 'LOCAL', host: null, port: null, folder: 'demo-bank' })).toBe('demo-bank');
  });

  it('explains a cron expression in both languages, and refuses what is not five valid fields', () => {
    expect(describeSchedule('0 6 * * *', 'it')).toBe('Alle 06:00');
    expect(describeSchedule('0 6 * * *', 'en')).toBe('At 06:00');
    expect(describeSchedule('0 6 * * 1-5', 'en')).toBe('At 06:00, Monday through Friday');
    expect(describeSchedule('0 6 * *', 'it')).toBe(null);
    expect(describeSchedule('0 6 * * * *', 'it')).toBe(null);
    expect(describeSchedule('0 25 * * *', 'it')).toBe(null);
    expect(describeSchedule('ogni giorno', 'it')).toBe(null);
  });

  it('finds the preset of a schedule', () => {
    expect(scheduleChoice('')).toBe('');
    expect(scheduleChoice(' 0  6 * * * ')).toBe('0 6 * * *');
    expect(scheduleChoice('30 7 * * *')).toBe(CUSTOM_SCHEDULE);
  });
});

/** An SFTP server on port 22 with a stored password and no private key, never fetched. */
const server = serverFixture(1, {
  name: 'Banca X',
  host: 'sftp.x.it',
  lastFetchAt: null,
  lastFetchOk: null,
  lastFetchMessage: null,
});

describe('the server form', () => {
  it('keeps a stored secret when left empty, replaces it when typed, removes it when asked', () => {
    const kept = serverBody(serverFormOf(server), server);
    expect(kept).not.toHaveProperty('password');
    expect(kept).not.toHaveProperty('privateKey');
    expect(kept).toMatchObject({ host: 'sftp.x.it', port: 22, schedule: '0 6 * * *' });
    expect(serverBody({ ...serverFormOf(server), password: 's3cret' }, server).password).toBe('s3cret');
    expect(serverBody({ ...serverFormOf(server), removePassword: true }, server).password).toBe(null);
    // Nothing stored: nothing to remove.
    expect(serverBody({ ...serverFormOf(server), removePrivateKey: true }, server)).not.toHaveProperty('privateKey');
  });

  it('a local folder sends no SFTP field and drops the stored secrets', () => {
    const body = serverBody({ ...serverFormOf(server), protocol: 'LOCAL', schedule: '' }, server);
    expect(body).toMatchObject({ host: null, port: null, username: null, schedule: null, password: null });
    expect(body).not.toHaveProperty('privateKey');
    expect(bodyErrors(routes.createServer.body, body)).toEqual({});
  });

  it('SFTP needs host, port, user and a password or key; the schedule must be valid cron', () => {
    const body = serverBody(
      {
        ...serverFormOf(null),
        name: 'N',
        protocol: 'SFTP',
        port: '',
        folder: 'f',
        filePattern: '*',
        schedule: '0 6 *',
      },
      null,
    );
    expect(serverRefine(body, null)).toEqual({
      host: 'required',
      port: 'required',
      username: 'required',
      password: 'secret',
      schedule: 'cron',
    });
    // A stored key kept is enough; a removed one is not.
    const keyed = { hasPassword: false, hasPrivateKey: true };
    const form = { ...serverFormOf(server), schedule: '' };
    expect(serverRefine(serverBody(form, keyed), keyed)).toEqual({});
    expect(serverRefine(serverBody({ ...form, removePrivateKey: true }, keyed), keyed)).toEqual({ password: 'secret' });
  });

  it('a port that is not a number is refused by the schema', () => {
    const body = serverBody({ ...serverFormOf(server), port: '22a' }, server);
    expect(bodyErrors(routes.updateServer.body, body)).toHaveProperty('port');
  });
});

describe('the counterpart form', () => {
  it('sends a layout only for LAYOUT, with the named columns of its kind', () => {
    const form = counterpartFormOf(null);
    form.name = ' Banca X ';
    form.abi = '03069';
    form.serverId = '2';
    form.formats = [
      { ...emptyFormat(), format: 'CBI', filePattern: '*.cbi' },
      {
        format: 'LAYOUT',
        filePattern: 'POS_*.csv',
        layout: {
          kind: 'POSITIONS',
          accountRef: 'DOSSIER',
          dateFormat: 'DD/MM/YYYY',
          decimalSeparator: ',',
          columns: {
            account: 'Dossier',
            date: 'Data',
            instrument: 'ISIN',
            quantity: 'Qta',
            currency: 'Div',
            amount: 'X',
          },
        },
      },
    ];
    const body = counterpartBody(form);
    expect(body).toEqual({
      name: 'Banca X',
      abi: '03069',
      intermediaryId: null,
      serverId: 2,
      folder: null,
      formats: [
        { format: 'CBI', filePattern: '*.cbi', layout: null },
        {
          format: 'LAYOUT',
          filePattern: 'POS_*.csv',
          layout: {
            kind: 'POSITIONS',
            accountRef: 'DOSSIER',
            dateFormat: 'DD/MM/YYYY',
            decimalSeparator: ',',
            // 'amount' is not a column of positions: left out.
            columns: { account: 'Dossier', date: 'Data', instrument: 'ISIN', quantity: 'Qta', currency: 'Div' },
          },
        },
      ],
    });
    expect(bodyErrors(routes.createCounterpart.body, body)).toEqual({});
    expect(counterpartRefine(body)).toEqual({});
  });

  it('names each required column of a layout left empty', () => {
    const form = counterpartFormOf(null);
    form.name = 'X';
    form.formats = [{ format: 'LAYOUT', filePattern: '*.csv', layout: { ...emptyFormat().layout, kind: 'BALANCES' } }];
    expect(counterpartRefine(counterpartBody(form))).toEqual({
      'formats.0.layout.columns.account': 'required',
      'formats.0.layout.columns.date': 'required',
      'formats.0.layout.columns.balance': 'required',
      'formats.0.layout.columns.currency': 'required',
    });
    expect(
      layoutFields('MOVEMENTS')
        .filter((f) => f.required)
        .map((f) => f.field),
    ).toEqual(['account', 'date', 'amount', 'currency', 'code']);
  });
});

describe('the mapping form', () => {
  it('sends only the target of its kind', () => {
    const fee = { ...mappingFormOf(null), counterpartId: '3', kind: 'CAUSE' as const, code: ' 26 ', cause: 'FEE' };
    expect(mappingBody({ ...fee, subcause: 'Altro', direction: 'DEBIT', instrumentId: '7' })).toEqual({
      counterpartId: 3,
      kind: 'CAUSE',
      code: '26',
      direction: 'DEBIT',
      cause: 'FEE',
      subcause: null,
      instrumentId: null,
      accountId: null,
    });
    expect(mappingBody({ ...fee, subcause: 'GESTIONE' }).subcause).toBe('GESTIONE');
    const account = mappingBody({ ...fee, kind: 'ACCOUNT', accountId: '11', direction: 'DEBIT' });
    expect(account).toMatchObject({ kind: 'ACCOUNT', direction: 'ANY', cause: null, subcause: null, accountId: 11 });
    expect(bodyErrors(routes.createMapping.body, account)).toEqual({});
  });

  it('needs the target of its kind', () => {
    const base = { ...mappingFormOf(null), counterpartId: '3', code: 'X' };
    expect(mappingRefine(mappingBody({ ...base, kind: 'CAUSE' }))).toEqual({ cause: 'required' });
    expect(mappingRefine(mappingBody({ ...base, kind: 'INSTRUMENT' }))).toEqual({ instrumentId: 'required' });
    expect(mappingRefine(mappingBody({ ...base, kind: 'ACCOUNT' }))).toEqual({ accountId: 'required' });
  });

  it('is prefilled from a waiting code', () => {
    expect(mappingFormOf({ counterpartId: 3, kind: 'CAUSE', code: '48', direction: 'CREDIT' })).toMatchObject({
      counterpartId: '3',
      kind: 'CAUSE',
      code: '48',
      direction: 'CREDIT',
      cause: '',
    });
  });
});

describe('waiting runs after mapping', () => {
  it('a run is ready once none of its codes waits any more', () => {
    expect(waitingRuns([5, 6, 5], [{ runIds: [6, 7] }])).toEqual({ ready: [5], waiting: [6] });
    expect(waitingRuns([], [{ runIds: [6] }])).toEqual({ ready: [], waiting: [] });
  });
});
