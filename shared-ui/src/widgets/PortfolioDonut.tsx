// <PortfolioDonut>: what pages render. A thin React wrapper around the <pt-portfolio-donut> custom element: data
// goes in as attributes (slices as JSON, the page's language as `lang`), the slice click comes back as the
// element's `pt-slice-click` event.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { DonutSlice } from '../charts/index.ts';
import { chartLocale } from '../charts/logic.ts';
import { defineWidgets } from './define.ts';
import type { PortfolioDonutElement } from './PortfolioDonutElement.ts';
import { SLICE_CLICK_EVENT, type SliceClickDetail } from './PortfolioDonutWidget.tsx';
import './jsx.ts';

export interface PortfolioDonutProps {
  slices: ReadonlyArray<DonutSlice>;
  /** Accessible name; default 'Composizione del portafoglio'. */
  label?: string;
  /** Centre caption; default 'Totale'. */
  totalLabel?: string;
  /** Default €. */
  currencySymbol?: string;
  height?: number;
  onSliceClick?: (detail: SliceClickDetail) => void;
  className?: string;
}

export function PortfolioDonut({
  slices,
  label,
  totalLabel,
  currencySymbol,
  height,
  onSliceClick,
  className,
}: PortfolioDonutProps) {
  defineWidgets();
  const { i18n } = useLingui();
  const ref = useRef<PortfolioDonutElement>(null);
  const handler = useRef(onSliceClick);
  handler.current = onSliceClick;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const listener = (e: CustomEvent<SliceClickDetail>) => handler.current?.(e.detail);
    el.addEventListener(SLICE_CLICK_EVENT, listener);
    return () => el.removeEventListener(SLICE_CLICK_EVENT, listener);
  }, []);
  return (
    <pt-portfolio-donut
      ref={ref}
      className={className}
      slices={JSON.stringify(slices)}
      label={label}
      total-label={totalLabel}
      currency={currencySymbol}
      height={height}
      lang={chartLocale(i18n.locale)}
    />
  );
}
