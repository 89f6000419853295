// SQL of the bank file exchange (issue 17): servers, counterparts, mapping, received files and import runs.
import type {
  Counterpart,
  CounterpartFormat,
  CounterpartInput,
  ExternalServer,
  FileEntry,
  ImportRun,
  Mapping,
  MappingInput,
  ServerInput,
} from '@patrimonio/shared-api';
import type { Queryable } from '../db/database.ts';
import { isoDate, Params, selectPage } from './sql.ts';

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

// ---- Servers ----

export interface ServerRow {
  id: number;
  name: string;
  protocol: 'LOCAL' | 'SFTP';
  host: string | null;
  port: number | null;
  username: string | null;
  passwordEnc: string | null;
  privateKeyEnc: string | null;
  folder: string;
  filePattern: string;
  schedule: string | null;
  enabled: boolean;
}

const SERVER_COLUMNS = `id, name, protocol, host, port, username, password_enc, private_key_enc, folder, file_pattern,
  schedule, enabled, last_fetch_at, last_fetch_ok, last_fetch_message`;

type RawServer = Record<string, unknown>;

function toServerRow(r: RawServer): ServerRow {
  return {
    id: Number(r.id),
    name: String(r.name),
    protocol: r.protocol as ServerRow['protocol'],
    host: (r.host as string | null) ?? null,
    port: r.port === null ? null : Number(r.port),
    username: (r.username as string | null) ?? null,
    passwordEnc: (r.password_enc as string | null) ?? null,
    privateKeyEnc: (r.private_key_enc as string | null) ?? null,
    folder: String(r.folder),
    filePattern: String(r.file_pattern),
    schedule: (r.schedule as string | null) ?? null,
    enabled: Boolean(r.enabled),
  };
}

/** A server as the browser sees it: no secret, only whether there is one. */
function toServer(r: RawServer): ExternalServer {
  const s = toServerRow(r);
  return {
    id: s.id,
    name: s.name,
    protocol: s.protocol,
    host: s.host,
    port: s.port,
    username: s.username,
    folder: s.folder,
    filePattern: s.filePattern,
    schedule: s.schedule,
    enabled: s.enabled,
    hasPassword: s.passwordEnc !== null,
    hasPrivateKey: s.privateKeyEnc !== null,
    lastFetchAt: iso(r.last_fetch_at),
    lastFetchOk: (r.last_fetch_ok as boolean | null) ?? null,
    lastFetchMessage: (r.last_fetch_message as string | null) ?? null,
  };
}

export async function listServers(db: Queryable): Promise<ExternalServer[]> {
  const { rows } = await db.query<RawServer>(`select ${SERVER_COLUMNS} from external_servers order by lower(name)`);
  return rows.map(toServer);
}

export async function serverNames(db: Queryable) {
  const { rows } = await db.query<{ id: number; name: string; protocol: 'LOCAL' | 'SFTP' }>(
    'select id, name, protocol from external_servers order by lower(name)',
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, protocol: r.protocol }));
}

export async function findServer(db: Queryable, id: number): Promise<ExternalServer | null> {
  const { rows } = await db.query<RawServer>(`select ${SERVER_COLUMNS} from external_servers where id = $1`, [id]);
  return rows[0] ? toServer(rows[0]) : null;
}

/** The server with its sealed secrets, for connecting. */
export async function serverForConnect(db: Queryable, id: number): Promise<ServerRow | null> {
  const { rows } = await db.query<RawServer>(`select ${SERVER_COLUMNS} from external_servers where id = $1`, [id]);
  return rows[0] ? toServerRow(rows[0]) : null;
}

/** The enabled servers with a schedule. */
export async function scheduledServers(db: Queryable): Promise<Array<{ id: number; schedule: string }>> {
  const { rows } = await db.query<{ id: number; schedule: string }>(
    'select id, schedule from external_servers where enabled and schedule is not null',
  );
  return rows.map((r) => ({ id: Number(r.id), schedule: r.schedule }));
}

/** Secrets to write: undefined keeps the stored one, null removes it, a sealed string replaces it. */
export interface SealedSecrets {
  passwordEnc: string | null | undefined;
  privateKeyEnc: string | null | undefined;
}

