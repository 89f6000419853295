// Pure generation of the demo market data (prices and FX by seeded random walks, labelled demo) and of each
// portfolio's movements, consistent with its holdings: never sells more than held, never spends cash it lacks.
import { DEMO_END_DATE, DEMO_START_DATE, INSTRUMENTS, type InstrumentSpec, type PortfolioSpec } from './catalog.ts';
import { addDays, money, mulberry32, round, seedOf, weekdays } from './random.ts';

export type Series = Map<string, number>;

const DAYS = weekdays(DEMO_START_DATE, DEMO_END_DATE);

/** Weekday closing prices of an instrument (4 decimals), a geometric random walk seeded by its ISIN. */
export function priceSeries(spec: InstrumentSpec): Series {
  const rng = mulberry32(seedOf(`price:${spec.isin}`));
  const dt = 1 / 252;
  const out: Series = new Map();
  let p = spec.start;
  for (const d of DAYS) {
    out.set(d, round(p, 4));
    p *= Math.exp((spec.drift - (spec.vol * spec.vol) / 2) * dt + spec.vol * Math.sqrt(dt) * rng.normal());
    // Bonds are pulled towards par.
    if (spec.macro === 'Bond') p += (100 - p) * 0.0005;
  }
  return out;
}

/** Weekday EUR/USD rates (dollars for one euro, 6 decimals), mean-reverting around 1.10. */
export function usdSeries(): Series {
  const rng = mulberry32(seedOf('fx:USD'));
  const out: Series = new Map();
  let r = 1.0575;
  for (const d of DAYS) {
    out.set(d, round(r, 6));
    r = r * Math.exp(0.005 * rng.normal()) + (1.1 - r) * 0.002;
  }
  return out;
}

export interface GeneratedMovement {
  /** Which of the portfolio's two accounts: the current account or the custody account. */
  account: 'cash' | 'custody';
  date: string;
  time: string;
  cause: string;
  subcause: string | null;
  currency: 'EUR' | 'USD';
  isin: string | null;
  quantity: number | null;
  price: number | null;
  amount: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  /** Where it came from (shared-api MOVEMENT_ORIGINS): the adviser's own history is MANUAL. */
  origin: 'MANUAL' | 'IMPORT' | 'CLIENT';
  /** Who entered it: the portfolio's adviser, the back office (its imports) or the BASIC client itself. */
  author: 'pro' | 'backoffice' | 'client';
  /** REJECTED: why, and the adviser who decided. */
  rejectReason: string | null;
}

/** How a movement of the middle office arrived (the rest of the history is the adviser's, approved). */
type Arrival = Pick<GeneratedMovement, 'status' | 'origin' | 'author' | 'rejectReason'>;
const APPROVED: Arrival = { status: 'APPROVED', origin: 'MANUAL', author: 'pro', rejectReason: null };
/** Imported by the back office, waiting for the middle office. */
const IMPORTED: Arrival = { status: 'PENDING', origin: 'IMPORT', author: 'backoffice', rejectReason: null };

export interface PortfolioHistory {
  movements: GeneratedMovement[];
  firstDate: string;
  /** Final holdings by ISIN. */
  holdings: Map<string, number>;
}

const BY_ISIN = new Map(INSTRUMENTS.map((i) => [i.isin, i]));

/** The last known value of a series on or before a date. */
function at(series: Series, date: string): number {
  for (let d = date, i = 0; i < 7; d = addDays(d, -1), i++) {
    const v = series.get(d);
    if (v !== undefined) return v;
  }
  throw new Error(`no value on ${date}`);
}

/** Coupon dates of a bond: every 12/frequency months from the first coupon date, to maturity. */
function isCouponDate(spec: InstrumentSpec, date: string): boolean {
  const c = spec.coupon;
  if (!c || date < c.firstDate || date > c.maturity) return false;
  if (date.slice(8) !== c.firstDate.slice(8)) return false;
  const months = (Number(date.slice(0, 4)) - Number(c.firstDate.slice(0, 4))) * 12;
  const diff = months + Number(date.slice(5, 7)) - Number(c.firstDate.slice(5, 7));
  return diff % (12 / c.frequency) === 0;
}

