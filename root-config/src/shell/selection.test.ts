import type { Client, SessionState } from '@patrimonio/shared-ui';
import { matchRoute } from '@patrimonio/shared-ui';
import { describe, expect, test } from 'vitest';
import { clientFixture } from '../../../tests/support/fixtures.ts';
import { evaluateSelection } from './selection.ts';

const client = (subscribe: boolean, trial: boolean): Client =>
  clientFixture({ id: 5, firstName: 'Mario', lastName: 'Rossi', subscribe, trial, registered: false });
const session = (role: 'PRO' | 'BASIC', selection: SessionState['selection']): SessionState => ({
  status: 'signed-in',
  accessToken: 't',
  expiresAt: 0,
  selection,
  user: { id: '1', role, name: 'x', permissions: [], clientId: null, proId: null, impersonator: null },
});
const m = (path: string) => matchRoute(path)!;

describe('selected client loading (spec section 2 and 4)', () => {
  test('routes without a client need none; BASIC never loads one from route ids', () => {
    expect(evaluateSelection(m('/clients'), session('PRO', null))).toBe('none');
    expect(evaluateSelection(m('/client/5/position'), session('BASIC', null))).toBe('none');
  });
  test('a new id starts loading (status idle), then waits for it', () => {
    expect(evaluateSelection(m('/client/5/overview'), session('PRO', null))).toBe('load');
    const idle = session('PRO', { kind: 'client', id: 5, status: 'idle' });
    expect(evaluateSelection(m('/client/5/overview'), idle)).toBe('loading');
    expect(evaluateSelection(m('/client/6/overview'), idle)).toBe('load');
    expect(evaluateSelection(m('/family/5/overview'), idle)).toBe('load');
  });
  test('a loaded client with a subscription or a trial shows; with neither, or a load error, goes to /', () => {
    const loaded = (c: Client) => session('PRO', { kind: 'client', id: 5, status: 'succeded', client: c });
    expect(evaluateSelection(m('/client/5/overview'), loaded(client(true, false)))).toBe('ready');
    expect(evaluateSelection(m('/client/5/overview'), loaded(client(false, true)))).toBe('ready');
    expect(evaluateSelection(m('/client/5/overview'), loaded(client(false, false)))).toBe('denied');
    expect(evaluateSelection(m('/client/5/overview'), session('PRO', { kind: 'client', id: 5, status: 'error' }))).toBe(
      'denied',
    );
  });
  test('a subscription page for a client already subscribed goes to /', () => {
    const loaded = (c: Client) => session('PRO', { kind: 'client', id: 5, status: 'succeded', client: c });
    expect(evaluateSelection(m('/client/5/subscription'), loaded(client(true, false)))).toBe('denied');
    expect(evaluateSelection(m('/client/5/subscription'), loaded(client(false, true)))).toBe('ready');
  });
  test('a malformed id goes to /', () => {
    expect(evaluateSelection(m('/client/abc/overview'), session('PRO', null))).toBe('denied');
  });
});
