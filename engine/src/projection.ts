// Wealth projection for the overview chart: probability bands from a stated model and an inflation line.
// DESIGN.md section 4 "Projection"; model, parameters and a worked example in engine/README.md, "Projection".
import { addMonthsClamped, toDayNumber } from './calendar.ts';
import { round, roundMoney } from './rounding.ts';
import type { IsoDate } from './types.ts';
import { normalQuantile } from './var.ts';

/** The classes of wealth projected: the financial macro classes, cash, and the overview's other holdings. */
export const PROJECTION_CLASSES = ['Equity', 'Alternative', 'Bond', 'cash', 'realEstate', 'share', 'artLux'] as const;
export type ProjectionClass = (typeof PROJECTION_CLASSES)[number];

export interface ClassParameters {
  /** Expected simple return a year (arithmetic mean, nominal, EUR): E[V_1] = V_0 (1 + expectedReturn). */
  expectedReturn: number;
  /** Annual volatility: standard deviation of the yearly log return. */
  volatility: number;
}

/**
 * Long-run nominal parameters per class (EUR, inflation about 2%). Round numbers, not forecasts; the rationale of
 * each is in engine/README.md ("Projection").
 */
export const PROJECTION_PARAMETERS: Readonly<Record<ProjectionClass, ClassParameters>> = {
  Equity: { expectedReturn: 0.07, volatility: 0.16 },
  Alternative: { expectedReturn: 0.05, volatility: 0.1 },
  Bond: { expectedReturn: 0.03, volatility: 0.05 },
  cash: { expectedReturn: 0.02, volatility: 0.01 },
  realEstate: { expectedReturn: 0.03, volatility: 0.1 },
  share: { expectedReturn: 0.06, volatility: 0.25 },
  artLux: { expectedReturn: 0.03, volatility: 0.15 },
};

/** Correlation between any two different classes other than cash; cash is uncorrelated with everything. */
export const PROJECTION_CORRELATION = 0.3;
/** Inflation a year for the inflation line: the ECB's medium-term target. */
export const PROJECTION_INFLATION = 0.02;
export const PROJECTION_HORIZON_YEARS = 20;

/** Band names and the percentile each shows: wealth exceeds the band's value with the named probability. */
export const PROJECTION_BANDS = [
  { name: '90%', percentile: 0.1 },
  { name: '60%', percentile: 0.4 },
  { name: '20%', percentile: 0.8 },
] as const;
export type BandName = (typeof PROJECTION_BANDS)[number]['name'];

export interface ProjectionInput {
  /** Day the projection starts (year 0), normally today. */
  startDate: IsoDate;
  /** Value held today per class (EUR, >= 0); missing classes are 0. */
  values: Partial<Record<ProjectionClass, number>>;
  /** Whole years, 1 to 100; default 20. */
  horizonYears?: number;
  /**
   * Net flow at the end of each year (savings positive, spending negative): one number for every year or a list
   * (year 1 first; missing years 0). Default none.
   */
  yearlyFlows?: number | ReadonlyArray<number>;
  /** Default PROJECTION_INFLATION. */
  inflationRate?: number;
  /** Overrides of PROJECTION_PARAMETERS per class. */
  parameters?: Partial<Record<ProjectionClass, ClassParameters>>;
  /** Default PROJECTION_CORRELATION. */
  correlation?: number;
}

export interface Projection {
  /** Year 0 (startDate) to the horizon, one a year: startDate + 12 k months, the day clamped to the month's end. */
  dates: IsoDate[];
  /** The last of `dates`. */
  endDate: IsoDate;
  /** Per date, the real value (in today's euros) of holding the starting wealth plus the flows as cash. */
  inflation: number[];
  /** Per band, the value per date (EUR, cents). */
  graph: Array<{ name: BandName; data: number[] }>;
  /** Largest value in `graph` and `inflation`: the chart's scale. */
  maxValue: number;
  /** Per date and line (the three bands and 'inflation'), the change from the starting wealth in percent points. */
  percentage: Array<{ date: IsoDate; name: BandName | 'inflation'; value: number }>;
  /** The portfolio model used: log drift a year (mu - sigma^2 / 2) and volatility. */
  model: { expectedReturn: number; volatility: number; drift: number };
}