function serverValues(v: ServerInput) {
  const sftp = v.protocol === 'SFTP';
  return [
    v.name.trim(),
    v.protocol,
    sftp ? v.host : null,
    sftp ? (v.port ?? 22) : null,
    sftp ? v.username : null,
    v.folder,
    v.filePattern,
    v.schedule,
    v.enabled,
  ];
}

export async function insertServer(tx: Queryable, v: ServerInput, s: SealedSecrets): Promise<ExternalServer> {
  const { rows } = await tx.query<RawServer>(
    `insert into external_servers (name, protocol, host, port, username, folder, file_pattern, schedule, enabled,
        password_enc, private_key_enc)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${SERVER_COLUMNS}`,
    [...serverValues(v), s.passwordEnc ?? null, s.privateKeyEnc ?? null],
  );
  return toServer(rows[0]!);
}

export async function updateServer(
  tx: Queryable,
  id: number,
  v: ServerInput,
  s: SealedSecrets,
): Promise<ExternalServer | null> {
  const { rows } = await tx.query<RawServer>(
    `update external_servers set name = $2, protocol = $3, host = $4, port = $5, username = $6, folder = $7,
        file_pattern = $8, schedule = $9, enabled = $10,
        password_enc = case when $11 then $12 else password_enc end,
        private_key_enc = case when $13 then $14 else private_key_enc end,
        updated_at = now()
      where id = $1 returning ${SERVER_COLUMNS}`,
    [
      id,
      ...serverValues(v),
      s.passwordEnc !== undefined,
      s.passwordEnc ?? null,
      s.privateKeyEnc !== undefined,
      s.privateKeyEnc ?? null,
    ],
  );
  return rows[0] ? toServer(rows[0]) : null;
}

export async function deleteServer(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query('delete from external_servers where id = $1 returning id', [id]);
  return rows.length > 0;
}

export async function serverInUse(db: Queryable, id: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from counterparts where server_id = $1', [
    id,
  ]);
  return Number(rows[0]!.n);
}

export async function recordFetch(db: Queryable, id: number, ok: boolean, message: string): Promise<void> {
  await db.query(
    `update external_servers set last_fetch_at = now(), last_fetch_ok = $2, last_fetch_message = $3 where id = $1`,
    [id, ok, message.slice(0, 1000)],
  );
}

// ---- Counterparts ----

const COUNTERPART_SELECT = `select c.id, c.name, c.abi, c.financial_intermediary_id, c.server_id, c.folder, c.formats,
    fi.name as intermediary_name, s.name as server_name,
    (select max(f.received_at) from exchange_files f where f.counterpart_id = c.id) as last_file_at
  from counterparts c
  left join financial_intermediaries fi on fi.id = c.financial_intermediary_id
  left join external_servers s on s.id = c.server_id`;

function toCounterpart(r: Record<string, unknown>): Counterpart {
  return {
    id: Number(r.id),
    name: String(r.name),
    abi: (r.abi as string | null) ?? null,
    intermediaryId: r.financial_intermediary_id === null ? null : Number(r.financial_intermediary_id),
    serverId: r.server_id === null ? null : Number(r.server_id),
    folder: (r.folder as string | null) ?? null,
    formats: (typeof r.formats === 'string' ? JSON.parse(r.formats) : r.formats) as CounterpartFormat[],
    intermediaryName: (r.intermediary_name as string | null) ?? null,
    serverName: (r.server_name as string | null) ?? null,
    lastFileAt: iso(r.last_file_at),
  };
}

export async function listCounterparts(db: Queryable): Promise<Counterpart[]> {
  const { rows } = await db.query<Record<string, unknown>>(`${COUNTERPART_SELECT} order by lower(c.name)`);
  return rows.map(toCounterpart);
}

