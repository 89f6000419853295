// The React side of <pt-fee-table>: the `data` attribute (JSON of the fees report, or at least its quarters and
// accountComposition) rendered as the fee table in the element's shadow root.
import { useMemo } from 'react';
import { hostOf, parseJsonAttribute, widgetLocale } from './attributes.ts';
import { FeeTableView } from './FeeTableView.tsx';
import type { FeeTableData } from './fees.ts';
import { WidgetRoot } from './shadow.tsx';

export interface FeeTableWidgetProps {
  /** JSON of FeesReport ({ quarters, accountComposition }). */
  data?: string | FeeTableData;
  label?: string;
  /** Currency symbol, default €. */
  currency?: string;
  /** 'it' or 'en'. */
  lang?: string;
  /** The shadow root (set by r2wc). */
  container?: HTMLElement;
}

export function FeeTableWidget({ data, label, currency, lang, container }: FeeTableWidgetProps) {
  const parsed = useMemo(() => {
    const value = parseJsonAttribute<FeeTableData | null>(data, null, 'data');
    return value && Array.isArray(value.accountComposition) ? value : null;
  }, [data]);
  return (
    <WidgetRoot locale={widgetLocale(lang, hostOf(container))}>
      <FeeTableView data={parsed} label={label} currencySymbol={currency || '€'} />
    </WidgetRoot>
  );
}
