// The access matrix's cases for a PRO's delegates (contract/delegates.ts, issue 19), one per route, spread into CASES
// (access-matrix.cases.ts). Spec portal-and-report 2: "/delegates is PRO only": the 'advisers' gate (every other role
// 403). A delegate is the data of its PRO's tenant: another PRO's delegate answers 404. Each cell gets a fresh
// delegate of the tenant's PRO, so that suspending or removing one touches no other cell.
import { expect } from 'vitest';
import type { Ctx, RouteCase } from './access-matrix.cases.ts';

const OWNED = ['own', 'foreign'] as const;
const pros = { gate: 'advisers', visibility: 'tenant' } as const;

/** A fresh invited delegate (no password yet) of the tenant's PRO. */
const freshDelegate = (c: Ctx) => {
  const n = c.fx.seq();
  return c.fx.insertId(
    `insert into users (login, name, email, role, permissions, pro_id)
     values ($1, $2, $1, 'DELEGATE', '{APPROVE_MOVEMENT}', $3) returning id`,
    [`delegato.matrice${n}@example.it`, `Delegato Matrice ${n}`, c.fx.users[c.tenant]],
  );
};

export const DELEGATE_CASES = {
  listDelegates: {
    ...pros,
    scopes: ['none'],
    request: async (c) => {
      const mine = await freshDelegate(c);
      const other = await freshDelegate({ ...c, tenant: c.tenant === 'pro' ? 'pro2' : 'pro' });
      return {
        verify: (body) => {
          const ids = (body as { item: { id: number }[] }).item.map((d) => d.id);
          expect(ids).toContain(mine);
          expect(ids).not.toContain(other);
        },
      };
    },
  },
  inviteDelegate: {
    ...pros,
    scopes: ['none'],
    request: async (c) => ({
      body: { name: c.fx.name('Nuovo Delegato'), email: `invito.matrice${c.fx.seq()}@example.it`, permissions: [] },
      verify: (body) => expect(body).toMatchObject({ delegate: { state: 'invited' }, invitation: { sent: true } }),
    }),
  },
  updateDelegate: {
    ...pros,
    scopes: OWNED,
    request: async (c) => ({
      params: { id: await freshDelegate(c) },
      body: { permissions: ['MANAGE_CONTROL'], active: false },
      verify: (body) => expect(body).toMatchObject({ permissions: ['MANAGE_CONTROL'], state: 'suspended' }),
    }),
  },
  resendDelegateInvite: {
    ...pros,
    scopes: OWNED,
    request: async (c) => ({
      params: { id: await freshDelegate(c) },
      verify: (body) => expect(body).toMatchObject({ sent: true }),
    }),
  },
  removeDelegate: {
    ...pros,
    scopes: OWNED,
    request: async (c) => {
      const id = await freshDelegate(c);
      return { params: { id }, verify: (body) => expect(body).toEqual({ id }) };
    },
  },
} satisfies Record<string, RouteCase>;