export async function findCounterpart(db: Queryable, id: number): Promise<Counterpart | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${COUNTERPART_SELECT} where c.id = $1`, [id]);
  return rows[0] ? toCounterpart(rows[0]) : null;
}

/** The counterparts whose files come from a server. */
export async function counterpartsOfServer(db: Queryable, serverId: number): Promise<Counterpart[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `${COUNTERPART_SELECT} where c.server_id = $1 order by c.id`,
    [serverId],
  );
  return rows.map(toCounterpart);
}

const counterpartValues = (v: CounterpartInput) => [
  v.name.trim(),
  v.abi,
  v.intermediaryId,
  v.serverId,
  v.folder,
  JSON.stringify(v.formats),
];

export async function insertCounterpart(tx: Queryable, v: CounterpartInput): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into counterparts (name, abi, financial_intermediary_id, server_id, folder, formats)
     values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
    counterpartValues(v),
  );
  return Number(rows[0]!.id);
}

export async function updateCounterpart(tx: Queryable, id: number, v: CounterpartInput): Promise<boolean> {
  const { rows } = await tx.query(
    `update counterparts set name = $2, abi = $3, financial_intermediary_id = $4, server_id = $5, folder = $6,
        formats = $7::jsonb, updated_at = now()
      where id = $1 returning id`,
    [id, ...counterpartValues(v)],
  );
  return rows.length > 0;
}

export async function counterpartFiles(db: Queryable, id: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from exchange_files where counterpart_id = $1',
    [id],
  );
  return Number(rows[0]!.n);
}

export async function deleteCounterpart(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query('delete from counterparts where id = $1 returning id', [id]);
  return rows.length > 0;
}

/** Whether the ids exist (an intermediary, a server), for 400s naming the field. */
export async function exists(
  db: Queryable,
  table: 'financial_intermediaries' | 'external_servers' | 'counterparts' | 'instruments' | 'accounts',
  id: number,
) {
  const { rows } = await db.query(`select 1 from ${table} where id = $1`, [id]);
  return rows.length > 0;
}

// ---- Mapping ----

const MAPPING_SELECT = `select m.id, m.counterpart_id, m.kind, m.code, m.direction, m.cause, m.subcause, m.instrument_id,
    m.account_id, m.updated_at,
    case m.kind
      when 'CAUSE' then m.cause || coalesce(' / ' || m.subcause, '')
      when 'INSTRUMENT' then i.name || coalesce(' (' || i.isin || ')', '')
      else a.name || coalesce(' (' || a.iban || ')', '') || ' - ' || coalesce(cl.name, cl.company_name, trim(coalesce(cl.first_name, '') || ' ' || coalesce(cl.last_name, '')))
    end as target
  from exchange_mappings m
  left join instruments i on i.id = m.instrument_id
  left join accounts a on a.id = m.account_id
  left join clients cl on cl.id = a.client_id`;

function toMapping(r: Record<string, unknown>): Mapping {
  return {
    id: Number(r.id),
    counterpartId: Number(r.counterpart_id),
    kind: r.kind as Mapping['kind'],
    code: String(r.code),
    direction: r.direction as Mapping['direction'],
    cause: (r.cause as Mapping['cause']) ?? null,
    subcause: (r.subcause as Mapping['subcause']) ?? null,
    instrumentId: r.instrument_id === null ? null : Number(r.instrument_id),
    accountId: r.account_id === null ? null : Number(r.account_id),
    target: String(r.target ?? ''),
    updatedAt: iso(r.updated_at)!,
  };
}

export async function listMappings(
  db: Queryable,
  q: { counterpartId?: number; kind?: string; page?: number; size?: number },
): Promise<{ item: Mapping[]; total: number; page: number; size: number }> {
  const p = new Params();
  const where: string[] = [];
  if (q.counterpartId !== undefined) where.push(`m.counterpart_id = ${p.add(q.counterpartId)}`);
  if (q.kind !== undefined) where.push(`m.kind = ${p.add(q.kind)}`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  return selectPage(
    db,
    {
      select: MAPPING_SELECT,
      from: 'exchange_mappings m',
      filter,
      orderBy: 'm.counterpart_id, m.kind, m.code, m.direction',
      values: p.values,
    },
    q,
    toMapping,
  );
}

export async function findMapping(db: Queryable, id: number): Promise<Mapping | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${MAPPING_SELECT} where m.id = $1`, [id]);
  return rows[0] ? toMapping(rows[0]) : null;
}

const mappingValues = (v: MappingInput) => [
  v.counterpartId,
  v.kind,
  v.code.trim(),
  v.kind === 'CAUSE' ? v.direction : 'ANY',
  v.kind === 'CAUSE' ? v.cause : null,
  v.kind === 'CAUSE' && v.cause === 'FEE' ? (v.subcause ?? null) : null,
  v.kind === 'INSTRUMENT' ? v.instrumentId : null,
  v.kind === 'ACCOUNT' ? v.accountId : null,
];

