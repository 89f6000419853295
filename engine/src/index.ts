// @patrimonio/engine: pure TypeScript finance, no I/O. Conventions: DESIGN.md section 4 and README.md.
export { round, roundMoney, roundPrice, roundQuantity } from './rounding.ts';
