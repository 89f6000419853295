// Rounding at the edges (DESIGN.md section 4): the engine computes in doubles and rounds what it hands out,
// 2 decimals for money, 3 for quantities, 4 for prices, 8 for returns in percent points, half away from zero.

/**
 * Rounds half away from zero to `decimals` places, correcting for binary representation:
 * 1.005 is stored as 1.00499999999999989…, yet rounds to 1.01 as a person expects.
 * Worked example: round(2.675, 2) = 2.68; round(-0.125, 2) = -0.13; round(1234.56789, 4) = 1234.5679.
 */
export function round(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = shiftDecimal(Math.abs(value), decimals);
  const rounded = Math.round(Number(shifted.toPrecision(15)));
  return sign * shiftDecimal(rounded, -decimals) || 0;
}

/**
 * value x 10^by through the decimal text, so no binary error is added: also for numbers JavaScript writes with an
 * exponent (1e-7, 1e+21), where appending `e${by}` to the text would not be a number.
 */
function shiftDecimal(value: number, by: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + by}`);
}

export const roundMoney = (value: number) => round(value, 2);
export const roundQuantity = (value: number) => round(value, 3);
export const roundPrice = (value: number) => round(value, 4);

/** Decimals of a return in percent points: far below what two conventions differ by, far above what a page shows. */
export const RETURN_DECIMALS = 8;

/**
 * A return as the API gives it: a fraction turned into percent points with 8 decimals (the pages show 2); null for
 * NaN or an infinity (no meaningful rate). Worked example: the README's TWR, 1.02 x 1,577 / 1,530 - 1 =
 * 0.0513333333333332: percentReturn gives 5.13333333 (the page shows 5.13%); percentReturn(1e-9) = 0.0000001.
 */
export const percentReturn = (fraction: number): number | null =>
  Number.isFinite(fraction) ? round(fraction * 100, RETURN_DECIMALS) : null;
