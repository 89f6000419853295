// The access matrix's cases for the bank file exchange (contract/exchange.ts), one per route, spread into CASES
// (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 17.
//
// Who (spec portal-and-report 2, access/exchange.ts): servers, their checks and fetches, gate 'admins' (ADMIN only);
// counterparts, mapping, the file log and import activity, gate 'fileExchange' (ADMIN and BACK_OFFICE). Every other
// role 403. The file exchange is the platform's, not a tenant's: its rows are 'shared' (no tenant's id in them).
import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import type { Ctx, RouteCase } from './access-matrix.cases.ts';

const NONE = ['none'] as const;

/** A LOCAL server of its own (a folder that does not exist: its check and fetch answer ok false, status 200). */
const server = (c: Ctx) =>
  c.fx.insertId(
    `insert into external_servers (name, protocol, folder, file_pattern, enabled) values ($1, 'LOCAL', $2, '*', true)
     returning id`,
    [c.fx.name('Server Matrice'), c.fx.name('cartella-matrice').replace(/\s/g, '-')],
  );

const counterpart = (c: Ctx) =>
  c.fx.insertId(`insert into counterparts (name, formats) values ($1, '[]') returning id`, [
    c.fx.name('Controparte Matrice'),
  ]);

const mapping = async (c: Ctx) =>
  c.fx.insertId(
    `insert into exchange_mappings (counterpart_id, kind, code, direction, cause) values ($1, 'CAUSE', '48', 'CREDIT',
     'DEPOSIT') returning id`,
    [await counterpart(c)],
  );

/** A received file of its own (no counterpart) and, when asked, an ended run of it. */
async function file(c: Ctx): Promise<number> {
  const name = `${c.fx.name('matrice').replace(/\s/g, '-')}.cbi`;
  return c.fx.insertId(
    `insert into exchange_files (name, size, sha256, content, status) values ($1, 3, $2, 'abc'::bytea, 'FAILED')
     returning id`,
    [name, 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  );
}

const endedRun = async (c: Ctx) =>
  c.fx.insertId(`insert into import_runs (file_id, status, ended_at) values ($1, 'FAILED', now()) returning id`, [
    await file(c),
  ]);

const serverBody = (c: Ctx) => ({
  name: c.fx.name('Server Matrice'),
  protocol: 'SFTP',
  host: 'sftp.banca.example',
  port: 22,
  username: 'patrimonio',
  folder: '/outgoing',
  filePattern: '*.cbi',
  schedule: '0 6 * * 1-5',
  enabled: false,
  password: 'segreto',
});

const counterpartBody = (c: Ctx) => ({
  name: c.fx.name('Controparte Matrice'),
  abi: '03069',
  intermediaryId: c.fx.fi,
  serverId: null,
  folder: null,
  formats: [{ format: 'CBI', filePattern: '*.cbi', layout: null }],
});

const mappingBody = async (c: Ctx) => ({
  counterpartId: await counterpart(c),
  kind: 'CAUSE',
  code: '26',
  direction: 'DEBIT',
  cause: 'WITHDRAWAL',
  subcause: null,
  instrumentId: null,
  accountId: null,
});

const admins = { gate: 'admins', visibility: 'shared', scopes: NONE } as const;
const exchange = { gate: 'fileExchange', visibility: 'shared', scopes: NONE } as const;

export const EXCHANGE_CASES: Partial<Record<RouteName, RouteCase>> = {
  adminDashboard: {
    ...admins,
    request: async () => ({ verify: (body) => expect((body as { perDay: unknown[] }).perDay).toHaveLength(30) }),
  },
  listServers: {
    ...admins,
    request: async (c) => {
      const id = await server(c);
      return {
        verify: (body) => {
          const row = (body as Array<Record<string, unknown>>).find((s) => s.id === id);
          expect(row).toMatchObject({ protocol: 'LOCAL', hasPassword: false });
          expect(row).not.toHaveProperty('password');
        },
      };
    },
  },
  serverNames: { ...exchange, request: async () => ({}) },
  getServer: { ...admins, request: async (c) => ({ params: { id: await server(c) } }) },
  createServer: {
    ...admins,
    request: async (c) => ({
      body: serverBody(c),
      verify: (body) => {
        expect(body).toMatchObject({ protocol: 'SFTP', hasPassword: true, hasPrivateKey: false });
        expect(JSON.stringify(body)).not.toContain('segreto');
      },
    }),
  },
  updateServer: { ...admins, request: async (c) => ({ params: { id: await server(c) }, body: serverBody(c) }) },
  deleteServer: { ...admins, request: async (c) => ({ params: { id: await server(c) } }) },
  checkServer: {
    ...admins,
    request: async (c) => ({
      params: { id: await server(c) },
      verify: (body) => expect(body).toMatchObject({ ok: false, message: 'folder or file not found' }),
    }),
  },
  fetchServer: {
    ...admins,
    request: async (c) => ({
      params: { id: await server(c) },
      verify: (body) => expect(body).toMatchObject({ ok: false, received: 0 }),
    }),
  },
  listCounterparts: { ...exchange, request: async () => ({}) },
  getCounterpart: { ...exchange, request: async (c) => ({ params: { id: await counterpart(c) } }) },
  createCounterpart: { ...exchange, request: async (c) => ({ body: counterpartBody(c) }) },
  updateCounterpart: {
    ...exchange,
    request: async (c) => ({ params: { id: await counterpart(c) }, body: counterpartBody(c) }),
  },
  deleteCounterpart: { ...exchange, request: async (c) => ({ params: { id: await counterpart(c) } }) },
  listMappings: { ...exchange, request: async () => ({ query: { kind: 'CAUSE' } }) },
  unmappedCodes: { ...exchange, request: async () => ({}) },
  createMapping: { ...exchange, request: async (c) => ({ body: await mappingBody(c) }) },
  updateMapping: {
    ...exchange,
    request: async (c) => ({ params: { id: await mapping(c) }, body: await mappingBody(c) }),
  },
  deleteMapping: { ...exchange, request: async (c) => ({ params: { id: await mapping(c) } }) },
  listFiles: { ...exchange, request: async () => ({ query: { status: 'FAILED' } }) },
  reloadFile: { ...exchange, writes: true, request: async (c) => ({ params: { id: await file(c) } }) },
  downloadFile: { ...exchange, request: async (c) => ({ params: { id: await file(c) } }) },
  listRuns: { ...exchange, request: async () => ({}) },
  getRun: { ...exchange, request: async (c) => ({ params: { id: await endedRun(c) } }) },
  reloadRun: { ...exchange, writes: true, request: async (c) => ({ params: { id: await endedRun(c) } }) },
  downloadRun: { ...exchange, request: async (c) => ({ params: { id: await endedRun(c) } }) },
};
