// XIRR's root finder, behind xirr and moneyWeightedReturn (returns.ts; DESIGN.md section 4). Internal to the engine:
// index.ts does not export this module. solveXirr also says how many times it computed the net present value, so
// that tests can bound the work by a count (issue 21: the first version's fallback scanned 2,400 grid points).
import { toDayNumber } from './calendar.ts';
import type { DatedFlow } from './returns.ts';

/** The range of z searched: a growth over the flows' span from e^-60 (about 1e-26) to e^60 (about 1e26). */
export const GROWTH_MIN = -60;
export const GROWTH_MAX = 60;
/** The grid of z on which, when the flows may have several rates, the rate nearest to 0 is chosen. */
export const GROWTH_STEP = 0.05;
const GRID_CELLS = Math.round((GROWTH_MAX - GROWTH_MIN) / GROWTH_STEP);
/** The grid point k (0..GRID_CELLS), computed as the first version did, to the last bit. */
const gridPoint = (k: number) => GROWTH_MIN + k * GROWTH_STEP;
/** The grid index of z = 0. */
const GRID_ZERO = Math.round(-GROWTH_MIN / GROWTH_STEP);
/** Newton from r = 10% gives up after this many steps (as the first version did: it decides which root is taken). */
const NEWTON_STEPS = 100;
/** The bracketed solver stops after this many evaluations whatever happens (a bisection alone needs under 70). */
const BRACKET_STEPS = 200;

export interface XirrSolution {
  /** ln(1 + r) of the flows' XIRR r, or NaN when there is none. */
  logRate: number;
  /** How many times the net present value was computed (each with its derivative). */
  evaluations: number;
  /**
   * How it was found: 'none' (no rate, decided from the flows alone), 'one-root' (the days' nets change sign once,
   * so there is at most one root), 'newton' (several roots possible: Newton from 10% reached one), 'nearest'
   * (several roots possible and Newton failed: the root nearest to 0 on the grid), 'no-root' (searched, none found
   * in the range).
   */
  method: 'none' | 'one-root' | 'newton' | 'nearest' | 'no-root';
}

/** One evaluated point: z, the function and its derivative there, and the rounding error the value may carry. */
interface Point {
  z: number;
  f: number;
  df: number;
  noise: number;
}

/** A point of f with how far right and left of it f certainly keeps its sign (Infinity: up to the end). */
interface Sample extends Point {
  right: number;
  left: number;
}

/**
 * The net present value in z: with the flows netted by day (the days in date order), T the years from the earliest
 * to the latest flow and u_i = t_i / T in [0, 1], z = T ln(1 + r) and f(z) = sum(a_i e^(-z u_i)). `at` computes
 * f(z), its derivative f'(z) = -sum(u_i a_i e^(-z u_i)) and the size of its terms sum(|a_i| e^(-z u_i)), against
 * which f is zero; `around` also how far from z f certainly keeps its sign; `logRatio` the form used when the sign
 * changes once. In z no term can overflow for |z| <= 700, and rates near -100% (z very negative) stay apart.
 */
class NetPresentValue {
  evaluations = 0;
  df = 0;
  scale = 0;
  /** The terms a_i e^(-z u_i) of the last `around`. */
  private readonly terms: Float64Array;

  constructor(
    private readonly amounts: ReadonlyArray<number>,
    private readonly spans: ReadonlyArray<number>,
  ) {
    this.terms = new Float64Array(amounts.length);
  }

  at(z: number): number {
    this.evaluations++;
    let f = 0;
    let df = 0;
    let scale = 0;
    for (let i = 0; i < this.amounts.length; i++) {
      const a = this.amounts[i]!;
      const u = this.spans[i]!;
      const discount = Math.exp(-z * u);
      f += a * discount;
      df -= u * a * discount;
      scale += Math.abs(a) * discount;
    }
    this.df = df;
    this.scale = scale;
    return f;
  }

  /** The rounding error of the last f: n additions of terms up to the size of all of them. */
  private noise(): number {
    return this.amounts.length * Number.EPSILON * this.scale;
  }