export async function insertMapping(tx: Queryable, userId: number | null, v: MappingInput): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into exchange_mappings (counterpart_id, kind, code, direction, cause, subcause, instrument_id, account_id,
        updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [...mappingValues(v), userId],
  );
  return Number(rows[0]!.id);
}

export async function updateMapping(tx: Queryable, id: number, userId: number | null, v: MappingInput) {
  const { rows } = await tx.query(
    `update exchange_mappings set counterpart_id = $2, kind = $3, code = $4, direction = $5, cause = $6, subcause = $7,
        instrument_id = $8, account_id = $9, updated_by = $10, updated_at = now()
      where id = $1 returning id`,
    [id, ...mappingValues(v), userId],
  );
  return rows.length > 0;
}

export async function deleteMapping(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query('delete from exchange_mappings where id = $1 returning id', [id]);
  return rows.length > 0;
}

/** A counterpart's whole mapping, for an import run. */
export async function mappingsOf(db: Queryable, counterpartId: number) {
  const { rows } = await db.query<{
    kind: string;
    code: string;
    direction: string;
    cause: string | null;
    subcause: string | null;
    instrument_id: number | null;
    account_id: number | null;
  }>(
    `select kind, code, direction, cause, subcause, instrument_id, account_id from exchange_mappings
      where counterpart_id = $1`,
    [counterpartId],
  );
  return rows.map((r) => ({
    kind: r.kind,
    code: r.code,
    direction: r.direction,
    cause: r.cause,
    subcause: r.subcause,
    instrumentId: r.instrument_id === null ? null : Number(r.instrument_id),
    accountId: r.account_id === null ? null : Number(r.account_id),
  }));
}

// ---- Files and runs ----

const FILE_SELECT = `select f.id, f.server_id, s.name as server_name, f.counterpart_id, c.name as counterpart_name, f.name,
    f.size, f.sha256, f.received_at, f.status, f.format,
    (select max(r.id) from import_runs r where r.file_id = f.id) as last_run_id
  from exchange_files f
  left join external_servers s on s.id = f.server_id
  left join counterparts c on c.id = f.counterpart_id`;

function toFile(r: Record<string, unknown>): FileEntry {
  return {
    id: Number(r.id),
    serverId: r.server_id === null ? null : Number(r.server_id),
    serverName: (r.server_name as string | null) ?? null,
    counterpartId: r.counterpart_id === null ? null : Number(r.counterpart_id),
    counterpartName: (r.counterpart_name as string | null) ?? null,
    name: String(r.name),
    size: Number(r.size),
    sha256: String(r.sha256),
    receivedAt: iso(r.received_at)!,
    status: r.status as FileEntry['status'],
    format: (r.format as FileEntry['format']) ?? null,
    lastRunId: r.last_run_id === null ? null : Number(r.last_run_id),
  };
}

function dateRange(p: Params, column: string, q: { from?: string; to?: string }): string[] {
  const where: string[] = [];
  if (q.from) where.push(`${column} >= ${p.add(q.from)}::date`);
  if (q.to) where.push(`${column} < ${p.add(q.to)}::date + 1`);
  return where;
}

