// The file exchange pages' rules, as pure functions with their tests (logic.test.ts): the filters kept in the URL,
// the polling of runs under way, how a server's address, schedule and a file's hash read, and the forms of servers,
// counterparts and mappings to and from the contract's bodies (shared-api contract/exchange-schemas.ts).
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type {
  CounterpartFormat,
  CounterpartInput,
  Counterpart as CounterpartRecord,
  ExternalServer,
  FetchResult,
  Mapping,
  MappingInput,
  ServerInput,
  UnmappedCode,
} from '@patrimonio/shared-api';
import {
  FILE_STATUSES,
  type FileFormat,
  type FileStatus,
  LAYOUT_FIELDS,
  type LayoutKind,
  MAPPING_KINDS,
  type MappingKind,
  RUN_STATUSES,
  type RunStatus,
  type ServerProtocol,
} from '@patrimonio/shared-api/constants';
import cronstrue from 'cronstrue';
import 'cronstrue/locales/it';
import { IMPORT_POLL_MS } from './constants.ts';

// ---- Lists ----

/** Every run, file and mapping at once (the contract's default page size): the tables search and page themselves. */
export const EXCHANGE_PAGE_SIZE = 10000;
/** The spec's import table sort (data-and-admin 9): the newest run first. */
export const IMPORT_SORT = { key: 'createdAt', direction: 'desc' } as const;
export { IMPORT_POLL_MS };

/** A run still under way: its outcome is yet to come. */
export const isRunActive = (status: RunStatus): boolean => status === 'QUEUED' || status === 'RUNNING';

/**
 * A query's refetchInterval: every IMPORT_POLL_MS while a run of its answer (a page of runs, or one run) is queued or
 * running, and no more once every run has ended.
 */
export function pollWhileRunning(query: { state: { data?: unknown } }): number | false {
  const data = query.state.data as { item?: { status: RunStatus }[]; status?: RunStatus } | undefined;
  if (!data) return false;
  const runs = data.item ?? (data.status ? [{ status: data.status }] : []);
  return runs.some((r) => isRunActive(r.status)) ? IMPORT_POLL_MS : false;
}

/** A record a select offers by its name (a counterpart, a server, an intermediary). */
export interface NamedRecord {
  id: number;
  name: string;
}