  point(z: number): Point {
    const f = this.at(z);
    return { z, f, df: this.df, noise: this.noise() };
  }

  /**
   * f(z) (the value of `at`) and the distances right and left of z over which f certainly keeps its sign.
   *
   * Right: every term e^(-t u_i) falls as t grows, so for t >= z |f'(t)| <= M1 = sum(u_i |a_i| e^(-z u_i)) and
   * |f''(t)| <= M2 = sum(u_i^2 |a_i| e^(-z u_i)). Then |f(z + h)| >= |f(z)| - M1 h and
   * |f(z + h)| >= |f(z) + f'(z) h| - M2 h^2 / 2, and f keeps its sign while either bound stays above 0.
   * Left: the same on g(t) = e^t f(t) = sum(a_i e^(t (1 - u_i))), whose terms fall as t decreases and whose roots
   * are f's: its derivative leftwards is -(f + f') e^z, and the bounds weigh the terms by 1 - u_i instead of u_i
   * (e^z, common to all, cancels). Half of each distance is used, a margin for rounding.
   * Whole tails: with b_i = a_i e^(-z u_i) and x = e^(-(t - z)) in (0, 1] for t >= z,
   * f(t) = sum(b_i x^u_i) = sum_k B_k (x^u_k - x^u_(k+1)) + B_n x^u_n (Abel's summation, B_k = b_1 + ... + b_k),
   * where every x^u_k - x^u_(k+1) >= 0: when every B_k has f(z)'s sign, so has f on all of [z, infinity), and the
   * distance right is Infinity. Leftwards the same on g with the sums taken from the last day back.
   */
  around(z: number): Sample {
    const f = this.at(z);
    const df = this.df;
    let m1 = 0;
    let m2 = 0;
    let m1Left = 0;
    let m2Left = 0;
    for (let i = 0; i < this.amounts.length; i++) {
      const a = this.amounts[i]!;
      const u = this.spans[i]!;
      const discount = Math.exp(-z * u);
      this.terms[i] = a * discount;
      const size = Math.abs(a) * discount;
      const v = 1 - u;
      m1 += u * size;
      m2 += u * u * size;
      m1Left += v * size;
      m2Left += v * v * size;
    }
    const right = this.tailKeepsSign(f, 1) ? Number.POSITIVE_INFINITY : reach(f, df, m1, m2) / 2;
    const left = this.tailKeepsSign(f, -1) ? Number.POSITIVE_INFINITY : reach(f, -(f + df), m1Left, m2Left) / 2;
    return { z, f, df, noise: this.noise(), right, left };
  }

  /** Whether the partial sums of the last `around`'s terms, forwards (1) or backwards (-1), all have f's sign. */
  private tailKeepsSign(f: number, direction: 1 | -1): boolean {
    const sign = Math.sign(f);
    if (sign === 0 || !Number.isFinite(f)) return false;
    const n = this.terms.length;
    let sum = 0;
    for (let k = 0; k < n; k++) {
      sum += this.terms[direction === 1 ? k : n - 1 - k]!;
      if (Math.sign(sum) !== sign) return false;
    }
    return true;
  }

  /** u_split - u_(split - 1): the least slope of logRatio. */
  spansGap(split: number): number {
    return this.spans[split]! - this.spans[split - 1]!;
  }

  /**
   * With the days' nets of one sign up to day `split` (excluded) and of the other after: phi(z) = ln L(z) - ln E(z),
   * E and L the absolute values of the early and the late part of f, so that phi = 0 exactly where f = 0. phi falls
   * everywhere: phi'(z) = (mean u of E) - (mean u of L), each mean weighted by the terms, so that
   * -1 <= phi' <= -(u_split - u_(split - 1)). Newton on phi is nearly linear where Newton on f is exponential.
   * Its rounding: that of the logarithm of a ratio of two sums, each off by up to n eps / 2 relatively.
   */
  logRatio(z: number, split: number): Point {
    this.evaluations++;
    let early = 0;
    let earlyMoment = 0;
    let late = 0;
    let lateMoment = 0;
    for (let i = 0; i < this.amounts.length; i++) {
      const u = this.spans[i]!;
      const size = Math.abs(this.amounts[i]!) * Math.exp(-z * u);
      if (i < split) {
        early += size;
        earlyMoment += u * size;
      } else {
        late += size;
        lateMoment += u * size;
      }
    }
    return {
      z,
      f: Math.log(late / early),
      df: earlyMoment / early - lateMoment / late,
      noise: (this.amounts.length + 2) * Number.EPSILON,
    };
  }
}

