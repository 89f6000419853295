// The tabs of the financials page, kept in the URL query (?tab=...); portfolios when absent or unknown.
export const FINANCIAL_TABS = ['portfolios', 'accounts', 'movements', 'intermediaries'] as const;
export type FinancialTab = (typeof FINANCIAL_TABS)[number];

export function tabOf(search: string): FinancialTab {
  const v = new URLSearchParams(search).get('tab');
  return (FINANCIAL_TABS as readonly string[]).includes(v ?? '') ? (v as FinancialTab) : 'portfolios';
}

/** The query string with the tab set, other parameters kept. Starts with '?'. */
export function withTab(search: string, tab: FinancialTab): string {
  const params = new URLSearchParams(search);
  params.set('tab', tab);
  return `?${params.toString()}`;
}
