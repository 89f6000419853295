// The fee subcauses, once: the contract's enum (a FEE movement's subcause; null means Altro) and the report's six
// rows (the same, then Altro), used by the server, the engine and the pages.

/** FEE subcauses a movement may carry; null means Altro. */
export const FEE_SUBCAUSES = ['CONTO_CORRENTE', 'DEPOSITO_TITOLI', 'NEGOZIAZIONE', 'GESTIONE', 'CONSULENZA'] as const;
/** The fee report's subcauses in their order: the movement subcauses, then Altro (no or unknown subcause). */
export const FEE_REPORT_SUBCAUSES = [...FEE_SUBCAUSES, 'Altro'] as const;
export type FeeReportSubcause = (typeof FEE_REPORT_SUBCAUSES)[number];