/**
 * How far f keeps its sign from a point where it is `f`, changes at the rate `rate` in the direction of travel and
 * has bounds m1 on its first and m2 on its second derivative along the way: the larger of |f| / m1 and the h where
 * |f| +- |rate| h - m2 h^2 / 2 reaches 0 (+ when f moves away from 0, - when towards it).
 */
function reach(f: number, rate: number, m1: number, m2: number): number {
  const size = Math.abs(f);
  if (!Number.isFinite(size) || size === 0) return 0;
  const firstOrder = size / m1;
  const speed = Math.abs(rate);
  const root = Math.sqrt(speed * speed + 2 * size * m2);
  // Away from 0: (speed + root) / m2; towards 0: (root - speed) / m2, written without the cancellation.
  const secondOrder = Math.sign(rate) === Math.sign(f) ? (speed + root) / m2 : (2 * size) / (speed + root);
  const h = Math.max(firstOrder, secondOrder);
  return Number.isNaN(h) ? 0 : h;
}

/**
 * The root in [lo, hi] of the function `at` evaluates, whose sign at lo is `lowSign` and at hi the other one, from
 * `start` (a point of the bracket already evaluated): Newton's step while it stays in the bracket (ends included: a
 * bound found by reasoning can be the root) and at most halves the step before the last one, otherwise bisection;
 * each new point narrows the bracket. Stops when the
 * correction is below the precision of z, when the function is within its rounding error of 0 (after one more
 * Newton step, which costs no evaluation) or when the bracket is down to adjacent doubles.
 */
function solveInBracket(at: (z: number) => Point, lo: number, hi: number, lowSign: number, start: Point): number {
  let { z, f, df, noise } = start;
  // Twice the width, so that the first two Newton steps may cross the whole bracket.
  let step = 2 * (hi - lo);
  let previousStep = step;
  for (let i = 0; i < BRACKET_STEPS; i++) {
    if (f === 0) return z;
    // Within its rounding error the sign of f says nothing more: one last Newton step, not evaluated, and done.
    if (Math.abs(f) <= noise) return Math.min(hi, Math.max(lo, z - f / df));
    if (Math.sign(f) === lowSign) lo = z;
    else hi = z;
    const newton = z - f / df;
    let next: number;
    if (newton >= lo && newton <= hi && Math.abs(newton - z) <= previousStep / 2) next = newton;
    else {
      next = lo + (hi - lo) / 2;
      if (next <= lo || next >= hi) return z;
    }
    previousStep = step;
    step = Math.abs(next - z);
    if (step <= 2 * Number.EPSILON * Math.abs(z) + 1e-17) return next;
    ({ z, f, df, noise } = at(next));
  }
  return z;
}

/**
 * The only root when the days' nets change sign once, between day split - 1 and day split (Descartes' rule of signs
 * for sums of exponentials, after Laguerre: no more roots than sign changes). Solved on logRatio, whose slope lies
 * between -1 and -gap (gap = u_split - u_(split - 1)): from phi(z0) at r = 10%, the root lies between z0 + phi(z0)
 * and z0 + phi(z0) / gap, a bracket with known signs. NaN when that bracket lies beyond GROWTH_MIN or GROWTH_MAX;
 * when only its far end does, one evaluation at the end of the range says whether the root is in it.
 */
