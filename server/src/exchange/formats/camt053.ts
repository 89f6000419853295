// The reader of ISO 20022 camt.053 bank-to-customer statements (BkToCstmrStmt, versions camt.053.001.02 to .08).
// Per statement (Stmt): its account, its closing booked balance (CLBD) and its booked entries (Ntry with status
// BOOK); entries of another status (pending, information) are left out and counted. The XML is parsed by
// fast-xml-parser after a DOCTYPE (and so any entity declaration, internal or external) has been refused. What each
// element gives and where the rules come from: docs/import/bank-formats.md. Read whole or refused, never half-read.
import { checkIban } from '@patrimonio/shared-api';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDate } from '../../import/parse.ts';
import type { BankAccountRef, BankBalance, BankMovement, ReadBankFile } from './types.ts';

/** The namespaces read: camt.053.001.02 to camt.053.001.08. */
const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})$/;
const FIRST_VERSION = 2;
const LAST_VERSION = 8;

/** Why a camt.053 file is refused, and the 1-based index of the entry at fault when there is one. */
class CamtFault extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree, read through the accessors below
type Node = any;

/** The elements that may repeat, always parsed as arrays (one of them is then no special case). */
const REPEATED = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The five predefined entities of XML and numeric character references ("&#233;"); with the DOCTYPE refused no
  // other entity can be declared, and an undeclared one is refused before parsing (undeclaredEntity).
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
});

/** The text of an element: its string, or the text beside its attributes. */
function textOf(node: Node): string | undefined {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && typeof node['#text'] === 'string') return node['#text'];
  return undefined;
}

const list = (node: Node): Node[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/** The document's text: UTF-8 unless the XML declaration names another encoding TextDecoder knows. */
function decode(bytes: Buffer): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  const encoding = (declared ?? 'utf-8').toLowerCase();
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new CamtFault(`the XML declares the encoding "${declared}", which is not known`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new CamtFault(`the file is not text in its encoding ${decoder.encoding}`);
  }
}

