// One import run of a received bank file (issue 17), in ONE transaction with the run's own row: a run killed half-way
// (kill -9 of its worker) leaves nothing written, its run still QUEUED, and runs again. The run's row is locked for
// the transaction (for update skip locked), so two workers never import the same file.
//
// The file is read whole (formats/index.ts; a file that cannot be read is FAILED with the reason), then every code
// it uses is mapped through the counterpart's mapping: accounts (an IBAN naming exactly one of our accounts needs no
// mapping), transaction codes to our causes (per credit / debit), instrument codes (an ISIN of the registry needs
// none). One code without a mapping and the run waits in TO_MAP with the codes listed, and nothing is written; once
// mapped, a reload imports it. Otherwise movements are stored PENDING (origin FILE_EXCHANGE) for the middle office,
// balances and positions as the bank's view for the controls; a row that cannot be read for sure (a debit whose code
// maps to a cause that credits, a currency that is not its account's) is refused with its reason, and counted.
import { CASH_IN_CAUSES } from '@patrimonio/shared-api';
import { audit } from '../access/audit.ts';
import type { BankBalanceRow, BankPositionRow } from '../data/controls.ts';
import { replaceBankBalances, replaceBankPositions } from '../data/controls.ts';
import { currencyIdsByIso } from '../data/currencies.ts';
import {
  endRun,
  findCounterpart,
  mappingsOf,
  type RunOutcome,
  setFileStatus,
  supersedeEarlierRuns,
  takeRun,
} from '../data/exchange.ts';
import { insertMovementRows, type MovementFileRow } from '../data/financial/movements.ts';
import type { Queryable } from '../db/database.ts';
import { readBankFile } from './formats/index.ts';
import type { BankAccountRef, BankMovement } from './formats/types.ts';
import { patternMatches } from './pattern.ts';

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const TRADES = new Set(['BUY', 'SELL']);

interface AccountInfo {
  id: number;
  clientId: number;
  type: string;
  currencyId: number;
}

type Unmapped = RunOutcome['unmapped'][number];

/** The code an account reference is mapped by: its IBAN, else its account number, else its dossier. */
export const accountCode = (a: BankAccountRef): string => a.iban ?? a.accountNumber ?? a.dossier ?? '';

class Mapper {
  readonly unmapped = new Map<string, Unmapped>();
  private readonly accounts = new Map<string, AccountInfo | null>();
  private readonly instruments = new Map<string, { id: number; isin: string; bond: boolean } | null>();

  private constructor(
    private readonly tx: Queryable,
    private readonly maps: Awaited<ReturnType<typeof mappingsOf>>,
    private readonly intermediaryId: number | null,
  ) {}

  static async of(tx: Queryable, counterpartId: number, intermediaryId: number | null): Promise<Mapper> {
    return new Mapper(tx, await mappingsOf(tx, counterpartId), intermediaryId);
  }

  private miss(kind: string, code: string, direction: string, example: string) {
    const key = `${kind}|${code}|${direction}`;
    const seen = this.unmapped.get(key);
    if (seen) seen.rows += 1;
    else this.unmapped.set(key, { kind, code, direction, rows: 1, example: example.slice(0, 200) });
  }

  async account(ref: BankAccountRef, example: string): Promise<AccountInfo | null> {
    const code = accountCode(ref);
    if (!this.accounts.has(code)) this.accounts.set(code, await this.findAccount(ref, code));
    const found = this.accounts.get(code) ?? null;
    if (!found) this.miss('ACCOUNT', code, 'ANY', example);
    return found;
  }

  private async findAccount(ref: BankAccountRef, code: string): Promise<AccountInfo | null> {
    const mapped = this.maps.find((m) => m.kind === 'ACCOUNT' && m.code === code)?.accountId;
    const select = `select id, client_id, account_type, currency_id from accounts`;
    if (mapped !== undefined && mapped !== null) {
      const { rows } = await this.tx.query<Record<string, unknown>>(`${select} where id = $1`, [mapped]);
      return rows[0] ? toAccount(rows[0]) : null;
    }
    if (!ref.iban) return null;
    // An IBAN naming exactly one account (at the counterpart's intermediary, when several clients hold it) needs no
    // mapping; none or several: the mapping must say which.
    const { rows } = await this.tx.query<Record<string, unknown>>(
      `${select} where iban = $1 and ($2::bigint is null or financial_intermediary_id = $2
         or (select count(*) from accounts where iban = $1) = 1)`,
      [ref.iban.replace(/\s/g, '').toUpperCase(), this.intermediaryId],
    );
    return rows.length === 1 ? toAccount(rows[0]!) : null;
  }

