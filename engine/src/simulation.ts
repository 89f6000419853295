// Simulations (issue 18; data-and-admin sections 3 "Simulation", 4 and 9): a copy of the client's wealth that the
// adviser edits (sell a property, pay off a mortgage, move money between classes), the cash adjustment of each edit,
// and the simulation's wealth bands. Conventions and worked examples: engine/README.md, "Simulations".
import { addMonthsClamped, compareDates, toDayNumber } from './calendar.ts';
import { type Mortgage, mortgageSchedule, residualDebt } from './mortgage.ts';
import {
  PROJECTION_CLASSES,
  PROJECTION_HORIZON_YEARS,
  type Projection,
  type ProjectionClass,
  wealthProjection,
} from './projection.ts';
import { round, roundMoney } from './rounding.ts';
import type { IsoDate } from './types.ts';

export interface SimulationRealEstate {
  realEstateId: number | null;
  description: string;
  /** The whole property, EUR. */
  evaluation: number;
  /** A fraction 0..1 (0.5 = 50%), as the contract's percent fields. */
  percOwned: number;
  /** Yearly, the whole property. */
  income: number;
  /** Yearly, the whole property. */
  maintenanceCost: number;
  mortgage: Mortgage | null;
}
export interface SimulationArtLux {
  luxId: number | null;
  description: string;
  valuation: number;
}
export interface SimulationShare {
  companyId: number | null;
  description: string;
  amount: number;
}
export interface SimulationFinancial {
  /** May be negative after a purchase (the page warns). */
  cash: number;
  shares: number;
  bond: number;
  commodities: number;
  crypto: number;
}
export interface Simulation {
  realEstate: SimulationRealEstate[];
  financial: SimulationFinancial;
  artlux: SimulationArtLux[];
  share: SimulationShare[];
  /** The cash when the simulation was built from the client's data (startingOf). */
  startingCash: number;
  /** Cash's share of the starting gross wealth, a fraction 0..1 (startingOf). */
  startingPercentage: number;
}

export type SimulationEdit =
  /** Sold: cash += (evaluation - residual debt at `at`) x percOwned. */
  | { kind: 'removeRealEstate'; index: number }
  /** Bought: cash -= (evaluation - the mortgage's residual debt at `at`, 0 without one) x percOwned. */
  | { kind: 'addRealEstate'; item: SimulationRealEstate }
  /** cash += (evaluation - residual debt) x (old - new). */
  | { kind: 'setPercOwned'; index: number; percOwned: number }
  /** Paid off: cash -= residual debt x percOwned. */
  | { kind: 'removeMortgage'; index: number }
  /** A revaluation: no cash change. */
  | { kind: 'setEvaluation'; index: number; evaluation: number }
  /** cash += valuation. */
  | { kind: 'removeArtLux'; index: number }
  /** cash -= valuation. */
  | { kind: 'addArtLux'; item: SimulationArtLux }
  /** A revaluation: no cash change. */
  | { kind: 'setArtLuxValuation'; index: number; valuation: number }
  /** A revaluation of a holding: no cash change. */
  | { kind: 'setShareAmount'; index: number; amount: number }
  /** cash += amount. */
  | { kind: 'removeShare'; index: number }
  /** cash -= amount. */
  | { kind: 'addShare'; item: SimulationShare }
  /** Money moved from or to cash: cash -= (new - old). */
  | { kind: 'setFinancial'; field: 'shares' | 'bond' | 'commodities' | 'crypto'; value: number }
  /** The cash itself: no adjustment (cashDelta 0), but the simulation is calculable again. */
  | { kind: 'setCash'; value: number };

function nonNegative(value: number, what: string): void {
  if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`${what} must be a number >= 0: ${value}`);
}

function fraction(value: number, what: string): void {
  if (!(Number.isFinite(value) && value >= 0 && value <= 1)) throw new RangeError(`${what} must be 0..1: ${value}`);
}

function at<T>(list: readonly T[], index: number, what: string): T {
  if (!(Number.isInteger(index) && index >= 0 && index < list.length)) {
    throw new RangeError(`no ${what} at index ${index} (${list.length} items)`);
  }
  return list[index]!;
}

