import type { SessionState } from '@patrimonio/shared-ui';
import { describe, expect, test } from 'vitest';
import { decide } from './guard.ts';

const signedIn = (role: 'BASIC' | 'PRO' | 'DELEGATE' | 'BACK_OFFICE' | 'ADMIN'): SessionState => ({
  status: 'signed-in',
  accessToken: 'token',
  expiresAt: 0,
  selection: null,
  user: { id: '1', role, name: 'Test', permissions: [], clientId: null, proId: null, impersonator: null },
});
const signedOut: SessionState = {
  status: 'signed-out',
  user: null,
  accessToken: null,
  expiresAt: null,
  selection: null,
};

describe('route guard (spec section 2, protected-route behaviour)', () => {
  test('unauthenticated visits are remembered and sent to /login', () => {
    expect(decide('/stocks', signedOut, null)).toEqual({ kind: 'redirect', to: '/login', rememberCurrent: true });
  });
  test('public pages show whatever the session', () => {
    expect(decide('/login', signedOut, null).kind).toBe('public');
    expect(decide('/register-client', signedIn('PRO'), null).kind).toBe('public');
  });
  test('the root sends each role home, or to the stored redirect', () => {
    expect(decide('/', signedIn('ADMIN'), null)).toEqual({ kind: 'redirect', to: '/caronte-panel' });
    expect(decide('/', signedIn('BACK_OFFICE'), null)).toEqual({ kind: 'redirect', to: '/approve' });
    expect(decide('/', signedIn('DELEGATE'), null)).toEqual({ kind: 'redirect', to: '/clients' });
    expect(decide('/', signedIn('BASIC'), null)).toEqual({ kind: 'redirect', to: '/overview' });
    expect(decide('/', signedIn('PRO'), '/stocks?q=eni')).toEqual({ kind: 'redirect', to: '/stocks?q=eni' });
    // A stored redirect to / or /login would loop: the role's home instead.
    expect(decide('/', signedIn('PRO'), '/login')).toEqual({ kind: 'redirect', to: '/clients' });
  });
  test('a role outside the route list goes to /', () => {
    expect(decide('/caronte-panel', signedIn('PRO'), null)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/clients', signedIn('BASIC'), null)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/clients', signedIn('PRO'), null).kind).toBe('page');
  });
  test('a signed-in user without a role goes to /login', () => {
    const noRole = { ...signedIn('PRO'), user: { ...signedIn('PRO').user!, role: '' as never } };
    expect(decide('/clients', noRole, null)).toEqual({ kind: 'redirect', to: '/login' });
  });
  test('unknown paths: 404 with the back button of the spec', () => {
    expect(decide('/nope', signedOut, null)).toEqual({ kind: 'not-found', backTo: '/login', signedIn: false });
    expect(decide('/nope', signedIn('BASIC'), null)).toEqual({
      kind: 'not-found',
      backTo: '/overview',
      signedIn: true,
    });
    expect(decide('/nope', signedIn('ADMIN'), null)).toEqual({ kind: 'not-found', backTo: '/clients', signedIn: true });
  });
  test('while the session loads nothing is decided', () => {
    expect(decide('/clients', { ...signedOut, status: 'loading' }, null)).toEqual({ kind: 'loading' });
  });
});
