// The reconciliation controls (issue 16): our figures at a bank date, from the engine (positionsAt, in the engine's
// worker threads: operations.ts `controlFigures`), and their comparison with the bank's balances and positions. Pure
// functions: the controls-check job (jobs/controls.ts) and the controls routes (routes/controls/) gather the bank's
// rows and call them.
//
// Tolerances (shared-api CONTROL_MONEY_TOLERANCE, CONTROL_QUANTITY_TOLERANCE): a balance matches within 0.01, a
// quantity within 0.001. A line we hold that the bank does not list counts as bank 0, and a position the bank lists
// that we do not hold counts as ours 0. A current account the bank sent no balance for at the date does not match.
// Prices are informative: our last close on or before the date against the bank's, the gap in percent of the bank's.
//
// Worked example: ours 12,345.67 on the current account, the bank 12,195.67: difference 150.00, one difference. Ours
// 100 shares of IE00B4L5Y983, the bank 100.0004: difference -0.0004, within 0.001, a match; our price 85.12 against the
// bank's 85.00: gap (85.12 - 85) / 85 x 100 = 0.14117647...%.
import { type IsoDate, type PortfolioInput, positionsAt, toDayNumber } from '@patrimonio/engine';
import type { ControlDetail, ControlStatusCode } from '@patrimonio/shared-api';
import { CONTROL_MONEY_TOLERANCE, CONTROL_QUANTITY_TOLERANCE } from '@patrimonio/shared-api/constants';

/** Our figures at one date, as the engine books them (rounded at its edge: 2 decimals money, 3 quantities). */
export interface OurFigures {
  date: IsoDate;
  /** Cash per account, in the account's currency. */
  cash: Array<{ accountId: number; balance: number }>;
  /** The lines held at the date (quantity not 0), per account and instrument. */
  lines: Array<{ accountId: number; instrumentId: number; isin: string; name: string; quantity: number }>;
  /** The last close on or before the date of each instrument of the input, in its currency (bonds per 100). */
  prices: Array<{ instrumentId: number; isin: string; name: string; currency: string; price: number; date: IsoDate }>;
}

