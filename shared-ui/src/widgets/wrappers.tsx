// What pages render for the widgets of issue 20: thin React wrappers around the custom elements (like
// PortfolioDonut and FeeTable), so the portal draws each widget with the one implementation advisers embed. The
// figures go in as the `data` attribute (JSON, the contract's shape), the page's language as `lang`; the element's
// events come back as callbacks.
import { useLingui } from '@lingui/react/macro';
import type {
  ArtLuxDonutData,
  BusinessChartData,
  PerformanceBarsData,
  ProjectionBandData,
  TrendWaterfallData,
  WealthTotalData,
} from '@patrimonio/shared-api';
import { createElement, useEffect, useRef } from 'react';
import { chartLocale } from '../charts/logic.ts';
import { defineWidgets } from './define.ts';
import type { DrillDownDetail } from './PerformanceBarsWidget.tsx';
import type { SliceClickDetail } from './PortfolioDonutWidget.tsx';
import './jsx.ts';

/** What every wrapper takes besides its figures. */
export interface PtWidgetProps {
  /** Accessible name (and caption); each widget has a default. */
  label?: string | undefined;
  /** Default €. */
  currencySymbol?: string | undefined;
  height?: number | undefined;
  className?: string | undefined;
}

/** Calls `handler` with the detail of the element's `event` (the latest handler, without re-subscribing). */
function useElementEvent<D>(event: string, handler: ((detail: D) => void) | undefined) {
  const ref = useRef<HTMLElement>(null);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const listener = (e: Event) => latest.current?.((e as CustomEvent<D>).detail);
    el.addEventListener(event, listener);
    return () => el.removeEventListener(event, listener);
  }, [event]);
  return ref;
}

function PtWidget({
  tag,
  data,
  label,
  currencySymbol,
  height,
  className,
  ref,
  extra,
}: PtWidgetProps & {
  tag: string;
  data: unknown;
  ref?: React.Ref<HTMLElement> | undefined;
  extra?: Record<string, string | undefined>;
}) {
  defineWidgets();
  const { i18n } = useLingui();
  return createElement(tag, {
    ref,
    className,
    data: JSON.stringify(data),
    label,
    currency: currencySymbol,
    height,
    lang: chartLocale(i18n.locale),
    ...extra,
  });
}

export function PtPerformanceBars({
  data,
  onDrillDown,
  ...props
}: PtWidgetProps & { data: PerformanceBarsData; onDrillDown?: (detail: DrillDownDetail) => void }) {
  const ref = useElementEvent('pt-drill-down', onDrillDown);
  return <PtWidget tag="pt-performance-bars" data={data} ref={ref} {...props} />;
}

export function PtTrendWaterfall({ data, ...props }: PtWidgetProps & { data: TrendWaterfallData }) {
  return <PtWidget tag="pt-trend-waterfall" data={data} {...props} />;
}

export function PtBusinessChart({ data, ...props }: PtWidgetProps & { data: BusinessChartData }) {
  return <PtWidget tag="pt-business-chart" data={data} {...props} />;
}

export function PtArtLuxDonut({
  data,
  totalLabel,
  onSliceClick,
  ...props
}: PtWidgetProps & { data: ArtLuxDonutData; totalLabel?: string; onSliceClick?: (detail: SliceClickDetail) => void }) {
  const ref = useElementEvent('pt-slice-click', onSliceClick);
  return <PtWidget tag="pt-artlux-donut" data={data} ref={ref} extra={{ 'total-label': totalLabel }} {...props} />;
}

export function PtProjectionBand({ data, ...props }: PtWidgetProps & { data: ProjectionBandData }) {
  return <PtWidget tag="pt-projection-band" data={data} {...props} />;
}

export function PtWealthTotal({ data, ...props }: Omit<PtWidgetProps, 'height'> & { data: WealthTotalData }) {
  return <PtWidget tag="pt-wealth-total" data={data} {...props} />;
}
