// The valuations an engine input's calls share (issue 21, "Analytics speed"): per engine input, its valuation series
// (engine/src/series.ts: every day from before its first movement to today, valued once), from which each call reads
// its period's valuation, and the compositions of each period valued. The three calls of a screen (performance,
// triplaA, sintetico) and any other period of the same input thus value the portfolio once, not once a call.
//
// Stored figures (issue 21, "incremental valuation"): the recalculation job stores each scope's series as its daily
// figures (valuation_series, figures.ts); a thread given them for an input (offerFigures) makes the input's series
// from them, valuing only the days after their first changed date (engine resumedSeries) instead of every day.
//
// Kept per input object: the engine's worker threads keep each input built (engine-worker.ts, keyed by the spec, the
// data versions and the names), so everything here goes with it when a new version makes a new input. In-process
// callers (tests, the bench) build a new input per call and share nothing. Figures are the same either way: a period
// read from the series is valuePortfolio's Valuation for it (series.ts says why), and a period the series cannot
// answer (warnings) is valued directly.
import {
  type Compositions,
  compositionsOf,
  coveringRange,
  type DailyFigures,
  dailyFigures,
  type IsoDate,
  type Period,
  type PortfolioInput,
  periodValuation,
  resumedSeries,
  seriesCovers,
  toDayNumber,
  type Valuation,
  type ValuationSeries,
  valuationSeries,
  valuePortfolio,
} from '@patrimonio/engine';

/** The periods of one input whose valuations are kept (least recently used out). */
const PERIODS_KEPT = 8;
/** The longest series kept: longer ranges (a period decades back) are valued directly. */
const MAX_SERIES_DAYS = 60 * 366;

interface Held {
  series: ValuationSeries | null;
  periods: Map<string, Valuation>;
  /** Stored figures to make the first series from, and the first day they may differ from the input (null: none). */
  figures?: { figures: () => DailyFigures; changedFrom: IsoDate | null };
}

const held = new WeakMap<PortfolioInput, Held>();
const compositions = new WeakMap<Valuation, Compositions>();

const today = (): IsoDate => new Date().toISOString().slice(0, 10);

/** The day before the first movement to today: the range a new series covers (grown to a period outside it). */
export function naturalRange(input: PortfolioInput): Period | null {
  const first = input.movements[0]?.date;
  if (!first) return null;
  let last = first;
  for (const m of input.movements) if (m.date > last) last = m.date;
  const [, end] = [last, today()].sort();
  const day = new Date(`${first}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return { start: day.toISOString().slice(0, 10), end: end! };
}

/** The series of an input that answers `period`, built or grown now when needed; null when it cannot. */
function seriesFor(input: PortfolioInput, h: Held, period: Period): ValuationSeries | null {
  if (h.series && seriesCovers(h.series, period)) return h.series;
  if (h.series?.full.warnings.length) return null;
  const range = coveringRange(h.series?.range ?? naturalRange(input), period);
  if (toDayNumber(range.end) - toDayNumber(range.start) > MAX_SERIES_DAYS) return null;
  // From what is there: the series held (grown by the days after it) or the stored figures, else every day.
  const figures = h.series ? dailyFigures(h.series) : h.figures?.figures();
  const changedFrom = h.series ? null : (h.figures?.changedFrom ?? null);
  h.figures = undefined;
  h.series = figures ? resumedSeries(input, figures, range, changedFrom) : valuationSeries(input, range);
  return seriesCovers(h.series, period) ? h.series : null;
}

function heldOf(input: PortfolioInput): Held {
  let h = held.get(input);
  if (!h) {
    h = { series: null, periods: new Map() };
    held.set(input, h);
  }
  return h;
}

/**
 * Stored figures of the input's scope (read when first needed), equal to the input's valuation up to the day before
 * `changedFrom` (null: every day they hold): the input's first series is made from them. Ignored once it has one.
 */
export function offerFigures(input: PortfolioInput, figures: () => DailyFigures, changedFrom: IsoDate | null): void {
  const h = heldOf(input);
  if (!h.series) h.figures = { figures, changedFrom };
}

/**
 * The input's series over its natural range (the day before its first movement to today), made as valuationOf makes
 * it: what the recalculation job stores. Null for an input without movements, or whose series has warnings.
 */
export function naturalSeries(input: PortfolioInput): ValuationSeries | null {
  const range = naturalRange(input);
  return range ? seriesFor(input, heldOf(input), range) : null;
}

/** valuePortfolio(input, period), read from the input's series and kept for the next call of the same period. */
export function valuationOf(input: PortfolioInput, period: Period): Valuation {
  const h = heldOf(input);
  const key = `${period.start}/${period.end}`;
  const kept = h.periods.get(key);
  if (kept) {
    h.periods.delete(key);
    h.periods.set(key, kept);
    return kept;
  }
  const series = period.start <= period.end ? seriesFor(input, h, period) : null;
  const v = (series && periodValuation(series, period)) ?? valuePortfolio(input, period);
  h.periods.set(key, v);
  while (h.periods.size > PERIODS_KEPT) h.periods.delete(h.periods.keys().next().value as string);
  return v;
}

/** compositionsOf(valuationOf(input, period)), kept with the valuation. */
export function compositionsFor(input: PortfolioInput, period: Period): Compositions {
  const v = valuationOf(input, period);
  let c = compositions.get(v);
  if (!c) {
    c = compositionsOf(v);
    compositions.set(v, c);
  }
  return c;
}
