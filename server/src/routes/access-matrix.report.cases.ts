// The access matrix's cases for the report routes (contract/report.ts), one per route, spread into CASES
// (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 7.
//
// Who may call (routes/report.ts, from portal-and-report 1 and 6):
// - the logo is "of the professional": only a PRO uploads it (gate 'advisers': the dialog hides the upload from a
//   DELEGATE, a BASIC user writes nothing, ADMIN and BACK_OFFICE have no report download);
// - it is read by those who download reports (gate 'reporters': PRO, DELEGATE, BASIC), each the logo its reports
//   carry: a PRO its own, a DELEGATE its PRO's, a BASIC user its adviser's. Neither names an id ('shared', no scope);
// - report settings are "saved on the server" for every role but BASIC ("report options kept locally"): gate
//   'managers', on the clients the caller sees ('tenant': another tenant's client answers 404).

import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import type { Ctx, RouteCase } from './access-matrix.cases.ts';

const OWNED = ['own', 'foreign'] as const;
const NONE = ['none'] as const;

/** A 1x1 PNG as a data URL. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The PRO whose logo the caller's reports carry: the tenant's PRO (the caller itself for a PRO). */
async function logoOfTenantPro(c: Ctx): Promise<void> {
  await c.fx.insertId(
    `insert into report_logos (user_id, logo_stream) values ($1, $2)
     on conflict (user_id) do update set logo_stream = excluded.logo_stream returning user_id as id`,
    [c.fx.users[c.tenant], PNG_DATA_URL],
  );
}

const settings = (body: unknown) => {
  const s = body as { sections: unknown; portfolios: unknown };
  expect(Array.isArray(s.sections) && Array.isArray(s.portfolios)).toBe(true);
};

export const REPORT_CASES: Partial<Record<RouteName, RouteCase>> = {
  getReportLogo: {
    gate: 'reporters',
    visibility: 'shared',
    scopes: NONE,
    request: async (c) => {
      await logoOfTenantPro(c);
      return {};
    },
  },
  saveReportLogo: {
    gate: 'advisers',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({ body: { logoStream: PNG_DATA_URL } }),
  },
  getReportSettings: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ query: { clientId: c.fx.clients[c.tenant] }, verify: settings }),
  },
  saveReportSettings: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const portfolioId = await c.fx.portfolio(c.tenant, false);
      return {
        query: { clientId: c.fx.clients[c.tenant] },
        body: { sections: ['overview', 'financial', 'fees'], portfolios: [portfolioId] },
        verify: (body) =>
          expect(body).toEqual({ sections: ['overview', 'financial', 'fees'], portfolios: [portfolioId] }),
      };
    },
  },
};
