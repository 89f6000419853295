// Value at Risk of a portfolio from its daily returns: historical simulation, with the parametric (normal) figure
// beside it for comparison. Conventions and a worked example: engine/README.md, section "VaR".

import { toDayNumber } from './calendar.ts';
import type { DailyPoint } from './returns.ts';
import { round, roundMoney } from './rounding.ts';

/** Confidence levels reported, in this order. */
export const VAR_LEVELS = [0.95, 0.99] as const;
/** Horizon of the long figure in trading days; scaled from one day by the square root of time. */
export const VAR_HORIZON_DAYS = 10;
/** Fewest daily returns for a figure: one year of trading days (the Basel minimum for historical VaR). */
export const VAR_MIN_OBSERVATIONS = 250;

export interface VarLevel {
  /** Confidence level as a fraction: 0.95 or 0.99. */
  level: number;
  /** One-day loss in EUR not exceeded with probability `level`; positive is a loss. Rounded to cents. */
  oneDay: number;
  /** Ten-day loss: oneDay x sqrt(10). Rounded to cents. */
  tenDay: number;
  /** oneDay as a percentage of the current value, in percent points (1.65 = 1.65%), 2 decimals. */
  oneDayPercent: number;
  /** tenDay as a percentage of the current value, in percent points, 2 decimals. */
  tenDayPercent: number;
}

export interface VarResult {
  /** Always 'historical': `confidence` holds historical simulation; `parametric` the normal figures. */
  method: 'historical';
  /** Daily returns used. */
  observations: number;
  /** Historical simulation, one entry per level of VAR_LEVELS; empty when `reason` is set. */
  confidence: VarLevel[];
  /** Normal (variance-covariance) VaR at the same levels; empty when `reason` is set. */
  parametric: VarLevel[];
  /** Set when no figure is given: fewer than `minObservations` returns. */
  reason?: 'INSUFFICIENT_OBSERVATIONS';
  /** The minimum used. */
  minObservations: number;
}

export interface VarOptions {
  /** Confidence levels, fractions in (0, 1); default VAR_LEVELS. */
  levels?: ReadonlyArray<number>;
  /** Default VAR_MIN_OBSERVATIONS. */
  minObservations?: number;
}

/**
 * Empirical quantile with linear interpolation between order statistics (Hyndman and Fan's type 7, the default of
 * R, NumPy and Excel's PERCENTILE.INC): sort ascending x_0..x_{n-1}, h = (n - 1) p, Q = x_floor(h) +
 * (h - floor(h)) (x_ceil(h) - x_floor(h)). Throws on an empty sample or p outside [0, 1].
 * Worked example: quantile([3, 1, 4, 2, 5], 0.1) = 1 + 0.4 x (2 - 1) = 1.4 (h = 4 x 0.1 = 0.4).
 */
export function quantile(values: ReadonlyArray<number>, p: number): number {
  if (values.length === 0) throw new RangeError('quantile of an empty sample');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile probability outside [0, 1]: ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  return sortedQuantile(sorted, p);
}

function sortedQuantile(sorted: ReadonlyArray<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (h - below) * (upper - lower);
}

/**
 * The standard normal quantile Φ⁻¹(p) for p in (0, 1): Acklam's rational approximation (relative error below
 * 1.2e-9) refined by one Halley step on an erfc accurate to about 1e-15, so the result is good to about 1e-15.
 * Worked example: normalQuantile(0.95) = 1.6448536269514722; normalQuantile(0.99) = 2.3263478740408408;
 * normalQuantile(0.1) = -1.2815515655446004.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return Number.NEGATIVE_INFINITY;
    if (p === 1) return Number.POSITIVE_INFINITY;
    return Number.NaN;
  }
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x =
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
      (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x =
      -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  // One Halley step on Φ(x) - p, Φ(x) = erfc(-x / √2) / 2.
  const e = 0.5 * erfc(-x / Math.SQRT2) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/**
 * The standard normal distribution function Φ(x) = erfc(-x / √2) / 2, accurate to about 1e-15 relative (also in the
 * tails: Φ(-8) = 6.22e-16). Worked example: normalCdf(0) = 0.5; normalCdf(normalQuantile(0.1)) = 0.1;
 * normalCdf(1.6448536269514722) = 0.95.
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  return 0.5 * erfc(-x / Math.SQRT2);
}

/**
 * Complementary error function, W. J. Cody's rational Chebyshev approximations (1969) in three ranges, relative
 * error about 1e-15.
 */
function erfc(x: number): number {
  const ax = Math.abs(x);
  let result: number;
  if (ax < 0.5) {
    const t = ax * ax;
    const top =
      (((0.18577770618460315 * t + 3.1611237438705655) * t + 113.86415415105016) * t + 377.485237685302) * t +
      3209.3775891384694;
    const bottom =
      (((t + 23.601290952344122) * t + 244.02463793444417) * t + 1282.6165260773723) * t + 2844.236833439171;
    const erf = (x * top) / bottom;
    return 1 - erf;
  }
  if (ax < 4) {
    let top = 2.1531153547440383e-8;
    for (const coefficient of [
      0.5641884969886701, 8.883149794388377, 66.11919063714163, 298.6351381974001, 881.952221241769, 1712.0476126340707,
      2051.0783778260716, 1230.3393547979972,
    ]) {
      top = top * ax + coefficient;
    }
    const bottom =
      (((((((ax + 15.744926110709835) * ax + 117.6939508913125) * ax + 537.1811018620099) * ax + 1621.3895745666903) *
        ax +
        3290.7992357334597) *
        ax +
        4362.619090143247) *
        ax +
        3439.3676741437216) *
        ax +
      1230.3393548037495;
    result = (Math.exp(-ax * ax) * top) / bottom;
  } else {
    const z = 1 / (ax * ax);
    const top =
      ((((0.016315387137302097 * z + 0.30532663496123236) * z + 0.36034489994980445) * z + 0.12578172611122926) * z +
        0.016083785148742275) *
        z +
      0.0006587491615298378;
    const bottom =
      ((((z + 2.568520192289822) * z + 1.8729528499234673) * z + 0.5279051029514285) * z + 0.06051834131244132) * z +
      0.0023352049762686918;
    result = (Math.exp(-ax * ax) / ax) * (1 / Math.sqrt(Math.PI) - (z * top) / bottom);
  }
  return x < 0 ? 2 - result : result;
}