function onlyRoot(npv: NetPresentValue, span: number, split: number): number {
  const at = (z: number) => npv.logRatio(z, split);
  const gap = npv.spansGap(split);
  const start = at(Math.max(GROWTH_MIN, Math.min(GROWTH_MAX, span * Math.log1p(0.1))));
  const phi = start.f;
  if (phi === 0) return start.z;
  if (!Number.isFinite(phi)) return Number.NaN;
  // phi falls: a positive phi puts the root on the right.
  const near = start.z + phi;
  let far = start.z + phi / gap;
  if (near < GROWTH_MIN || near > GROWTH_MAX) return Number.NaN;
  if (far < GROWTH_MIN || far > GROWTH_MAX) {
    far = far < GROWTH_MIN ? GROWTH_MIN : GROWTH_MAX;
    const end = at(far).f;
    if (end === 0) return far;
    if (Math.sign(end) === Math.sign(phi)) return Number.NaN;
  }
  return phi > 0 ? solveInBracket(at, start.z, far, 1, start) : solveInBracket(at, far, start.z, 1, start);
}

/**
 * Newton from r = 10% (Excel's default guess), as the first version did: its result when a step falls below 1e-13
 * and the net present value there is zero to 1e-9 of the size of its terms; NaN when it leaves the range of z,
 * meets a flat or non-finite point, stalls away from a root or runs out of steps.
 */
function newtonFromTenPercent(npv: NetPresentValue, span: number): number {
  let z = span * Math.log1p(0.1);
  for (let i = 0; i < NEWTON_STEPS; i++) {
    const f = npv.at(z);
    const df = npv.df;
    if (!Number.isFinite(f) || !Number.isFinite(df) || df === 0) break;
    const next = z - f / df;
    if (!Number.isFinite(next) || next < GROWTH_MIN || next > GROWTH_MAX) break;
    if (Math.abs(next - z) <= 1e-13 * Math.max(1, Math.abs(next))) {
      const value = npv.at(next);
      if (Number.isFinite(value) && Math.abs(value) <= 1e-9 * npv.scale) return next;
      break;
    }
    z = next;
  }
  return Number.NaN;
}

/**
 * The root in the grid cell nearest to z = 0 whose two ends have opposite signs (the rule of the first version,
 * which scanned all 2,400 cells from -60 and kept the nearest; of two cells as near, the lower). Here the cells are
 * visited outwards from z = 0 in that order, each side jumping over the cells where f provably keeps its sign
 * (NetPresentValue.around). A jump lands on a grid point, which is evaluated; where no jump clears the next point,
 * that point is evaluated, as the scan did. The signs at the grid points are the scan's (f is computed with the
 * same expressions, and to the last bit for flows in date order on distinct days, as MWR's are), so the same cell
 * is found. An exact zero on a grid point is the root. NaN when no cell has a sign change.
 */
function nearestRoot(npv: NetPresentValue): number {
  const centre = npv.around(gridPoint(GRID_ZERO));
  if (centre.f === 0) return centre.z;
  const sign = Math.sign(centre.f);
  const point = (z: number) => npv.point(z);
  let left = GRID_ZERO;
  let right = GRID_ZERO;
  let atLeft = centre;
  let atRight = centre;
  while (left > 0 || right < GRID_CELLS) {
    // The next cell of each side: [left - 1, left] (distance |z_left|) and [right, right + 1] (distance z_right).
    const goLeft = right >= GRID_CELLS || (left > 0 && Math.abs(gridPoint(left)) <= Math.abs(gridPoint(right)));
    const from = goLeft ? atLeft : atRight;
    const clear = goLeft ? from.left : from.right;
    if (clear === Number.POSITIVE_INFINITY) {
      // Nothing to find on this side any more.
      if (goLeft) left = 0;
      else right = GRID_CELLS;
      continue;
    }
    const cells = Math.floor(clear / GROWTH_STEP);
    let next: Sample | null = null;
    let index = goLeft ? left - 1 : right + 1;
    if (cells >= 2) {
      const target = goLeft ? Math.max(0, left - cells) : Math.min(GRID_CELLS, right + cells);
      const jumped = npv.around(gridPoint(target));
      // The bound says the sign holds there; only a rounding surprise makes it not, and then one cell is taken.
      if (Math.sign(jumped.f) === sign) {
        next = jumped;
        index = target;
      }
    }
    if (!next) {
      next = npv.around(gridPoint(index));
      if (next.f === 0) return next.z;
      if (Math.sign(next.f) !== sign) {
        const [lo, hi] = goLeft ? [next, from] : [from, next];
        const start = Math.abs(lo.f) <= Math.abs(hi.f) ? lo : hi;
        return solveInBracket(point, lo.z, hi.z, Math.sign(lo.f), start);
      }
    }
    if (goLeft) {
      left = index;
      atLeft = next;
    } else {
      right = index;
      atRight = next;
    }
  }
  return Number.NaN;
}

