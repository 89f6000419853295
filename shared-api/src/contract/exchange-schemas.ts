// Schemas of the bank file exchange (issue 17): external servers, counterparts and their formats, the mapping of
// the banks' codes, received files (the file log) and import runs (import activity).
import { type Static, type TString, Type } from 'typebox';
import {
  ACCOUNT_REF_KINDS,
  FILE_FORMATS,
  FILE_STATUSES,
  LAYOUT_DATE_FORMATS,
  LAYOUT_DECIMAL_SEPARATORS,
  LAYOUT_FIELDS,
  LAYOUT_KINDS,
  MAPPING_DIRECTIONS,
  MAPPING_KINDS,
  RUN_STATUSES,
  SERVER_PROTOCOLS,
} from './exchange-codes.ts';
import { Id, IsoDate, Name, Nullable, PageNumber, PageSize, Text } from './fields.ts';
import { Page } from './financial-schemas.ts';
import { FeeSubcause, MovementCause } from './movement-schemas.ts';

const strict = { additionalProperties: false } as const;

// ---- Servers (ADMIN) ----

/** A five-field cron expression (minute hour day month weekday), e.g. '0 6 * * *': every day at 06:00. */
export const Cron = Type.String({
  pattern: '^ *([^\\s\\u0000]+ +){4}[^\\s\\u0000]+ *$',
  maxLength: 100,
  description: "Five-field cron (minute hour day month weekday), e.g. '0 6 * * *'",
});
/** A file-name pattern with * and ? (e.g. '*.cbi', 'CAMT053_*.xml'). */
export const FilePattern = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[^/\\\\\\u0000]+$',
  description: "Shell-like file-name pattern: * any run of characters, ? one character (e.g. '*.cbi')",
});
/** A folder on the server (SFTP: absolute or relative to the login folder; LOCAL: relative to DATA_DIR/drop). */
export const Folder = Type.String({ minLength: 1, maxLength: 500, pattern: '^[^\\u0000]+$' });

const serverFields = {
  name: Name(100),
  protocol: Type.Enum(SERVER_PROTOCOLS),
  host: Nullable(Text(255, { minLength: 1 }), { description: 'SFTP only' }),
  port: Nullable(Type.Integer({ minimum: 1, maximum: 65535 }), { description: 'SFTP only; default 22' }),
  username: Nullable(Text(100, { minLength: 1 }), { description: 'SFTP only' }),
  folder: Folder,
  filePattern: FilePattern,
  schedule: Nullable(Cron, { description: 'When to fetch; null: only on demand' }),
  enabled: Type.Boolean(),
};

/** A server as the browser sees it: its secrets never, only whether it has them. */
export const ExternalServer = Type.Object({
  id: Id,
  ...serverFields,
  hasPassword: Type.Boolean(),
  hasPrivateKey: Type.Boolean(),
  lastFetchAt: Nullable(Type.String({ format: 'date-time' })),
  lastFetchOk: Nullable(Type.Boolean()),
  lastFetchMessage: Nullable(Type.String()),
});
export type ExternalServer = Static<typeof ExternalServer>;

/**
 * Create or edit a server. Secrets are write-only: absent keeps the stored one (on edit), null removes it, a string
 * replaces it. They are encrypted at rest and never sent back.
 */
export const ServerInput = Type.Object(
  {
    ...serverFields,
    password: Type.Optional(Nullable(Text(500, { minLength: 1 }))),
    privateKey: Type.Optional(Nullable(Text(20000, { minLength: 1, description: 'PEM or OpenSSH private key' }))),
  },
  strict,
);
export type ServerInput = Static<typeof ServerInput>;

/** A server's name, for the counterpart form (ADMIN and BACK_OFFICE). */
export const ServerName = Type.Object({ id: Id, name: Type.String(), protocol: Type.Enum(SERVER_PROTOCOLS) });

/** What a check saw: the folder's files (up to 200), or why it failed. */
export const ServerCheck = Type.Object({
  ok: Type.Boolean(),
  message: Type.String({ description: 'In English: what was seen, or why it failed' }),
  files: Type.Array(
    Type.Object({ name: Type.String(), size: Type.Integer({ minimum: 0 }), modifiedAt: Nullable(Type.String()) }),
  ),
  matching: Type.Integer({ minimum: 0, description: "Files matching the server's pattern" }),
});
export type ServerCheck = Static<typeof ServerCheck>;