function validateRealEstate(item: SimulationRealEstate): void {
  nonNegative(item.evaluation, 'evaluation');
  fraction(item.percOwned, 'percOwned');
  nonNegative(item.income, 'income');
  nonNegative(item.maintenanceCost, 'maintenanceCost');
}

/** The debt left on a property's mortgage at `at`, at the contract rate (a fact of the day, not simulated). */
function debtOf(item: SimulationRealEstate, date: IsoDate): number {
  return item.mortgage ? residualDebt(item.mortgage, date) : 0;
}

/** The owner's equity in a property at `at`: (evaluation - residual debt) x percOwned, unrounded. */
function equityOf(item: SimulationRealEstate, date: IsoDate): number {
  return (item.evaluation - debtOf(item, date)) * item.percOwned;
}

/**
 * Applies one edit and adjusts the cash as the spec says: an edit that changes cash, a percentage owned, removes a
 * mortgage or changes the number of items moves its money into or out of cash (the page shows the toast "added to /
 * removed from cash" and marks the simulation calculable). Residual debts are taken at `at` (the simulation's date,
 * today) at the mortgage's contract rate: what is owed today is a fact, only future installments are simulated. A
 * property bought with a mortgage is financed by that mortgage's residual debt at `at` (its amount when it starts on
 * or after `at`), so adding an item and removing it again leaves the cash where it was.
 * Never mutates `sim`; returns a new simulation whose cash is the old one plus cashDelta, to the cent. cashDelta is
 * rounded to the cent (positive: added to cash); adjustsCash is cashDelta != 0 (the toast). Cash may go negative (a
 * purchase larger than the cash: the page warns, the engine does not refuse). setEvaluation, setArtLuxValuation and
 * setShareAmount are revaluations and setCash sets the cash itself: no adjustment. Throws RangeError on an index out of range, a
 * negative amount, a percOwned out of 0..1, a negative cash for setCash, or removeMortgage on a property without
 * one. Worked example: engine/README.md, "Simulations".
 */
