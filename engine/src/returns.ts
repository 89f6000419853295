// Returns: daily chain-linked TWR (Portfolio Performance's TTWROR) and period MWR (XIRR). DESIGN.md section 4.
// Everything here works in doubles and returns fractions (0.05 = +5%); callers round at the edge.
import { daysBetween, toDayNumber } from './calendar.ts';
import type { IsoDate } from './types.ts';
import { solveXirr } from './xirr.ts';

/**
 * One day of a value series: `value` at the end of the day (EUR); `inflow` and `outflow` the external flows of the
 * day as positive numbers. For a whole portfolio these are DEPOSIT/TRANSFER_IN and WITHDRAWAL/TRANSFER_OUT; for a
 * line (one instrument) or a class, purchases are inflows and sale proceeds plus income received are outflows.
 */
export interface DailyPoint {
  date: IsoDate;
  value: number;
  inflow: number;
  outflow: number;
}

export interface TwrResult {
  /** Cumulative TWR over the period as a fraction (0.05 = +5%). */
  cumulative: number;
  /** Annualised: (1 + cumulative)^(365 / days) - 1, days = end - start. */
  annualised: number;
  /** Cumulative TWR at the end of each day of the period, starting with 0 on the start day. */
  series: Array<{ date: IsoDate; cumulative: number }>;
}

/**
 * Annualises a cumulative return earned over `days` calendar days: (1 + cumulative)^(365 / days) - 1.
 * A period of 0 days (or fewer) has nothing to annualise and returns `cumulative` unchanged; a total loss
 * (cumulative <= -1) stays -1.
 * Worked example: annualise(0.21, 730) = 1.21^(1/2) - 1 = 0.1; annualise(0.05, 182) = 1.05^(365/182) - 1 = 0.1027956
 */
export function annualise(cumulative: number, days: number): number {
  if (!(days > 0)) return cumulative;
  if (cumulative <= -1) return -1;
  return (1 + cumulative) ** (365 / days) - 1;
}

/**
 * TWR over (points[0].date, last date]: the first point opens the period (its flows are ignored);
 * r_t = (V_t + out_t) / (V_{t-1} + in_t) - 1, chain-linked. A day with a zero denominator contributes 0.
 * Points are normally one per calendar day; a gap between two points is read as one sub-period.
 *
 * Worked example: V = 1000 on 2024-01-01; on 2024-01-02 a deposit of 500 arrives and the day closes at 1530
 * (r = 1530 / 1500 - 1 = 0.02); on 2024-01-03 a withdrawal of 200 leaves 1377 (r = (1377 + 200) / 1530 - 1 =
 * 0.0307189...). Cumulative = 1.02 x 1.0307189 - 1 = 0.0513333 (the deposit and withdrawal do not count as return).
 */
export function timeWeightedReturn(points: ReadonlyArray<DailyPoint>): TwrResult {
  const first = points[0];
  if (!first) return { cumulative: 0, annualised: 0, series: [] };
  const series: TwrResult['series'] = [{ date: first.date, cumulative: 0 }];
  let growth = 1;
  let previous = first.value;
  for (let t = 1; t < points.length; t++) {
    const p = points[t]!;
    const denominator = previous + p.inflow;
    if (denominator !== 0) growth *= (p.value + p.outflow) / denominator;
    series.push({ date: p.date, cumulative: growth - 1 });
    previous = p.value;
  }
  const last = points[points.length - 1]!;
  const cumulative = growth - 1;
  return { cumulative, annualised: annualise(cumulative, daysBetween(first.date, last.date)), series };
}

/** A dated cash flow with the investor's sign (money put in is negative, money taken out positive). */
export interface DatedFlow {
  date: IsoDate;
  amount: number;
}

/**
 * XIRR, actual/365: the annual rate r with sum(amount_i / (1 + r)^((d_i - d_0)/365)) = 0, d_0 the earliest date.
 * NaN if none exists (no flow of each sign, or no sign change of the net present value for r > -1).
 *
 * Method (xirr.ts, solveXirr): solved for z = T ln(1 + r), T the years from the first to the last flow (so z is the
 * log-growth over the flows' span), for z from -60 to 60 (a growth over the span between e^-60 and e^60; a rate
 * beyond gives NaN). When the flows' signs in date order (each day netted) change once, the rate is unique
 * (Descartes' rule of signs) and Newton inside a bracket finds it in tens of evaluations of the net present value.
 * With several roots possible: Newton from r = 10% (Excel's default guess) when it converges to a root, otherwise
 * the root nearest to r = 0 (the first cell of a grid of z in steps of 0.05, outwards from 0, whose ends have
 * opposite signs). The bracketing finds the deeply negative rates Newton misses (Portfolio Performance issue 1904:
 * -1560.94, -1160, +42.8 gives r = -0.99925). All flows on one day: NaN.
 *
 * Worked example: -200 on 2010-01-01 and +210 on 2010-12-31 (364 days): r = 1.05^(365/364) - 1 = 0.0501407503.
 */
