// Positions: a portfolio's approved movements replayed in date order (same day: input order) into lines, one per
// (accountId, instrumentId), with the average cost method. Conventions and worked examples: engine/docs/portfolio.md.
import { CASH_IN_CAUSES } from '@patrimonio/shared-api/constants';
import { addMonthsClamped, fromDayNumber, toDayNumber } from './calendar.ts';
import { Market } from './market.ts';
import { roundMoney, roundPrice, roundQuantity } from './rounding.ts';
import type { Account, Instrument, IsoDate, Movement, PortfolioInput } from './types.ts';

/** Something the replay could not book as the data says; it never throws on data. */
export interface LedgerWarning {
  code: 'OVERSOLD' | 'UNKNOWN_INSTRUMENT' | 'UNKNOWN_ACCOUNT' | 'MISSING_QUANTITY' | 'MISSING_FX' | 'MISSING_PRICE';
  movementId?: number;
  message: string;
}

/**
 * One line (account, instrument) at a date. Book values are in EUR at the FX of each movement's date; prices are
 * quoted like the instrument's price (per unit, bonds per 100 of nominal), so cmc = quantity x pmc / priceUnit.
 */
export interface PositionLine {
  accountId: number;
  instrumentId: number;
  /** Units held; for bonds the nominal. */
  quantity: number;
  /** Average book cost per price unit in EUR, including the linked trading fees (NEGOZIAZIONE). */
  pmc: number;
  /** The same in the instrument's currency (fees converted at their trade's date): the report's `pmc`. */
  pmcCcy: number;
  /** Average purchase price per price unit in EUR, excluding costs. */
  pms: number;
  /** The same in the instrument's currency: the report's `pms`. */
  pmsCcy: number;
  /** Book cost of the held quantity, EUR: quantity x pmc / priceUnit. */
  cmc: number;
  /** Realised gain since the first movement, EUR: sale proceeds - linked sale fees - quantity sold x pmc. */
  cgAccomplished: number;
  /** Coupons and dividends received on the line since the first movement, EUR at their dates. */
  accrualCouponDividend: number;
  /** Bond interest accrued at the purchase dates for the held nominal (reduced pro rata on sales), EUR. */
  loadAccrual: number;
  /** Bond interest accrued at the date for the held nominal, EUR at the date's FX. */
  currentAccrual: number;
}

/** Replay state of one line (unrounded). */
export interface LineState {
  key: string;
  accountId: number;
  instrumentId: number;
  instrument: Instrument;
  account: Account;
  /** Opening order, to list lines as they appeared. */
  order: number;
  quantity: number;
  bookEur: number;
  bookCcy: number;
  purchaseEur: number;
  purchaseCcy: number;
  realisedEur: number;
  incomeEur: number;
  loadAccrualEur: number;
}

/** Replay state of one account's cash, in the account's currency. */
export interface CashState {
  account: Account;
  order: number;
  balance: number;
  /** Income booked to the cash itself (INTEREST, and coupons or dividends that match no line), EUR. */
  incomeEur: number;
}

/** A movement read once: its day number, amounts in EUR and the links the replay needs. */
export interface PreparedMovement {
  movement: Movement;
  day: number;
  /** Amount in the movement currency (quantity x price / priceUnit when a trade has no positive amount). */
  amount: number;
  /** Amount in EUR at the movement date's FX. */
  amountEur: number;
  instrument: Instrument | null;
  /** BUY or TRANSFER_IN of securities (+1), SELL or TRANSFER_OUT of securities (-1), or no securities effect (0). */
  securities: 1 | -1 | 0;
  /** Signed cash effect: +1 adds to the cash account, -1 subtracts, 0 none (securities transfers). */
  cashSign: 1 | -1 | 0;
  /** Trades: their share of the day's NEGOZIAZIONE fees on the same instrument, EUR. */
  linkedFeeEur: number;
  /** FEE rows linked to a trade (they add to its book cost). */
  linkedFee: boolean;
}

