// The bank file exchange's codes and rules without schemas (issue 17), so that a page can use them (through
// '@patrimonio/shared-api/constants') without bundling TypeBox.

/** Where a server's files come from: an SFTP server, or a folder of this machine (the embedded default's drop). */
export const SERVER_PROTOCOLS = ['LOCAL', 'SFTP'] as const;
export type ServerProtocol = (typeof SERVER_PROTOCOLS)[number];

/**
 * The formats read natively: CBI "Rendicontazione movimenti e saldi" (fixed-width records RH, 61-65, EF), ISO 20022
 * camt.053, and a counterpart's own CSV or XLSX layout (its columns chosen in the counterparts page).
 */
export const FILE_FORMATS = ['CBI', 'CAMT053', 'LAYOUT'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** What a layout file holds: movements, securities positions or cash balances. */
export const LAYOUT_KINDS = ['MOVEMENTS', 'POSITIONS', 'BALANCES'] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];

/** The fields of a layout, by kind: required ones first, then optional (`?`). Each is one column of the file. */
export const LAYOUT_FIELDS: Record<LayoutKind, { required: readonly string[]; optional: readonly string[] }> = {
  MOVEMENTS: {
    required: ['account', 'date', 'amount', 'currency', 'code'],
    optional: ['valueDate', 'description', 'instrument', 'quantity', 'price'],
  },
  POSITIONS: { required: ['account', 'date', 'instrument', 'quantity', 'currency'], optional: ['price'] },
  BALANCES: { required: ['account', 'date', 'balance', 'currency'], optional: [] },
};

/** How a layout's account column names the account. */
export const ACCOUNT_REF_KINDS = ['IBAN', 'ACCOUNT_NUMBER', 'DOSSIER'] as const;
export type AccountRefKind = (typeof ACCOUNT_REF_KINDS)[number];

/** A layout's date format and decimal separator: stated, never guessed (an ambiguous file is refused). */
export const LAYOUT_DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY'] as const;
export const LAYOUT_DECIMAL_SEPARATORS = [',', '.'] as const;

/**
 * What the mapping translates, per counterpart: the bank's transaction codes (CAUSE: to our cause and subcause, for
 * credits, debits or both), its instrument codes (INSTRUMENT: to an instrument of the registry; an ISIN the registry
 * holds needs none) and its account identifiers (ACCOUNT: IBAN, account number or dossier to one of our accounts; an
 * IBAN that names exactly one account needs none).
 */
export const MAPPING_KINDS = ['CAUSE', 'INSTRUMENT', 'ACCOUNT'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];
/** The direction a CAUSE mapping applies to; ANY for both. */
export const MAPPING_DIRECTIONS = ['CREDIT', 'DEBIT', 'ANY'] as const;

/** A received file: new, imported, waiting for mapping, failed, or matched by no counterpart's format. */
export const FILE_STATUSES = ['RECEIVED', 'IMPORTED', 'TO_MAP', 'FAILED', 'NO_COUNTERPART'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** An import run: queued, running, done, waiting for mapping (nothing written), failed (nothing written). */
export const RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'TO_MAP', 'FAILED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Why a file exchange call is refused (ErrorBody.code). */
export const EXCHANGE_ERROR_CODES = ['server_in_use', 'counterpart_in_use', 'mapping_exists', 'run_busy'] as const;

/** Servers (their secrets, checks and fetches) are the ADMIN's alone (spec: the file exchange without Server for BACK_OFFICE). */
export const mayManageServers = (role: string): boolean => role === 'ADMIN';
/** Counterparts, mapping, import activity and the file log: ADMIN and BACK_OFFICE. */
export const mayUseFileExchange = (role: string): boolean => role === 'ADMIN' || role === 'BACK_OFFICE';
