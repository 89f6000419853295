// The React side of <pt-trend-waterfall>: the portfolio trend as a waterfall (opening value, transfers, interest,
// fees, taxes, market effect, closing value).
import { msg } from '@lingui/core/macro';
import type { TrendWaterfallData } from '@patrimonio/shared-api';
import { WaterfallChart } from '../charts/WaterfallChart.tsx';
import { type WidgetInputProps, WidgetShell } from './frame.tsx';
import { isTrendWaterfallData } from './shapes.ts';

export interface TrendWaterfallWidgetProps extends WidgetInputProps {
  /** Currency symbol, default €. */
  currency?: string;
  height?: number;
}

const isEmpty = (d: TrendWaterfallData) => d.rows.length === 0;
const LABEL = msg`Andamento del portafoglio`;

export function TrendWaterfallWidget(props: TrendWaterfallWidgetProps) {
  return (
    <WidgetShell
      props={props}
      check={isTrendWaterfallData}
      isEmpty={isEmpty}
      label={LABEL}
      render={(data, name) => (
        <WaterfallChart
          start={data.start}
          rows={data.rows}
          label={name}
          currencySymbol={props.currency || '€'}
          height={props.height && props.height > 0 ? props.height : undefined}
        />
      )}
    />
  );
}