/** Effects of one movement for the value series (EUR, positive numbers). */
export interface MovementEffect {
  line: LineState | null;
  lineIn: number;
  lineOut: number;
  cash: CashState | null;
  /** Flows of the cash component: the counterpart of a line flow, or an external flow. */
  cashIn: number;
  cashOut: number;
  /** External flows of the whole portfolio. */
  extIn: number;
  extOut: number;
}

const EPSILON = 1e-9;

/**
 * Interest accrued on `nominal` of a bond at a date, in the bond's currency: ICMA actual/actual per period,
 * nominal x couponRate / couponFrequency x (days since the last coupon date on or before the date / days of that
 * coupon period). Coupon dates are firstCouponDate + k x 12/frequency months (k any integer, clamped to month
 * end). Zero for an instrument without coupon data, on a coupon date and from maturity on.
 *
 * Worked example: BTP 2.2%, semiannual, first coupon 2017-12-01; 2024-03-01 lies in the period 2023-12-01 to
 * 2024-06-01 (183 days), 91 days in: 10,000 x 0.022 / 2 x 91 / 183 = 110 x 0.497268 = 54.70.
 */
export function accruedInterest(instrument: Instrument, nominal: number, date: IsoDate | number): number {
  const { couponRate, couponFrequency, firstCouponDate, maturityDate } = instrument;
  if (!couponRate || !couponFrequency || !firstCouponDate || nominal === 0) return 0;
  const day = typeof date === 'number' ? date : toDayNumber(date);
  if (maturityDate && day >= toDayNumber(maturityDate)) return 0;
  const iso = typeof date === 'number' ? fromDayNumber(date) : date;
  const step = 12 / couponFrequency;
  const months =
    (Number(iso.slice(0, 4)) - Number(firstCouponDate.slice(0, 4))) * 12 +
    Number(iso.slice(5, 7)) -
    Number(firstCouponDate.slice(5, 7));
  let k = Math.floor(months / step);
  const couponDay = (j: number) => toDayNumber(addMonthsClamped(firstCouponDate, j * step));
  while (couponDay(k) > day) k--;
  while (couponDay(k + 1) <= day) k++;
  const from = couponDay(k);
  const to = couponDay(k + 1);
  return ((nominal * couponRate) / couponFrequency) * ((day - from) / (to - from));
}

/**
 * Sorts the movements by day (stable: same day keeps the input order) and prepares them once: day numbers, EUR
 * amounts at the movement date's FX, securities and cash directions, and the fee link (see positionsAt).
 * Worked example: [FEE NEGOZIAZIONE 8 on instrument 10, 2024-01-02; BUY 300 EUR of 10 on 2024-01-02; BUY 100 EUR
 * of 10 on 2024-01-02; DEPOSIT on 2024-01-01] -> the deposit first, then the others in input order; the fee is
 * linked and the buys carry 8 x 300 / 400 = 6 and 8 x 100 / 400 = 2 of it.
 */
