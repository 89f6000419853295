// The fixed chart palettes of the spec (data-and-admin section 9, portal-and-report section 9), defined once:
// pies and donuts cycle through 9 colours; portfolio series cycle through 8, with the aggregate or family
// portfolio always teal; performance is green (or teal) when positive and red when negative.
// Hex only: the PDF report (svg2pdf.js) ignores hsl() and CSS variables.
import { signAsShown } from '../format/numbers.ts';

/** Pies and donuts: 9 colours, cycled when there are more slices. */
export const PIE_PALETTE = [
  '#1f6f78',
  '#e0a030',
  '#4a6fa5',
  '#c8553d',
  '#6a9f58',
  '#8a6bb0',
  '#5fb3bd',
  '#d487a8',
  '#8c979f',
] as const;

/** Portfolio series: 8 colours, cycled; none of them is the aggregate's teal. */
export const PORTFOLIO_PALETTE = [
  '#3867a8',
  '#e08e2b',
  '#8e5fa8',
  '#c44e52',
  '#5a9e57',
  '#b58900',
  '#2f8fbf',
  '#7f6a5a',
] as const;

/** The aggregate or family portfolio. */
export const AGGREGATE_COLOR = '#14837b';

/** Performance and flows by sign. */
export const POSITIVE_COLOR = '#2f8a4f';
/** The teal alternative for positive values (totals and aggregates). */
export const POSITIVE_TEAL = '#14837b';
export const NEGATIVE_COLOR = '#c62f2f';
/** Zero or not available. */
export const NEUTRAL_COLOR = '#9aa5ad';

/** The projection: bands from the most probable (darkest) to the least, and the inflation line. */
export const BAND_COLORS: Readonly<Record<string, string>> = {
  '90%': '#1f6f78',
  '60%': '#5fa4ac',
  '20%': '#b4d8dc',
};
export const INFLATION_COLOR = '#c8553d';
/** Points marked on the projection (goals). */
export const MARKER_COLOR = '#b06d00';

/** Waterfall totals (opening and closing values). */
export const TOTAL_COLOR = '#1f6f78';

/** The colour at index i of a palette, cycling. */
export function cycle(palette: ReadonlyArray<string>, i: number): string {
  const n = palette.length;
  return palette[((i % n) + n) % n]!;
}

export const pieColor = (i: number): string => cycle(PIE_PALETTE, i);

/** The i-th portfolio's colour; the aggregate (or family) portfolio is teal and does not take a palette slot. */
export const portfolioColor = (i: number, aggregate = false): string =>
  aggregate ? AGGREGATE_COLOR : cycle(PORTFOLIO_PALETTE, i);

/**
 * Colours for a list of portfolio series in order: aggregates teal, the others cycling through the 8 colours in
 * their own order (an aggregate first does not shift the others' colours).
 */
export function portfolioColors(series: ReadonlyArray<{ aggregate?: boolean }>): string[] {
  let k = 0;
  return series.map((s) => (s.aggregate ? AGGREGATE_COLOR : cycle(PORTFOLIO_PALETTE, k++)));
}

/**
 * Green (or teal) above zero, red below, grey for zero and missing values, by the value as shown with 2 decimals (a
 * return or an amount): a return of 1e-7, shown '0,00%', is grey (issue 13, returns at full precision).
 */
export function signColor(
  value: number | null | undefined,
  positive: string = POSITIVE_COLOR,
  negative: string = NEGATIVE_COLOR,
): string {
  const sign = signAsShown(value, 2);
  return sign === 0 ? NEUTRAL_COLOR : sign > 0 ? positive : negative;
}