/** A fetch on demand: the files it received (new by name and SHA-256) and those already known. */
export const FetchResult = Type.Object({
  ok: Type.Boolean(),
  message: Type.String(),
  received: Type.Integer({ minimum: 0 }),
  known: Type.Integer({ minimum: 0 }),
});
export type FetchResult = Static<typeof FetchResult>;

// ---- Counterparts (ADMIN, BACK_OFFICE) ----

const ColumnHeader = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000]+$' });
/**
 * The columns of a layout file: our field name to the header of the file's column. Which fields a kind needs and may
 * have: LAYOUT_FIELDS (a field outside the kind's is refused).
 */
export const LayoutColumns = Type.Object(
  Object.fromEntries(
    [...new Set(Object.values(LAYOUT_FIELDS).flatMap((f) => [...f.required, ...f.optional]))].map((field) => [
      field,
      Type.Optional(ColumnHeader),
    ]),
  ),
  { additionalProperties: false },
);

/** A counterpart's own CSV or XLSX layout: what it holds, how it names accounts, its date and number formats. */
export const Layout = Type.Object(
  {
    kind: Type.Enum(LAYOUT_KINDS),
    accountRef: Type.Enum(ACCOUNT_REF_KINDS),
    dateFormat: Type.Enum(LAYOUT_DATE_FORMATS),
    decimalSeparator: Type.Enum(LAYOUT_DECIMAL_SEPARATORS),
    columns: LayoutColumns,
  },
  strict,
);
export type Layout = Static<typeof Layout>;

/** One format a counterpart sends: its files are those matching the pattern; LAYOUT carries its layout. */
export const CounterpartFormat = Type.Object(
  { format: Type.Enum(FILE_FORMATS), filePattern: FilePattern, layout: Nullable(Layout) },
  strict,
);
export type CounterpartFormat = Static<typeof CounterpartFormat>;

const counterpartFields = {
  name: Name(100),
  abi: Nullable(Type.String({ pattern: '^[0-9]{5}$', maxLength: 5, description: 'ABI code: five digits' })),
  intermediaryId: Nullable(Id, { description: 'The intermediary it is in our data' }),
  serverId: Nullable(Id, { description: 'The server its files come from' }),
  folder: Nullable(Text(500, { minLength: 1 }), { description: "Sub-folder of the server's folder, if any" }),
  formats: Type.Array(CounterpartFormat, { maxItems: 10 }),
};

export const Counterpart = Type.Object({
  id: Id,
  ...counterpartFields,
  intermediaryName: Nullable(Type.String()),
  serverName: Nullable(Type.String()),
  lastFileAt: Nullable(Type.String({ format: 'date-time' })),
});
export type Counterpart = Static<typeof Counterpart>;

export const CounterpartInput = Type.Object(counterpartFields, strict);
export type CounterpartInput = Static<typeof CounterpartInput>;

// ---- Mapping (ADMIN, BACK_OFFICE) ----

const mappingFields = {
  counterpartId: Id,
  kind: Type.Enum(MAPPING_KINDS),
  code: Name(100, { description: "The bank's code: transaction code, instrument code, or account identifier" }),
  direction: Type.Enum(MAPPING_DIRECTIONS, { description: 'CAUSE: credits, debits or both (ANY); else ANY' }),
  cause: Nullable(MovementCause, { description: 'CAUSE only' }),
  subcause: Nullable(FeeSubcause, { description: 'CAUSE with cause FEE only' }),
  instrumentId: Nullable(Id, { description: 'INSTRUMENT only' }),
  accountId: Nullable(Id, { description: 'ACCOUNT only' }),
};

export const Mapping = Type.Object({
  id: Id,
  ...mappingFields,
  /** What the code maps to, readable: 'DEPOSIT', 'Apple Inc. (US0378331005)', 'Conto BPER (IT60...)'. */
  target: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Mapping = Static<typeof Mapping>;

export const MappingInput = Type.Object(mappingFields, strict);
export type MappingInput = Static<typeof MappingInput>;

export const MappingQuery = Type.Object(
  {
    counterpartId: Type.Optional(Id),
    kind: Type.Optional(Type.Enum(MAPPING_KINDS)),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(100000, 10000)),
  },
  strict,
);

/** A code a waiting run could not map: its kind, the code, the direction seen, in how many rows, one example. */
export const UnmappedCode = Type.Object({
  counterpartId: Id,
  counterpartName: Type.String(),
  kind: Type.Enum(MAPPING_KINDS),
  code: Type.String(),
  direction: Type.Enum(MAPPING_DIRECTIONS),
  rows: Type.Integer({ minimum: 1 }),
  example: Type.String({ description: 'A description or line of the file where it appears' }),
  runIds: Type.Array(Id),
});
export type UnmappedCode = Static<typeof UnmappedCode>;

// ---- File log and import activity (ADMIN, BACK_OFFICE) ----

export const FileEntry = Type.Object({
  id: Id,
  serverId: Nullable(Id),
  serverName: Nullable(Type.String()),
  counterpartId: Nullable(Id),
  counterpartName: Nullable(Type.String()),
  name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  receivedAt: Type.String({ format: 'date-time' }),
  status: Type.Enum(FILE_STATUSES),
  format: Nullable(Type.Enum(FILE_FORMATS)),
  lastRunId: Nullable(Id),
});
export type FileEntry = Static<typeof FileEntry>;

export const FileQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(FILE_STATUSES)),
    serverId: Type.Optional(Id),
    from: Type.Optional(IsoDate()),
    to: Type.Optional(IsoDate()),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(100000, 10000)),
  },
  strict,
);

