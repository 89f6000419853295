import { describe, expect, test } from 'vitest';
import { homeFor, isAllowed, matchRoute, ROUTES, selectionFromParams } from './routes.ts';

const route = (path: string) => {
  const m = matchRoute(path);
  if (!m) throw new Error(`no route for ${path}`);
  return m;
};

describe('route table (spec section 2)', () => {
  test('landing per role', () => {
    expect(homeFor('ADMIN')).toBe('/caronte-panel');
    expect(homeFor('BACK_OFFICE')).toBe('/approve');
    expect(homeFor('PRO')).toBe('/clients');
    expect(homeFor('DELEGATE')).toBe('/clients');
    expect(homeFor('BASIC')).toBe('/overview');
    expect(homeFor(null)).toBe('/login');
  });

  test('unknown paths match nothing (the 404 page)', () => {
    expect(matchRoute('/nope')).toBeNull();
    expect(matchRoute('/client/1')).toBeNull();
    expect(matchRoute('/family/3/goals')).toBeNull(); // goals have no family variant
  });

  test('path parameters are read', () => {
    expect(route('/client/42/overview').params).toEqual({ id: '42' });
    expect(route('/family/7/performance').params).toEqual({ familyId: '7' });
    expect(route('/client/9/subscription').params).toEqual({ subscriptionId: '9' });
    expect(route('/controls/3/11').params).toEqual({ clientId: '3', portfolioId: '11' });
    expect(route('/client/4/widgets').route.page).toBe('widgets');
    expect(route('/family/6/widgets').params).toEqual({ familyId: '6' });
  });

  test.each([
    ['/infos', ['BASIC', 'PRO', 'DELEGATE', 'BACK_OFFICE', 'ADMIN']],
    ['/overview', ['BASIC']],
    ['/goals', ['BASIC']],
    ['/clients', ['PRO', 'DELEGATE']],
    ['/client/1/infos', ['PRO', 'DELEGATE']],
    ['/client/1/goals', ['PRO', 'DELEGATE']],
    ['/family/1/real-estate', ['PRO', 'DELEGATE']],
    ['/client/1/subscription', ['PRO', 'DELEGATE', 'BASIC']],
    ['/client/1/position', ['PRO', 'DELEGATE', 'BASIC']],
    // A BASIC user has no family routes (spec 2 and 6): sent to / like on any route outside its roles.
    ['/family/1/position', ['PRO', 'DELEGATE']],
    ['/family/1/performance', ['PRO', 'DELEGATE']],
    ['/delegates', ['PRO']],
    ['/docs', ['PRO']],
    ['/client/1/widgets', ['PRO']],
    ['/family/1/widgets', ['PRO']],
    ['/stocks', ['PRO', 'DELEGATE', 'ADMIN', 'BACK_OFFICE']],
    ['/approve', ['PRO', 'DELEGATE', 'ADMIN', 'BACK_OFFICE']],
    ['/caronte-panel', ['ADMIN']],
    ['/caronte-audit', ['ADMIN']],
    ['/counterparts', ['ADMIN', 'BACK_OFFICE']],
    ['/caronte-mapping', ['ADMIN', 'BACK_OFFICE']],
    ['/controls/1/2', ['ADMIN', 'DELEGATE', 'BACK_OFFICE', 'PRO']],
  ] as const)('%s is open to %j only', (path, allowed) => {
    for (const role of ['BASIC', 'PRO', 'DELEGATE', 'BACK_OFFICE', 'ADMIN'] as const) {
      expect(isAllowed(route(path).route, role), `${role} on ${path}`).toBe(
        (allowed as readonly string[]).includes(role),
      );
    }
  });

  test('public routes need no role; every other route needs one', () => {
    for (const r of ROUTES) expect(isAllowed(r, null)).toBe(Boolean(r.public));
    expect(ROUTES.filter((r) => r.public).map((r) => r.path)).toEqual([
      '/login',
      '/token-error',
      '/register-pro',
      '/register-client',
    ]);
  });

  test('the selection a route names', () => {
    expect(selectionFromParams(route('/client/5/overview').params)).toEqual({
      kind: 'client',
      id: 5,
      subscription: false,
    });
    expect(selectionFromParams(route('/family/2/overview').params)).toEqual({
      kind: 'family',
      id: 2,
      subscription: false,
    });
    expect(selectionFromParams(route('/client/8/subscription').params)).toEqual({
      kind: 'client',
      id: 8,
      subscription: true,
    });
    expect(selectionFromParams(route('/clients').params)).toBeNull();
    expect(Number.isNaN(selectionFromParams(route('/client/abc/overview').params)?.id)).toBe(true);
  });
});
