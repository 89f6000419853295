// The access matrix's cases for the admin's users and audit (contract/admin.ts), one per route, spread into CASES
// (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 17.
//
// Who (spec portal-and-report 2: the admin area's users and audit are ADMIN's; access/admin.ts): gate 'admins', ADMIN
// only, every other role 403. Users and the audit table belong to no tenant ('shared'): the ADMIN sees every one.
import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import type { Ctx, RouteCase } from './access-matrix.cases.ts';

const NONE = ['none'] as const;

/** A fresh PRO with an email address, for the edit and the reset link. */
const freshUser = (c: Ctx) => {
  const login = `matrice.utente${c.fx.seq()}`;
  return c.fx.insertId(
    `insert into users (login, name, email, role) values ($1, 'Utente Matrice', $2, 'PRO') returning id`,
    [login, `${login}@example.it`],
  );
};

export const ADMIN_CASES: Partial<Record<RouteName, RouteCase>> = {
  listUsers: {
    gate: 'admins',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({
      query: { role: 'PRO' },
      verify: (body) => {
        const logins = (body as { item: { login: string }[] }).item.map((u) => u.login);
        expect(logins).toEqual(expect.arrayContaining(['pro', 'pro2']));
      },
    }),
  },
  getUser: {
    gate: 'admins',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      params: { id: c.fx.users.pro2 },
      verify: (body) => expect(body).toMatchObject({ login: 'pro2', role: 'PRO' }),
    }),
  },
  createUser: {
    gate: 'admins',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => {
      const login = `matrice.nuovo${c.fx.seq()}`;
      return {
        body: {
          login,
          name: 'Nuovo Matrice',
          email: `${login}@example.it`,
          role: 'DELEGATE',
          permissions: ['APPROVE_MOVEMENT'],
          clientId: null,
          proId: c.fx.users.pro,
        },
        verify: (body) => expect(body).toMatchObject({ user: { login, proId: c.fx.users.pro }, reset: { sent: true } }),
      };
    },
  },
  updateUser: {
    gate: 'admins',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      params: { id: await freshUser(c) },
      body: { name: 'Utente Modificato', email: null, permissions: [], clientId: null, proId: null, active: false },
      verify: (body) => expect(body).toMatchObject({ name: 'Utente Modificato', active: false }),
    }),
  },
  resetUserPassword: {
    gate: 'admins',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => ({
      params: { id: await freshUser(c) },
      verify: (body) => expect(body).toMatchObject({ sent: true }),
    }),
  },
  listAudit: {
    gate: 'admins',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({ query: { size: 10 } }),
  },
  auditEntities: { gate: 'admins', visibility: 'shared', scopes: NONE, request: async () => ({}) },
};
