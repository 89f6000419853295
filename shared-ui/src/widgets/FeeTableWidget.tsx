// The React side of <pt-fee-table>: the fees report (its quarters and accountComposition) from `data` or `src`,
// rendered as the fee table in the element's shadow root.
import { msg } from '@lingui/core/macro';
import { FeeTableView } from './FeeTableView.tsx';
import { type WidgetInputProps, WidgetShell } from './frame.tsx';
import { isFeeTableData } from './shapes.ts';

export interface FeeTableWidgetProps extends WidgetInputProps {
  /** Currency symbol, default €. */
  currency?: string;
}

// A report without accounts is drawn by the table itself ("no fees in the period").
const isEmpty = () => false;
const LABEL = msg`Commissioni per trimestre`;

export function FeeTableWidget(props: FeeTableWidgetProps) {
  return (
    <WidgetShell
      props={props}
      check={isFeeTableData}
      isEmpty={isEmpty}
      label={LABEL}
      render={(data) => <FeeTableView data={data} label={props.label} currencySymbol={props.currency || '€'} />}
    />
  );
}