/** Select options of named records, by id, in the records' order. */
export const recordOptions = (records: readonly NamedRecord[] | undefined): { value: string; label: string }[] =>
  (records ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** The same, in alphabetical order for the language. */
export const sortedRecordOptions = (records: readonly NamedRecord[] | undefined, locale: string) =>
  recordOptions(records).sort((a, b) => a.label.localeCompare(b.label, locale));

// ---- Filters kept in the URL ----

/** A positive whole id from a URL part, else null. */
export function readId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** The path with the filters that are set, in a stable order. */
function withQuery(path: string, params: Record<string, string | number | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** /import-activity?status=TO_MAP&counterpartId=3&run=12: the list's filters and the run whose detail is open. */
export interface RunFilters {
  status: RunStatus | null;
  counterpartId: number | null;
  run: number | null;
}
export function readRunFilters(search: string): RunFilters {
  const p = new URLSearchParams(search);
  return {
    status: oneOf(RUN_STATUSES, p.get('status')),
    counterpartId: readId(p.get('counterpartId')),
    run: readId(p.get('run')),
  };
}
export const runFiltersPath = (f: RunFilters): string =>
  withQuery('/import-activity', { status: f.status, counterpartId: f.counterpartId, run: f.run });

/** /file-log?status=FAILED&serverId=2 (the server only for who may see the servers). */
export interface FileFilters {
  status: FileStatus | null;
  serverId: number | null;
}
export function readFileFilters(search: string, withServer: boolean): FileFilters {
  const p = new URLSearchParams(search);
  return { status: oneOf(FILE_STATUSES, p.get('status')), serverId: withServer ? readId(p.get('serverId')) : null };
}
export const fileFiltersPath = (f: FileFilters): string =>
  withQuery('/file-log', { status: f.status, serverId: f.serverId });

/** /caronte-mapping?counterpartId=3&kind=CAUSE: the mapping table's filters. */
export interface MappingFilters {
  counterpartId: number | null;
  kind: MappingKind | null;
}
export function readMappingFilters(search: string): MappingFilters {
  const p = new URLSearchParams(search);
  return { counterpartId: readId(p.get('counterpartId')), kind: oneOf(MAPPING_KINDS, p.get('kind')) };
}
export const mappingFiltersPath = (f: MappingFilters): string =>
  withQuery('/caronte-mapping', { counterpartId: f.counterpartId, kind: f.kind });

/** The query of a list: the filters that are set, and every row. */
export function listQuery<F extends object>(filters: F): { [K in keyof F]?: NonNullable<F[K]> } & { size: number } {
  const query: Record<string, unknown> = { size: EXCHANGE_PAGE_SIZE };
  for (const [k, v] of Object.entries(filters)) if (v !== null && v !== undefined) query[k] = v;
  return query as { [K in keyof F]?: NonNullable<F[K]> } & { size: number };
}

// ---- How things read ----

/** The first 12 characters of a SHA-256 and an ellipsis; the table gives the whole one on hover. */
export const shortSha = (sha: string): string => (sha.length > 12 ? `${sha.slice(0, 12)}…` : sha);

/** Where a server's files are: 'sftp://sftp.bank.it:22/out' for SFTP, the folder for the local drop. */
export function serverAddress(s: Pick<ExternalServer, 'protocol' | 'host' | 'port' | 'folder'>): string {
  if (s.protocol !== 'SFTP') return s.folder;
  const folder = s.folder.startsWith('/') ? s.folder : `/${s.folder}`;
  return `sftp://${s.host ?? ''}:${s.port ?? DEFAULT_SFTP_PORT}${folder}`;
}

/** "CBI (*.cbi), camt.053 (CAMT_*.xml)": a counterpart's formats with their file patterns. */
export const formatsText = (
  formats: readonly Pick<CounterpartFormat, 'format' | 'filePattern'>[],
  label: (format: FileFormat) => string,
): string => formats.map((f) => `${label(f.format)} (${f.filePattern})`).join(', ');

/** The toast of a fetch on demand: how many files arrived and how many were already known. */
export function fetchMessages(result: Pick<FetchResult, 'received' | 'known'>): MessageDescriptor[] {
  return [
    msg({
      message: plural(result.received, {
        0: 'Nessun file nuovo',
        one: '# file nuovo ricevuto',
        other: '# file nuovi ricevuti',
      }),
    }),
    msg({ message: plural(result.known, { 0: 'nessuno già noto.', one: '# già noto.', other: '# già noti.' }) }),
  ];
}

// ---- Schedules (five-field cron) ----

/** A few schedules to choose from; anything else is written as cron. */
export const SCHEDULE_PRESETS: readonly { cron: string; label: MessageDescriptor }[] = [
  { cron: '0 6 * * *', label: msg`Ogni giorno alle 06:00` },
  { cron: '0 6 * * 1-5', label: msg`Dal lunedì al venerdì alle 06:00` },
  { cron: '0 6,18 * * *', label: msg`Ogni giorno alle 06:00 e alle 18:00` },
  { cron: '0 * * * *', label: msg`Ogni ora` },
];
/** The schedule choice: '' (on demand only), a preset's cron, or 'custom'. */
export const CUSTOM_SCHEDULE = 'custom';

const fiveFields = (cron: string): string[] => cron.trim().split(/\s+/).filter(Boolean);

/** The choice a cron expression falls under. */
export function scheduleChoice(cron: string): string {
  const normal = fiveFields(cron).join(' ');
  if (!normal) return '';
  return SCHEDULE_PRESETS.find((p) => p.cron === normal)?.cron ?? CUSTOM_SCHEDULE;
}

/**
 * A five-field cron expression in words ('Alle 06:00' in Italian, 'At 06:00' in English; cronstrue), or null when
 * it is not a valid five-field expression.
 */
export function describeSchedule(cron: string, locale: string): string | null {
  const fields = fiveFields(cron);
  if (fields.length !== 5) return null;
  try {
    return cronstrue.toString(fields.join(' '), {
      locale: locale === 'en' ? 'en' : 'it',
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
      verbose: false,
    });
  } catch {
    return null;
  }
}

// ---- The server form ----

export const DEFAULT_SFTP_PORT = 22;

export interface ServerForm {
  name: string;
  protocol: ServerProtocol | '';
  host: string;
  port: string;
  username: string;
  /** Write-only: empty keeps the stored one (when editing). */
  password: string;
  /** Remove the stored password. */
  removePassword: boolean;
  privateKey: string;
  removePrivateKey: boolean;
  folder: string;
  filePattern: string;
  schedule: string;
  enabled: boolean;
}

/** What the form knows of a stored server's secrets: whether it has them (never their values). */
export type StoredSecrets = Pick<ExternalServer, 'hasPassword' | 'hasPrivateKey'> | null;

export function serverFormOf(s: ExternalServer | null): ServerForm {
  return {
    name: s?.name ?? '',
    protocol: s?.protocol ?? 'LOCAL',
    host: s?.host ?? '',
    port: String(s?.port ?? DEFAULT_SFTP_PORT),
    username: s?.username ?? '',
    password: '',
    removePassword: false,
    privateKey: '',
    removePrivateKey: false,
    folder: s?.folder ?? '',
    filePattern: s?.filePattern ?? '',
    schedule: s?.schedule ?? '',
    enabled: s?.enabled ?? true,
  };
}

/** A number typed as digits, or the text as it is (the schema then says it is not valid). */
const readPort = (v: string): number | string | null => {
  const t = v.trim();
  if (!t) return null;
  return /^\d{1,5}$/.test(t) ? Number(t) : t;
};

/**
 * A secret of the body: typed, it replaces the stored one; "remove" sends null; otherwise it is left out (kept
 * when editing, none when adding).
 */
function secret(typed: string, remove: boolean, stored: boolean): string | null | undefined {
  if (typed.trim()) return typed;
  if (remove && stored) return null;
  return undefined;
}

/** The body of POST or PUT /external-server: SFTP's fields only for SFTP; a local folder drops any stored secret. */
export function serverBody(v: ServerForm, stored: StoredSecrets): ServerInput {
  const sftp = v.protocol === 'SFTP';
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    protocol: v.protocol || null,
    host: sftp ? v.host.trim() || null : null,
    port: sftp ? readPort(v.port) : null,
    username: sftp ? v.username.trim() || null : null,
    folder: v.folder.trim(),
    filePattern: v.filePattern.trim(),
    schedule: fiveFields(v.schedule).join(' ') || null,
    enabled: v.enabled,
  };
  if (sftp) {
    const password = secret(v.password, v.removePassword, Boolean(stored?.hasPassword));
    const privateKey = secret(v.privateKey, v.removePrivateKey, Boolean(stored?.hasPrivateKey));
    if (password !== undefined) body.password = password;
    if (privateKey !== undefined) body.privateKey = privateKey;
  } else {
    if (stored?.hasPassword) body.password = null;
    if (stored?.hasPrivateKey) body.privateKey = null;
  }
  return body as ServerInput;
}

/** The server form's codes beyond the schema: 'secret' (SFTP without a password or key), 'cron'. */
export type ServerFieldError = 'secret' | 'cron';

/**
 * Checks beyond the schema: SFTP needs its host, port and user, and a password or a private key (typed, or stored
 * and kept); a schedule must be a valid five-field cron expression.
 */
export function serverRefine(body: ServerInput, stored: StoredSecrets): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  if (body.protocol === 'SFTP') {
    if (!body.host) out.host = 'required';
    if (body.port === null) out.port = 'required';
    if (!body.username) out.username = 'required';
    const has = (value: string | null | undefined, kept: boolean) =>
      typeof value === 'string' || (value === undefined && kept);
    if (!has(body.password, Boolean(stored?.hasPassword)) && !has(body.privateKey, Boolean(stored?.hasPrivateKey)))
      out.password = 'secret';
  }
  if (body.schedule && describeSchedule(body.schedule, 'en') === null) out.schedule = 'cron';
  return out;
}

