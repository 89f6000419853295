// The bank's files for the reconciliation controls (multipart, CSV or XLSX; docs/import/README.md, "Bank files for
// the controls"): cash balances of current accounts and positions of securities accounts at a date. The same rules as
// the movement import (routes/financial/uploads.ts, whose readers they use): the type read from the content, 15 MB,
// every row checked, and any rejection answers the rejected rows and stores nothing. `account` is an IBAN or our
// account id (an IBAN is never all digits) of an account the caller sees, of the file's type. A new file for an
// (account, date) replaces that date's rows of the account (a corrected file). Then the controls-check job of each
// client named is queued (jobs/controls.ts). Who: ADMIN, BACK_OFFICE, PRO; a DELEGATE with MANAGE_CONTROL (403
// otherwise); BASIC 403.
import multipart from '@fastify/multipart';
import { ISIN_FORMAT, routes } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../access/audit.ts';
import { assertMayControl, CONTROL_ROLES } from '../../access/controls.ts';
import {
  type BankBalanceRow,
  type BankFileAccount,
  type BankPositionRow,
  replaceBankBalances,
  replaceBankPositions,
  visibleAccountsByRef,
} from '../../data/controls.ts';
import { currencyIdsByIso } from '../../data/currencies.ts';
import { instrumentsByIsin } from '../../data/financial/instruments.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { integerDigits, parseDate } from '../../import/parse.ts';
import { breathe, type NamedRow, Rejections, type RowRejection } from '../../import/rows.ts';
import { CONTROLS_CHECK } from '../../jobs/controls.ts';
import { caller } from '../../plugins/auth.ts';
import { route } from '../../plugins/route.ts';
import { Duplicates, decimal, MULTIPART_LIMITS, readRows, readUpload, requireFile } from '../financial/uploads.ts';

export const BALANCE_COLUMNS = ['account', 'date', 'balance', 'currency'] as const;
export const POSITION_COLUMNS = ['account', 'date', 'isin', 'quantity', 'price', 'currency'] as const;
const BALANCE_NUMBERS = ['balance'] as const;
const POSITION_NUMBERS = ['quantity', 'price'] as const;

type AccountType = BankFileAccount['type'];

/** An account id as a file writes it: digits only (an IBAN never is), within the ids' range. */
const ACCOUNT_ID = /^\d+$/;
const MAX_ID_DIGITS = 15;

/** The account cell as looked up: spaces dropped, upper case. */
const accountRef = (r: NamedRow) => r.get('account').replace(/\s+/g, '').toUpperCase();

/** The accounts the rows name that the caller sees, by id and by IBAN. */
async function accountsOf(db: Queryable, user: AuthUser, rows: NamedRow[]) {
  const refs = rows.map(accountRef);
  const ids = refs.filter((v) => ACCOUNT_ID.test(v) && v.length <= MAX_ID_DIGITS).map(Number);
  const ibans = refs.filter((v) => v !== '' && !ACCOUNT_ID.test(v));
  const accounts = await visibleAccountsByRef(db, user, ids, ibans);
  const byIban = new Map<string, BankFileAccount[]>();
  for (const a of accounts) if (a.iban !== null) byIban.set(a.iban, [...(byIban.get(a.iban) ?? []), a]);
  return { byId: new Map(accounts.map((a) => [a.id, a])), byIban };
}

