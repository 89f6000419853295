// The bank file exchange (issue 17; spec data-and-admin 7 "Admin (sent to a separate base host)", 8 and 9): external
// servers (ADMIN only), counterparts and their formats, the mapping of the banks' codes, the file log and import
// activity (ADMIN and BACK_OFFICE). Every other role: 403. Ids of rows that do not exist answer 404.
import { Type } from 'typebox';
import { ErrorBody, Id, IdParams } from '../schemas.ts';
import {
  AdminDashboard,
  Counterpart,
  CounterpartInput,
  ExternalServer,
  FetchResult,
  FileBinary,
  FilePage,
  FileQuery,
  ImportRun,
  Mapping,
  MappingInput,
  MappingPage,
  MappingQuery,
  RunPage,
  RunQuery,
  ServerCheck,
  ServerInput,
  ServerName,
  UnmappedCode,
} from './exchange-schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

const withConflict = { ...errors, 409: ErrorBody } as const;
const tags = ['file exchange'];
/** Sent to the admin base address (the portal's configuration; the same server by default). */
const admin = { auth: true, adminHost: true, tags } as const;
const Deleted = Type.Object({ id: Id });

export const exchangeRoutes = {
  adminDashboard: {
    method: 'GET',
    url: '/api/v1/admin/dashboard',
    summary:
      "The admin's home (/caronte-panel): failed fetches and imports, runs waiting for mapping, pending movements, controls with differences, trials ending, files and rows imported per day (ADMIN)",
    ...admin,
    response: { 200: AdminDashboard, ...errors },
  },
  // ---- External servers: ADMIN ----
  listServers: {
    method: 'GET',
    url: '/api/v1/external-server',
    summary: 'The external servers, without their secrets (ADMIN)',
    ...admin,
    response: { 200: Type.Array(ExternalServer), ...errors },
  },
  serverNames: {
    method: 'GET',
    url: '/api/v1/external-server/names',
    summary: "The servers' ids and names, for the counterpart form (ADMIN, BACK_OFFICE)",
    ...admin,
    response: { 200: Type.Array(ServerName), ...errors },
  },
  getServer: {
    method: 'GET',
    url: '/api/v1/external-server/:id',
    summary: 'One external server, without its secrets (ADMIN)',
    ...admin,
    params: IdParams,
    response: { 200: ExternalServer, ...errors },
  },
  createServer: {
    method: 'POST',
    url: '/api/v1/external-server',
    summary: 'Add an external server; its secrets are encrypted at rest (ADMIN)',
    ...admin,
    body: ServerInput,
    response: { 200: ExternalServer, ...errors },
  },
  updateServer: {
    method: 'PUT',
    url: '/api/v1/external-server/:id',
    summary: 'Edit a server: an absent secret is kept, null removes it (ADMIN); its schedule follows',
    ...admin,
    params: IdParams,
    body: ServerInput,
    response: { 200: ExternalServer, ...errors },
  },
  deleteServer: {
    method: 'DELETE',
    url: '/api/v1/external-server/:id',
    summary: 'Delete a server (409 server_in_use while a counterpart names it) (ADMIN)',
    ...admin,
    params: IdParams,
    response: { 200: Deleted, ...withConflict },
  },
  checkServer: {
    method: 'GET',
    url: '/api/v1/external-server/:id/check',
    summary: "Connect and list the server's folder: what it saw, or why it failed (ok false) (ADMIN)",
    ...admin,
    params: IdParams,
    response: { 200: ServerCheck, ...errors },
  },
  fetchServer: {
    method: 'POST',
    url: '/api/v1/external-server/:id/fetch',
    summary: 'Fetch now: new files (by name and SHA-256) are recorded in the file log and queued for import (ADMIN)',
    ...admin,
    params: IdParams,
    response: { 200: FetchResult, ...errors },
  },

  // ---- Counterparts: ADMIN, BACK_OFFICE ----
  listCounterparts: {
    method: 'GET',
    url: '/api/v1/counterpart',
    summary: 'The counterparts (banks and custodians) with their formats',
    ...admin,
    response: { 200: Type.Array(Counterpart), ...errors },
  },
  getCounterpart: {
    method: 'GET',
    url: '/api/v1/counterpart/:id',
    summary: 'One counterpart',
    ...admin,
    params: IdParams,
    response: { 200: Counterpart, ...errors },
  },
  createCounterpart: {
    method: 'POST',
    url: '/api/v1/counterpart',
    summary: 'Add a counterpart',
    ...admin,
    body: CounterpartInput,
    response: { 200: Counterpart, ...errors },
  },
  updateCounterpart: {
    method: 'PUT',
    url: '/api/v1/counterpart/:id',
    summary: 'Edit a counterpart',
    ...admin,
    params: IdParams,
    body: CounterpartInput,
    response: { 200: Counterpart, ...errors },
  },
  deleteCounterpart: {
    method: 'DELETE',
    url: '/api/v1/counterpart/:id',
    summary: 'Delete a counterpart (409 counterpart_in_use once files of it were received)',
    ...admin,
    params: IdParams,
    response: { 200: Deleted, ...withConflict },
  },

  // ---- Mapping: ADMIN, BACK_OFFICE ----
  listMappings: {
    method: 'GET',
    url: '/api/v1/mapping',
    summary: "The counterparts' mapping of transaction codes, instrument codes and account identifiers",
    ...admin,
    querystring: MappingQuery,
    response: { 200: MappingPage, ...errors },
  },
  unmappedCodes: {
    method: 'GET',
    url: '/api/v1/mapping/unmapped',
    summary: 'The codes that keep runs waiting in TO_MAP, with their rows and runs',
    ...admin,
    response: { 200: Type.Array(UnmappedCode), ...errors },
  },
  createMapping: {
    method: 'POST',
    url: '/api/v1/mapping',
    summary: 'Map a code (409 mapping_exists for the same counterpart, kind, code and direction)',
    ...admin,
    body: MappingInput,
    response: { 200: Mapping, ...withConflict },
  },
  updateMapping: {
    method: 'PUT',
    url: '/api/v1/mapping/:id',
    summary: 'Edit a mapping',
    ...admin,
    params: IdParams,
    body: MappingInput,
    response: { 200: Mapping, ...withConflict },
  },
  deleteMapping: {
    method: 'DELETE',
    url: '/api/v1/mapping/:id',
    summary: 'Delete a mapping',
    ...admin,
    params: IdParams,
    response: { 200: Deleted, ...errors },
  },

  // ---- File log: ADMIN, BACK_OFFICE ----
  listFiles: {
    method: 'GET',
    url: '/api/v1/log',
    summary: 'Every file received: server, name, size, SHA-256, time, status',
    ...admin,
    querystring: FileQuery,
    response: { 200: FilePage, ...errors },
  },
  reloadFile: {
    method: 'GET',
    url: '/api/v1/log/:id/reload',
    summary:
      "Import the file again: a new run is queued (409 run_busy while one of the file's runs is queued or running)",
    ...admin,
    params: IdParams,
    response: { 200: ImportRun, ...withConflict },
  },
  downloadFile: {
    method: 'GET',
    url: '/api/v1/log/:id/download',
    summary: 'The file as received (binary; its name in Content-Disposition)',
    ...admin,
    params: IdParams,
    response: { 200: FileBinary, ...errors },
  },

  // ---- Import activity: ADMIN, BACK_OFFICE ----
  listRuns: {
    method: 'GET',
    url: '/api/v1/log-imported',
    summary: 'One row per import run, newest first (createdAt desc)',
    ...admin,
    querystring: RunQuery,
    response: { 200: RunPage, ...errors },
  },
  getRun: {
    method: 'GET',
    url: '/api/v1/log-imported/:id',
    summary: 'One import run with its first errors and the codes it could not map',
    ...admin,
    params: IdParams,
    response: { 200: ImportRun, ...errors },
  },
  reloadRun: {
    method: 'GET',
    url: '/api/v1/log-imported/:id/reload',
    summary: "Run the run's file again (409 run_busy while one of the file's runs is queued or running)",
    ...admin,
    params: IdParams,
    response: { 200: ImportRun, ...withConflict },
  },
  downloadRun: {
    method: 'GET',
    url: '/api/v1/log-imported/:id/download',
    summary: "The run's original file (binary; its name in Content-Disposition)",
    ...admin,
    params: IdParams,
    response: { 200: FileBinary, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