// ---- The counterpart form ----

export interface LayoutForm {
  kind: LayoutKind | '';
  accountRef: string;
  dateFormat: string;
  decimalSeparator: string;
  /** Our field name -> the header of the file's column. */
  columns: Record<string, string>;
}
export interface FormatForm {
  format: FileFormat | '';
  filePattern: string;
  /** Filled in for a LAYOUT format only (kept while another format is chosen). */
  layout: LayoutForm;
}
export interface CounterpartForm {
  name: string;
  abi: string;
  intermediaryId: string;
  serverId: string;
  folder: string;
  formats: FormatForm[];
}

/** A layout's date format and decimal separator are stated, never guessed: none is chosen beforehand. */
export const emptyLayout = (): LayoutForm => ({
  kind: '',
  accountRef: '',
  dateFormat: '',
  decimalSeparator: '',
  columns: {},
});
export const emptyFormat = (): FormatForm => ({ format: '', filePattern: '', layout: emptyLayout() });

/** The columns of a layout kind, required ones first. */
export function layoutFields(kind: LayoutKind | ''): { field: string; required: boolean }[] {
  if (!kind) return [];
  const f = LAYOUT_FIELDS[kind];
  return [
    ...f.required.map((field) => ({ field, required: true })),
    ...f.optional.map((field) => ({ field, required: false })),
  ];
}

export function counterpartFormOf(c: CounterpartRecord | null): CounterpartForm {
  return {
    name: c?.name ?? '',
    abi: c?.abi ?? '',
    intermediaryId: c?.intermediaryId ? String(c.intermediaryId) : '',
    serverId: c?.serverId ? String(c.serverId) : '',
    folder: c?.folder ?? '',
    formats: (c?.formats ?? []).map((f) => ({
      format: f.format,
      filePattern: f.filePattern,
      layout: f.layout
        ? {
            ...f.layout,
            columns: Object.fromEntries(
              Object.entries(f.layout.columns).filter((e): e is [string, string] => e[1] !== undefined),
            ),
          }
        : emptyLayout(),
    })),
  };
}

