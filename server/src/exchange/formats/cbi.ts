// The reader of the Italian CBI "Rendicontazione movimenti e saldi di conti correnti" (the RH flow of the CBI
// standard CBI-RND-001): fixed-width records of 120 characters, one a line,
//   RH (header) · per account and day: 61 (opening balance), 62 (movement) each followed by its 63 (movement
//   information), 64 (closing balances), 65 (future liquidity) · EF (trailer).
// Field positions (1-based, inclusive) and where each comes from: docs/import/bank-formats.md. The file is read whole
// or refused at its first fault, with the record's line: nothing is half-read.
import { checkIban } from '@patrimonio/shared-api';
import { parseDate } from '../../import/parse.ts';
import type { BankAccountRef, BankBalance, BankMovement, ReadBankFile } from './types.ts';

/** Every record is this long, without its line break. */
export const CBI_RECORD_LENGTH = 120;

/** Why a CBI file is refused: the message and the 1-based line of the record at fault. */
class CbiFault extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/** Positions from..to (1-based, inclusive) of a record. */
const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

/** A CBI date DDMMYY as YYYY-MM-DD (years 2000-2099), or null when it is not a real calendar date. */
export function readCbiDate(ddmmyy: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(ddmmyy);
  return m ? parseDate(`${m[1]}/${m[2]}/20${m[3]}`) : null;
}

/**
 * A CBI amount of 15 characters: 12 integer digits, a comma, 2 decimals ("000000001031,24"), as hundredths, or null
 * when it is anything else (a sign, a space, a dot, another number of decimals).
 */
export function readCbiCents(amount: string): bigint | null {
  const m = /^(\d{12}),(\d{2})$/.exec(amount);
  return m ? BigInt(m[1]! + m[2]!) : null;
}

/** Hundredths as a decimal string: 103124n -> '1031.24', -50n -> '-0.50'. */
export function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** The first byte that is not printable ASCII (CBI records are ASCII text), with its 1-based line and column. */
function firstNonAscii(bytes: Buffer): { line: number; column: number; byte: number } | null {
  let line = 1;
  let column = 0;
  for (const b of bytes) {
    if (b === 0x0a) {
      line++;
      column = 0;
      continue;
    }
    column++;
    if (b === 0x0d) continue;
    if (b < 0x20 || b > 0x7e) return { line, column, byte: b };
  }
  return null;
}

interface CbiRecord {
  line: number;
  text: string;
  type: string;
}

/** The file's records: lines of exactly 120 characters, the first blank, each of a known type. */
function recordsOf(bytes: Buffer): CbiRecord[] {
  const bad = firstNonAscii(bytes);
  if (bad) {
    const hex = bad.byte.toString(16).toUpperCase().padStart(2, '0');
    throw new CbiFault(bad.line, `byte 0x${hex} at column ${bad.column} is not ASCII text: CBI records are ASCII`);
  }
  const lines = bytes.toString('latin1').split('\n');
  // One line break after the last record is usual; it ends the file, it is no empty record.
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((raw, i) => {
    const line = i + 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.includes('\r')) throw new CbiFault(line, 'a carriage return inside the record');
    if (text.length !== CBI_RECORD_LENGTH)
      throw new CbiFault(line, `the record has ${text.length} characters, not ${CBI_RECORD_LENGTH}`);
    if (text[0] !== ' ') throw new CbiFault(line, 'position 1 of a record is blank');
    const type = field(text, 2, 3);
    if (!RECORD_TYPES.has(type))
      throw new CbiFault(line, `unknown record type "${type}" (an RH file has RH, 61, 62, 63, 64, 65 and EF)`);
    return { line, text, type };
  });
}

const RECORD_TYPES = new Set(['RH', '61', '62', '63', '64', '65', 'EF']);

/** Reads the fields of one record, refusing it (with its line) at the first field that is not as the standard says. */
class Fields {
  readonly record: CbiRecord;
  constructor(record: CbiRecord) {
    this.record = record;
  }

  fail(message: string): never {
    throw new CbiFault(this.record.line, message);
  }

  raw(from: number, to: number): string {
    return field(this.record.text, from, to);
  }

  digits(from: number, to: number, name: string): string {
    const v = this.raw(from, to);
    if (!/^\d+$/.test(v)) this.fail(`${name} (positions ${from}-${to}) is "${v}", not digits`);
    return v;
  }

  date(from: number, name: string): string {
    const v = this.raw(from, from + 5);
    const date = readCbiDate(v);
    if (!date) this.fail(`${name} (positions ${from}-${from + 5}) is "${v}", not a date DDMMYY`);
    return date;
  }

  sign(at: number, name: string): 1n | -1n {
    const v = this.raw(at, at);
    if (v !== 'C' && v !== 'D') this.fail(`${name} (position ${at}) is "${v}", not C (credit) or D (debit)`);
    return v === 'C' ? 1n : -1n;
  }

