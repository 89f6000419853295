// The file exchange's codes in words (Italian first, English in the catalog) and their colours, and the toasts the
// pages share. The five admin toasts of the spec (data-and-admin 8) read the same in both languages.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  AccountRefKind,
  FileFormat,
  FileStatus,
  LayoutKind,
  MappingKind,
  RunStatus,
  ServerProtocol,
} from '@patrimonio/shared-api/constants';

/** The colours of a status cell (the table's cell tones); the words always go with the colour. */
export type Tone = 'positive' | 'negative' | 'warning' | 'neutral';

export const PROTOCOL_LABELS: Record<ServerProtocol, MessageDescriptor> = {
  LOCAL: msg`Cartella locale`,
  SFTP: msg`SFTP`,
};

export const FORMAT_LABELS: Record<FileFormat, MessageDescriptor> = {
  CBI: msg`CBI`,
  CAMT053: msg`camt.053`,
  LAYOUT: msg`Tracciato proprio (CSV o XLSX)`,
};
/** The short name in a list of formats ("CBI, camt.053, tracciato"). */
export const FORMAT_SHORT_LABELS: Record<FileFormat, MessageDescriptor> = {
  CBI: msg`CBI`,
  CAMT053: msg`camt.053`,
  LAYOUT: msg`tracciato`,
};

export const LAYOUT_KIND_LABELS: Record<LayoutKind, MessageDescriptor> = {
  MOVEMENTS: msg`Movimenti`,
  POSITIONS: msg`Posizioni in titoli`,
  BALANCES: msg`Saldi di conto`,
};

export const ACCOUNT_REF_LABELS: Record<AccountRefKind, MessageDescriptor> = {
  IBAN: msg`IBAN`,
  ACCOUNT_NUMBER: msg`Numero di conto`,
  DOSSIER: msg`Numero di dossier`,
};

/** The fields of a layout (shared-api LAYOUT_FIELDS), each one column of the file. */
export const LAYOUT_FIELD_LABELS: Record<string, MessageDescriptor> = {
  account: msg`Conto`,
  date: msg`Data`,
  amount: msg`Importo`,
  currency: msg`Valuta`,
  code: msg`Causale della banca`,
  valueDate: msg`Data valuta`,
  description: msg`Descrizione`,
  instrument: msg`Strumento`,
  quantity: msg`Quantità`,
  price: msg`Prezzo`,
  balance: msg`Saldo`,
};

export const MAPPING_KIND_LABELS: Record<MappingKind, MessageDescriptor> = {
  CAUSE: msg`Causale`,
  INSTRUMENT: msg`Strumento`,
  ACCOUNT: msg`Conto`,
};

export const DIRECTION_LABELS: Record<'CREDIT' | 'DEBIT' | 'ANY', MessageDescriptor> = {
  CREDIT: msg`Accrediti`,
  DEBIT: msg`Addebiti`,
  ANY: msg`Accrediti e addebiti`,
};

export const RUN_STATUS_LABELS: Record<RunStatus, MessageDescriptor> = {
  QUEUED: msg`In coda`,
  RUNNING: msg`In corso`,
  DONE: msg`Completata`,
  TO_MAP: msg`Da mappare`,
  FAILED: msg`Fallita`,
};
export const RUN_STATUS_TONES: Record<RunStatus, Tone> = {
  QUEUED: 'neutral',
  RUNNING: 'neutral',
  DONE: 'positive',
  TO_MAP: 'warning',
  FAILED: 'negative',
};

export const FILE_STATUS_LABELS: Record<FileStatus, MessageDescriptor> = {
  RECEIVED: msg`Ricevuto`,
  IMPORTED: msg`Importato`,
  TO_MAP: msg`Da mappare`,
  FAILED: msg`Fallito`,
  NO_COUNTERPART: msg`Nessuna controparte`,
};
export const FILE_STATUS_TONES: Record<FileStatus, Tone> = {
  RECEIVED: 'neutral',
  IMPORTED: 'positive',
  TO_MAP: 'warning',
  FAILED: 'negative',
  NO_COUNTERPART: 'warning',
};

/** The spec's admin toasts (data-and-admin 8): the same words in Italian and English. */
export const TOASTS = {
  checkOk: msg`Check ok!`,
  checkFailed: msg`Check failed`,
  reloadOk: msg`Reload ok!`,
  reloadFailed: msg`Reload failed`,
  downloadFailed: msg`Download failed`,
  /** 409 run_busy: the file is being imported right now. */
  runBusy: msg`Il file è già in importazione: ricaricalo quando l'importazione in corso sarà finita.`,
  serverAdded: msg`Server aggiunto`,
  serverEdited: msg`Server modificato`,
  serverDeleted: msg`Server eliminato`,
  serverInUse: msg`Il server è usato da almeno una controparte: assegna alle controparti un altro server, poi eliminalo.`,
  fetchFailed: msg`Impossibile recuperare i file`,
  counterpartAdded: msg`Controparte aggiunta`,
  counterpartEdited: msg`Controparte modificata`,
  counterpartDeleted: msg`Controparte eliminata`,
  counterpartInUse: msg`La controparte ha già dei file ricevuti: non può essere eliminata.`,
  mappingAdded: msg`Mappatura aggiunta`,
  mappingEdited: msg`Mappatura modificata`,
  mappingDeleted: msg`Mappatura eliminata`,
  mappingExists: msg`Questo codice è già mappato per la controparte (stesso tipo e direzione): modifica la mappatura esistente.`,
  checkFields: msg`Controlla i campi evidenziati`,
  shaCopied: msg`SHA-256 copiato`,
  copyFailed: msg`Impossibile copiare: seleziona il codice e copialo a mano.`,
};

// ---- The admin's users and audit ----

/** A DELEGATE's permissions (shared-api PERMISSIONS) in words. */
export const PERMISSION_LABELS: Record<'APPROVE_MOVEMENT' | 'MANAGE_CONTROL', MessageDescriptor> = {
  APPROVE_MOVEMENT: msg`Approva i movimenti`,
  MANAGE_CONTROL: msg`Gestisce i controlli`,
};
export const PERMISSION_KEYS = ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'] as const;
/** The roles in the order the form offers them (shared-api ROLES). */
export const ROLE_KEYS = ['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE', 'BASIC'] as const;

/** The users' toasts, and the 409 codes of their calls (shared-api admin-codes.ts USER_ERROR_CODES) in words. */
export const USER_TOASTS = {
  created: msg`Utente creato`,
  edited: msg`Utente modificato`,
  activated: msg`Utente riattivato`,
  deactivated: msg`Utente disattivato`,
  resetFailed: msg`Impossibile inviare il link per la password. Riprova tra qualche istante.`,
};
export const USER_ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  login_taken: msg`Questo login è già di un altro utente (maiuscole e minuscole non contano): scegline un altro.`,
  self: msg`Non puoi disattivare il tuo stesso utente: chiedilo a un altro amministratore.`,
  client_already_registered: msg`Questo cliente ha già un utente: un cliente può averne uno solo.`,
  user_inactive: msg`L'utente è disattivato: riattivalo prima di inviargli il link per la password.`,
  no_email: msg`L'utente non ha un indirizzo email: aggiungilo, poi invia il link.`,
  external_issuer: msg`Gli utenti accedono con un servizio esterno: la password si cambia lì, non qui.`,
};