const idOf = (v: string): number | null => (v ? Number(v) : null);

/** The body of POST or PUT /counterpart: a layout only for LAYOUT, with the columns of its kind that are named. */
export function counterpartBody(v: CounterpartForm): CounterpartInput {
  return {
    name: v.name.trim(),
    abi: v.abi.trim() || null,
    intermediaryId: idOf(v.intermediaryId),
    serverId: idOf(v.serverId),
    folder: v.folder.trim() || null,
    formats: v.formats.map((f) => ({
      format: (f.format || null) as FileFormat,
      filePattern: f.filePattern.trim(),
      layout:
        f.format === 'LAYOUT'
          ? ({
              kind: f.layout.kind || null,
              accountRef: f.layout.accountRef || null,
              dateFormat: f.layout.dateFormat || null,
              decimalSeparator: f.layout.decimalSeparator || null,
              columns: Object.fromEntries(
                layoutFields(f.layout.kind)
                  .map(({ field }) => [field, (f.layout.columns[field] ?? '').trim()] as const)
                  .filter(([, header]) => header),
              ),
            } as NonNullable<CounterpartFormat['layout']>)
          : null,
    })),
  };
}

/** Checks beyond the schema: every required column of a layout is named (the schema bounds the columns only). */
export function counterpartRefine(body: CounterpartInput): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  body.formats.forEach((f, i) => {
    if (f.format !== 'LAYOUT' || !f.layout?.kind) return;
    for (const { field, required } of layoutFields(f.layout.kind))
      if (required && !f.layout.columns[field]) out[`formats.${i}.layout.columns.${field}`] = 'required';
  });
  return out;
}

// ---- The mapping form ----

export interface MappingForm {
  counterpartId: string;
  kind: MappingKind | '';
  code: string;
  direction: string;
  cause: string;
  /** A FEE's subcause; 'Altro' (none) is sent as null. */
  subcause: string;
  instrumentId: string;
  accountId: string;
}

/** A code to map as the waiting list names it (counterpart, kind, code, direction). */
export type MappingPrefill = Pick<UnmappedCode, 'counterpartId' | 'kind' | 'code' | 'direction'>;

export const OTHER_SUBCAUSE = 'Altro';

export function mappingFormOf(m: Mapping | MappingPrefill | null): MappingForm {
  const mapped = m && 'id' in m ? m : null;
  return {
    counterpartId: m ? String(m.counterpartId) : '',
    kind: m?.kind ?? '',
    code: m?.code ?? '',
    direction: m?.direction ?? 'ANY',
    cause: mapped?.cause ?? '',
    subcause: mapped?.cause === 'FEE' ? (mapped.subcause ?? OTHER_SUBCAUSE) : '',
    instrumentId: mapped?.instrumentId ? String(mapped.instrumentId) : '',
    accountId: mapped?.accountId ? String(mapped.accountId) : '',
  };
}

/** The body of POST or PUT /mapping: only the target of its kind; a direction only for a CAUSE. */
export function mappingBody(v: MappingForm): MappingInput {
  const cause = v.kind === 'CAUSE' ? v.cause || null : null;
  return {
    counterpartId: idOf(v.counterpartId),
    kind: v.kind || null,
    code: v.code.trim(),
    direction: v.kind === 'CAUSE' ? v.direction || null : 'ANY',
    cause,
    subcause: cause === 'FEE' && v.subcause && v.subcause !== OTHER_SUBCAUSE ? v.subcause : null,
    instrumentId: v.kind === 'INSTRUMENT' ? idOf(v.instrumentId) : null,
    accountId: v.kind === 'ACCOUNT' ? idOf(v.accountId) : null,
  } as MappingInput;
}

/** Checks beyond the schema: each kind needs its target. */
export function mappingRefine(body: MappingInput): Partial<Record<string, string>> {
  if (body.kind === 'CAUSE' && !body.cause) return { cause: 'required' };
  if (body.kind === 'INSTRUMENT' && !body.instrumentId) return { instrumentId: 'required' };
  if (body.kind === 'ACCOUNT' && !body.accountId) return { accountId: 'required' };
  return {};
}

/**
 * The waiting runs whose codes were mapped here, split: those with nothing left to map (ready to reload) and those
 * still waiting for other codes of the list.
 */
export function waitingRuns(
  mapped: readonly number[],
  unmapped: readonly Pick<UnmappedCode, 'runIds'>[],
): { ready: number[]; waiting: number[] } {
  const still = new Set(unmapped.flatMap((u) => u.runIds));
  const ids = [...new Set(mapped)];
  return { ready: ids.filter((id) => !still.has(id)), waiting: ids.filter((id) => still.has(id)) };
}