/** The last point on or before `day` of a series sorted by date, or undefined. */
function lastOnOrBefore<T extends { date: IsoDate }>(points: ReadonlyArray<T>, date: IsoDate): T | undefined {
  const day = toDayNumber(date);
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (toDayNumber(points[mid]!.date) <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 ? points[found] : undefined;
}

/** Our figures at each date (the engine's positions at the end of the date). The operation `controlFigures`. */
export function ourFigures(input: PortfolioInput, dates: ReadonlyArray<IsoDate>): OurFigures[] {
  const instruments = new Map(input.instruments.map((i) => [i.id, i]));
  return dates.map((date) => {
    const p = positionsAt(input, date);
    const lines: OurFigures['lines'] = [];
    for (const l of p.lines) {
      if (l.quantity === 0) continue;
      const i = instruments.get(l.instrumentId);
      if (!i) continue;
      lines.push({ accountId: l.accountId, instrumentId: l.instrumentId, isin: i.isin, name: i.name, quantity: l.quantity });
    }
    const prices: OurFigures['prices'] = [];
    for (const s of input.prices) {
      const i = instruments.get(s.instrumentId);
      const last = i && lastOnOrBefore(s.points, date);
      if (i && last)
        prices.push({ instrumentId: i.id, isin: i.isin, name: i.name, currency: i.currency, price: last.price, date: last.date });
    }
    return { date, cash: p.cash.map((c) => ({ accountId: c.accountId, balance: c.balance })), lines, prices };
  });
}

/** An account of a portfolio as the checks show it. */
export interface CheckedAccount {
  id: number;
  name: string;
  iban: string | null;
  /** ISO code of the account's currency. */
  currency: string;
  type: 'CONTO_CORRENTE' | 'CUSTODIA_TITOLI';
}

/** The bank's rows at one date for some accounts. */
export interface BankAt {
  /** Balance per current account. */
  balances: ReadonlyMap<number, number>;
  positions: ReadonlyArray<{ accountId: number; isin: string; quantity: number; price: number | null; currency: string }>;
}

/** Registry instruments by ISIN, for the positions the bank lists that we do not hold. */
export type InstrumentsByIsin = ReadonlyMap<string, { id: number; name: string; currency: string }>;

export interface Check {
  balances: ControlDetail['balances'];
  quantities: ControlDetail['quantities'];
  prices: ControlDetail['prices'];
  /** Balances and quantities that do not match. */
  differences: number;
}

// Tolerances compared after rounding the difference to the figures' own precision, so that 0.01 in binary floating
// point (12.34 - 12.33 = 0.010000000000000009) is within 0.01.
const money = (v: number) => Math.round(v * 100) / 100;
const quantity = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * The comparison at one date of a portfolio's accounts (`accounts`: those the caller sees, in display order) between
 * our figures and the bank's: balances of the current accounts, quantities per ISIN per account, prices.
 */
export function compareAt(
  accounts: ReadonlyArray<CheckedAccount>,
  ours: OurFigures,
  bank: BankAt,
  registry: InstrumentsByIsin,
): Check {
  const cash = new Map(ours.cash.map((c) => [c.accountId, c.balance]));
  const ids = new Set(accounts.map((a) => a.id));
  const balances: Check['balances'] = accounts
    .filter((a) => a.type === 'CONTO_CORRENTE')
    .map((a) => {
      const o = cash.get(a.id) ?? 0;
      const b = bank.balances.get(a.id);
      const difference = b === undefined ? null : money(o - b);
      return {
        accountId: a.id,
        accountName: a.name,
        iban: a.iban,
        currency: a.currency,
        ours: o,
        bank: b ?? null,
        difference,
        ok: difference !== null && Math.abs(difference) <= CONTROL_MONEY_TOLERANCE,
      };
    });

  // One quantity line per (account, ISIN) either side lists.
  interface Line {
    account: CheckedAccount;
    isin: string;
    instrumentId: number | null;
    name: string | null;
    ours: number;
    bank: number | null;
    bankPrice: number | null;
  }
  const lines = new Map<string, Line>();
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const lineOf = (accountId: number, isin: string): Line => {
    const key = `${accountId}|${isin}`;
    let line = lines.get(key);
    if (!line) {
      const known = registry.get(isin);
      line = {
        account: byId.get(accountId)!,
        isin,
        instrumentId: known?.id ?? null,
        name: known?.name ?? null,
        ours: 0,
        bank: null,
        bankPrice: null,
      };
      lines.set(key, line);
    }
    return line;
  };
  for (const l of ours.lines) {
    if (!ids.has(l.accountId)) continue;
    const line = lineOf(l.accountId, l.isin);
    line.ours += l.quantity;
    line.instrumentId = l.instrumentId;
    line.name = l.name;
  }
  for (const p of bank.positions) {
    if (!ids.has(p.accountId)) continue;
    const line = lineOf(p.accountId, p.isin);
    line.bank = (line.bank ?? 0) + p.quantity;
    line.bankPrice = p.price;
  }
  const order = new Map(accounts.map((a, i) => [a.id, i]));
  const sorted = [...lines.values()].sort(
    (x, y) => order.get(x.account.id)! - order.get(y.account.id)! || (x.isin < y.isin ? -1 : x.isin > y.isin ? 1 : 0),
  );
  const quantities: Check['quantities'] = sorted.map((l) => {
    const difference = quantity(l.ours - (l.bank ?? 0));
    return {
      accountId: l.account.id,
      accountName: l.account.name,
      instrumentId: l.instrumentId,
      isin: l.isin,
      instrumentName: l.name,
      ours: l.ours,
      bank: l.bank,
      difference,
      ok: Math.abs(difference) <= CONTROL_QUANTITY_TOLERANCE,
    };
  });

  const ourPrice = new Map(ours.prices.map((p) => [p.isin, p]));
  const prices: Check['prices'] = sorted.map((l) => {
    const o = ourPrice.get(l.isin);
    const b = l.bankPrice;
    return {
      accountId: l.account.id,
      accountName: l.account.name,
      isin: l.isin,
      instrumentName: l.name,
      currency: o?.currency ?? registry.get(l.isin)?.currency ?? l.account.currency,
      ourPrice: o?.price ?? null,
      ourPriceDate: o?.date ?? null,
      bankPrice: b,
      gapPercent: o && b !== null && b !== 0 ? ((o.price - b) / b) * 100 : null,
    };
  });

  const differences = balances.filter((b) => !b.ok).length + quantities.filter((q) => !q.ok).length;
  return { balances, quantities, prices, differences };
}

/** A date's status: OK when nothing differs or a difference was accepted. */
export const statusOf = (differences: number, accepted: boolean): Exclude<ControlStatusCode, 'NO_BANK_DATA'> =>
  differences === 0 || accepted ? 'OK' : 'DIFFERENCES';