  /** A signed amount: the sign at `signAt`, the 15 characters of the amount from `from`. */
  amount(signAt: number, from: number, name: string): bigint {
    const sign = this.sign(signAt, `the sign of ${name}`);
    const v = this.raw(from, from + 14);
    const cents = readCbiCents(v);
    if (cents === null)
      this.fail(`${name} (positions ${from}-${from + 14}) is "${v}": an amount is 12 digits, a comma and 2 decimals`);
    return sign * cents;
  }

  currency(from: number): string {
    const v = this.raw(from, from + 2);
    if (!/^[A-Z]{3}$/.test(v)) this.fail(`the currency code (positions ${from}-${from + 2}) is "${v}"`);
    return v;
  }

  /** The rendicontazione number (positions 4-10), which must be `expected`. */
  statement(expected: number): void {
    const v = this.digits(4, 10, 'the statement number');
    if (Number(v) !== expected)
      this.fail(`the statement number (positions 4-10) is ${Number(v)}, not ${expected} as its 61 record says`);
  }
}

/** The header's identification, which the trailer repeats: sender ABI, receiver SIA, creation date, file name. */
const headerKey = (r: Fields) => r.raw(4, 39);

/**
 * The account of a 61 record: ABI + CAB + conto as the account number (positions 53-74), and the IBAN when positions
 * 100-103 carry its country and check digits (IBAN = country, check digits, CIN at 52, ABI, CAB, conto).
 */
function accountOf(r: Fields, senderAbi: string): BankAccountRef {
  const abi = r.digits(53, 57, 'the ABI code');
  if (abi !== senderAbi) r.fail(`the account's ABI code ${abi} (positions 53-57) is not the sender ${senderAbi} of RH`);
  const cab = r.digits(58, 62, 'the CAB code');
  const conto = r.raw(63, 74);
  if (!/^[A-Z0-9]{12}$/.test(conto))
    r.fail(`the account number (positions 63-74) is "${conto}", not 12 letters or digits`);
  const account: BankAccountRef = { accountNumber: `${abi}${cab}${conto}` };
  const ibanHead = r.raw(100, 103);
  if (ibanHead.trim() === '') return account;
  if (!/^[A-Z]{2}\d{2}$/.test(ibanHead))
    r.fail(`the IBAN country and check digits (positions 100-103) are "${ibanHead}"`);
  const cin = r.raw(52, 52);
  const iban = `${ibanHead}${cin}${abi}${cab}${conto}`;
  const check = checkIban(iban);
  if (!check.valid)
    r.fail(`the IBAN ${iban} made of positions 100-103, 52 and 53-74 is not valid (${check.reason ?? 'invalid'})`);
  return { ...account, iban };
}

/** What one description text of a 63 record adds (positions 14-120), by its structure flag (positions 14-16). */
function informationText(r: Fields): string {
  const flag = r.raw(14, 16);
  switch (flag) {
    // The ordering party of a credit transfer: order date, tax code, name (41-80), town (81-120); the name is kept.
    case 'YYY':
      return r.raw(41, 80);
    // Payment details without words: addresses and IBANs (YY2), amounts and rates (ZZ1), message and end-to-end
    // identifiers (ID1), the relationship of a giro or cash pooling (KKK).
    case 'YY2':
    case 'ZZ1':
    case 'ID1':
    case 'KKK':
      return '';
    // The ordering party (ZZ2), the beneficiary and the reason (ZZ3), the remittance information (RI1, RI2).
    case 'ZZ2':
    case 'ZZ3':
    case 'RI1':
    case 'RI2':
      return r.raw(17, 120);
    // Free text.
    default:
      return r.raw(14, 120);
  }
}

const tidy = (parts: string[]) =>
  parts
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .join(' ');

interface Group {
  number: number;
  account: BankAccountRef;
  currency: string;
  date: string;
  opening: bigint;
  movements: { movement: BankMovement; cents: bigint; number: number; texts: string[] }[];
  closed: boolean;
  liquidity: boolean;
}

/** Reads a CBI RH file whole, or says at which record and why it cannot be read. */
export function readCbi(bytes: Buffer): ReadBankFile {
  try {
    return { ok: true, ...readRecords(recordsOf(bytes)), positions: [] };
  } catch (err) {
    if (err instanceof CbiFault) return { ok: false, error: err.message, line: err.line };
    throw err;
  }
}