/**
 * Daily simple returns for VaR from a valuation series (one point per calendar day): r_t = (V_t + out_t) /
 * (V_{t-1} + in_t) - 1, the TWR's daily return, so deposits and withdrawals are not losses or gains. Saturdays and
 * Sundays are left out (their prices are carried forward, so their zero returns would understate the risk; Monday's
 * return still covers Friday to Monday), as are days with a zero denominator (nothing held).
 * Worked example: Fri 2024-01-05 = 100, Sat 101 (a deposit of 1), Sun 101, Mon 2024-01-08 = 99: one return,
 * Monday's 99 / 101 - 1 = -0.0198020.
 */
export function tradingDayReturns(points: ReadonlyArray<DailyPoint>): number[] {
  const out: number[] = [];
  for (let t = 1; t < points.length; t++) {
    const p = points[t]!;
    const previous = points[t - 1]!;
    // 1970-01-01 (day 0) was a Thursday: day 2 is a Saturday, day 3 a Sunday.
    const weekday = (((toDayNumber(p.date) + 4) % 7) + 7) % 7; // 0 Sunday .. 6 Saturday
    if (weekday === 0 || weekday === 6) continue;
    const denominator = previous.value + p.inflow;
    if (denominator === 0) continue;
    out.push((p.value + p.outflow) / denominator - 1);
  }
  return out;
}

/**
 * VaR of a portfolio worth `currentValue` (EUR) from its daily simple returns (oldest first; e.g. from
 * tradingDayReturns). Positive figures are losses.
 *
 * - Historical simulation: the one-day VaR at level c is -Q(1 - c) x currentValue, Q the empirical quantile of the
 *   returns with linear interpolation (type 7, see `quantile`). It is negative only if even the worst (1 - c) tail
 *   is a gain.
 * - Parametric: -(mean + Φ⁻¹(1 - c) x sd) x currentValue, with the sample mean and standard deviation (n - 1).
 * - Ten days: the one-day figure x sqrt(10) (square root of time: independent, identically distributed returns).
 * - Fewer than `minObservations` (default 250) returns: no figures, `reason: 'INSUFFICIENT_OBSERVATIONS'`.
 * Throws on a non-finite return or value.
 *
 * Worked example (minObservations 5): returns [-0.03, -0.01, 0, 0.01, 0.02], value 10,000. Historical 95%:
 * h = 4 x 0.05 = 0.2, Q = -0.03 + 0.2 x 0.02 = -0.026: oneDay 260.00 (2.60%), tenDay 260 x √10 = 822.19 (8.22%).
 * Parametric 95%: mean -0.002, sd = √(0.00148 / 4) = 0.0192354; 0.002 + 1.6448536 x 0.0192354 = 0.0336394:
 * oneDay 336.39 (3.36%), tenDay 1063.77 (10.64%).
 */
export function valueAtRisk(returns: ReadonlyArray<number>, currentValue: number, options: VarOptions = {}): VarResult {
  const levels = options.levels ?? VAR_LEVELS;
  const minObservations = Math.max(2, options.minObservations ?? VAR_MIN_OBSERVATIONS);
  if (!Number.isFinite(currentValue)) throw new RangeError(`VaR of a non-finite value: ${currentValue}`);
  for (const r of returns) if (!Number.isFinite(r)) throw new RangeError(`VaR from a non-finite return: ${r}`);
  for (const c of levels) if (!(c > 0 && c < 1)) throw new RangeError(`VaR confidence outside (0, 1): ${c}`);
  const observations = returns.length;
  if (observations < minObservations) {
    return {
      method: 'historical',
      observations,
      confidence: [],
      parametric: [],
      reason: 'INSUFFICIENT_OBSERVATIONS',
      minObservations,
    };
  }
  const sorted = [...returns].sort((a, b) => a - b);
  const mean = returns.reduce((s, r) => s + r, 0) / observations;
  const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (observations - 1);
  const sd = Math.sqrt(variance);
  const scale = Math.sqrt(VAR_HORIZON_DAYS);
  const level = (c: number, lossFraction: number): VarLevel => ({
    level: c,
    oneDay: roundMoney(lossFraction * currentValue),
    tenDay: roundMoney(lossFraction * scale * currentValue),
    oneDayPercent: round(lossFraction * 100, 2),
    tenDayPercent: round(lossFraction * scale * 100, 2),
  });
  return {
    method: 'historical',
    observations,
    confidence: levels.map((c) => level(c, -sortedQuantile(sorted, 1 - c))),
    parametric: levels.map((c) => level(c, -(mean + normalQuantile(1 - c) * sd))),
    minObservations,
  };
}
