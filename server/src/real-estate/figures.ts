// The real-estate figures (spec section 3 "Stats"; DESIGN.md 4 for mortgages): pure functions of the properties, their
// evaluation histories and mortgages. A family's figures are its members' weighted by member weight.
import {
  addMonthsClamped,
  compareDates,
  eachDay,
  installmentsDue,
  type Mortgage,
  monthlyInstallment,
  residualDebt,
  roundMoney,
} from '@patrimonio/engine';
import type { Destination, RealEstateStat, Typology } from '@patrimonio/shared-api';

export interface PropertyFigures {
  id: number;
  clientId: number;
  typology: Typology;
  destination: Destination;
  /** A fraction: 0.5 for 50%. */
  percOwned: number;
  /** Yearly. */
  income: number | null;
  /** Yearly. */
  maintenanceCost: number | null;
  /** The evaluation history, any order. */
  evaluations: ReadonlyArray<{ date: string; value: number }>;
  mortgage: Mortgage | null;
  soldDate: string | null;
  /** The member weight in a family (1 for a client's own figures). */
  weight: number;
}

/** The current value: the latest evaluation by date (0 without one). */
export function currentEvaluation(p: Pick<PropertyFigures, 'evaluations'>): number {
  let latest: { date: string; value: number } | null = null;
  for (const e of p.evaluations) if (!latest || compareDates(e.date, latest.date) > 0) latest = e;
  return latest?.value ?? 0;
}

/**
 * The whole property's value at the end of `date`: its latest evaluation on or before that date; 0 before the first
 * evaluation and from the day it is sold.
 */
export function valueAt(p: Pick<PropertyFigures, 'evaluations' | 'soldDate'>, date: string): number {
  if (p.soldDate && compareDates(p.soldDate, date) <= 0) return 0;
  let latest: { date: string; value: number } | null = null;
  for (const e of p.evaluations)
    if (compareDates(e.date, date) <= 0 && (!latest || compareDates(e.date, latest.date) > 0)) latest = e;
  return latest?.value ?? 0;
}

/** What is counted of a property: percOwned x member weight. */
const share = (p: PropertyFigures) => p.percOwned * p.weight;

/**
 * The dashboard figures of the properties not sold, at `today`, each counted for share = percOwned x member weight:
 * - totalValue = sum of current evaluation x share;
 * - linkedDebt = sum of the mortgage's residual debt at today (engine residualDebt) x share;
 * - monthlyIncome = sum of income / 12 x share; monthlyMaintenance = sum of maintenanceCost / 12 x share;
 * - monthlyDebt = sum of the monthly equivalent of the next installment (engine monthlyInstallment) x share.
 * Summed unrounded, rounded to the cent at the end. Worked example: stats.test.ts.
 */
export function stats(properties: readonly PropertyFigures[], today: string): RealEstateStat {
  let totalValue = 0;
  let linkedDebt = 0;
  let monthlyIncome = 0;
  let monthlyMaintenance = 0;
  let monthlyDebt = 0;
  for (const p of properties) {
    if (p.soldDate) continue;
    const s = share(p);
    totalValue += currentEvaluation(p) * s;
    monthlyIncome += ((p.income ?? 0) / 12) * s;
    monthlyMaintenance += ((p.maintenanceCost ?? 0) / 12) * s;
    if (p.mortgage) {
      linkedDebt += residualDebt(p.mortgage, today) * s;
      monthlyDebt += monthlyInstallment(p.mortgage, today) * s;
    }
  }
  return {
    totalValue: roundMoney(totalValue),
    linkedDebt: roundMoney(linkedDebt),
    monthlyIncome: roundMoney(monthlyIncome),
    monthlyMaintenance: roundMoney(monthlyMaintenance),
    monthlyDebt: roundMoney(monthlyDebt),
  };
}

/**
 * The net flow of the last 12 months of the properties not sold, for the overview's flux, each counted for share:
 * yearly income less yearly maintenance, less the mortgage installments actually due in (date - 12 months, date]
 * (engine installmentsDue): nothing before the first installment is due, a yearly installment once, not 12 times a
 * monthly equivalent. Summed unrounded, rounded to the cent. Worked example: figures.test.ts.
 */
