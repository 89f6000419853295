// The file exchange's records as the server answers them (shared-api contract/exchange-schemas.ts), for the admin
// pages' tests: every field, overridable.
import type { Counterpart, ExternalServer, FileEntry, ImportRun, Mapping, UnmappedCode } from '@patrimonio/shared-api';

export const serverFixture = (id: number, over: Partial<ExternalServer> = {}): ExternalServer => ({
  id,
  name: `Server ${id}`,
  protocol: 'SFTP',
  host: 'sftp.banca.it',
  port: 22,
  username: 'patrimonio',
  folder: '/out',
  filePattern: '*.cbi',
  schedule: '0 6 * * *',
  enabled: true,
  hasPassword: true,
  hasPrivateKey: false,
  lastFetchAt: '2026-11-20T05:00:00Z',
  lastFetchOk: true,
  lastFetchMessage: '2 files received',
  ...over,
});

export const counterpartFixture = (id: number, over: Partial<Counterpart> = {}): Counterpart => ({
  id,
  name: `Banca ${id}`,
  abi: '03069',
  intermediaryId: 5,
  intermediaryName: 'Intesa Sanpaolo',
  serverId: 1,
  serverName: 'SFTP Intesa',
  folder: null,
  formats: [{ format: 'CBI', filePattern: '*.cbi', layout: null }],
  lastFileAt: '2026-11-20T05:01:00Z',
  ...over,
});

export const runFixture = (id: number, over: Partial<ImportRun> = {}): ImportRun => ({
  id,
  fileId: 100 + id,
  fileName: `MOV_${id}.cbi`,
  counterpartId: 1,
  counterpartName: 'Banca 1',
  format: 'CBI',
  status: 'DONE',
  createdAt: '2026-11-20T05:01:00Z',
  startedAt: '2026-11-20T05:01:02Z',
  endedAt: '2026-11-20T05:01:05Z',
  rowsRead: 12,
  rowsStored: 3,
  rowsPending: 8,
  rowsRejected: 1,
  errors: [],
  unmapped: [],
  requestedBy: null,
  ...over,
});

export const fileFixture = (id: number, over: Partial<FileEntry> = {}): FileEntry => ({
  id,
  serverId: 1,
  serverName: 'SFTP Intesa',
  counterpartId: 1,
  counterpartName: 'Banca 1',
  name: `MOV_${id}.cbi`,
  size: 2048,
  sha256: `${String(id).padStart(4, '0')}${'ab'.repeat(30)}`,
  receivedAt: '2026-11-20T05:00:30Z',
  status: 'IMPORTED',
  format: 'CBI',
  lastRunId: id,
  ...over,
});

export const mappingFixture = (id: number, over: Partial<Mapping> = {}): Mapping => ({
  id,
  counterpartId: 1,
  kind: 'CAUSE',
  code: '26',
  direction: 'ANY',
  cause: 'WITHDRAWAL',
  subcause: null,
  instrumentId: null,
  accountId: null,
  target: 'WITHDRAWAL',
  updatedAt: '2026-11-19T10:00:00Z',
  ...over,
});

export const unmappedFixture = (over: Partial<UnmappedCode> = {}): UnmappedCode => ({
  counterpartId: 1,
  counterpartName: 'Banca 1',
  kind: 'CAUSE',
  code: '48',
  direction: 'CREDIT',
  rows: 3,
  example: 'BONIFICO A VOSTRO FAVORE',
  runIds: [7],
  ...over,
});