/**
 * The log-rate y = ln(1 + r) of the flows' XIRR r, or NaN, solved in z = T y (T the flows' span in years), with the
 * number of net present values computed. The flows of a day are netted first. NaN without a flow of each sign,
 * with every flow on one day, with a non-finite amount, when the days' nets are all of one sign (or all 0) or when
 * no root lies in the range of z.
 *
 * Which root: when the days' nets in date order change sign once there is at most one root, found by Newton on the
 * log-ratio form inside a bracket, in a few evaluations. Otherwise, as the first version did: Newton from r = 10%,
 * when it converges to a root; failing that, the root in the cell nearest to z = 0 of the grid of z from -60 to 60
 * in steps of 0.05 whose ends have opposite signs (a pair of roots inside one cell is not seen), found outwards from
 * 0 without evaluating every grid point (each of its evaluations also bounds f, and the cells where f provably
 * keeps its sign are skipped).
 */
export function solveXirr(flows: ReadonlyArray<DatedFlow>): XirrSolution {
  const none: XirrSolution = { logRate: Number.NaN, evaluations: 0, method: 'none' };
  if (flows.length < 2) return none;
  let hasIn = false;
  let hasOut = false;
  let sorted = true;
  const days: number[] = [];
  for (const flow of flows) {
    if (!Number.isFinite(flow.amount)) return none;
    if (flow.amount < 0) hasIn = true;
    if (flow.amount > 0) hasOut = true;
    const d = toDayNumber(flow.date);
    if (days.length > 0 && d < days[days.length - 1]!) sorted = false;
    days.push(d);
  }
  const order = days.map((_, i) => i);
  if (!sorted) order.sort((i, j) => days[i]! - days[j]!);
  const first = days[order[0]!]!;
  const lastDay = days[order[order.length - 1]!]!;
  // Money only in, only out, or everything on one day: no rate.
  if (!hasIn || !hasOut || lastDay === first) return none;
  // Each day's net, days without one left out, and where their signs change.
  const amounts: number[] = [];
  const spans: number[] = [];
  let changes = 0;
  let split = 0;
  for (let k = 0; k < order.length; ) {
    const day = days[order[k]!]!;
    let net = 0;
    for (; k < order.length && days[order[k]!] === day; k++) net += flows[order[k]!]!.amount;
    if (net === 0) continue;
    const previous = amounts[amounts.length - 1];
    if (previous !== undefined && Math.sign(previous) !== Math.sign(net)) {
      changes++;
      split = amounts.length;
    }
    amounts.push(net);
    spans.push((day - first) / (lastDay - first));
  }
  if (changes === 0) return none;
  const span = (lastDay - first) / 365;
  const npv = new NetPresentValue(amounts, spans);
  let z: number;
  let method: XirrSolution['method'];
  if (changes === 1) {
    z = onlyRoot(npv, span, split);
    method = 'one-root';
  } else {
    z = newtonFromTenPercent(npv, span);
    method = 'newton';
    if (Number.isNaN(z)) {
      z = nearestRoot(npv);
      method = 'nearest';
    }
  }
  if (Number.isNaN(z)) method = 'no-root';
  return { logRate: z / span, evaluations: npv.evaluations, method };
}
