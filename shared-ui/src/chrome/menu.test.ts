import type { Permission, Role } from '@patrimonio/shared-api';
import { describe, expect, it } from 'vitest';
import { isAllowed, matchRoute } from '../routes.ts';
import {
  containsActive,
  isActivePath,
  type MenuItem,
  type MenuUser,
  menuItems,
  parseStoredSidebar,
  showsPendingCount,
  sidebarState,
} from './menu.ts';

const user = (role: Role, permissions: Permission[] = [], impersonator: string | null = null): MenuUser => ({
  role,
  permissions,
  impersonator,
});

/** The tree as "key href" strings, children indented, for readable assertions. */
function outline(items: MenuItem[], depth = 0): string[] {
  return items.flatMap((i) => [
    `${'  '.repeat(depth)}${i.key}${i.href ? ` ${i.href}` : ''}${i.action ? ` !${i.action}` : ''}${i.badge ? ` #${i.badge}` : ''}`,
    ...outline(i.children ?? [], depth + 1),
  ]);
}
const keys = (items: MenuItem[]): string[] => items.flatMap((i) => [i.key, ...keys(i.children ?? [])]);

describe('menuItems with a client or family selected', () => {
  it('gives a PRO the client menu under /client/{id}', () => {
    expect(outline(menuItems(user('PRO'), { kind: 'client', id: 7 }))).toEqual([
      'overview /client/7/overview',
      'heritage',
      '  financial',
      '    position /client/7/position',
      '    performance /client/7/performance',
      '    movements /client/7/financials',
      '  realEstate /client/7/real-estate',
      '  shares /client/7/family-business',
      '  artLuxury /client/7/art-luxury',
      'humanCapital /client/7/human-capital',
      'goals /client/7/goals',
      'clientInfo /client/7/infos',
      'widgets /client/7/widgets',
      'report !openReport',
    ]);
  });

  it('gives the family menu under /family/{id}, without goals and client info', () => {
    expect(outline(menuItems(user('PRO'), { kind: 'family', id: 3 }))).toEqual([
      'overview /family/3/overview',
      'heritage',
      '  financial',
      '    position /family/3/position',
      '    performance /family/3/performance',
      '    movements /family/3/financials',
      '  realEstate /family/3/real-estate',
      '  shares /family/3/family-business',
      '  artLuxury /family/3/art-luxury',
      'humanCapital /family/3/human-capital',
      'widgets /family/3/widgets',
      'report !openReport',
    ]);
  });

  it('gives a DELEGATE the same client menu without the widget tokens (a PRO issues them)', () => {
    expect(keys(menuItems(user('DELEGATE'), { kind: 'client', id: 7 }))).toEqual(
      keys(menuItems(user('PRO'), { kind: 'client', id: 7 })).filter((k) => k !== 'widgets'),
    );
    expect(keys(menuItems(user('DELEGATE'), { kind: 'family', id: 3 }))).not.toContain('widgets');
  });

  it('adds the legacy financials entry only when impersonating', () => {
    const plain = menuItems(user('PRO'), { kind: 'client', id: 7 });
    expect(keys(plain)).not.toContain('financialsLegacy');
    const imp = outline(menuItems(user('PRO', [], 'admin-1'), { kind: 'client', id: 7 }));
    expect(imp).toContain('    financialsLegacy /client/7/financials');
    const fam = outline(menuItems(user('PRO', [], 'admin-1'), { kind: 'family', id: 3 }));
    expect(fam).toContain('    financialsLegacy /family/3/financials');
  });

  it('gives the accounts and movements entry under Financial, once: the legacy entry stands for it when impersonating', () => {
    for (const role of ['PRO', 'DELEGATE'] as const) {
      expect(outline(menuItems(user(role), { kind: 'client', id: 7 }))).toContain('    movements /client/7/financials');
    }
    const imp = menuItems(user('PRO', [], 'admin-1'), { kind: 'client', id: 7 });
    expect(outline(imp).filter((line) => line.endsWith('/client/7/financials'))).toEqual([
      '    financialsLegacy /client/7/financials',
    ]);
    // No client selected: no client pages in the menu.
    expect(keys(menuItems(user('PRO'), null))).not.toContain('movements');
  });

  it('gives BASIC the plain paths of their own data, always, without client info', () => {
    const expected = [
      'overview /overview',
      'heritage',
      '  financial',
      '    position /position',
      '    performance /performance',
      '    movements /financials',
      '  realEstate /real-estate',
      '  shares /family-business',
      '  artLuxury /art-luxury',
      'humanCapital /human-capital',
      'goals /goals',
      'report !openReport',
    ];
    expect(outline(menuItems(user('BASIC'), null))).toEqual(expected);
    expect(outline(menuItems(user('BASIC'), { kind: 'client', id: 9 }))).toEqual(expected);
    expect(outline(menuItems(user('BASIC', [], 'admin-1'), null))).toContain('    financialsLegacy /financials');
  });

  it('ignores an invalid selection id', () => {
    expect(keys(menuItems(user('PRO'), { kind: 'client', id: Number.NaN }))).toContain('clients');
  });
});