export function prepareMovements(
  input: Pick<PortfolioInput, 'instruments' | 'movements'>,
  market: Market,
  warn: (w: LedgerWarning) => void,
): PreparedMovement[] {
  const instruments = new Map(input.instruments.map((i) => [i.id, i]));
  const missingFx = new Set<string>();
  const rate = (currency: string, day: number) => {
    const r = market.rate(currency, day);
    if (Number.isFinite(r)) return r;
    if (!missingFx.has(currency)) {
      missingFx.add(currency);
      warn({ code: 'MISSING_FX', message: `no FX rate for ${currency}: read as 1 per euro` });
    }
    return 1;
  };
  const out: PreparedMovement[] = input.movements.map((m) => {
    const day = toDayNumber(m.date);
    const instrument = m.instrumentId != null ? (instruments.get(m.instrumentId) ?? null) : null;
    if (m.instrumentId != null && !instrument)
      warn({ code: 'UNKNOWN_INSTRUMENT', movementId: m.id, message: `instrument ${m.instrumentId} is not known` });
    const hasQuantity = m.quantity != null && Number.isFinite(m.quantity) && m.quantity > 0;
    const trade = m.cause === 'BUY' || m.cause === 'SELL';
    let securities: 1 | -1 | 0 = 0;
    if (instrument && hasQuantity && (trade || m.cause === 'TRANSFER_IN' || m.cause === 'TRANSFER_OUT'))
      securities = m.cause === 'BUY' || m.cause === 'TRANSFER_IN' ? 1 : -1;
    if (trade && instrument && !hasQuantity)
      warn({ code: 'MISSING_QUANTITY', movementId: m.id, message: `${m.cause} without a quantity: cash only` });
    let amount = m.amount;
    if (!(amount > 0) && trade && hasQuantity && m.price != null && instrument)
      amount = (m.quantity! * m.price) / instrument.priceUnit;
    const isSecuritiesTransfer = securities !== 0 && !trade;
    const cashSign: 1 | -1 | 0 = isSecuritiesTransfer ? 0 : CASH_IN_CAUSES.has(m.cause) ? 1 : -1;
    return {
      movement: m,
      day,
      amount,
      amountEur: m.currency === 'EUR' ? amount : amount / rate(m.currency, day),
      instrument,
      securities,
      cashSign,
      linkedFeeEur: 0,
      linkedFee: false,
    };
  });
  // Fee link: FEE with subcause NEGOZIAZIONE, same date and same instrumentId as BUY/SELL rows with a securities
  // effect (any account); the fee is shared among those trades pro rata to their EUR amounts.
  const trades = new Map<string, PreparedMovement[]>();
  for (const p of out) {
    if (p.securities === 0 || (p.movement.cause !== 'BUY' && p.movement.cause !== 'SELL')) continue;
    const key = `${p.day}:${p.movement.instrumentId}`;
    const list = trades.get(key);
    if (list) list.push(p);
    else trades.set(key, [p]);
  }
  for (const p of out) {
    const m = p.movement;
    if (m.cause !== 'FEE' || m.subcause !== 'NEGOZIAZIONE' || m.instrumentId == null) continue;
    const list = trades.get(`${p.day}:${m.instrumentId}`);
    if (!list) continue;
    p.linkedFee = true;
    const total = list.reduce((s, t) => s + t.amountEur, 0);
    for (const t of list) t.linkedFeeEur += total > 0 ? (p.amountEur * t.amountEur) / total : p.amountEur / list.length;
  }
  const order = out.map((_, i) => i);
  order.sort((a, b) => out[a]!.day - out[b]!.day || a - b);
  return order.map((i) => out[i]!);
}

/**
 * The replay: applies prepared movements in order to lines and cash balances, and says what each movement did
 * to the value series (see MovementEffect). Used by positionsAt and by the valuation.
 * Worked example: apply(BUY 10 at 100 on custody 2 with offset cash 1) -> line (2, instrument) quantity 10, cash 1
 * balance -1,000, effect { lineIn: 1,000, cashOut: 1,000 } (the cash pays the line; no external flow).
 */
export class Ledger {
  readonly lines = new Map<string, LineState>();
  readonly cash = new Map<number, CashState>();
  /** Last trade price per instrument in its currency, per price unit (the valuation's price before the first close). */
  readonly lastTradePrice = new Map<number, number>();
  readonly #accounts = new Map<number, Account>();
  readonly #byInstrument = new Map<number, LineState[]>();
  readonly #market: Market;
  readonly #warn: (w: LedgerWarning) => void;
  #order = 0;

  constructor(accounts: ReadonlyArray<Account>, market: Market, warn: (w: LedgerWarning) => void) {
    for (const a of accounts) this.#accounts.set(a.id, a);
    this.#market = market;
    this.#warn = warn;
    for (const a of accounts) this.#cashOf(a.id, a.currency, undefined);
  }