export async function listFiles(
  db: Queryable,
  q: { status?: string; serverId?: number; from?: string; to?: string; page?: number; size?: number },
) {
  const p = new Params();
  const where = dateRange(p, 'f.received_at', q);
  if (q.status) where.push(`f.status = ${p.add(q.status)}`);
  if (q.serverId !== undefined) where.push(`f.server_id = ${p.add(q.serverId)}`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const list = { select: FILE_SELECT, from: 'exchange_files f', filter, orderBy: 'f.received_at desc, f.id desc' };
  return selectPage(db, { ...list, values: p.values }, q, toFile);
}

export async function findFile(db: Queryable, id: number): Promise<FileEntry | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${FILE_SELECT} where f.id = $1`, [id]);
  return rows[0] ? toFile(rows[0]) : null;
}

export async function fileContent(db: Queryable, id: number): Promise<{ name: string; content: Buffer } | null> {
  const { rows } = await db.query<{ name: string; content: Uint8Array }>(
    'select name, content from exchange_files where id = $1',
    [id],
  );
  return rows[0] ? { name: rows[0].name, content: Buffer.from(rows[0].content) } : null;
}

/**
 * Records a received file once per (server, name, SHA-256): answers its new id, or null when it was received before.
 */
export async function insertFile(
  tx: Queryable,
  f: {
    serverId: number | null;
    counterpartId: number | null;
    name: string;
    sha256: string;
    content: Buffer;
    format: string | null;
    status: string;
    /** The server's modification time of the file, when it said. */
    modifiedAt: string | null;
  },
): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into exchange_files
       (server_id, counterpart_id, name, size, sha256, content, format, status, remote_modified_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (coalesce(server_id, 0), name, sha256) do nothing returning id`,
    [f.serverId, f.counterpartId, f.name, f.content.length, f.sha256, f.content, f.format, f.status, f.modifiedAt],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * What a server gave before as its listing says it (name, size, modification time), one key per file (listedKey): a
 * file listed so again is unchanged and not downloaded again. Files whose time is unknown are left out.
 */
export async function listedBefore(db: Queryable, serverId: number): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string; size: number; at: Date | string }>(
    `select name, size, remote_modified_at as at from exchange_files
      where coalesce(server_id, 0) = $1 and remote_modified_at is not null`,
    [serverId],
  );
  return new Set(
    rows
      .map((r) => listedKey({ name: r.name, size: Number(r.size), modifiedAt: new Date(r.at).toISOString() }))
      .filter((key): key is string => key !== null),
  );
}

/** A listed file's key in listedBefore: name, size and time (ISO, UTC); null when the time is unknown. */
export function listedKey(f: { name: string; size: number; modifiedAt: string | null }): string | null {
  return f.modifiedAt === null ? null : JSON.stringify([f.name, f.size, new Date(f.modifiedAt).toISOString()]);
}

/**
 * Whether the server already gave a file of this name and content; if so, its modification time is recorded as the
 * one now listed (a file touched but not changed is then not downloaded at the next fetch).
 */
export async function fileKnown(
  db: Queryable,
  serverId: number,
  f: { name: string; sha256: string; modifiedAt: string | null },
): Promise<boolean> {
  const { rows } = await db.query(
    `update exchange_files set remote_modified_at = coalesce($4::timestamptz, remote_modified_at)
      where coalesce(server_id, 0) = $1 and name = $2 and sha256 = $3 returning id`,
    [serverId, f.name, f.sha256, f.modifiedAt],
  );
  return rows.length > 0;
}

export async function setFileStatus(tx: Queryable, id: number, status: string): Promise<void> {
  await tx.query('update exchange_files set status = $2 where id = $1', [id, status]);
}

const RUN_SELECT = `select r.id, r.file_id, f.name as file_name, r.counterpart_id, c.name as counterpart_name, r.format,
    r.status, r.created_at, r.started_at, r.ended_at, r.rows_read, r.rows_stored, r.rows_pending, r.rows_rejected,
    r.errors, r.unmapped, u.login as requested_by
  from import_runs r
  join exchange_files f on f.id = r.file_id
  left join counterparts c on c.id = r.counterpart_id
  left join users u on u.id = r.requested_by`;

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function toRun(r: Record<string, unknown>): ImportRun {
  return {
    id: Number(r.id),
    fileId: Number(r.file_id),
    fileName: String(r.file_name),
    counterpartId: r.counterpart_id === null ? null : Number(r.counterpart_id),
    counterpartName: (r.counterpart_name as string | null) ?? null,
    format: (r.format as ImportRun['format']) ?? null,
    status: r.status as ImportRun['status'],
    createdAt: iso(r.created_at)!,
    startedAt: iso(r.started_at),
    endedAt: iso(r.ended_at),
    rowsRead: Number(r.rows_read),
    rowsStored: Number(r.rows_stored),
    rowsPending: Number(r.rows_pending),
    rowsRejected: Number(r.rows_rejected),
    errors: json<ImportRun['errors']>(r.errors),
    unmapped: json<ImportRun['unmapped']>(r.unmapped),
    requestedBy: (r.requested_by as string | null) ?? null,
  };
}

