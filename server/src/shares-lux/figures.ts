// The arithmetic of family business shares and art and luxury goods, free of I/O: share values, lux yields and
// stats, the pie and column data, and values at a date. Amounts come in as numbers and go out rounded to the cent.
import { round, roundMoney } from '@patrimonio/engine';
import { LUX_CATEGORIES, type LuxCategory } from '@patrimonio/shared-api';

/** A client in scope and its weight: 1 for a client, the member weight (family_members.weight) in a family. */
export interface Member {
  clientId: number;
  weight: number;
}

/**
 * A holder's share of a company: ratio (percent points) of the company's value.
 * Worked example: 40% of a company valued 1,250,000.00 = 500,000.00; 33.333333% of 100.00 = 33.33.
 */
export const shareValue = (ratio: number, companyValue: number): number => roundMoney((ratio / 100) * companyValue);

/**
 * Income over value in percent points, 2 decimals; null when the value is 0.
 * Worked example: 3,000.00 a year on an evaluation of 120,000.00 = 2.5.
 */
export function luxYield(yearlyIncome: number, evaluation: number): number | null {
  return evaluation === 0 ? null : round((yearlyIncome / evaluation) * 100, 2);
}

/** The weight of a client in scope (0 when it is not in scope). */
export function weightOf(members: readonly Member[]): (clientId: number) => number {
  const weights = new Map(members.map((m) => [m.clientId, m.weight]));
  return (clientId) => weights.get(clientId) ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Shares
// ---------------------------------------------------------------------------------------------------------------

export interface Holding {
  companyId: number;
  clientId: number;
  /** Percent points. */
  percentage: number;
}

export interface YearFigures {
  companyId: number;
  year: number;
  value: number;
}

/**
 * The company's value in force in a year: that of the latest year with figures up to it (the figures of year Y stand
 * from 1 January of Y until newer ones); none before its first year.
 */
export function companyValueIn(figures: readonly YearFigures[], companyId: number, year: number): number | null {
  let best: YearFigures | null = null;
  for (const f of figures)
    if (f.companyId === companyId && f.year <= year && (best === null || f.year > best.year)) best = f;
  return best?.value ?? null;
}

/**
 * The share wealth of the members in a year: sum over their holdings of weight x ratio x company value in force.
 * Worked example: a company valued 1,000,000.00 held 60% by A (weight 1) and 25% by B (weight 0.5) is worth
 * 600,000.00 + 0.5 x 250,000.00 = 725,000.00 to their family.
 */
export function shareWealthIn(
  members: readonly Member[],
  holdings: readonly Holding[],
  figures: readonly YearFigures[],
  year: number,
): number {
  const weight = weightOf(members);
  let total = 0;
  for (const h of holdings) {
    const w = weight(h.clientId);
    const value = w === 0 ? null : companyValueIn(figures, h.companyId, year);
    if (value !== null) total += w * (h.percentage / 100) * value;
  }
  return roundMoney(total);
}

// ---------------------------------------------------------------------------------------------------------------
// Art and luxury
// ---------------------------------------------------------------------------------------------------------------

export interface LuxHolding {
  id: number;
  clientId: number;
  category: LuxCategory;
  yearlyIncome: number;
  yearlyMaintenance: number;
  linkedDebt: number;
}

export interface Evaluation {
  itemId: number;
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

/** Each item's latest evaluation on or before a date (all of them without one): item id -> value. */
export function evaluationsAt(evaluations: readonly Evaluation[], date?: string): Map<number, number> {
  const latest = new Map<number, Evaluation>();
  for (const e of evaluations) {
    if (date !== undefined && e.date > date) continue;
    const seen = latest.get(e.itemId);
    if (!seen || e.date > seen.date) latest.set(e.itemId, e);
  }
  return new Map([...latest].map(([id, e]) => [id, e.value]));
}

/**
 * The stats of /lux/dashboard/stat: weighted sums of the latest evaluations, incomes, debts and maintenance.
 * Worked example: a painting valued 100,000.00 (income 0, maintenance 1,000.00) of A (weight 1) and a boat valued
 * 300,000.00 (income 12,000.00, maintenance 8,000.00, debt 50,000.00) of B (weight 0.5):
 * totalValue 100,000 + 150,000 = 250,000.00; yearlyIncome 6,000.00; linkedDebt 25,000.00;
 * yearlyMaintenance 1,000 + 4,000 = 5,000.00.
 */
export function luxStats(members: readonly Member[], items: readonly LuxHolding[], evaluations: readonly Evaluation[]) {
  const weight = weightOf(members);
  const values = evaluationsAt(evaluations);
  const sums = { totalValue: 0, yearlyIncome: 0, linkedDebt: 0, yearlyMaintenance: 0 };
  for (const item of items) {
    const w = weight(item.clientId);
    sums.totalValue += w * (values.get(item.id) ?? 0);
    sums.yearlyIncome += w * item.yearlyIncome;
    sums.linkedDebt += w * item.linkedDebt;
    sums.yearlyMaintenance += w * item.yearlyMaintenance;
  }
  return {
    totalValue: roundMoney(sums.totalValue),
    yearlyIncome: roundMoney(sums.yearlyIncome),
    linkedDebt: roundMoney(sums.linkedDebt),
    yearlyMaintenance: roundMoney(sums.yearlyMaintenance),
  };
}

/** The weighted value of the items at a date (latest evaluations on or before it; today's without a date). */
export function luxWealthAt(
  members: readonly Member[],
  items: readonly LuxHolding[],
  evaluations: readonly Evaluation[],
  date?: string,
): number {
  const weight = weightOf(members);
  const values = evaluationsAt(evaluations, date);
  let total = 0;
  for (const item of items) total += weight(item.clientId) * (values.get(item.id) ?? 0);
  return roundMoney(total);
}

/** The pie: weighted value by category, largest first (ties in category order); categories without goods left out. */
export function luxPie(members: readonly Member[], items: readonly LuxHolding[], evaluations: readonly Evaluation[]) {
  const weight = weightOf(members);
  const values = evaluationsAt(evaluations);
  const slices = new Map<LuxCategory, { value: number; count: number }>();
  for (const item of items) {
    const slice = slices.get(item.category) ?? { value: 0, count: 0 };
    slice.value += weight(item.clientId) * (values.get(item.id) ?? 0);
    slice.count++;
    slices.set(item.category, slice);
  }
  return LUX_CATEGORIES.filter((c) => slices.has(c))
    .map((category) => ({
      category,
      value: roundMoney(slices.get(category)!.value),
      count: slices.get(category)!.count,
    }))
    .sort((a, b) => b.value - a.value || LUX_CATEGORIES.indexOf(a.category) - LUX_CATEGORIES.indexOf(b.category));
}

/**
 * The column chart: weighted value by category at each year's end (latest evaluation on or before 31 December), from
 * the first to the last year with an evaluation; one series per category with goods, in category order.
 * Worked example: a car valued 50,000.00 on 2022-06-30 and 40,000.00 on 2024-03-01 gives years [2022, 2023, 2024]
 * and CAR data [50,000.00, 50,000.00, 40,000.00].
 */
export function luxColumn(
  members: readonly Member[],
  items: readonly LuxHolding[],
  evaluations: readonly Evaluation[],
) {
  const itemIds = new Set(items.map((i) => i.id));
  const years = evaluations.filter((e) => itemIds.has(e.itemId)).map((e) => Number(e.date.slice(0, 4)));
  if (!years.length) return { years: [], series: [] };
  const first = Math.min(...years);
  const last = Math.max(...years);
  const span = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const categories = LUX_CATEGORIES.filter((c) => items.some((i) => i.category === c));
  return {
    years: span,
    series: categories.map((category) => {
      const ofCategory = items.filter((i) => i.category === category);
      return { category, data: span.map((y) => luxWealthAt(members, ofCategory, evaluations, `${y}-12-31`)) };
    }),
  };
}
