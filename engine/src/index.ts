// @patrimonio/engine: pure TypeScript finance, no I/O. Conventions: DESIGN.md section 4 and README.md.
export * from './returns.ts';
export { round, roundMoney, roundPrice, roundQuantity } from './rounding.ts';
export * from './types.ts';