describe('menuItems with no client selected', () => {
  it('PRO: clients, stocks, middle office with badge, delegates', () => {
    expect(outline(menuItems(user('PRO'), null))).toEqual([
      'clients /clients',
      'stocks /stocks',
      'middleOffice',
      '  pendingMovements /approve #pendingCount',
      '  controls /controls',
      'delegates /delegates',
    ]);
  });

  it('PRO impersonated: adds docs', () => {
    expect(outline(menuItems(user('PRO', [], 'admin-1'), null))).toEqual([
      'clients /clients',
      'stocks /stocks',
      'middleOffice',
      '  pendingMovements /approve #pendingCount',
      '  controls /controls',
      'delegates /delegates',
      'docs /docs',
    ]);
  });

  it('DELEGATE with both permissions: both middle office entries, no delegates', () => {
    expect(outline(menuItems(user('DELEGATE', ['APPROVE_MOVEMENT', 'MANAGE_CONTROL']), null))).toEqual([
      'clients /clients',
      'stocks /stocks',
      'middleOffice',
      '  pendingMovements /approve #pendingCount',
      '  controls /controls',
    ]);
  });

  it('DELEGATE with APPROVE_MOVEMENT only: pending movements only', () => {
    const items = menuItems(user('DELEGATE', ['APPROVE_MOVEMENT']), null);
    expect(keys(items)).toEqual(['clients', 'stocks', 'middleOffice', 'pendingMovements']);
  });

  it('DELEGATE with MANAGE_CONTROL only: controls only', () => {
    const items = menuItems(user('DELEGATE', ['MANAGE_CONTROL']), null);
    expect(keys(items)).toEqual(['clients', 'stocks', 'middleOffice', 'controls']);
  });

  it('DELEGATE without permissions: no middle office', () => {
    expect(keys(menuItems(user('DELEGATE'), null))).toEqual(['clients', 'stocks']);
  });

  it('DELEGATE impersonated: middle office regardless of permissions', () => {
    expect(keys(menuItems(user('DELEGATE', [], 'admin-1'), null))).toEqual([
      'clients',
      'stocks',
      'middleOffice',
      'pendingMovements',
      'controls',
    ]);
  });

  it('ADMIN: dashboard, stocks, file exchange with server, mapping, audit, subscriptions, support', () => {
    expect(outline(menuItems(user('ADMIN'), null))).toEqual([
      'dashboard /caronte-panel',
      'stocks /stocks',
      'fileExchange',
      '  server /caronte-server',
      '  counterparts /counterparts',
      '  importActivity /import-activity',
      '  fileLog /file-log',
      'mapping /caronte-mapping',
      'audit /caronte-audit',
      'subscriptions /caronte-subscriptions',
      'support /support',
    ]);
  });

  it('ADMIN: middle office only under the feature condition', () => {
    expect(keys(menuItems(user('ADMIN'), null, { middleOfficeForAdmin: false }))).not.toContain('middleOffice');
    expect(keys(menuItems(user('ADMIN'), null, { middleOfficeForAdmin: true }))).toEqual([
      'dashboard',
      'stocks',
      'middleOffice',
      'pendingMovements',
      'controls',
      'fileExchange',
      'server',
      'counterparts',
      'importActivity',
      'fileLog',
      'mapping',
      'audit',
      'subscriptions',
      'support',
    ]);
  });

  it('ADMIN and BACK_OFFICE: never a client menu nor report download', () => {
    expect(keys(menuItems(user('ADMIN'), { kind: 'client', id: 1 }))).not.toContain('report');
    expect(keys(menuItems(user('BACK_OFFICE'), { kind: 'client', id: 1 }))).not.toContain('report');
  });

  it('BACK_OFFICE: middle office, stocks, support, mapping, file exchange without server', () => {
    expect(outline(menuItems(user('BACK_OFFICE'), null))).toEqual([
      'middleOffice',
      '  pendingMovements /approve #pendingCount',
      '  controls /controls',
      'stocks /stocks',
      'support /support',
      'mapping /caronte-mapping',
      'fileExchange',
      '  counterparts /counterparts',
      '  importActivity /import-activity',
      '  fileLog /file-log',
    ]);
  });

  it('only links to routes the role may open', () => {
    const hrefs = (items: MenuItem[]): string[] =>
      items.flatMap((i) => [...(i.href ? [i.href] : []), ...hrefs(i.children ?? [])]);
    const selections = [null, { kind: 'client' as const, id: 2 }, { kind: 'family' as const, id: 2 }];
    for (const role of ['BASIC', 'PRO', 'DELEGATE', 'ADMIN', 'BACK_OFFICE'] as const) {
      for (const sel of selections) {
        const u = user(role, ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'], 'x');
        for (const href of hrefs(menuItems(u, sel, { middleOfficeForAdmin: true }))) {
          const m = matchRoute(href);
          expect(m, href).not.toBeNull();
          expect(isAllowed(m!.route, role), `${role} ${href}`).toBe(true);
        }
      }
    }
  });
});

describe('active items', () => {
  it('matches the exact path and its sub-paths', () => {
    expect(isActivePath('/controls', '/controls')).toBe(true);
    expect(isActivePath('/controls', '/controls/1/2')).toBe(true);
    expect(isActivePath('/controls', '/controls/')).toBe(true);
    expect(isActivePath('/client/1/overview', '/client/1/overview-x')).toBe(false);
    expect(isActivePath('/client/1/overview', '/client/12/overview')).toBe(false);
  });

  it('finds an active descendant', () => {
    const [, heritage] = menuItems(user('PRO'), { kind: 'client', id: 5 });
    expect(containsActive(heritage!, '/client/5/performance')).toBe(true);
    expect(containsActive(heritage!, '/client/5/goals')).toBe(false);
  });
});

describe('sidebar state', () => {
  const base = { pinnedOpen: true, narrow: false, narrowOpen: false, hovered: false };
  it('follows the persisted choice on wide screens', () => {
    expect(sidebarState(base)).toBe('open');
    expect(sidebarState({ ...base, pinnedOpen: false })).toBe('closed');
    expect(sidebarState({ ...base, pinnedOpen: false, hovered: true })).toBe('hover');
    expect(sidebarState({ ...base, hovered: true })).toBe('open');
  });
  it('collapses on narrow screens unless opened for the moment', () => {
    expect(sidebarState({ ...base, narrow: true })).toBe('closed');
    expect(sidebarState({ ...base, narrow: true, hovered: true })).toBe('hover');
    expect(sidebarState({ ...base, narrow: true, narrowOpen: true, pinnedOpen: false })).toBe('open');
  });
  it('reads the stored choice, open by default', () => {
    expect(parseStoredSidebar(null)).toBe(true);
    expect(parseStoredSidebar('open')).toBe(true);
    expect(parseStoredSidebar('closed')).toBe(false);
  });
});

describe('showsPendingCount (the shell asks for the badge count only then)', () => {
  it('is true for those who may approve, with no client selected', () => {
    expect(showsPendingCount(user('PRO'), null)).toBe(true);
    expect(showsPendingCount(user('BACK_OFFICE'), null)).toBe(true);
    expect(showsPendingCount(user('DELEGATE', ['APPROVE_MOVEMENT']), null)).toBe(true);
    expect(showsPendingCount(user('DELEGATE', [], 'admin-1'), null)).toBe(true);
    expect(showsPendingCount(user('ADMIN'), null, { middleOfficeForAdmin: true })).toBe(true);
  });

  it('is false for those who may not, and while a client is selected', () => {
    expect(showsPendingCount(user('DELEGATE', ['MANAGE_CONTROL']), null)).toBe(false);
    expect(showsPendingCount(user('DELEGATE'), null)).toBe(false);
    expect(showsPendingCount(user('BASIC'), null)).toBe(false);
    expect(showsPendingCount(user('ADMIN'), null)).toBe(false);
    expect(showsPendingCount(user('PRO'), { kind: 'client', id: 7 })).toBe(false);
  });
});
