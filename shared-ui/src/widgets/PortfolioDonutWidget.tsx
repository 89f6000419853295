// The React side of <pt-portfolio-donut>: the portfolio by macro class from `data` or `src` (keys labelled in the
// widget's language), or the older `slices` attribute (labels as given), drawn in the element's shadow root; a slice click (or its legend entry) dispatches
// `pt-slice-click` on the element with the slice as detail.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PortfolioDonutData } from '@patrimonio/shared-api';
import { useMemo } from 'react';
import { DonutChart } from '../charts/DonutChart.tsx';
import type { DonutSlice } from '../charts/index.ts';
import { byMacroOrder, MACRO_LABELS } from '../format/codes.ts';
import { hostOf, parseJsonAttribute, widgetLocale } from './attributes.ts';
import { useHostState, useThemeColors, type WidgetInputProps, WidgetShell } from './frame.tsx';
import { WidgetRoot } from './shadow.tsx';
import { isPortfolioDonutData } from './shapes.ts';

/** Detail of `pt-slice-click`: the slice clicked and its index in `slices`. */
export interface SliceClickDetail {
  label: string;
  value: number;
  index: number;
  /** The slice's key when the figures came as keys (the `data` form: a macro class, a luxury category). */
  key?: string | undefined;
}
export type PtSliceClickEvent = CustomEvent<SliceClickDetail>;
export const SLICE_CLICK_EVENT = 'pt-slice-click';

export interface PortfolioDonutWidgetProps extends WidgetInputProps {
  /** The older form (kept for compatibility): JSON [{ "label": "Equity", "value": 1200.5 }, ...], labels as shown. */
  slices?: string | ReadonlyArray<DonutSlice>;
  totalLabel?: string;
  /** Currency symbol, default €. */
  currency?: string;
  height?: number;
}

const isSlice = (s: unknown): s is DonutSlice =>
  typeof s === 'object' &&
  s !== null &&
  typeof (s as DonutSlice).label === 'string' &&
  typeof (s as DonutSlice).value === 'number';

function Donut({
  slices,
  label,
  totalLabel,
  currency,
  height,
  host,
  colors,
  keys,
}: PortfolioDonutWidgetProps & { host: HTMLElement | null; colors?: string[] | undefined; keys?: string[] }) {
  const { t } = useLingui();
  const list = useMemo(() => {
    const parsed = parseJsonAttribute<unknown>(slices, [], 'slices');
    return Array.isArray(parsed) ? parsed.filter(isSlice) : [];
  }, [slices]);
  const onSliceClick = (slice: DonutSlice) => {
    const index = list.indexOf(slice);
    const key = keys?.[index];
    const detail: SliceClickDetail = { label: slice.label, value: slice.value, index, ...(key ? { key } : {}) };
    host?.dispatchEvent(new CustomEvent(SLICE_CLICK_EVENT, { detail, bubbles: true, composed: true }));
  };
  return (
    <DonutChart
      slices={list}
      label={label || t`Composizione del portafoglio`}
      totalLabel={totalLabel || undefined}
      currencySymbol={currency || '€'}
      height={height && height > 0 ? height : undefined}
      onSliceClick={onSliceClick}
      colors={colors}
    />
  );
}

// The older `slices` form: drawn as given (its own empty drawing), ready or empty by the slices.
function LegacyDonut(props: PortfolioDonutWidgetProps & { host: HTMLElement | null }) {
  const empty = useMemo(() => {
    const parsed = parseJsonAttribute<unknown>(props.slices, [], 'slices');
    return !Array.isArray(parsed) || !parsed.some(isSlice);
  }, [props.slices]);
  useHostState(props.host, empty ? 'empty' : 'ready');
  return (
    <div className="pt-widget__base" part="base">
      <Donut {...props} />
    </div>
  );
}

const isEmpty = (d: PortfolioDonutData) => d.slices.every((s) => s.value === 0);
const LABEL = msg`Composizione del portafoglio`;

function KeyedDonut({
  data,
  host,
  props,
}: {
  data: PortfolioDonutData;
  host: HTMLElement | null;
  props: PortfolioDonutWidgetProps;
}) {
  const { i18n } = useLingui();
  const theme = useThemeColors(host);
  const ordered = useMemo(() => byMacroOrder(data.slices, (s) => s.key), [data]);
  const slices = useMemo(
    () =>
      JSON.stringify(
        ordered.map((s) => ({ label: MACRO_LABELS[s.key] ? i18n._(MACRO_LABELS[s.key]!) : s.key, value: s.value })),
      ),
    [ordered, i18n],
  );
  return <Donut {...props} slices={slices} host={host} colors={theme.palette} keys={ordered.map((s) => s.key)} />;
}

export function PortfolioDonutWidget(props: PortfolioDonutWidgetProps) {
  const host = hostOf(props.container);
  if (props.slices && props.data === undefined && !props.src) {
    return (
      <WidgetRoot locale={widgetLocale(props.lang, host)}>
        <LegacyDonut {...props} host={host} />
      </WidgetRoot>
    );
  }
  return (
    <WidgetShell
      props={props}
      check={isPortfolioDonutData}
      isEmpty={isEmpty}
      label={LABEL}
      render={(data, _name, h) => <KeyedDonut data={data} host={h} props={props} />}
    />
  );
}