export function yearlyFlow(properties: readonly PropertyFigures[], date: string): number {
  const yearAgo = addMonthsClamped(date, -12);
  let flow = 0;
  for (const p of properties) {
    if (p.soldDate) continue;
    const s = share(p);
    flow += ((p.income ?? 0) - (p.maintenanceCost ?? 0)) * s;
    if (p.mortgage) flow -= installmentsDue(p.mortgage, yearAgo, date).installments * s;
  }
  return roundMoney(flow);
}

/**
 * The net flow of each of the `years` years after the date, for the wealth projection (the overview's and the goals'):
 * year k is (date + 12(k - 1) months, date + 12k months]; per property not sold, for share, yearly income less yearly
 * maintenance, less the mortgage installments due in that year (engine installmentsDue, the real rates). Rounded to
 * the cent. Worked example: figures.test.ts.
 */
export function projectedYearlyFlows(properties: readonly PropertyFigures[], date: string, years: number): number[] {
  return Array.from({ length: years }, (_, i) => {
    const start = addMonthsClamped(date, 12 * i);
    const end = addMonthsClamped(date, 12 * (i + 1));
    let flow = 0;
    for (const p of properties) {
      if (p.soldDate) continue;
      const s = share(p);
      flow += ((p.income ?? 0) - (p.maintenanceCost ?? 0)) * s;
      if (p.mortgage) flow -= installmentsDue(p.mortgage, start, end).installments * s;
    }
    return roundMoney(flow);
  });
}

/** The stats of each group (destinations or typologies, in the order given; empty groups answer zeros). */
export function statsBy<K extends string>(
  properties: readonly PropertyFigures[],
  today: string,
  groups: readonly K[],
  key: (p: PropertyFigures) => K,
): Array<{ name: K } & RealEstateStat> {
  return groups.map((name) => ({
    name,
    ...stats(
      properties.filter((p) => key(p) === name),
      today,
    ),
  }));
}

/** Percent points of a total, 2 decimals (0 for a zero total). */
export const percentOf = (value: number, total: number) => (total === 0 ? 0 : roundMoney((value / total) * 100));

/** The value (evaluation x share) of the properties not sold, by group, with each group's percentage. */
export function valueBy<K extends string>(
  properties: readonly PropertyFigures[],
  groups: readonly K[],
  key: (p: PropertyFigures) => K,
): Array<{ name: K; value: number; percentage: number }> {
  const live = properties.filter((p) => !p.soldDate);
  const total = live.reduce((sum, p) => sum + currentEvaluation(p) * share(p), 0);
  return groups.map((name) => {
    const value = live.filter((p) => key(p) === name).reduce((sum, p) => sum + currentEvaluation(p) * share(p), 0);
    return { name, value: roundMoney(value), percentage: percentOf(value, total) };
  });
}

/**
 * The value of the properties (each valueAt x share) day by day from `start` to `end`, both included, summed and
 * rounded to the cent. Evaluations are carried forward; a sold property counts 0 from its sale date.
 */
export function valueSeries(
  properties: readonly PropertyFigures[],
  start: string,
  end: string,
): Array<{ date: string; value: number }> {
  if (compareDates(start, end) > 0) return [];
  const days = eachDay(start, end);
  const totals = new Array<number>(days.length).fill(0);
  for (const p of properties) {
    // Walk the sorted history once instead of searching it per day.
    const history = [...p.evaluations].sort((a, b) => compareDates(a.date, b.date));
    const s = share(p);
    let next = 0;
    let current = 0;
    for (let i = 0; i < days.length; i++) {
      const day = days[i]!;
      while (next < history.length && compareDates(history[next]!.date, day) <= 0) current = history[next++]!.value;
      if (p.soldDate && compareDates(p.soldDate, day) <= 0) break;
      totals[i]! += current * s;
    }
  }
  return days.map((date, i) => ({ date, value: roundMoney(totals[i]!) }));
}

/** The value of the properties at one date (valueAt x share, summed), rounded to the cent. */
export function valueOn(properties: readonly PropertyFigures[], date: string): number {
  return roundMoney(properties.reduce((sum, p) => sum + valueAt(p, date) * share(p), 0));
}
