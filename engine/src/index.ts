// @patrimonio/engine: pure TypeScript finance, no I/O. Conventions: DESIGN.md section 4 and README.md.
export * from './aggregate.ts';
export * from './calendar.ts';
export * from './cedole.ts';
export * from './compositions.ts';
export * from './fees.ts';
export * from './history.ts';
export { createMarket, type DateLike, Market } from './market.ts';
export * from './mortgage.ts';
export * from './planning.ts';
export {
  accruedInterest,
  type LedgerWarning,
  type PositionLine,
  type PositionsResult,
  positionsAt,
} from './positions.ts';
export * from './projection.ts';
export * from './returns.ts';
export { percentReturn, RETURN_DECIMALS, round, roundMoney, roundPrice, roundQuantity } from './rounding.ts';
export {
  coveringRange,
  type DailyFigures,
  dailyFigures,
  periodValuation,
  resumedSeries,
  seriesCovers,
  seriesFromFigures,
  type ValuationSeries,
  valuationSeries,
} from './series.ts';
export * from './simulation.ts';
export * from './trend.ts';
export * from './types.ts';
export {
  type AccountValuation,
  type CashValuation,
  type ClassValuation,
  type LineValuation,
  toDailyPoints,
  type Valuation,
  type ValueSeries,
  valuePortfolio,
} from './valuation.ts';
export * from './var.ts';