/**
 * The portfolio's parameters from the starting mix, held constant (rebalanced yearly to it): expected return
 * m_p = sum(w_i m_i), variance s_p^2 = sum_i sum_j w_i w_j rho_ij s_i s_j with rho_ii = 1, rho_ij = `correlation` for
 * i != j unless either is cash (then 0). Log drift = ln(1 + m_p) - s_p^2 / 2. No wealth: the cash parameters.
 * Worked example: half Equity, half Bond: m_p = 0.05; s_p^2 = 0.25 x 0.16^2 + 0.25 x 0.05^2 + 2 x 0.25 x 0.3 x
 * 0.16 x 0.05 = 0.008225, s_p = 0.0906918; drift = ln(1.05) - 0.0041125 = 0.0446777.
 */
export function portfolioModel(
  values: Partial<Record<ProjectionClass, number>>,
  parameters: Partial<Record<ProjectionClass, ClassParameters>> = {},
  correlation = PROJECTION_CORRELATION,
): Projection['model'] {
  const classes = PROJECTION_CLASSES.filter((c) => (values[c] ?? 0) > 0);
  const total = classes.reduce((s, c) => s + (values[c] ?? 0), 0);
  const param = (c: ProjectionClass) => parameters[c] ?? PROJECTION_PARAMETERS[c];
  if (total === 0) {
    const cash = param('cash');
    return modelOf(cash.expectedReturn, cash.volatility);
  }
  let expected = 0;
  let variance = 0;
  for (const a of classes) {
    const wa = (values[a] ?? 0) / total;
    expected += wa * param(a).expectedReturn;
    for (const b of classes) {
      const wb = (values[b] ?? 0) / total;
      const rho = a === b ? 1 : a === 'cash' || b === 'cash' ? 0 : correlation;
      variance += wa * wb * rho * param(a).volatility * param(b).volatility;
    }
  }
  return modelOf(expected, Math.sqrt(variance));
}

function modelOf(expectedReturn: number, volatility: number): Projection['model'] {
  return { expectedReturn, volatility, drift: Math.log1p(expectedReturn) - (volatility * volatility) / 2 };
}

/**
 * The projection. Model: the portfolio is one geometric Brownian motion with the parameters of `portfolioModel`, so
 * wealth after t years is lognormal, ln(W_t / W_0) ~ N(drift t, s^2 t), and the band at percentile p is
 * W_0 exp(drift t + z_p s sqrt(t)) with z_p = Φ⁻¹(p): exact and deterministic, no simulation. '90%' is the 10th
 * percentile (wealth exceeds it with probability 90%), '60%' the 40th, '20%' the 80th. Each yearly flow F_k (end of
 * year k) is added as its own holding from then on at the same percentile, F_k exp(drift (t - k) + z_p s
 * sqrt(t - k)): the comonotonic approximation (it treats the flows' returns as one path; exact without flows);
 * a band never goes below 0. The inflation line is (W_0 + flows so far) / (1 + inflation)^t.
 *
 * Worked example: 100,000 in Equity for 1 year: drift = ln(1.07) - 0.16^2 / 2 = 0.0548586; '90%' = 100,000
 * exp(0.0548586 - 1.2815516 x 0.16) = 86,054.48; '60%' = 100,000 exp(0.0548586 - 0.2533471 x 0.16) = 101,442.62;
 * '20%' = 100,000 exp(0.0548586 + 0.8416212 x 0.16) = 120,866.69; inflation 100,000 / 1.02 = 98,039.22.
 */