  /** The account, or a placeholder (with a warning) for an id the input does not list. */
  #account(id: number, currency: string, movementId: number | undefined, type: Account['accountType']): Account {
    let a = this.#accounts.get(id);
    if (!a) {
      this.#warn({ code: 'UNKNOWN_ACCOUNT', movementId, message: `account ${id} is not in the input: added` });
      a = {
        id,
        name: `#${id}`,
        accountType: type,
        currency,
        intermediaryId: 0,
        intermediaryName: '',
        ownerId: 0,
        ownerName: '',
      };
      this.#accounts.set(id, a);
    }
    return a;
  }

  #cashOf(id: number, currency: string, movementId: number | undefined): CashState {
    let c = this.cash.get(id);
    if (!c) {
      c = {
        account: this.#account(id, currency, movementId, 'CONTO_CORRENTE'),
        order: this.cash.size,
        balance: 0,
        incomeEur: 0,
      };
      this.cash.set(id, c);
    }
    return c;
  }

  #lineOf(accountId: number, instrument: Instrument, movementId: number): LineState {
    const key = `${accountId}:${instrument.id}`;
    let line = this.lines.get(key);
    if (!line) {
      line = {
        key,
        accountId,
        instrumentId: instrument.id,
        instrument,
        account: this.#account(accountId, instrument.currency, movementId, 'CUSTODIA_TITOLI'),
        order: this.#order++,
        quantity: 0,
        bookEur: 0,
        bookCcy: 0,
        purchaseEur: 0,
        purchaseCcy: 0,
        realisedEur: 0,
        incomeEur: 0,
        loadAccrualEur: 0,
      };
      this.lines.set(key, line);
      const list = this.#byInstrument.get(instrument.id);
      if (list) list.push(line);
      else this.#byInstrument.set(instrument.id, [line]);
    }
    return line;
  }

  /** The line an income row belongs to: (accountId, instrument), else the first line of the instrument, else none. */
  #incomeLine(m: Movement): LineState | null {
    if (m.instrumentId == null) return null;
    return this.lines.get(`${m.accountId}:${m.instrumentId}`) ?? this.#byInstrument.get(m.instrumentId)?.[0] ?? null;
  }

  /**
   * A copy of the replay state (accounts, lines, cash balances, trade prices) that goes on on its own, warning through
   * `warn`: applying the same movements to the copy and to the original gives the same states (series.ts checkpoints).
   */
  clone(warn: (w: LedgerWarning) => void): Ledger {
    const copy = new Ledger([...this.#accounts.values()], this.#market, warn);
    copy.cash.clear();
    for (const [id, c] of this.cash) copy.cash.set(id, { ...c });
    const lines = new Map<LineState, LineState>();
    for (const [key, l] of this.lines) {
      const c = { ...l };
      lines.set(l, c);
      copy.lines.set(key, c);
    }
    for (const [id, list] of this.#byInstrument)
      copy.#byInstrument.set(
        id,
        list.map((l) => lines.get(l)!),
      );
    for (const [id, price] of this.lastTradePrice) copy.lastTradePrice.set(id, price);
    copy.#order = this.#order;
    return copy;
  }

  /** All accounts seen: the input's in order, then placeholders. */
  accounts(): Account[] {
    return [...this.#accounts.values()];
  }

  /** Applies one movement and returns its effect on the value series. */
  apply(p: PreparedMovement): MovementEffect {
    const m = p.movement;
    const market = this.#market;
    const effect: MovementEffect = {
      line: null,
      lineIn: 0,
      lineOut: 0,
      cash: null,
      cashIn: 0,
      cashOut: 0,
      extIn: 0,
      extOut: 0,
    };
    const external =
      m.cause === 'DEPOSIT' || m.cause === 'TRANSFER_IN'
        ? 1
        : m.cause === 'WITHDRAWAL' || m.cause === 'TRANSFER_OUT'
          ? -1
          : 0;
    if (external > 0) effect.extIn = p.amountEur;
    if (external < 0) effect.extOut = p.amountEur;

    // Securities.
    if (p.securities !== 0 && p.instrument) {
      const inst = p.instrument;
      const line = this.#lineOf(m.accountId, inst, m.id);
      effect.line = line;
      const rateInst = market.rate(inst.currency, p.day);
      const toInstCcy = (eur: number) => (inst.currency === 'EUR' || !Number.isFinite(rateInst) ? eur : eur * rateInst);
      const amountCcy = m.currency === inst.currency ? p.amount : toInstCcy(p.amountEur);
      const qty = m.quantity!;
      const tradePrice =
        m.price != null && m.price > 0
          ? m.currency === inst.currency
            ? m.price
            : toInstCcy(m.currency === 'EUR' ? m.price : m.price / market.rate(m.currency, p.day))
          : (amountCcy / qty) * inst.priceUnit;
      if (Number.isFinite(tradePrice) && tradePrice > 0) this.lastTradePrice.set(inst.id, tradePrice);
      if (p.securities > 0) {
        const feeEur = p.linkedFeeEur;
        line.quantity += qty;
        line.bookEur += p.amountEur + feeEur;
        line.bookCcy += amountCcy + toInstCcy(feeEur);
        line.purchaseEur += p.amountEur;
        line.purchaseCcy += amountCcy;
        if (m.cause === 'BUY') {
          const accrued = accruedInterest(inst, qty, p.day);
          if (accrued !== 0) line.loadAccrualEur += market.toEur(accrued, inst.currency, p.day) || 0;
        }
        effect.lineIn = p.amountEur + feeEur;
      } else {
        let sold = qty;
        if (qty > line.quantity + EPSILON) {
          sold = Math.max(line.quantity, 0);
          this.#warn({
            code: 'OVERSOLD',
            movementId: m.id,
            message: `${m.cause} of ${qty} ${inst.isin} on ${m.date} with ${sold} held: clamped to ${sold}`,
          });
        }
        const ratio = line.quantity > EPSILON ? Math.min(sold / line.quantity, 1) : 0;
        const costOut = line.bookEur * ratio;
        if (m.cause === 'SELL') {
          const proceeds = qty > 0 ? (p.amountEur * sold) / qty : 0;
          line.realisedEur += proceeds - p.linkedFeeEur - costOut;
        }
        line.quantity -= sold;
        line.bookEur -= costOut;
        line.bookCcy -= line.bookCcy * ratio;
        line.purchaseEur -= line.purchaseEur * ratio;
        line.purchaseCcy -= line.purchaseCcy * ratio;
        line.loadAccrualEur -= line.loadAccrualEur * ratio;
        if (line.quantity <= EPSILON) {
          line.quantity = 0;
          line.bookEur = 0;
          line.bookCcy = 0;
          line.purchaseEur = 0;
          line.purchaseCcy = 0;
          line.loadAccrualEur = 0;
        }
        effect.lineOut = p.amountEur;
        effect.lineIn = p.linkedFeeEur;
      }
    }

    // Cash.
    if (p.cashSign !== 0) {
      const cashId = m.offsetAccountId ?? m.accountId;
      const cash = this.#cashOf(cashId, m.currency, m.id);
      effect.cash = cash;
      const ccy = cash.account.currency;
      let delta: number;
      if (ccy === m.currency) delta = p.amount;
      else {
        const r = market.rate(ccy, p.day);
        delta = p.amountEur * (Number.isFinite(r) ? r : 1);
      }
      cash.balance += p.cashSign * delta;
      const income = m.cause === 'COUPON' || m.cause === 'DIVIDEND';
      if (effect.line) {
        // BUY or SELL: the cash pays or receives the line.
        if (p.cashSign > 0) effect.cashIn = p.amountEur;
        else effect.cashOut = p.amountEur;
      } else if (income) {
        const line = this.#incomeLine(m);
        if (line) {
          line.incomeEur += p.amountEur;
          effect.line = line;
          effect.lineOut = p.amountEur;
          effect.cashIn = p.amountEur;
        } else cash.incomeEur += p.amountEur;
      } else if (m.cause === 'INTEREST') cash.incomeEur += p.amountEur;
      else if (p.linkedFee) effect.cashOut = p.amountEur;
      else if (external > 0) effect.cashIn = p.amountEur;
      else if (external < 0) effect.cashOut = p.amountEur;
    }
    return effect;
  }

  /** A line as a PositionLine at a day (unrounded), currentAccrual at that day's FX. */
  position(line: LineState, day: number): PositionLine {
    const unit = line.instrument.priceUnit;
    const q = line.quantity;
    const per = (v: number) => (q > EPSILON ? (v / q) * unit : 0);
    const accrued = accruedInterest(line.instrument, q, day);
    return {
      accountId: line.accountId,
      instrumentId: line.instrumentId,
      quantity: q,
      pmc: per(line.bookEur),
      pmcCcy: per(line.bookCcy),
      pms: per(line.purchaseEur),
      pmsCcy: per(line.purchaseCcy),
      cmc: line.bookEur,
      cgAccomplished: line.realisedEur,
      accrualCouponDividend: line.incomeEur,
      loadAccrual: line.loadAccrualEur,
      currentAccrual: accrued === 0 ? 0 : this.#market.toEur(accrued, line.instrument.currency, day) || 0,
    };
  }
}