export async function listRuns(
  db: Queryable,
  q: { status?: string; counterpartId?: number; from?: string; to?: string; page?: number; size?: number },
) {
  const p = new Params();
  const where = dateRange(p, 'r.created_at', q);
  if (q.status) where.push(`r.status = ${p.add(q.status)}`);
  if (q.counterpartId !== undefined) where.push(`r.counterpart_id = ${p.add(q.counterpartId)}`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const list = { select: RUN_SELECT, from: 'import_runs r', filter, orderBy: 'r.created_at desc, r.id desc' };
  return selectPage(db, { ...list, values: p.values }, q, toRun);
}

export async function findRun(db: Queryable, id: number): Promise<ImportRun | null> {
  const { rows } = await db.query<Record<string, unknown>>(`${RUN_SELECT} where r.id = $1`, [id]);
  return rows[0] ? toRun(rows[0]) : null;
}

/** A new QUEUED run of a file; throws the unique violation of import_runs_one_active_key when one is active. */
export async function insertRun(
  tx: Queryable,
  fileId: number,
  counterpartId: number | null,
  format: string | null,
  requestedBy: number | null,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into import_runs (file_id, counterpart_id, format, requested_by) values ($1, $2, $3, $4) returning id`,
    [fileId, counterpartId, format, requestedBy],
  );
  return Number(rows[0]!.id);
}

/**
 * Takes a QUEUED run for this transaction: locks its row (a second worker skips it while this one works) and answers
 * the file and counterpart it reads, or null when another worker holds it or it is no longer queued.
 */
export async function takeRun(tx: Queryable, id: number) {
  const { rows } = await tx.query<{
    file_id: number;
    counterpart_id: number | null;
    format: string | null;
    name: string;
    content: Uint8Array;
  }>(
    `select r.file_id, r.counterpart_id, r.format, f.name, f.content
       from import_runs r join exchange_files f on f.id = r.file_id
      where r.id = $1 and r.status in ('QUEUED', 'RUNNING')
      for update of r skip locked`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  await tx.query(`update import_runs set status = 'RUNNING', started_at = now() where id = $1`, [id]);
  return {
    fileId: Number(r.file_id),
    counterpartId: r.counterpart_id === null ? null : Number(r.counterpart_id),
    format: r.format,
    name: r.name,
    content: Buffer.from(r.content),
  };
}

export interface RunOutcome {
  status: 'DONE' | 'TO_MAP' | 'FAILED';
  rowsRead: number;
  rowsStored: number;
  rowsPending: number;
  rowsRejected: number;
  errors: Array<{ line: number | null; message: string }>;
  unmapped: Array<{ kind: string; code: string; direction: string; rows: number; example?: string }>;
}

export async function endRun(tx: Queryable, id: number, o: RunOutcome): Promise<void> {
  await tx.query(
    `update import_runs set status = $2, ended_at = now(), rows_read = $3, rows_stored = $4, rows_pending = $5,
        rows_rejected = $6, errors = $7::jsonb, unmapped = $8::jsonb
      where id = $1`,
    [
      id,
      o.status,
      o.rowsRead,
      o.rowsStored,
      o.rowsPending,
      o.rowsRejected,
      JSON.stringify(o.errors.slice(0, 20)),
      JSON.stringify(o.unmapped),
    ],
  );
}

/** The QUEUED runs (after a restart, or a worker that died: their jobs may be gone with it). */
export async function queuedRuns(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`select id from import_runs where status = 'QUEUED' order by id`);
  return rows.map((r) => Number(r.id));
}

/** The codes that keep runs waiting in TO_MAP (the latest run of each file) and have no mapping yet, grouped. */
export async function unmappedCodes(db: Queryable) {
  const { rows } = await db.query<{
    counterpart_id: number;
    counterpart_name: string;
    kind: string;
    code: string;
    direction: string;
    rows: number;
    example: string | null;
    run_ids: number[];
  }>(
    `with latest as (
       select distinct on (r.file_id) r.* from import_runs r order by r.file_id, r.id desc
     )
     select l.counterpart_id, c.name as counterpart_name, u.kind, u.code, u.direction,
            sum(u.rows)::int as rows, min(u.example) as example, array_agg(l.id order by l.id) as run_ids
       from latest l
       join counterparts c on c.id = l.counterpart_id
       cross join lateral jsonb_to_recordset(l.unmapped) as u(kind text, code text, direction text, rows int, example text)
      where l.status = 'TO_MAP'
        -- A code mapped since the run waits no more (the run is then ready to reload).
        and not exists (
          select 1 from exchange_mappings m
           where m.counterpart_id = l.counterpart_id and m.kind = u.kind and m.code = u.code
             and (m.direction = u.direction or m.direction = 'ANY')
        )
      group by l.counterpart_id, c.name, u.kind, u.code, u.direction
      order by c.name, u.kind, u.code`,
  );
  return rows.map((r) => ({
    counterpartId: Number(r.counterpart_id),
    counterpartName: r.counterpart_name,
    kind: r.kind as Mapping['kind'],
    code: r.code,
    direction: r.direction as Mapping['direction'],
    rows: Number(r.rows),
    example: r.example ?? '',
    runIds: r.run_ids.map(Number),
  }));
}

/**
 * Lines of the file already decided by the middle office (approved or rejected movements of earlier runs of the same
 * file): a reload leaves them as they are and does not import them again. Pending ones of earlier runs are deleted,
 * to be imported afresh.
 */
export async function supersedeEarlierRuns(tx: Queryable, fileId: number): Promise<Set<number>> {
  await tx.query(
    `delete from movements where status = 'PENDING'
        and import_run_id in (select id from import_runs where file_id = $1)`,
    [fileId],
  );
  const { rows } = await tx.query<{ line: number }>(
    `select distinct import_line as line from movements
      where import_run_id in (select id from import_runs where file_id = $1) and import_line is not null`,
    [fileId],
  );
  return new Set(rows.map((r) => Number(r.line)));
}

// ---- The admin's dashboard ----

/** What needs attention today, across the platform (the ADMIN sees everything). */
export async function dashboard(db: Queryable) {
  const { rows: failed } = await db.query<Record<string, unknown>>(
    `select id, name, last_fetch_at, last_fetch_message from external_servers
      where enabled and last_fetch_ok = false order by last_fetch_at desc`,
  );
  const { rows: runs } = await db.query<{ failed: number; to_map: number }>(
    `with latest as (
       select distinct on (r.file_id) r.status, r.created_at from import_runs r order by r.file_id, r.id desc
     )
     select count(*) filter (where status = 'FAILED' and created_at > now() - interval '30 days')::int as failed,
            count(*) filter (where status = 'TO_MAP')::int as to_map
       from latest`,
  );
  const { rows: pending } = await db.query<{ n: number }>(
    `select count(*)::int as n from movements where status = 'PENDING'`,
  );
  const { rows: differences } = await db.query<{ n: number }>(
    `select count(*)::int as n from (
       select distinct on (portfolio_id) status from control_results order by portfolio_id, date desc
     ) latest where status = 'DIFFERENCES'`,
  );
  const { rows: trials } = await db.query<{ id: number; name: string; trial_until: unknown }>(
    `select id, coalesce(name, company_name, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) as name,
            trial_until
       from clients
      where trial and not subscribe and trial_until between current_date - 7 and current_date + 7
      order by trial_until, id`,
  );
  const { rows: days } = await db.query<{ date: string; files: number; rows: number }>(
    `with days as (select d0::date as d from generate_series(current_date - 29, current_date, interval '1 day') g(d0)),
          files as (select received_at::date as d, count(*)::int as n from exchange_files
                     where received_at >= current_date - 29 group by 1),
          stored as (select ended_at::date as d, sum(rows_stored)::int as n from import_runs
                      where status = 'DONE' and ended_at >= current_date - 29 group by 1)
     select to_char(days.d, 'YYYY-MM-DD') as date, coalesce(files.n, 0) as files, coalesce(stored.n, 0) as rows
       from days left join files using (d) left join stored using (d)
      order by days.d`,
  );
  return {
    failedFetches: failed.map((r) => ({
      serverId: Number(r.id),
      serverName: String(r.name),
      at: iso(r.last_fetch_at)!,
      message: String(r.last_fetch_message ?? ''),
    })),
    runsFailed: Number(runs[0]?.failed ?? 0),
    runsToMap: Number(runs[0]?.to_map ?? 0),
    pendingMovements: Number(pending[0]!.n),
    controlsWithDifferences: Number(differences[0]!.n),
    trialsEnding: trials.map((r) => ({
      clientId: Number(r.id),
      name: r.name,
      trialUntil: isoDate(r.trial_until)!,
    })),
    perDay: days.map((r) => ({ date: r.date, files: Number(r.files), rows: Number(r.rows) })),
  };
}