  cause(code: string, direction: 'CREDIT' | 'DEBIT', example: string) {
    const m =
      this.maps.find((x) => x.kind === 'CAUSE' && x.code === code && x.direction === direction) ??
      this.maps.find((x) => x.kind === 'CAUSE' && x.code === code && x.direction === 'ANY');
    if (!m?.cause) {
      this.miss('CAUSE', code, direction, example);
      return null;
    }
    return { cause: m.cause, subcause: m.subcause };
  }

  async instrument(code: string, example: string) {
    if (!this.instruments.has(code)) {
      const mapped = this.maps.find((m) => m.kind === 'INSTRUMENT' && m.code === code)?.instrumentId ?? null;
      const { rows } = await this.tx.query<{ id: number; isin: string; macro_asset_class: string }>(
        mapped !== null
          ? 'select id, isin, macro_asset_class from instruments where id = $1'
          : 'select id, isin, macro_asset_class from instruments where isin = $1',
        [mapped ?? code.toUpperCase()],
      );
      const r = rows[0];
      this.instruments.set(
        code,
        r ? { id: Number(r.id), isin: String(r.isin), bond: r.macro_asset_class === 'Bond' } : null,
      );
    }
    const found = this.instruments.get(code) ?? null;
    if (!found) this.miss('INSTRUMENT', code, 'ANY', example);
    return found;
  }
}

const toAccount = (r: Record<string, unknown>): AccountInfo => ({
  id: Number(r.id),
  clientId: Number(r.client_id),
  type: String(r.account_type),
  currencyId: Number(r.currency_id),
});

const abs = (amount: string) => amount.replace(/^[-+]/, '');
const isZero = (amount: string) => /^[-+]?0*(\.0*)?$/.test(amount);

/** What a finished run leaves for after the commit: the clients whose bank data changed (their controls' checks). */
export interface RunResult {
  outcome: RunOutcome;
  bankDataClients: number[];
}