function readRecords(records: CbiRecord[]): { movements: BankMovement[]; balances: BankBalance[] } {
  const first = records[0];
  if (first?.type !== 'RH')
    throw new CbiFault(1, 'the first record is not RH: this is no CBI "rendicontazione movimenti e saldi" file');
  const head: Fields = new Fields(first);
  const senderAbi = head.digits(4, 8, "the sender's ABI code");
  if (head.raw(9, 13).trim() === '') head.fail("the receiver's SIA code (positions 9-13) is blank");
  head.date(14, 'the creation date');
  if (head.raw(20, 39).trim() === '') head.fail('the file name (positions 20-39) is blank');

  const movements: BankMovement[] = [];
  const balances: BankBalance[] = [];
  const groups: Group[] = [];
  let group: Group | null = null;
  let trailer: Fields | null = null;

  for (const record of records.slice(1)) {
    const r: Fields = new Fields(record);
    if (trailer) r.fail('a record after EF, the last record of the file');
    const current = group;
    switch (record.type) {
      case 'RH':
        r.fail('a second RH record: a file holds one RH flow');
        break;
      case '61': {
        if (current && !current.closed) r.fail(`a 61 record before the 64 closing statement ${current.number}`);
        const number = groups.length + 1;
        r.statement(number);
        const account = accountOf(r, senderAbi);
        group = {
          number,
          account,
          currency: r.currency(75),
          date: r.date(78, 'the accounting date'),
          opening: r.amount(84, 85, 'the opening balance'),
          movements: [],
          closed: false,
          liquidity: false,
        };
        groups.push(group);
        break;
      }
      case '62': {
        if (!current || current.closed) r.fail('a 62 movement outside a statement (61 ... 64)');
        r.statement(current.number);
        // Movements are numbered from 001 within a statement; after 999 the numbers start again at 001.
        const expected = (current.movements.length % 999) + 1;
        const number = Number(r.digits(11, 13, 'the movement number'));
        if (number !== expected) r.fail(`the movement number (positions 11-13) is ${number}, not ${expected}`);
        const valueDate = r.date(14, 'the value date');
        const date = r.date(20, 'the booking date');
        const cents = r.amount(26, 27, 'the amount');
        const code = r.raw(42, 43);
        if (!/^[A-Z0-9]{2}$/.test(code)) r.fail(`the causale (positions 42-43) is "${code}"`);
        current.movements.push({
          number,
          cents,
          texts: [r.raw(87, 120)],
          movement: {
            line: record.line,
            account: current.account,
            date,
            valueDate,
            amount: centsText(cents),
            currency: current.currency,
            code,
            description: '',
          },
        });
        break;
      }
      case '63': {
        const last = current?.movements.at(-1);
        if (!current || current.closed || !last) r.fail('a 63 record that follows no 62 movement');
        r.statement(current.number);
        const number = Number(r.digits(11, 13, 'the movement number'));
        if (number !== last.number)
          r.fail(`the movement number (positions 11-13) is ${number}, not ${last.number} of the 62 it follows`);
        last.texts.push(informationText(r));
        break;
      }
      case '64': {
        if (!current || current.closed) r.fail('a 64 closing balance outside a statement (61 ... 64)');
        r.statement(current.number);
        const currency = r.currency(11);
        if (currency !== current.currency)
          r.fail(`the currency ${currency} (positions 11-13) is not ${current.currency} of the 61 record`);
        const date = r.date(14, 'the accounting date');
        if (date !== current.date) r.fail(`the accounting date ${date} is not ${current.date} of the 61 record`);
        const closing = r.amount(20, 21, 'the closing balance');
        // The available balance (36-51) is not stored, but read when given: a malformed one is a malformed file.
        if (r.raw(36, 51).trim() !== '') r.amount(36, 37, 'the available balance');
        const total = current.movements.reduce((sum, m) => sum + m.cents, 0n);
        if (current.opening + total !== closing)
          r.fail(
            `the closing balance ${centsText(closing)} is not the opening balance ${centsText(current.opening)} ` +
              `plus the movements ${centsText(total)}`,
          );
        current.closed = true;
        for (const m of current.movements) movements.push({ ...m.movement, description: tidy(m.texts) });
        balances.push({
          line: record.line,
          account: current.account,
          date,
          balance: centsText(closing),
          currency,
        });
        break;
      }
      case '65':
        if (!current?.closed || current.liquidity)
          r.fail('a 65 record that does not follow the 64 closing balance of its statement');
        r.statement(current.number);
        current.liquidity = true;
        break;
      case 'EF':
        if (current && !current.closed) r.fail(`the EF record before the 64 closing statement ${current.number}`);
        trailer = r;
        break;
    }
  }
  if (!trailer) throw new CbiFault(records.length, 'the file ends without its EF record');
  if (headerKey(trailer) !== headerKey(head))
    trailer.fail('positions 4-39 of EF (sender, receiver, creation date, file name) are not those of RH');
  const statements = Number(trailer.digits(46, 52, 'the number of statements'));
  if (statements !== groups.length)
    trailer.fail(`EF counts ${statements} statements (positions 46-52), the file has ${groups.length}`);
  const count = Number(trailer.digits(83, 89, 'the number of records'));
  if (count !== records.length)
    trailer.fail(`EF counts ${count} records (positions 83-89), the file has ${records.length}`);
  return { movements, balances };
}