const isQuarterEnd = (d: string, next: string): boolean =>
  ['03', '06', '09', '12'].includes(d.slice(5, 7)) && next.slice(5, 7) !== d.slice(5, 7);

export function portfolioHistory(p: PortfolioSpec, prices: Map<string, Series>, usd: Series): PortfolioHistory {
  const rng = mulberry32(seedOf(`portfolio:${p.key}`));
  const out: GeneratedMovement[] = [];
  const holdings = new Map<string, number>();
  let cash = 0;
  let seq = 0;
  const push = (m: Omit<GeneratedMovement, 'time' | keyof Arrival>, arrival: Arrival = APPROVED) => {
    if (!(m.amount > 0)) return;
    seq++;
    const minutes = 9 * 60 + (seq % 480);
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
    out.push({ ...m, time, ...arrival });
  };
  const cashFlow = (
    cause: string,
    amount: number,
    subcause: string | null = null,
    account: 'cash' | 'custody' = 'cash',
  ) => push({ account, date: '', cause, subcause, currency: 'EUR', isin: null, quantity: null, price: null, amount });
  const toEur = (spec: InstrumentSpec, amount: number, date: string) =>
    spec.currency === 'USD' ? amount / at(usd, date) : amount;
  const value = (date: string): number => {
    let v = 0;
    for (const [isin, q] of holdings) {
      const spec = BY_ISIN.get(isin)!;
      const px = at(prices.get(isin)!, date);
      v += toEur(spec, spec.unit === 'nominal' ? (q * px) / 100 : q * px, date);
    }
    return v;
  };
  const tradeFee = (eur: number) => round(Math.max(2.95, eur * 0.001), 2);

  const trade = (date: string, cause: 'BUY' | 'SELL', isin: string, quantity: number) => {
    const spec = BY_ISIN.get(isin)!;
    const price = at(prices.get(isin)!, date);
    const amount = money(spec.unit === 'nominal' ? (quantity * price) / 100 : quantity * price);
    const eur = toEur(spec, amount, date);
    const fee = tradeFee(eur);
    push({ account: 'custody', date, cause, subcause: null, currency: spec.currency, isin, quantity, price, amount });
    push({
      account: 'cash',
      date,
      cause: 'FEE',
      subcause: 'NEGOZIAZIONE',
      currency: 'EUR',
      isin,
      quantity: null,
      price: null,
      amount: fee,
    });
    holdings.set(isin, round((holdings.get(isin) ?? 0) + (cause === 'BUY' ? quantity : -quantity), 6));
    if (holdings.get(isin) === 0) holdings.delete(isin);
    cash += cause === 'BUY' ? -eur - fee : eur - fee;
  };
  /** Buys about `budget` euro of an instrument, if cash allows. */
  const buy = (date: string, isin: string, budget: number) => {
    const spec = BY_ISIN.get(isin)!;
    const price = toEur(spec, at(prices.get(isin)!, date), date);
    const spend = Math.min(budget, cash * 0.95 - 10);
    let q: number;
    if (spec.unit === 'nominal') q = Math.floor(spend / ((price / 100) * 1000)) * 1000;
    else if (spec.unit === 'fraction') q = Math.floor((spend / price) * 1000) / 1000;
    else q = Math.floor(spend / price);
    if (q > 0) trade(date, 'BUY', isin, q);
  };

  const days = weekdays(addDays(DEMO_START_DATE, rng.int(0, 20)), DEMO_END_DATE);
  const firstDate = days[0]!;
  let withOther = false;
  for (let i = 0; i < days.length; i++) {
    const date = days[i]!;
    const next = days[i + 1] ?? addDays(date, 1);
    const set = (m: GeneratedMovement[]) => {
      for (const x of m) if (!x.date) x.date = date;
    };
    if (i === 0) {
      cash += p.capital;
      cashFlow('DEPOSIT', p.capital);
    }
    // Initial allocation over the first days, then occasional trades.
    if (i >= 1 && i <= p.universe.length) buy(date, p.universe[i - 1]!, (p.capital * 0.85) / p.universe.length);
    if (i > p.universe.length) {
      const u = rng.next();
      if (u < 0.02) buy(date, rng.pick(p.universe), cash * (0.2 + rng.next() * 0.3));
      else if (u < 0.032 && holdings.size > 0) {
        const isin = rng.pick([...holdings.keys()]);
        const spec = BY_ISIN.get(isin)!;
        const held = holdings.get(isin)!;
        const frac = rng.next() < 0.2 ? 1 : 0.2 + rng.next() * 0.5;
        let q: number;
        if (spec.unit === 'nominal') q = Math.min(held, Math.ceil((held * frac) / 1000) * 1000);
        else if (spec.unit === 'fraction') q = Math.min(held, round(held * frac, 3));
        else q = Math.min(held, Math.ceil(held * frac));
        if (q > 0) trade(date, 'SELL', isin, q);
      } else if (u < 0.042) {
        const amt = round(1000 * rng.int(2, 30), 2);
        cash += amt;
        cashFlow('DEPOSIT', amt);
      } else if (u < 0.048 && cash > 5000) {
        const amt = round(Math.min(cash * 0.3, 1000 * rng.int(1, 15)), 2);
        cash -= amt;
        cashFlow('WITHDRAWAL', amt);
      } else if (u < 0.051) {
        const amt = round(500 * rng.int(4, 40), 2);
        cash += amt;
        cashFlow('TRANSFER_IN', amt);
      } else if (u < 0.054 && cash > 5000) {
        const amt = round(Math.min(cash * 0.25, 500 * rng.int(2, 20)), 2);
        cash -= amt;
        cashFlow('TRANSFER_OUT', amt);
      }
    }
    // Income, on every calendar day since the previous weekday (coupons and dividends may fall on weekends).
    for (let d = addDays(days[i - 1] ?? addDays(date, -1), 1); d <= date; d = addDays(d, 1)) {
      for (const [isin, q] of [...holdings]) {
        const spec = BY_ISIN.get(isin)!;
        if (spec.coupon && isCouponDate(spec, d)) {
          const gross = round((q * spec.coupon.rate) / spec.coupon.frequency, 2);
          push({
            account: 'custody',
            date,
            cause: 'COUPON',
            subcause: null,
            currency: 'EUR',
            isin,
            quantity: null,
            price: null,
            amount: gross,
          });
          const tax = round(gross * 0.125, 2);
          push({
            account: 'cash',
            date,
            cause: 'TAX',
            subcause: null,
            currency: 'EUR',
            isin,
            quantity: null,
            price: null,
            amount: tax,
          });
          cash += gross - tax;
        }
        if (spec.dividend && d.slice(8) === '20' && spec.dividend.months.includes(Number(d.slice(5, 7)))) {
          const gross = round(q * spec.dividend.perShare, 2);
          push({
            account: 'custody',
            date,
            cause: 'DIVIDEND',
            subcause: null,
            currency: spec.currency,
            isin,
            quantity: null,
            price: null,
            amount: gross,
          });
          const tax = round(toEur(spec, gross, date) * 0.26, 2);
          push({
            account: 'cash',
            date,
            cause: 'TAX',
            subcause: null,
            currency: 'EUR',
            isin,
            quantity: null,
            price: null,
            amount: tax,
          });
          cash += toEur(spec, gross, date) - tax;
        }
      }
    }
    // Quarter ends: interest on cash, account and custody fees, management and advisory fees, a yearly stamp duty.
    if (isQuarterEnd(date, next) && i > 0) {
      const interest = round((Math.max(0, cash) * 0.005) / 4, 2);
      if (interest > 0) {
        cashFlow('INTEREST', interest);
        const tax = round(interest * 0.26, 2);
        cashFlow('TAX', tax);
        cash += interest - tax;
      }
      cashFlow('FEE', 7.5, 'CONTO_CORRENTE');
      cashFlow('FEE', 12, 'DEPOSITO_TITOLI', 'custody');
      cash -= 19.5;
      const v = value(date);
      if (p.gestione) {
        const fee = round(v * p.gestione, 2);
        cashFlow('FEE', fee, 'GESTIONE');
        cash -= fee;
      }
      if (p.consulenza) {
        const fee = round(v * p.consulenza, 2);
        cashFlow('FEE', fee, 'CONSULENZA');
        cash -= fee;
      }
      if (date.slice(5, 7) === '12') {
        const bollo = round(v * 0.002, 2);
        cashFlow('TAX', bollo);
        const other = 2.5;
        cashFlow('FEE', other);
        cash -= bollo + other;
        withOther = true;
      }
    }
    set(out);
    // Keep cash positive: sell part of the largest line when costs ate it.
    if (cash < 0 && holdings.size > 0) {
      const isin = [...holdings.keys()].sort()[0]!;
      const spec = BY_ISIN.get(isin)!;
      const held = holdings.get(isin)!;
      const q =
        spec.unit === 'nominal'
          ? Math.min(held, 1000 * Math.ceil(held / 4000))
          : spec.unit === 'fraction'
            ? round(held / 4, 3)
            : Math.max(1, Math.floor(held / 4));
      if (q > 0) trade(date, 'SELL', isin, q);
      set(out);
    }
  }
  if (!withOther) cashFlow('FEE', 2.5);
  // Movements awaiting the middle office, in the last days: bank transfers the back office imported.
  const pendingDate = days[days.length - 2]!;
  if (rng.next() < 0.5)
    push(
      {
        account: 'cash',
        date: pendingDate,
        cause: 'DEPOSIT',
        subcause: null,
        currency: 'EUR',
        isin: null,
        quantity: null,
        price: null,
        amount: round(1000 * rng.int(1, 10), 2),
      },
      IMPORTED,
    );
  for (const m of out) if (!m.date) m.date = days[days.length - 1]!;
  middleOffice(p.key, pendingDate, prices, holdings, push);
  return { movements: out, firstDate, holdings };
}