/** Imports a QUEUED run; null when another worker holds it or it is no longer queued. */
export async function importRun(tx: Queryable, runId: number): Promise<RunResult | null> {
  const taken = await takeRun(tx, runId);
  if (!taken) return null;
  const finish = async (outcome: RunOutcome, bankDataClients: number[] = []): Promise<RunResult> => {
    await endRun(tx, runId, outcome);
    const fileStatus = outcome.status === 'DONE' ? 'IMPORTED' : outcome.status;
    await setFileStatus(tx, taken.fileId, fileStatus);
    await audit(tx, null, 'import', 'import_run', runId, null, {
      file: taken.name,
      status: outcome.status,
      rowsRead: outcome.rowsRead,
      rowsStored: outcome.rowsStored,
      rowsPending: outcome.rowsPending,
      rowsRejected: outcome.rowsRejected,
    });
    return { outcome, bankDataClients };
  };
  const empty = { rowsRead: 0, rowsStored: 0, rowsPending: 0, rowsRejected: 0, unmapped: [] };
  const counterpart = taken.counterpartId === null ? null : await findCounterpart(tx, taken.counterpartId);
  if (!counterpart || !taken.format) {
    return finish({ status: 'FAILED', ...empty, errors: [{ line: null, message: 'no counterpart sends this file' }] });
  }
  const format =
    counterpart.formats.find((f) => f.format === taken.format && patternMatches(f.filePattern, taken.name)) ??
    counterpart.formats.find((f) => f.format === taken.format);
  const read = await readBankFile(taken.format as 'CBI', taken.content, format?.layout ?? null);
  if (!read.ok) {
    return finish({ status: 'FAILED', ...empty, errors: [{ line: read.line ?? null, message: read.error }] });
  }
  const rowsRead = read.movements.length + read.balances.length + read.positions.length;
  const mapper = await Mapper.of(tx, counterpart.id, counterpart.intermediaryId);
  const currencies = await currencyIdsByIso(tx);
  const errors: RunOutcome['errors'] = [];
  const reject = (line: number, message: string) => errors.push({ line, message });

  // Map every row first: one unmapped code and nothing is written.
  const movements: Array<{ m: BankMovement; account: AccountInfo; row: MovementFileRow }> = [];
  for (const m of read.movements) {
    const example = `line ${m.line}: ${m.description}`.trim();
    const account = await mapper.account(m.account, example);
    const direction = m.amount.startsWith('-') ? 'DEBIT' : 'CREDIT';
    const cause = mapper.cause(m.code, direction, example);
    const instrument = m.instrumentCode ? await mapper.instrument(m.instrumentCode, example) : null;
    if (!account || !cause || (m.instrumentCode && !instrument)) continue;
    const currencyId = currencies.get(m.currency);
    if (currencyId === undefined) reject(m.line, `unknown currency ${m.currency}`);
    else if (currencyId !== account.currencyId)
      reject(m.line, `the amount is in ${m.currency}, the account ${accountCode(m.account)} in another currency`);
    else if (isZero(m.amount)) reject(m.line, 'the amount is zero');
    else if (CASH_IN_CAUSES.has(cause.cause) !== (direction === 'CREDIT'))
      reject(
        m.line,
        `the bank reports a ${direction === 'CREDIT' ? 'credit' : 'debit'} but code ${m.code} maps to ${cause.cause}, which ${CASH_IN_CAUSES.has(cause.cause) ? 'credits' : 'debits'} the account`,
      );
    else if (TRADES.has(cause.cause) && (!instrument || !m.quantity || !m.price))
      reject(m.line, `a ${cause.cause} needs the instrument, its quantity and its price`);
    else
      movements.push({
        m,
        account,
        row: {
          date: m.date,
          cause: cause.cause,
          subcause: cause.subcause,
          instrumentId: instrument?.id ?? null,
          priceUnit: instrument?.bond ? 100 : 1,
          quantity: instrument ? (m.quantity ?? null) : null,
          price: instrument ? (m.price ?? null) : null,
          amount: abs(m.amount),
          currencyId,
          description: m.description || null,
        },
      });
  }
  const balances: BankBalanceRow[] = [];
  for (const b of read.balances) {
    const account = await mapper.account(b.account, `line ${b.line}: balance of ${b.date}`);
    if (!account) continue;
    const currencyId = currencies.get(b.currency);
    if (account.type !== 'CONTO_CORRENTE') reject(b.line, `account ${accountCode(b.account)} is not a current account`);
    else if (currencyId !== account.currencyId)
      reject(b.line, `the balance is in ${b.currency}, not in the account's currency`);
    else balances.push({ accountId: account.id, date: b.date, balance: b.balance, currencyId });
  }
  const positions: BankPositionRow[] = [];
  for (const p of read.positions) {
    const example = `line ${p.line}: position in ${p.instrumentCode}`;
    const account = await mapper.account(p.account, example);
    // An ISIN is stored as the bank wrote it (the controls join the registry on it); another code needs its mapping.
    const isin = ISIN.test(p.instrumentCode.toUpperCase())
      ? p.instrumentCode.toUpperCase()
      : (await mapper.instrument(p.instrumentCode, example))?.isin;
    if (!account || !isin) continue;
    const currencyId = currencies.get(p.currency);
    if (account.type !== 'CUSTODIA_TITOLI')
      reject(p.line, `account ${accountCode(p.account)} is not a securities account`);
    else if (currencyId === undefined) reject(p.line, `unknown currency ${p.currency}`);
    else if (p.quantity.startsWith('-')) reject(p.line, 'a position cannot be negative');
    else
      positions.push({
        accountId: account.id,
        date: p.date,
        isin,
        quantity: p.quantity,
        price: p.price ?? null,
        currencyId,
      });
  }

  if (mapper.unmapped.size > 0) {
    return finish({
      status: 'TO_MAP',
      rowsRead,
      rowsStored: 0,
      rowsPending: 0,
      rowsRejected: 0,
      errors: [],
      unmapped: [...mapper.unmapped.values()],
    });
  }

  // A reload: pending movements of earlier runs of this file go; lines the middle office decided stay as they are.
  const decided = await supersedeEarlierRuns(tx, taken.fileId);
  const fresh = movements.filter((x) => !decided.has(x.m.line));
  const byAccount = new Map<number, typeof fresh>();
  for (const x of fresh) byAccount.set(x.account.id, [...(byAccount.get(x.account.id) ?? []), x]);
  for (const [, list] of byAccount) {
    const account = list[0]!.account;
    await insertMovementRows(
      tx,
      null,
      { id: account.id, clientId: account.clientId },
      null,
      list.map((x) => x.row),
      'PENDING',
      { id: runId, lines: list.map((x) => x.m.line) },
    );
  }
  if (balances.length > 0) await replaceBankBalances(tx, null, balances);
  if (positions.length > 0) await replaceBankPositions(tx, null, positions);
  const bankAccounts = new Set([...balances, ...positions].map((r) => r.accountId));
  const { rows: clients } = await tx.query<{ client_id: number }>(
    'select distinct client_id from accounts where id = any($1::bigint[])',
    [[...bankAccounts]],
  );
  return finish(
    {
      status: 'DONE',
      rowsRead,
      rowsStored: fresh.length + balances.length + positions.length,
      rowsPending: fresh.length,
      rowsRejected: errors.length,
      errors,
      unmapped: [],
    },
    clients.map((r) => Number(r.client_id)),
  );
}
