// <FeeTable>: what pages render. A thin React wrapper around the <pt-fee-table> custom element: the fees report
// goes in as the `data` attribute (JSON), the page's language as `lang`.
import { useLingui } from '@lingui/react/macro';
import { chartLocale } from '../charts/logic.ts';
import { defineWidgets } from './define.ts';
import type { FeeTableData } from './fees.ts';
import './jsx.ts';

export interface FeeTableProps {
  /** The fees report (shared-api FeesReport), or at least its quarters and accountComposition. */
  data: FeeTableData | null | undefined;
  /** Caption; default 'Commissioni per trimestre'. */
  label?: string;
  /** Default €. */
  currencySymbol?: string;
  className?: string;
}

export function FeeTable({ data, label, currencySymbol, className }: FeeTableProps) {
  defineWidgets();
  const { i18n } = useLingui();
  const json = data ? JSON.stringify({ quarters: data.quarters, accountComposition: data.accountComposition }) : '';
  return (
    <pt-fee-table
      className={className}
      data={json}
      label={label}
      currency={currencySymbol}
      lang={chartLocale(i18n.locale)}
    />
  );
}