export function xirr(flows: ReadonlyArray<DatedFlow>): number {
  return Math.expm1(solveXirr(flows).logRate);
}

export interface MwrResult {
  /** Annual IRR of the period's flows. */
  annualised: number;
  /** Compounded over the period: (1 + irr)^(days from the first flow to end / 365) - 1. */
  cumulative: number;
}

/**
 * MWR over (points[0].date, last date]: XIRR of -V_start at the start, each day's external flows with the
 * investor's sign (-inflow, +outflow) and +V_end at the end. With no external flow it equals TWR.
 *
 * When V_start is 0 the first flow is the first day with an external flow, so the compounding runs from there;
 * if that day is the last one (no time elapsed) the TWR of the period is returned. When the investor got nothing
 * back (no positive flow and V_end = 0) the money is lost: -1 and -1. NaN when the flows have no IRR.
 *
 * Worked example: V_start = 1000 on 2023-01-01, a deposit of 1000 on 2023-07-02 (182 days later) and V_end = 2100
 * on 2024-01-01 (365 days). The IRR solves 1000 (1 + r) + 1000 (1 + r)^(183/365) = 2100: r = 0.0669672, and
 * cumulative = (1 + r)^(365/365) - 1 = r. TWR of the same period depends on the value on the deposit day.
 */
export function moneyWeightedReturn(points: ReadonlyArray<DailyPoint>): MwrResult {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return { annualised: 0, cumulative: 0 };
  const hasFlow = points.some((p, t) => t > 0 && (p.inflow !== 0 || p.outflow !== 0));
  if (!hasFlow) {
    const twr = timeWeightedReturn(points);
    return { annualised: twr.annualised, cumulative: twr.cumulative };
  }
  const flows: DatedFlow[] = [];
  if (first.value !== 0) flows.push({ date: first.date, amount: -first.value });
  for (let t = 1; t < points.length; t++) {
    const p = points[t]!;
    const net = p.outflow - p.inflow;
    if (net !== 0) flows.push({ date: p.date, amount: net });
  }
  if (last.value !== 0) flows.push({ date: last.date, amount: last.value });
  const firstFlow = flows[0];
  if (!firstFlow) return { annualised: 0, cumulative: 0 };
  const days = daysBetween(firstFlow.date, last.date);
  // All the money went in on the last day: no time to earn a rate, the day's TWR is the only return there is.
  if (days === 0) {
    const twr = timeWeightedReturn(points);
    return { annualised: twr.annualised, cumulative: twr.cumulative };
  }
  if (flows.every((f) => f.amount <= 0)) return { annualised: -1, cumulative: -1 };
  const y = solveXirr(flows).logRate;
  if (Number.isNaN(y)) return { annualised: Number.NaN, cumulative: Number.NaN };
  // Compounded in log space, so a steep annual loss still gives the right cumulative figure.
  return { annualised: Math.expm1(y), cumulative: Math.expm1((y * days) / 365) };
}

/**
 * Giacenza media: time-weighted average end-of-day value over the days of (start, end]. With one point per
 * calendar day this is the mean of points[1..].value; a gap between points carries the last value forward
 * (DESIGN.md 4: last known value until the next). 0 for a single point.
 *
 * Worked example: 2024-01-01 = 100 (opens the period), 2024-01-02 = 200, 2024-01-03 = 300: (200 + 300) / 2 = 250.
 * With the 2024-01-02 point missing the period reads 100 on 2024-01-02 and 300 on 2024-01-03: 200.
 */
export function averageHolding(points: ReadonlyArray<DailyPoint>): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || points.length < 2) return 0;
  let sum = 0;
  let previousDay = toDayNumber(first.date);
  let previousValue = first.value;
  for (let t = 1; t < points.length; t++) {
    const p = points[t]!;
    const day = toDayNumber(p.date);
    // A second point on the same day replaces the first one's end-of-day value.
    if (day === previousDay && t > 1) sum += p.value - previousValue;
    else if (day > previousDay) sum += previousValue * (day - previousDay - 1) + p.value;
    previousDay = day;
    previousValue = p.value;
  }
  const days = toDayNumber(last.date) - toDayNumber(first.date);
  return days > 0 ? sum / days : 0;
}