/** The row's account, of the file's type: a rejection when it is none the caller sees, ambiguous or of another type. */
function accountOf(
  rej: Rejections,
  r: NamedRow,
  accounts: Awaited<ReturnType<typeof accountsOf>>,
  expected: AccountType,
): BankFileAccount | null {
  const ref = accountRef(r);
  const value = r.get('account');
  if (!ref) {
    rej.add(r.row, 'account', 'required');
    return null;
  }
  let found: BankFileAccount[] = accounts.byIban.get(ref) ?? [];
  if (ACCOUNT_ID.test(ref)) {
    const byId = ref.length <= MAX_ID_DIGITS ? accounts.byId.get(Number(ref)) : undefined;
    found = byId ? [byId] : [];
  }
  if (!found.length) {
    rej.add(r.row, 'account', 'unknownAccount', { value });
    return null;
  }
  const ofType = found.filter((a) => a.type === expected);
  if (!ofType.length) {
    rej.add(r.row, 'account', 'accountType', { value, type: found[0]!.type, expected });
    return null;
  }
  if (ofType.length > 1) {
    rej.add(r.row, 'account', 'ambiguousAccount', { value, accounts: String(ofType.length) });
    return null;
  }
  return ofType[0]!;
}

/** The row's date: required, a date. */
function dateOf(rej: Rejections, r: NamedRow): string | null {
  const raw = r.get('date');
  const date = parseDate(raw);
  if (!raw) rej.add(r.row, 'date', 'required');
  else if (!date) rej.add(r.row, 'date', 'notDate', { value: raw });
  return date;
}

/** A balance: required, a number that may be negative, within numeric(20, 2). */
function balanceOf(rej: Rejections, r: NamedRow): string | null {
  if (r.get('balance') === '') {
    rej.add(r.row, 'balance', 'required');
    return null;
  }
  const n = r.number('balance');
  if (!n.ok) rej.add(r.row, 'balance', n.code, n.params);
  else if (integerDigits(n.value) > 18) rej.add(r.row, 'balance', 'tooLarge');
  else return n.value;
  return null;
}

/** Checks every balance row: the rows to store, or the rejections. */
async function checkBalances(db: Queryable, user: AuthUser, rows: NamedRow[]) {
  const rej = new Rejections();
  const accounts = await accountsOf(db, user, rows);
  const currencies = await currencyIdsByIso(db);
  const seen = new Duplicates(rej);
  const ok: Array<BankBalanceRow & { clientId: number }> = [];
  for (const [i, r] of rows.entries()) {
    await breathe(i);
    const before = rej.list.length;
    const account = accountOf(rej, r, accounts, 'CONTO_CORRENTE');
    const date = dateOf(rej, r);
    const balance = balanceOf(rej, r);
    const iso = r.get('currency').toUpperCase();
    if (iso && !currencies.has(iso)) rej.add(r.row, 'currency', 'unknownCurrency', { value: r.get('currency') });
    else if (iso && account && iso !== account.currency)
      rej.add(r.row, 'currency', 'accountCurrency', {
        account: r.get('account'),
        currency: account.currency,
        value: iso,
      });
    if (account && date) seen.check(r.row, `${account.id}|${date}`, `${r.get('account')} on ${date}`);
    if (rej.list.length === before)
      ok.push({
        accountId: account!.id,
        clientId: account!.clientId,
        date: date!,
        balance: balance!,
        currencyId: account!.currencyId,
      });
  }
  return { ok, rejected: rej.sorted() };
}

