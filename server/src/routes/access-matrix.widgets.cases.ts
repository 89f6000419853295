// The access matrix's cases for widget tokens (contract/widgets.ts, issue 20), one per authenticated route, spread into
// CASES (access-matrix.cases.ts). A PRO issues, lists, revokes and re-issues tokens for its own clients and families:
// the 'advisers' gate (DELEGATE, BASIC, BACK_OFFICE and ADMIN 403; an ADMIN impersonating a PRO is that PRO). A token
// is the data of its PRO's tenant: another PRO's client, family or token answers 404. The widget data API
// (widgetData) is public in the contract and authenticates its own widget token: widgets.test.ts covers it, and the
// matrix leaves it out (access-matrix.test.ts, OUTSIDE_ROUTES). Each cell works on a fresh client, family or token.
import { expect } from 'vitest';
import type { Ctx, RouteCase } from './access-matrix.cases.ts';

const OWNED = ['own', 'foreign'] as const;
const pros = { gate: 'advisers', scopes: OWNED } as const;

const body = (c: Ctx) => ({
  label: c.fx.name('Sito Matrice'),
  widgets: ['wealth-total'],
  origins: ['https://matrice.example'],
  expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
});

/** A live token of the tenant's PRO for a fresh client of the tenant (written straight, as test data). */
const freshToken = async (c: Ctx) => {
  const clientId = await c.fx.newClient(c.tenant);
  const n = c.fx.seq();
  const tokenId = await c.fx.insertId(
    `insert into widget_tokens (issuer_id, client_id, label, widgets, origins, expires_on, token_hash, hint)
     values ($1, $2, $3, '{wealth-total}', '{https://matrice.example}', current_date + 30,
             sha256(convert_to($3, 'UTF8')), 'ptw_Matr…' || $4) returning id`,
    [c.fx.users[c.tenant], clientId, `Token Matrice ${n}`, String(n).padStart(4, '0').slice(-4)],
  );
  return { tokenId, clientId };
};

export const WIDGET_CASES = {
  listClientWidgetTokens: {
    ...pros,
    visibility: 'tenant',
    request: async (c) => {
      const { tokenId, clientId } = await freshToken(c);
      return {
        params: { id: clientId },
        verify: (res) => expect((res as { item: { id: number }[] }).item.map((t) => t.id)).toEqual([tokenId]),
      };
    },
  },
  issueClientWidgetToken: {
    ...pros,
    visibility: 'tenant',
    request: async (c) => ({
      params: { id: await c.fx.newClient(c.tenant) },
      body: body(c),
      verify: (res) => expect(res).toMatchObject({ token: expect.stringMatching(/^ptw_/), item: { state: 'active' } }),
    }),
  },
  listFamilyWidgetTokens: {
    ...pros,
    visibility: 'family',
    request: async (c) => ({
      params: { id: (await c.fx.family(c.tenant)).id },
      verify: (res) => expect(res).toEqual({ item: [] }),
    }),
  },
  issueFamilyWidgetToken: {
    ...pros,
    visibility: 'family',
    request: async (c) => ({
      params: { id: (await c.fx.family(c.tenant)).id },
      body: body(c),
      verify: (res) => expect(res).toMatchObject({ item: { state: 'active', clientId: null } }),
    }),
  },
  revokeWidgetToken: {
    ...pros,
    visibility: 'tenant',
    request: async (c) => ({
      params: { tokenId: (await freshToken(c)).tokenId },
      verify: (res) => expect(res).toMatchObject({ state: 'revoked' }),
    }),
  },
  reissueWidgetToken: {
    ...pros,
    visibility: 'tenant',
    request: async (c) => ({
      params: { tokenId: (await freshToken(c)).tokenId },
      verify: (res) => expect(res).toMatchObject({ item: { state: 'active' } }),
    }),
  },
} satisfies Record<string, RouteCase>;
