// The answers refetched after a write of financial data.
/** The answers that change when financial data is written (refetched after every write). */
export const FINANCIAL_DATA_ROUTES = [
  'portfolioMenu',
  'getPortfolio',
  'portfolioAccounts',
  'listAccounts',
  'accountMenu',
  'listMovements',
  'getMovement',
  // A movement written, imported or deleted may be pending: the middle office's list and the side menu's badge.
  'pendingMovements',
  'pendingCount',
  'rejectedMovements',
  'reportSintetico',
  'reportTriplaA',
  'reportPerformance',
  'reportCommissioni',
  'reportCedole',
  'reportIntermediary',
  'portfolioVar',
  'macroAssetValues',
  'financialComposition',
  'assetsHistoryFinancial',
  'assetsHistoryTotal',
  'dashboard',
] as const;
