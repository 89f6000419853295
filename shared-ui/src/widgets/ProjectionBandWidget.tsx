// The React side of <pt-projection-band>: the wealth projection (bands at 90%, 60% and 20% probability and the
// inflation line, a point a year).
import { msg } from '@lingui/core/macro';
import type { ProjectionBandData } from '@patrimonio/shared-api';
import { BandChart } from '../charts/BandChart.tsx';
import { type WidgetInputProps, WidgetShell } from './frame.tsx';
import { isProjectionBandData } from './shapes.ts';

export interface ProjectionBandWidgetProps extends WidgetInputProps {
  /** Currency symbol, default €. */
  currency?: string;
  height?: number;
}

const isEmpty = (d: ProjectionBandData) => d.dates.length === 0 || d.graph.length === 0;
const LABEL = msg`Proiezione del patrimonio`;

export function ProjectionBandWidget(props: ProjectionBandWidgetProps) {
  return (
    <WidgetShell
      props={props}
      check={isProjectionBandData}
      isEmpty={isEmpty}
      label={LABEL}
      render={(data, name) => (
        <BandChart
          calculus={data}
          label={name}
          currencySymbol={props.currency || '€'}
          height={props.height && props.height > 0 ? props.height : undefined}
        />
      )}
    />
  );
}
