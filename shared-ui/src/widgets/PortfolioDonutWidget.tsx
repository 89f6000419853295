// The React side of <pt-portfolio-donut>: reads the element's attributes (r2wc passes them as props, `slices` as a
// JSON string) and renders the donut in the element's shadow root; a slice click (or its legend entry) dispatches
// `pt-slice-click` on the element with the slice as detail.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { DonutChart } from '../charts/DonutChart.tsx';
import type { DonutSlice } from '../charts/index.ts';
import { hostOf, parseJsonAttribute, widgetLocale } from './attributes.ts';
import { WidgetRoot } from './shadow.tsx';

/** Detail of `pt-slice-click`: the slice clicked and its index in `slices`. */
export interface SliceClickDetail {
  label: string;
  value: number;
  index: number;
}
export type PtSliceClickEvent = CustomEvent<SliceClickDetail>;
export const SLICE_CLICK_EVENT = 'pt-slice-click';

export interface PortfolioDonutWidgetProps {
  /** JSON: [{ "label": "Equity", "value": 1200.5 }, ...]. */
  slices?: string | ReadonlyArray<DonutSlice>;
  label?: string;
  totalLabel?: string;
  /** Currency symbol, default €. */
  currency?: string;
  /** 'it' or 'en'. */
  lang?: string;
  height?: number;
  /** The shadow root (set by r2wc). */
  container?: HTMLElement;
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
}: PortfolioDonutWidgetProps & { host: HTMLElement | null }) {
  const { t } = useLingui();
  const list = useMemo(() => {
    const parsed = parseJsonAttribute<unknown>(slices, [], 'slices');
    return Array.isArray(parsed) ? parsed.filter(isSlice) : [];
  }, [slices]);
  const onSliceClick = (slice: DonutSlice) => {
    const detail: SliceClickDetail = { label: slice.label, value: slice.value, index: list.indexOf(slice) };
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
    />
  );
}

export function PortfolioDonutWidget(props: PortfolioDonutWidgetProps) {
  const host = hostOf(props.container);
  return (
    <WidgetRoot locale={widgetLocale(props.lang, host)}>
      <Donut {...props} host={host} />
    </WidgetRoot>
  );
}