export function wealthProjection(input: ProjectionInput): Projection {
  toDayNumber(input.startDate);
  const horizon = input.horizonYears ?? PROJECTION_HORIZON_YEARS;
  if (!(Number.isInteger(horizon) && horizon >= 1 && horizon <= 100)) {
    throw new RangeError(`projection horizon must be a whole number of years from 1 to 100: ${horizon}`);
  }
  const inflationRate = input.inflationRate ?? PROJECTION_INFLATION;
  if (!(Number.isFinite(inflationRate) && inflationRate > -1)) throw new RangeError(`bad inflation: ${inflationRate}`);
  validateValues(input.values);
  const flows = Array.from({ length: horizon + 1 }, (_, k) => (k === 0 ? 0 : yearlyFlow(input, k)));

  const start = startingWealth(input.values);
  const model = portfolioModel(input.values, input.parameters, input.correlation ?? PROJECTION_CORRELATION);
  const band = bandOf(start, model, flows);

  const dates = Array.from({ length: horizon + 1 }, (_, k) => addMonthsClamped(input.startDate, 12 * k));
  const graph = PROJECTION_BANDS.map(({ name, percentile }) => {
    const z = normalQuantile(percentile);
    const data = dates.map((_, t) => roundMoney(Math.max(0, band(t, z))));
    return { name, data };
  });
  let contributed = start;
  const inflation = dates.map((_, t) => {
    contributed += flows[t]!;
    return roundMoney(contributed / (1 + inflationRate) ** t);
  });

  const maxValue = Math.max(...inflation, ...graph.flatMap((g) => g.data));
  const change = (value: number) => (start > 0 ? round((value / start - 1) * 100, 2) : 0);
  const percentage: Projection['percentage'] = [];
  dates.forEach((date, t) => {
    for (const g of graph) percentage.push({ date, name: g.name, value: change(g.data[t]!) });
    percentage.push({ date, name: 'inflation', value: change(inflation[t]!) });
  });
  return { dates, endDate: dates[horizon]!, inflation, graph, maxValue, percentage, model };
}

function validateValues(values: ProjectionInput['values']): void {
  for (const [name, value] of Object.entries(values)) {
    if (!(PROJECTION_CLASSES as ReadonlyArray<string>).includes(name)) throw new RangeError(`unknown class: ${name}`);
    if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`value of ${name} must be >= 0: ${value}`);
  }
}

/** The starting wealth: the sum of the class values. */
function startingWealth(values: ProjectionInput['values']): number {
  return PROJECTION_CLASSES.reduce((s, c) => s + (values[c] ?? 0), 0);
}

/** The flow at the end of year k (k >= 1): the one number for every year, or the list's k-th (missing: 0). */
function yearlyFlow(input: ProjectionInput, k: number): number {
  const f = typeof input.yearlyFlows === 'number' ? input.yearlyFlows : (input.yearlyFlows?.[k - 1] ?? 0);
  if (!Number.isFinite(f)) throw new RangeError(`yearly flow must be a number: ${f}`);
  return f;
}

/**
 * The band as a function of the time t in years (fractional allowed) and the standard-normal quantile z:
 * W_0 g(t) + sum_{1 <= k <= t} F_k g(t - k), g(τ) = exp(drift τ + z s sqrt(τ)), `flows[k]` = F_k (flows[0] unused),
 * not clamped at 0. The one formula of wealthProjection and goalProbability.
 */
function bandOf(
  start: number,
  model: Projection['model'],
  flows: ReadonlyArray<number>,
): (t: number, z: number) => number {
  const growth = (years: number, z: number) =>
    years === 0 ? 1 : Math.exp(model.drift * years + z * model.volatility * Math.sqrt(years));
  return (t, z) => {
    let value = start * growth(t, z);
    for (let k = 1; k <= t; k++) value += flows[k]! * growth(t - k, z);
    return value;
  };
}

/**
 * The projection's band value, unrounded and not clamped at 0, after t years (fractional allowed: the yearly flows
 * of years k <= t are included, each grown over t - k years) at the standard-normal quantile z: what
 * wealthProjection shows at a whole t with z = Φ⁻¹(percentile), before rounding. The model and the flows as in
 * wealthProjection; a list of flows shorter than t years adds nothing after its end, one number applies every year.
 * Worked example: 100,000 in Equity, t = 1, z = Φ⁻¹(0.4) = -0.2533471: 101,442.62 (the '60%' band at year 1).
 */
export function bandValue(input: ProjectionInput, t: number, z: number): number {
  return projectionBand(input)(t, z);
}

/**
 * bandValue as a function of (t, z) for one input, the model computed once: for solving over z or t. Validates the
 * input as wealthProjection does (values >= 0, known classes, finite flows up to year floor(t) when called).
 */
export function projectionBand(input: ProjectionInput): (t: number, z: number) => number {
  validateValues(input.values);
  const start = startingWealth(input.values);
  const model = portfolioModel(input.values, input.parameters, input.correlation ?? PROJECTION_CORRELATION);
  const flows: number[] = [0];
  const band = bandOf(start, model, flows);
  return (t, z) => {
    if (!(Number.isFinite(t) && t >= 0)) throw new RangeError(`band time must be >= 0 years: ${t}`);
    for (let k = flows.length; k <= t; k++) flows.push(yearlyFlow(input, k));
    return band(t, z);
  };
}
