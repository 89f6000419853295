// Aggregates as merged inputs: a client's aggregate (all non-testing portfolios) and a family's aggregate (the
// members' aggregates scaled by their weights) are PortfolioInputs, so positions, valuation, compositions and every
// other module run on them unchanged. Conventions and worked examples: engine/docs/portfolio.md.
import { CASH_IN_CAUSES } from '@patrimonio/shared-api/constants';
import type { FxSeries, Movement, PortfolioInput, PriceSeries } from './types.ts';

/** One portfolio of a client: its input, and whether it is a testing portfolio (left out of aggregates). */
export interface AggregatePart {
  id?: number;
  testing?: boolean;
  input: PortfolioInput;
}

/** One family member: the member's client aggregate and weight (default 1; scales the member's values and flows). */
export interface FamilyMember {
  weight?: number | null;
  input: PortfolioInput;
}

/** Union of inputs: accounts, instruments and movements by id (first wins), prices and FX by key (most points win). */
function union(inputs: ReadonlyArray<PortfolioInput>): PortfolioInput {
  const accounts = new Map<number, PortfolioInput['accounts'][number]>();
  const instruments = new Map<number, PortfolioInput['instruments'][number]>();
  const movements = new Map<number, Movement>();
  const prices = new Map<number, PriceSeries>();
  const fx = new Map<string, FxSeries>();
  for (const input of inputs) {
    for (const a of input.accounts) if (!accounts.has(a.id)) accounts.set(a.id, a);
    for (const i of input.instruments) if (!instruments.has(i.id)) instruments.set(i.id, i);
    for (const m of input.movements) if (!movements.has(m.id)) movements.set(m.id, m);
    for (const p of input.prices) {
      const seen = prices.get(p.instrumentId);
      if (!seen || p.points.length > seen.points.length) prices.set(p.instrumentId, p);
    }
    for (const f of input.fx) {
      const seen = fx.get(f.currency);
      if (!seen || f.points.length > seen.points.length) fx.set(f.currency, f);
    }
  }
  return {
    accounts: [...accounts.values()],
    instruments: [...instruments.values()],
    movements: [...movements.values()],
    prices: [...prices.values()],
    fx: [...fx.values()],
  };
}

/**
 * A client's aggregate: the union of the client's non-testing portfolios. An account linked to two portfolios
 * appears once and its movements once (movements are deduplicated by id), so nothing is counted twice.
 *
 * Worked example: portfolio 1 has accounts 1 and 2, portfolio 2 accounts 2 and 3, portfolio 3 (testing) account 4;
 * every account holds one DEPOSIT of 100: the aggregate has accounts 1, 2, 3 and deposits 300 (not 400, not 500).
 */
export function clientAggregate(portfolios: ReadonlyArray<AggregatePart>): PortfolioInput {
  return union(portfolios.filter((p) => !p.testing).map((p) => p.input));
}

const SECURITIES = new Set(['BUY', 'SELL', 'TRANSFER_IN', 'TRANSFER_OUT']);

/** True when the movement books to a line of `accountId` (securities or income on an instrument). */
function onLine(m: Movement): boolean {
  if (m.instrumentId == null) return false;
  if (SECURITIES.has(m.cause)) return m.quantity != null && m.quantity > 0;
  return m.cause === 'COUPON' || m.cause === 'DIVIDEND';
}

/**
 * A family's aggregate: sum over members of weight x the member's aggregate, as one merged input. Scaling is linear,
 * so each account is scaled once by the sum of the weights of the members whose aggregate holds it (a joint
 * account in two members' aggregates with weights 0.5 and 0.5 counts once, fully). A movement is scaled by the
 * weight of the account it books to: amount and quantity times the weight, prices unchanged, so pmc, pms and prices
 * are unchanged and values, flows, realised gains and income scale. Returns of the family are then weighted by
 * value. When a line movement (trade or income on accountId) settles in a cash account of another weight, the
 * difference of the cash effect, (w_cash - w_line) x amount, is booked on the cash account as a TRANSFER_IN or
 * TRANSFER_OUT with id -(movement id): it is money that crosses the family's weighted boundary. Movements of accounts
 * of weight 0 are left out. Throws a RangeError for a negative or non-finite weight.
 *
 * Worked example: member A (weight 1) holds account 1 with a DEPOSIT of 1,000; member B (weight 0.5) holds account 2
 * with a DEPOSIT of 2,000; both hold the joint account 3 with a DEPOSIT of 400: the family's deposits are
 * 1,000 x 1 + 2,000 x 0.5 + 400 x (1 + 0.5) = 1,000 + 1,000 + 600 = 2,600.
 */
export function familyAggregate(members: ReadonlyArray<FamilyMember>): PortfolioInput {
  const weights = new Map<number, number>();
  for (const member of members) {
    const w = member.weight ?? 1;
    if (!Number.isFinite(w) || w < 0) throw new RangeError(`invalid family weight: ${w}`);
    for (const id of new Set(member.input.accounts.map((a) => a.id))) weights.set(id, (weights.get(id) ?? 0) + w);
  }
  const merged = union(members.map((m) => m.input));
  const weightOf = (id: number) => weights.get(id) ?? 0;
  const movements: Movement[] = [];
  for (const m of merged.movements) {
    const cashId = m.offsetAccountId ?? m.accountId;
    const w = onLine(m) ? weightOf(m.accountId) : weightOf(cashId);
    if (w > 0) {
      movements.push({
        ...m,
        amount: m.amount * w,
        quantity: m.quantity != null ? m.quantity * w : m.quantity,
      });
    }
    const securitiesTransfer = (m.cause === 'TRANSFER_IN' || m.cause === 'TRANSFER_OUT') && onLine(m);
    const delta = weightOf(cashId) - w;
    if (onLine(m) && !securitiesTransfer && cashId !== m.accountId && delta !== 0) {
      const adds = CASH_IN_CAUSES.has(m.cause) === delta > 0;
      movements.push({
        id: -m.id,
        accountId: cashId,
        date: m.date,
        cause: adds ? 'TRANSFER_IN' : 'TRANSFER_OUT',
        currency: m.currency,
        amount: Math.abs(delta) * m.amount,
      });
    }
  }
  return { ...merged, movements };
}
