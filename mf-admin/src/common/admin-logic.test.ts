// The admin pages' rules (admin-logic.ts): the panel's tab and the audit's filters in the URL, a user's bodies by
// role, and what an audited write changed.
import { describe, expect, it } from 'vitest';
import {
  auditFiltersPath,
  auditQuery,
  changedKeys,
  createUserBody,
  panelTabPath,
  readAuditFilters,
  readPanelTab,
  updateUserBody,
  userFormOf,
  userRefine,
} from './admin-logic.ts';

describe('the panel tab in the URL', () => {
  it('users only when asked, today otherwise', () => {
    expect(readPanelTab('?tab=users')).toBe('users');
    expect(readPanelTab('?tab=nope')).toBe('today');
    expect(readPanelTab('')).toBe('today');
    expect(panelTabPath('users')).toBe('/caronte-panel?tab=users');
    expect(panelTabPath('today')).toBe('/caronte-panel');
  });
});

describe('the audit filters', () => {
  it('reads what is valid and drops the rest', () => {
    expect(readAuditFilters('?userId=3&entity=client&action=update&from=2026-11-01&to=bad')).toEqual({
      userId: 3,
      entity: 'client',
      action: 'update',
      from: '2026-11-01',
      to: null,
    });
    expect(readAuditFilters('?userId=-1').userId).toBe(null);
  });
  it('round-trips through the path, and a backwards range is swapped in the query', () => {
    const f = { userId: 2, entity: null, action: 'create', from: '2026-11-20', to: '2026-11-01' };
    expect(readAuditFilters(auditFiltersPath(f).split('?')[1]!)).toEqual(f);
    expect(auditQuery(f, 100000)).toEqual({
      size: 100000,
      userId: 2,
      action: 'create',
      from: '2026-11-01',
      to: '2026-11-20',
    });
  });
});

describe("a user's bodies", () => {
  const form = {
    ...userFormOf(null),
    login: ' neri ',
    name: 'Paola Neri',
    email: 'p@example.it',
    clientId: '41',
    proId: '2',
    permissions: ['MANAGE_CONTROL' as const],
  };
  it('keeps only the links of the role', () => {
    expect(createUserBody({ ...form, role: 'BASIC' })).toEqual({
      login: 'neri',
      name: 'Paola Neri',
      email: 'p@example.it',
      role: 'BASIC',
      clientId: 41,
      proId: null,
      permissions: [],
    });
    expect(createUserBody({ ...form, role: 'DELEGATE' })).toMatchObject({
      clientId: null,
      proId: 2,
      permissions: ['MANAGE_CONTROL'],
    });
    expect(updateUserBody({ ...form, role: 'PRO', email: '', active: false })).toEqual({
      name: 'Paola Neri',
      email: null,
      clientId: null,
      proId: null,
      permissions: [],
      active: false,
    });
  });
  it('asks for the client of a BASIC user and the PRO of a DELEGATE', () => {
    expect(userRefine({ clientId: null, proId: null }, { ...form, role: 'BASIC' }).clientId).toBe('required');
    expect(userRefine({ clientId: null, proId: null }, { ...form, role: 'DELEGATE' }).proId).toBe('required');
    expect(userRefine({ clientId: null, proId: null }, { ...form, role: 'ADMIN' })).toEqual({
      clientId: undefined,
      proId: undefined,
    });
  });
});

describe('what a write changed', () => {
  it('the keys that differ, sorted; null when one side is not a row', () => {
    expect(changedKeys({ a: 1, b: [1], c: 'x' }, { a: 1, b: [2], d: true })).toEqual([
      { key: 'b', before: [1], after: [2] },
      { key: 'c', before: 'x', after: undefined },
      { key: 'd', before: undefined, after: true },
    ]);
    expect(changedKeys(null, { a: 1 })).toBe(null);
  });
});