export function applySimulationEdit(
  sim: Simulation,
  edit: SimulationEdit,
  date: IsoDate,
): { simulation: Simulation; cashDelta: number; adjustsCash: boolean } {
  toDayNumber(date);
  const next: Simulation = {
    ...sim,
    realEstate: [...sim.realEstate],
    financial: { ...sim.financial },
    artlux: [...sim.artlux],
    share: [...sim.share],
  };
  let delta = 0;
  switch (edit.kind) {
    case 'removeRealEstate': {
      const item = at(sim.realEstate, edit.index, 'property');
      validateRealEstate(item);
      delta = equityOf(item, date);
      next.realEstate.splice(edit.index, 1);
      break;
    }
    case 'addRealEstate': {
      validateRealEstate(edit.item);
      delta = -equityOf(edit.item, date);
      next.realEstate.push(copyRealEstate(edit.item));
      break;
    }
    case 'setPercOwned': {
      const item = at(sim.realEstate, edit.index, 'property');
      validateRealEstate(item);
      fraction(edit.percOwned, 'percOwned');
      delta = (item.evaluation - debtOf(item, date)) * (item.percOwned - edit.percOwned);
      next.realEstate[edit.index] = { ...item, percOwned: edit.percOwned };
      break;
    }
    case 'removeMortgage': {
      const item = at(sim.realEstate, edit.index, 'property');
      validateRealEstate(item);
      if (!item.mortgage) throw new RangeError(`the property at index ${edit.index} has no mortgage`);
      delta = -(debtOf(item, date) * item.percOwned);
      next.realEstate[edit.index] = { ...item, mortgage: null };
      break;
    }
    case 'setEvaluation': {
      const item = at(sim.realEstate, edit.index, 'property');
      nonNegative(edit.evaluation, 'evaluation');
      next.realEstate[edit.index] = { ...item, evaluation: edit.evaluation };
      break;
    }
    case 'removeArtLux': {
      const item = at(sim.artlux, edit.index, 'art or luxury item');
      nonNegative(item.valuation, 'valuation');
      delta = item.valuation;
      next.artlux.splice(edit.index, 1);
      break;
    }
    case 'addArtLux': {
      nonNegative(edit.item.valuation, 'valuation');
      delta = -edit.item.valuation;
      next.artlux.push({ ...edit.item });
      break;
    }
    case 'setArtLuxValuation': {
      const item = at(sim.artlux, edit.index, 'art or luxury item');
      nonNegative(edit.valuation, 'valuation');
      next.artlux[edit.index] = { ...item, valuation: edit.valuation };
      break;
    }
    case 'setShareAmount': {
      const item = at(sim.share, edit.index, 'share');
      nonNegative(edit.amount, 'amount');
      next.share[edit.index] = { ...item, amount: edit.amount };
      break;
    }
    case 'removeShare': {
      const item = at(sim.share, edit.index, 'share');
      nonNegative(item.amount, 'amount');
      delta = item.amount;
      next.share.splice(edit.index, 1);
      break;
    }
    case 'addShare': {
      nonNegative(edit.item.amount, 'amount');
      delta = -edit.item.amount;
      next.share.push({ ...edit.item });
      break;
    }
    case 'setFinancial': {
      if (!['shares', 'bond', 'commodities', 'crypto'].includes(edit.field)) {
        throw new RangeError(`unknown financial field: ${edit.field}`);
      }
      nonNegative(edit.value, edit.field);
      delta = sim.financial[edit.field] - edit.value;
      next.financial[edit.field] = edit.value;
      break;
    }
    case 'setCash': {
      nonNegative(edit.value, 'cash');
      next.financial.cash = edit.value;
      return { simulation: next, cashDelta: 0, adjustsCash: false };
    }
    default:
      throw new RangeError(`unknown simulation edit: ${(edit as { kind: string }).kind}`);
  }
  const cashDelta = roundMoney(delta);
  next.financial.cash = roundMoney(sim.financial.cash + cashDelta);
  return { simulation: next, cashDelta, adjustsCash: cashDelta !== 0 };
}

function copyRealEstate(item: SimulationRealEstate): SimulationRealEstate {
  return { ...item, mortgage: item.mortgage ? { ...item.mortgage } : null };
}

/**
 * The simulation's wealth at `at` by projection class: Equity = shares, Bond = bond, Alternative = commodities +
 * crypto, cash = cash, realEstate = sum evaluation x percOwned (gross of mortgages, as the overview), share =
 * sum amount, artLux = sum valuation; each to the cent. Negative cash (an overdraft) cannot be a class value: cash is
 * then 0 and the other classes are scaled down pro rata by the overdraft, keeping the mix (so the risk model is the
 * same and the starting wealth is the gross below); an overdraft larger than everything else leaves all at 0.
 * gross = the holdings with cash as it is (negative cash lowers it), debt = sum residual debt x percOwned at
 * the contract rate, net = gross - debt, each to the cent.
 */
export function simulationValues(
  sim: Simulation,
  date: IsoDate,
): { values: Record<ProjectionClass, number>; gross: number; debt: number; net: number } {
  const f = sim.financial;
  for (const field of ['shares', 'bond', 'commodities', 'crypto'] as const) nonNegative(f[field], field);
  if (!Number.isFinite(f.cash)) throw new RangeError(`cash must be a number: ${f.cash}`);
  let realEstate = 0;
  let debt = 0;
  for (const item of sim.realEstate) {
    validateRealEstate(item);
    realEstate += item.evaluation * item.percOwned;
    debt += debtOf(item, date) * item.percOwned;
  }
  for (const item of sim.share) nonNegative(item.amount, 'amount');
  for (const item of sim.artlux) nonNegative(item.valuation, 'valuation');
  const holdings: Record<ProjectionClass, number> = {
    Equity: f.shares,
    Alternative: f.commodities + f.crypto,
    Bond: f.bond,
    cash: 0,
    realEstate,
    share: sim.share.reduce((s, x) => s + x.amount, 0),
    artLux: sim.artlux.reduce((s, x) => s + x.valuation, 0),
  };
  const others = PROJECTION_CLASSES.reduce((s, c) => s + holdings[c], 0);
  const scale = f.cash >= 0 || others === 0 ? 1 : Math.max(0, others + f.cash) / others;
  const values = {} as Record<ProjectionClass, number>;
  for (const c of PROJECTION_CLASSES) values[c] = roundMoney(holdings[c] * scale);
  values.cash = roundMoney(Math.max(0, f.cash));
  const gross = roundMoney(others + f.cash);
  const debtR = roundMoney(debt);
  return { values, gross, debt: debtR, net: roundMoney(gross - debtR) };
}