/** The namespace of the root element, read from its start tag (the parser drops the xmlns attributes). */
function rootNamespace(text: string): { name: string; namespace: string | undefined } {
  const start = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/.exec(
    text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (!start) return { name: '', namespace: undefined };
  const prefix = start[1] ? start[1].slice(0, -1) : '';
  const attribute = new RegExp(`\\sxmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(
    start[3] ?? '',
  );
  return { name: start[2]!, namespace: attribute ? (attribute[1] ?? attribute[2]) : undefined };
}

/** What another ISO 20022 message is, for the refusal ("camt.052", "pain.001"). */
const messageOf = (namespace: string | undefined) =>
  /urn:iso:std:iso:20022:tech:xsd:([a-z]{4}\.\d{3})\.\d{3}\.\d{2}$/.exec(namespace ?? '')?.[1];

/** The version's number of a camt.053 namespace (2 for .001.02), or why the document is not one that is read. */
function versionOf(text: string): number {
  const root = rootNamespace(text);
  const version = NAMESPACE.exec(root.namespace ?? '');
  if (!version) {
    const other = messageOf(root.namespace);
    throw new CamtFault(
      other
        ? `this is an ISO 20022 ${other} message, not a camt.053 bank-to-customer statement`
        : `this is not a camt.053 statement: its root element ${root.name || '(none)'} has the namespace ${root.namespace ?? '(none)'}`,
    );
  }
  const n = Number(version[1]);
  if (root.name !== 'Document') throw new CamtFault(`the root element is ${root.name}, not Document`);
  if (n < FIRST_VERSION || n > LAST_VERSION)
    throw new CamtFault(`camt.053.001.${version[1]} is not read: versions .02 to .08 are`);
  return n;
}

/** An ISO date, or the date of an ISO date-time as written ("2026-11-03T10:15:00+01:00" -> 2026-11-03). */
function isoDate(value: string | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?)?$/.exec(value ?? '');
  return m ? parseDate(m[1]!) : null;
}

/** A date choice (Dt or DtTm) as YYYY-MM-DD; `what` names it in the refusal. */
function dateChoice(node: Node, what: string, line?: number): string {
  const value = textOf(node?.Dt) ?? textOf(node?.DtTm);
  const date = isoDate(value);
  if (!date) throw new CamtFault(`${what} is "${value ?? ''}", not a date (Dt or DtTm)`, line);
  return date;
}

/** Amounts are scaled to 10^-5, the most decimals an ISO 20022 amount has. */
const SCALE = 5;

/** An amount (Amt with its Ccy attribute) and its credit/debit indicator: the signed text, currency and scaled value. */
function signedAmount(
  amountNode: Node,
  indicator: Node,
  what: string,
  line?: number,
): { text: string; currency: string; scaled: bigint } {
  const value = textOf(amountNode) ?? '';
  const m = /^(\d{1,18})(?:\.(\d{1,5}))?$/.exec(value);
  if (!m) throw new CamtFault(`${what} "${value}" is not an amount (digits, a dot, at most 5 decimals)`, line);
  const currency = typeof amountNode === 'object' ? amountNode['@Ccy'] : undefined;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
    throw new CamtFault(`${what} has no currency (Ccy) of three capital letters`, line);
  const sign = textOf(indicator);
  if (sign !== 'CRDT' && sign !== 'DBIT')
    throw new CamtFault(`the credit/debit indicator of ${what} is "${sign ?? ''}", not CRDT or DBIT`, line);
  const integer = m[1]!.replace(/^0+(?=\d)/, '');
  const decimals = m[2] ?? '';
  const magnitude = BigInt(integer + decimals.padEnd(SCALE, '0'));
  const zero = magnitude === 0n;
  const text = `${sign === 'DBIT' && !zero ? '-' : ''}${integer}${decimals ? `.${decimals}` : ''}`;
  return { text, currency, scaled: sign === 'DBIT' ? -magnitude : magnitude };
}

const scaledText = (scaled: bigint) => {
  const abs = (scaled < 0n ? -scaled : scaled).toString().padStart(SCALE + 1, '0');
  const decimals = abs.slice(-SCALE).replace(/0+$/, '').padEnd(2, '0');
  return `${scaled < 0n ? '-' : ''}${abs.slice(0, -SCALE)}.${decimals}`;
};

/** The statement's account: its IBAN, or its other identification as the account number. */
function accountOf(stmt: Node, index: number): BankAccountRef {
  const id = stmt?.Acct?.Id;
  const iban = textOf(id?.IBAN);
  if (iban !== undefined) {
    const check = checkIban(iban);
    if (!check.valid)
      throw new CamtFault(`statement ${index}: the IBAN "${iban}" is not valid (${check.reason ?? 'invalid'})`);
    return { iban: check.iban };
  }
  const other = textOf(id?.Othr?.Id)?.trim();
  if (other) return { accountNumber: other };
  throw new CamtFault(`statement ${index} names no account (Acct/Id/IBAN or Acct/Id/Othr/Id)`);
}

/** The bank transaction code: Domn/Cd-Fmly/Cd-SubFmlyCd ("PMNT-RCDT-ESCT"), else the proprietary Prtry/Cd. */
function codeOf(entry: Node, line: number): string {
  const domain = entry?.BkTxCd?.Domn;
  const parts = [textOf(domain?.Cd), textOf(domain?.Fmly?.Cd), textOf(domain?.Fmly?.SubFmlyCd)];
  if (parts.every((p) => p?.trim())) return parts.map((p) => p!.trim()).join('-');
  const proprietary = textOf(entry?.BkTxCd?.Prtry?.Cd)?.trim();
  if (proprietary) return proprietary;
  throw new CamtFault(
    'the entry has no bank transaction code (BkTxCd/Domn with Cd, Fmly/Cd and Fmly/SubFmlyCd, or BkTxCd/Prtry/Cd)',
    line,
  );
}

/** The entry's words: its additional entry information, else the unstructured remittance information of its details. */
function descriptionOf(entry: Node): string {
  const additional = textOf(entry?.AddtlNtryInf);
  const words = additional?.trim()
    ? [additional]
    : list(entry?.NtryDtls)
        .flatMap((d: Node) => list(d?.TxDtls))
        .flatMap((t: Node) => list(t?.RmtInf?.Ustrd))
        .map((u: Node) => textOf(u) ?? '');
  return words
    .map((w) => w.replace(/\s+/g, ' ').trim())
    .filter((w) => w !== '')
    .join(' ');
}

/** The entry's status: Sts as text (versions up to .06) or Sts/Cd (later ones), or its proprietary status. */
const statusOf = (entry: Node): string =>
  textOf(entry?.Sts) ?? textOf(entry?.Sts?.Cd) ?? textOf(entry?.Sts?.Prtry) ?? '';

const typeOf = (balance: Node): string | undefined =>
  textOf(balance?.Tp?.CdOrPrtry?.Cd) ?? textOf(balance?.Tp?.CdOrPrtry?.Prtry);

/** Reads a camt.053 file whole, or says why it cannot be read (and at which entry, counted from 1 in the file). */
export function readCamt053(bytes: Buffer): ReadBankFile {
  try {
    return readDocument(bytes);
  } catch (err) {
    if (err instanceof CamtFault)
      return { ok: false, error: err.message, ...(err.line !== undefined ? { line: err.line } : {}) };
    throw err;
  }
}

function readDocument(bytes: Buffer): ReadBankFile {
  const text = decode(bytes);
  if (/<!DOCTYPE/i.test(text))
    throw new CamtFault('the file declares a DOCTYPE: document types and entity declarations are refused (XXE)');
  const markup = text.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, '');
  const undeclared = /&(?!(?:amp|lt|gt|quot|apos);|#\d+;|#x[0-9A-Fa-f]+;)([^;\s<]*;?)/.exec(markup);
  if (undeclared) throw new CamtFault(`the entity reference "&${undeclared[1]}" is not one XML predefines`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new CamtFault(`the file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  versionOf(text);
  let document: Node;
  try {
    document = parser.parse(text);
  } catch (err) {
    throw new CamtFault(`the XML cannot be read: ${(err as Error).message}`);
  }
  const statementsNode = document?.Document?.BkToCstmrStmt;
  if (!statementsNode || typeof statementsNode !== 'object')
    throw new CamtFault('the document holds no BkToCstmrStmt: this is not a camt.053 statement');
  const statements = list(statementsNode.Stmt);
  if (statements.length === 0) throw new CamtFault('the statement message holds no statement (Stmt)');

  const movements: BankMovement[] = [];
  const balances: BankBalance[] = [];
  let skipped = 0;
  let entryIndex = 0;
  statements.forEach((stmt: Node, s: number) => {
    const index = s + 1;
    const account = accountOf(stmt, index);
    // One currency a statement: the account's when stated, else that of its first balance or entry.
    let currency = textOf(stmt?.Acct?.Ccy);
    const sameCurrency = (found: string, what: string, line?: number) => {
      currency ??= found;
      if (found !== currency) throw new CamtFault(`${what} is in ${found}, its statement in ${currency}`, line);
    };
    let opening: bigint | undefined;
    let closing: bigint | undefined;
    for (const balance of list(stmt?.Bal)) {
      const type = typeOf(balance);
      if (type !== 'CLBD' && type !== 'OPBD') continue;
      const what = `the ${type} balance of statement ${index}`;
      const amount = signedAmount(balance?.Amt, balance?.CdtDbtInd, what);
      sameCurrency(amount.currency, what);
      const date = dateChoice(balance?.Dt, `the date of ${what}`);
      if (type === 'OPBD') {
        if (opening !== undefined) throw new CamtFault(`statement ${index} has two OPBD balances`);
        opening = amount.scaled;
        continue;
      }
      if (closing !== undefined) throw new CamtFault(`statement ${index} has two CLBD balances`);
      closing = amount.scaled;
      balances.push({ line: index, account, date, balance: amount.text, currency: amount.currency });
    }
    let booked = 0n;
    for (const entry of list(stmt?.Ntry)) {
      const line = ++entryIndex;
      if (statusOf(entry).trim() !== 'BOOK') {
        skipped++;
        continue;
      }
      const amount = signedAmount(entry?.Amt, entry?.CdtDbtInd, 'the amount', line);
      sameCurrency(amount.currency, 'the entry', line);
      if (!entry?.BookgDt) throw new CamtFault('the booked entry has no booking date (BookgDt)', line);
      const date = dateChoice(entry.BookgDt, 'the booking date', line);
      const valueDate = entry?.ValDt === undefined ? undefined : dateChoice(entry.ValDt, 'the value date', line);
      booked += amount.scaled;
      movements.push({
        line,
        account,
        date,
        ...(valueDate ? { valueDate } : {}),
        amount: amount.text,
        currency: amount.currency,
        code: codeOf(entry, line),
        description: descriptionOf(entry),
      });
    }
    // The booked balances and the booked entries agree: what opened plus what was booked is what closed.
    if (opening !== undefined && closing !== undefined && opening + booked !== closing)
      throw new CamtFault(
        `statement ${index}: the closing booked balance ${scaledText(closing)} is not the opening booked ` +
          `balance ${scaledText(opening)} plus the booked entries ${scaledText(booked)}`,
      );
  });
  return { ok: true, movements, balances, positions: [], skipped };
}