/** Checks every position row: the rows to store, or the rejections. */
async function checkPositions(db: Queryable, user: AuthUser, rows: NamedRow[]) {
  const rej = new Rejections();
  const accounts = await accountsOf(db, user, rows);
  const currencies = await currencyIdsByIso(db);
  const registry = await instrumentsByIsin(
    db,
    rows.map((r) => r.get('isin').toUpperCase()).filter((s) => ISIN_FORMAT.test(s)),
  );
  const seen = new Duplicates(rej);
  const ok: Array<BankPositionRow & { clientId: number }> = [];
  for (const [i, r] of rows.entries()) {
    await breathe(i);
    const before = rej.list.length;
    const account = accountOf(rej, r, accounts, 'CUSTODIA_TITOLI');
    const date = dateOf(rej, r);
    const isin = r.get('isin').toUpperCase();
    if (!isin) rej.add(r.row, 'isin', 'required');
    else if (!ISIN_FORMAT.test(isin)) rej.add(r.row, 'isin', 'notIsin', { value: r.get('isin') });
    if (r.get('quantity') === '') rej.add(r.row, 'quantity', 'required');
    const quantity = decimal(rej, r, 'quantity', 18);
    const price = decimal(rej, r, 'price', 16);
    // The price's currency: the instrument's when our registry knows it (another is refused), else the one given or
    // the account's.
    const known = registry.get(isin);
    const iso = r.get('currency').toUpperCase();
    let currencyId = known?.currencyId ?? account?.currencyId;
    if (iso && !currencies.has(iso)) rej.add(r.row, 'currency', 'unknownCurrency', { value: r.get('currency') });
    else if (iso && known && iso !== known.iso)
      rej.add(r.row, 'currency', 'priceCurrency', { isin, currency: known.iso, value: iso });
    else if (iso) currencyId = currencies.get(iso);
    if (account && date && isin)
      seen.check(r.row, `${account.id}|${date}|${isin}`, `${isin} of ${r.get('account')} on ${date}`);
    if (rej.list.length === before)
      ok.push({
        accountId: account!.id,
        clientId: account!.clientId,
        date: date!,
        isin,
        quantity: quantity!,
        price,
        currencyId: currencyId!,
      });
  }
  return { ok, rejected: rej.sorted() };
}

/** What an upload's audit entry records: rows, accounts, the dates' range, the rows replaced. */
const summary = (rows: ReadonlyArray<{ accountId: number; date: string }>, replaced: number) => {
  const dates = rows.map((r) => r.date).sort();
  return {
    rows: rows.length,
    accountIds: [...new Set(rows.map((r) => r.accountId))].sort((a, b) => a - b),
    dates: [dates[0], dates[dates.length - 1]],
    replaced,
  };
};

/** A kind of bank file: its template, the check of its rows, where they are stored and its audit entry's entity. */
interface BankFile<Row extends { accountId: number; date: string; clientId: number }> {
  columns: readonly string[];
  numbers: readonly string[];
  check: (db: Queryable, user: AuthUser, rows: NamedRow[]) => Promise<{ ok: Row[]; rejected: RowRejection[] }>;
  replace: (tx: Queryable, userId: number | null, rows: Row[]) => Promise<number>;
  entity: string;
}

export async function controlUploadRoutes(app: FastifyInstance): Promise<void> {
  /**
   * The upload of a bank file: read, every row checked; with no rejection its rows replace those of their (account,
   * date), audited, and the check of each client named is queued. Answers the rejected rows.
   */
  const upload =
    <Row extends { accountId: number; date: string; clientId: number }>(kind: BankFile<Row>) =>
    async (request: FastifyRequest) => {
      const user = caller(request);
      assertMayControl(user);
      const file = requireFile((await readUpload(request)).file);
      const rows = await readRows(app, file, kind.columns, kind.numbers);
      const stored = await app.db.transaction(async (tx) => {
        const { ok, rejected } = await kind.check(tx, user, rows);
        if (rejected.length) return { rejected, ok: [] };
        const replaced = await kind.replace(tx, user.userId, ok);
        await audit(tx, user, 'import', kind.entity, null, null, summary(ok, replaced));
        return { rejected, ok };
      });
      for (const clientId of new Set(stored.ok.map((r) => r.clientId)))
        await app.jobs.send(CONTROLS_CHECK, { clientId });
      return stored.rejected;
    };

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });

    route(
      scope,
      routes.uploadBankBalances,
      upload({
        columns: BALANCE_COLUMNS,
        numbers: BALANCE_NUMBERS,
        check: checkBalances,
        replace: replaceBankBalances,
        entity: 'bank_balance',
      }),
      { roles: CONTROL_ROLES },
    );

    route(
      scope,
      routes.uploadBankPositions,
      upload({
        columns: POSITION_COLUMNS,
        numbers: POSITION_NUMBERS,
        check: checkPositions,
        replace: replaceBankPositions,
        entity: 'bank_position',
      }),
      { roles: CONTROL_ROLES },
    );
  });
}
