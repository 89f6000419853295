// Returns: daily chain-linked TWR (Portfolio Performance's TTWROR) and period MWR (XIRR). DESIGN.md section 4.
// SIGNATURES ONLY: implemented by the returns work package; other modules may import these names.
import type { IsoDate } from './types.ts';

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
 * TWR over (points[0].date, last date]: the first point opens the period (its flows are ignored);
 * r_t = (V_t + out_t) / (V_{t-1} + in_t) - 1, chain-linked. A day with a zero denominator contributes 0.
 */
export function timeWeightedReturn(points: ReadonlyArray<DailyPoint>): TwrResult {
  throw new Error(`not implemented (${points.length})`);
}

/** A dated cash flow with the investor's sign (money put in is negative, money taken out positive). */
export interface DatedFlow {
  date: IsoDate;
  amount: number;
}

/** XIRR, actual/365: the annual rate r with sum(amount_i / (1 + r)^((d_i - d_0)/365)) = 0. NaN if none exists. */
export function xirr(flows: ReadonlyArray<DatedFlow>): number {
  throw new Error(`not implemented (${flows.length})`);
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
 */
export function moneyWeightedReturn(points: ReadonlyArray<DailyPoint>): MwrResult {
  throw new Error(`not implemented (${points.length})`);
}

/** Giacenza media: time-weighted average end-of-day value over the days of (start, end]. */
export function averageHolding(points: ReadonlyArray<DailyPoint>): number {
  throw new Error(`not implemented (${points.length})`);
}