/**
 * The middle office's work on the portfolios of `pro`'s client Mario Rossi (the BASIC user), after the history and
 * outside it: a trade and its fee of each kind imported by the back office and waiting (consistent with the holdings,
 * so approving them sells no more than is held), a transfer the client entered himself, and an imported duplicate the
 * adviser rejected. None of them enters a figure (only approved movements do).
 */
function middleOffice(
  key: string,
  date: string,
  prices: Map<string, Series>,
  holdings: Map<string, number>,
  push: (m: Omit<GeneratedMovement, 'time' | keyof Arrival>, arrival: Arrival) => void,
): void {
  const trade = (cause: 'BUY' | 'SELL', isin: string, quantity: number) => {
    const spec = BY_ISIN.get(isin)!;
    const price = at(prices.get(isin)!, date);
    const amount = money(spec.unit === 'nominal' ? (quantity * price) / 100 : quantity * price);
    push(
      { account: 'custody', date, cause, subcause: null, currency: spec.currency, isin, quantity, price, amount },
      IMPORTED,
    );
    push(
      {
        account: 'cash',
        date,
        cause: 'FEE',
        subcause: 'NEGOZIAZIONE',
        currency: 'EUR',
        isin,
        quantity: null,
        price: null,
        amount: round(Math.max(2.95, amount * 0.001), 2),
      },
      IMPORTED,
    );
  };
  const transfer = (amount: number, arrival: Arrival) =>
    push(
      {
        account: 'cash',
        date,
        cause: 'DEPOSIT',
        subcause: null,
        currency: 'EUR',
        isin: null,
        quantity: null,
        price: null,
        amount,
      },
      arrival,
    );
  if (key === 'rossi_intesa') {
    trade('BUY', 'IE00B4L5Y983', 25);
    transfer(5000, {
      status: 'REJECTED',
      origin: 'IMPORT',
      author: 'backoffice',
      rejectReason: 'Duplicato: il bonifico è già registrato nel conto corrente.',
    });
  }
  if (key === 'rossi_fineco') {
    // A quarter of the first share line held (by ISIN), at least one.
    const isin = [...holdings.keys()].filter((i) => BY_ISIN.get(i)!.unit === 'share').sort()[0];
    if (isin) trade('SELL', isin, Math.max(1, Math.floor(holdings.get(isin)! / 4)));
    transfer(2500, { status: 'PENDING', origin: 'CLIENT', author: 'client', rejectReason: null });
  }
}