export const RunError = Type.Object({ line: Nullable(Type.Integer()), message: Type.String() });

export const ImportRun = Type.Object({
  id: Id,
  fileId: Id,
  fileName: Type.String(),
  counterpartId: Nullable(Id),
  counterpartName: Nullable(Type.String()),
  format: Nullable(Type.Enum(FILE_FORMATS)),
  status: Type.Enum(RUN_STATUSES),
  createdAt: Type.String({ format: 'date-time' }),
  startedAt: Nullable(Type.String({ format: 'date-time' })),
  endedAt: Nullable(Type.String({ format: 'date-time' })),
  rowsRead: Type.Integer({ minimum: 0 }),
  rowsStored: Type.Integer({ minimum: 0, description: 'Balances and positions stored, and movements stored' }),
  rowsPending: Type.Integer({ minimum: 0, description: 'Movements stored as pending' }),
  rowsRejected: Type.Integer({ minimum: 0 }),
  errors: Type.Array(RunError, { description: 'The first errors (up to 20)' }),
  unmapped: Type.Array(
    Type.Object({
      kind: Type.Enum(MAPPING_KINDS),
      code: Type.String(),
      direction: Type.Enum(MAPPING_DIRECTIONS),
      rows: Type.Integer(),
    }),
  ),
  /** Who asked for this run (a reload), or null for the file exchange itself. */
  requestedBy: Nullable(Type.String()),
});
export type ImportRun = Static<typeof ImportRun>;

export const RunQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(RUN_STATUSES)),
    counterpartId: Type.Optional(Id),
    from: Type.Optional(IsoDate()),
    to: Type.Optional(IsoDate()),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(100000, 10000)),
  },
  strict,
);

export const FilePage = Page(FileEntry);
export const RunPage = Page(ImportRun);
export const MappingPage = Page(Mapping);

/** The original file, as received: Content-Disposition attachment with its name. */
export const FileBinary = Type.String({
  format: 'binary',
  description: 'The file as received, with Content-Disposition: attachment; filename="<its name>"',
}) as TString & { format: 'binary' };

// ---- The admin's dashboard (/caronte-panel) ----

/** What needs the admin's attention today, each a link in the page, and the files and rows imported per day. */
export const AdminDashboard = Type.Object({
  failedFetches: Type.Array(
    Type.Object({
      serverId: Id,
      serverName: Type.String(),
      at: Type.String({ format: 'date-time' }),
      message: Type.String(),
    }),
    { description: 'Servers whose last fetch failed' },
  ),
  runsFailed: Type.Integer({ minimum: 0, description: 'Files whose latest run FAILED (the last 30 days)' }),
  runsToMap: Type.Integer({ minimum: 0, description: 'Files whose latest run waits for mapping' }),
  pendingMovements: Type.Integer({ minimum: 0 }),
  controlsWithDifferences: Type.Integer({ minimum: 0, description: 'Portfolios whose latest check has differences' }),
  trialsEnding: Type.Array(Type.Object({ clientId: Id, name: Type.String(), trialUntil: IsoDate() }), {
    description: 'Clients in trial whose trial ends in the next 7 days (or ended in the last 7)',
  }),
  perDay: Type.Array(
    Type.Object({
      date: IsoDate(),
      files: Type.Integer({ minimum: 0 }),
      rows: Type.Integer({ minimum: 0, description: 'Rows stored by the runs that ended that day' }),
    }),
    { description: 'The last 30 days, oldest first, days without files included' },
  ),
});
export type AdminDashboard = Static<typeof AdminDashboard>;
