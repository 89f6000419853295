// Rounding at the edges (DESIGN.md section 4): the engine computes in doubles and rounds what it hands out,
// 2 decimals for money, 3 for quantities, 4 for prices, half away from zero.

/**
 * Rounds half away from zero to `decimals` places, correcting for binary representation:
 * 1.005 is stored as 1.00499999999999989…, yet rounds to 1.01 as a person expects.
 * Worked example: round(2.675, 2) = 2.68; round(-0.125, 2) = -0.13; round(1234.56789, 4) = 1234.5679.
 */
export function round(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  const rounded = Math.round(Number(shifted.toPrecision(15)));
  return sign * Number(`${rounded}e-${decimals}`) || 0;
}

export const roundMoney = (value: number) => round(value, 2);
export const roundQuantity = (value: number) => round(value, 3);
export const roundPrice = (value: number) => round(value, 4);