/**
 * Rounds a PositionLine at the edge: 3 decimals quantity, 4 prices, 2 money (half away from zero).
 * Worked example: quantity 1.23456 -> 1.235; pmc 11.02549 -> 11.0255; cmc 1,653.755 -> 1,653.76.
 */
export function roundPosition(p: PositionLine): PositionLine {
  return {
    accountId: p.accountId,
    instrumentId: p.instrumentId,
    quantity: roundQuantity(p.quantity),
    pmc: roundPrice(p.pmc),
    pmcCcy: roundPrice(p.pmcCcy),
    pms: roundPrice(p.pms),
    pmsCcy: roundPrice(p.pmsCcy),
    cmc: roundMoney(p.cmc),
    cgAccomplished: roundMoney(p.cgAccomplished),
    accrualCouponDividend: roundMoney(p.accrualCouponDividend),
    loadAccrual: roundMoney(p.loadAccrual),
    currentAccrual: roundMoney(p.currentAccrual),
  };
}

export interface PositionsResult {
  /** Every line opened up to the date, in opening order (closed lines keep quantity 0 and their realised gain). */
  lines: PositionLine[];
  /** Cash per account at the date, in the account's currency and in EUR at the date's FX. */
  cash: Array<{ accountId: number; currency: string; balance: number; balanceEur: number }>;
  warnings: LedgerWarning[];
}

