// The React side of <pt-performance-bars>: the money-weighted return by macro class (labelled in the widget's
// language), a click or Enter on a macro class drills into its asset classes, the back arrow (or Escape) returns;
// each move dispatches `pt-drill-down` with the macro class key (null back at the top).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PerformanceBarsData } from '@patrimonio/shared-api';
import { useMemo, useRef } from 'react';
import { PerformanceBars } from '../charts/PerformanceBars.tsx';
import { assetClassLabel, byMacroOrder, codeLabel, MACRO_LABELS } from '../format/codes.ts';
import { useThemeColors, type WidgetInputProps, WidgetShell } from './frame.tsx';
import { isPerformanceBarsData } from './shapes.ts';

/** Detail of `pt-drill-down`: the macro class key drilled into (Equity, Alternative, Bond), or null at the top. */
export interface DrillDownDetail {
  macroClass: string | null;
}
export type PtDrillDownEvent = CustomEvent<DrillDownDetail>;
export const DRILL_DOWN_EVENT = 'pt-drill-down';

export interface PerformanceBarsWidgetProps extends WidgetInputProps {
  height?: number;
}

const isEmpty = (d: PerformanceBarsData) => d.classes.length === 0;
const LABEL = msg`Performance per asset class`;

function Bars({
  data,
  name,
  host,
  height,
}: {
  data: PerformanceBarsData;
  name: string;
  host: HTMLElement | null;
  height?: number | undefined;
}) {
  const { i18n } = useLingui();
  const colors = useThemeColors(host);
  const ordered = useMemo(() => byMacroOrder(data.classes, (c) => c.key), [data]);
  const classes = useMemo(
    () =>
      ordered.map((c) => ({
        description: codeLabel(i18n, MACRO_LABELS, c.key),
        value: c.value,
        assetClassList: c.assetClassList.map((a) => ({ description: assetClassLabel(i18n, a.label), value: a.value })),
      })),
    [ordered, i18n],
  );
  const last = useRef<string | null>(null);
  const onDrill = (description: string | null) => {
    const index = description === null ? -1 : classes.findIndex((c) => c.description === description);
    const macroClass = index < 0 ? null : (ordered[index]?.key ?? null);
    if (macroClass === last.current) return;
    last.current = macroClass;
    const detail: DrillDownDetail = { macroClass };
    host?.dispatchEvent(new CustomEvent(DRILL_DOWN_EVENT, { detail, bubbles: true, composed: true }));
  };
  return (
    <PerformanceBars
      classes={classes}
      label={name}
      height={height && height > 0 ? height : undefined}
      onDrill={onDrill}
      signColors={{ positive: colors.positive, negative: colors.negative }}
    />
  );
}

export function PerformanceBarsWidget(props: PerformanceBarsWidgetProps) {
  return (
    <WidgetShell
      props={props}
      check={isPerformanceBarsData}
      isEmpty={isEmpty}
      label={LABEL}
      render={(data, name, host) => <Bars data={data} name={name} host={host} height={props.height} />}
    />
  );
}
