// What a bank file says, once read, before anything is mapped to our data (issue 17): the readers of the formats
// (CBI, camt.053, a counterpart's CSV/XLSX layout) produce this; the importer maps its codes (accounts, transaction
// codes, instrument codes) through the counterpart's mapping and stores movements as pending, balances and positions
// as the bank's view for the controls. Nothing here knows our ids. Amounts are decimal strings ('1234.56', '-0.50'),
// never floats; dates are YYYY-MM-DD.

/** How the bank names an account: at least one of the three. */
export interface BankAccountRef {
  iban?: string;
  /** The bank's account number (CBI: ABI + CAB + conto). */
  accountNumber?: string;
  /** A securities dossier number. */
  dossier?: string;
}

/** One cash or securities movement as the bank reports it. */
export interface BankMovement {
  /** 1-based position in the file (a CBI record number, a camt.053 entry index, a CSV/XLSX row), for messages. */
  line: number;
  account: BankAccountRef;
  /** Booking date (CBI data contabile, camt BookgDt). */
  date: string;
  /** Value date, when given. */
  valueDate?: string;
  /** Signed amount in the account's currency: positive credits, negative debits. */
  amount: string;
  /** ISO 4217. */
  currency: string;
  /** The bank's transaction code, to be mapped to our cause and subcause (CBI causale ABI, camt BkTxCd). */
  code: string;
  description: string;
  /** Securities movements: the bank's instrument code (an ISIN or its own code), quantity and price. */
  instrumentCode?: string;
  quantity?: string;
  price?: string;
}

/** A cash balance at the end of a date (CBI 64 closing balance, camt.053 CLBD). */
export interface BankBalance {
  line: number;
  account: BankAccountRef;
  date: string;
  balance: string;
  currency: string;
}

/** A securities position at the end of a date. */
export interface BankPosition {
  line: number;
  account: BankAccountRef;
  date: string;
  instrumentCode: string;
  quantity: string;
  price?: string;
  currency: string;
}

/** A file read whole: everything it says, or the reason it cannot be read (no half-read file). */
export type ReadBankFile =
  | {
      ok: true;
      movements: BankMovement[];
      balances: BankBalance[];
      positions: BankPosition[];
      /** Entries the file holds but that are not to be imported (camt.053 entries not booked), counted. */
      skipped?: number;
    }
  | { ok: false; error: string; line?: number };