/**
 * The starting figures of a freshly built simulation: startingCash = its cash (to the cent), startingPercentage =
 * cash's share of the gross wealth of simulationValues as a fraction to 6 decimals, 0 when the cash is negative or the
 * gross is not above 0, so it is always 0..1.
 * Worked example: cash 50,000 with 150,000 of real estate and 100,000 of shares: 50,000 / 300,000 = 0.166667.
 */
export function startingOf(sim: Simulation, date: IsoDate): { startingCash: number; startingPercentage: number } {
  const { gross } = simulationValues(sim, date);
  const cash = sim.financial.cash;
  return {
    startingCash: roundMoney(cash),
    startingPercentage: cash > 0 && gross > 0 ? round(cash / gross, 6) : 0,
  };
}

/**
 * The simulation's net flow of each year k = 1..years, year k being (addMonthsClamped(at, 12 (k - 1)),
 * addMonthsClamped(at, 12 k)] as in wealthProjection: per property (income - maintenanceCost) x percOwned, less
 * the mortgage installments due in that window x percOwned, the schedule computed with {simulation: true}
 * (variable rates 0.4 points lower, from initDate, payments a year by rataType); plus extra[k - 1] when given (the
 * human-capital yearly net flows, same years). Each year rounded to the cent.
 */
export function simulationYearlyFlows(
  sim: Simulation,
  date: IsoDate,
  years: number,
  extra?: readonly number[],
): number[] {
  toDayNumber(date);
  if (!(Number.isInteger(years) && years >= 0)) throw new RangeError(`years must be a whole number >= 0: ${years}`);
  const ends = Array.from({ length: years }, (_, k) => addMonthsClamped(date, 12 * (k + 1)));
  const sums = Array.from({ length: years }, (_, k) => {
    const e = extra?.[k] ?? 0;
    if (!Number.isFinite(e)) throw new RangeError(`extra flow must be a number: ${e}`);
    return e;
  });
  if (years === 0) return sums;
  for (const item of sim.realEstate) {
    validateRealEstate(item);
    const share = item.percOwned;
    const net = (item.income - item.maintenanceCost) * share;
    for (let k = 0; k < years; k++) sums[k]! += net;
    if (!item.mortgage) continue;
    let year = 0;
    for (const row of mortgageSchedule(item.mortgage, { simulation: true })) {
      if (compareDates(row.dueDate, date) <= 0) continue;
      while (year < years && compareDates(row.dueDate, ends[year]!) > 0) year++;
      if (year === years) break;
      sums[year]! -= row.installment * share;
    }
  }
  return sums.map(roundMoney);
}

/**
 * The band projection of a simulation: wealthProjection({startDate: at, values: simulationValues(sim, at).values,
 * yearlyFlows: simulationYearlyFlows(sim, at, horizon, humanCapitalFlows), horizonYears: horizon}), horizon 20 by
 * default.
 */
export function simulationProjection(
  sim: Simulation,
  date: IsoDate,
  options: { humanCapitalFlows?: readonly number[]; horizonYears?: number } = {},
): Projection {
  const horizonYears = options.horizonYears ?? PROJECTION_HORIZON_YEARS;
  return wealthProjection({
    startDate: date,
    values: simulationValues(sim, date).values,
    yearlyFlows: simulationYearlyFlows(sim, date, horizonYears, options.humanCapitalFlows),
    horizonYears,
  });
}