/**
 * Positions at the end of `date`: every movement dated on or before it, replayed in date order (same day: input
 * order), average cost method, rounded at the edge. Never throws on data: an oversell is clamped to the held
 * quantity and reported in `warnings`.
 *
 * Fee link: a FEE with subcause NEGOZIAZIONE adds to the book cost of the BUY/SELL rows with the same date and the
 * same instrumentId (on any account), shared pro rata to their EUR amounts; on a SELL it reduces the realised gain.
 *
 * Worked example (EUR share): BUY 100 at 10 (amount 1,000) with a NEGOZIAZIONE fee of 5, BUY 100 at 12 (1,200),
 * SELL 50 at 15 (750). Book cost 1,000 + 5 + 1,200 = 2,205 for 200 -> pmc 11.025, pms 2,200 / 200 = 11;
 * the sale realises 750 - 50 x 11.025 = 198.75; left 150 with cmc 150 x 11.025 = 1,653.75.
 */
export function positionsAt(input: PortfolioInput, date: IsoDate): PositionsResult {
  const warnings: LedgerWarning[] = [];
  const warn = (w: LedgerWarning) => warnings.push(w);
  const market = new Market(input.prices, input.fx);
  const day = toDayNumber(date);
  const ledger = new Ledger(input.accounts, market, warn);
  for (const p of prepareMovements(input, market, warn)) {
    if (p.day > day) break;
    ledger.apply(p);
  }
  const lines = [...ledger.lines.values()].map((l) => roundPosition(ledger.position(l, day)));
  const cash = [...ledger.cash.values()].map((c) => {
    const r = market.rate(c.account.currency, day);
    return {
      accountId: c.account.id,
      currency: c.account.currency,
      balance: roundMoney(c.balance),
      balanceEur: roundMoney(c.balance / (Number.isFinite(r) ? r : 1)),
    };
  });
  return { lines, cash, warnings };
}
