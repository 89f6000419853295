// The React side of <pt-artlux-donut>: art and luxury goods by category (labelled in the widget's language), each
// category in the colour the art and luxury page gives it (the pie palette by the category's index); a slice click
// (or its legend entry) dispatches `pt-slice-click`.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ArtLuxDonutData } from '@patrimonio/shared-api';
import { useMemo } from 'react';
import { DonutChart } from '../charts/DonutChart.tsx';
import { cycle, pieColor } from '../charts/palettes.ts';
import { CATEGORY_LABELS } from '../format/codes.ts';
import { useThemeColors, type WidgetInputProps, WidgetShell } from './frame.tsx';
import { SLICE_CLICK_EVENT, type SliceClickDetail } from './PortfolioDonutWidget.tsx';
import { isArtLuxDonutData } from './shapes.ts';

export interface ArtLuxDonutWidgetProps extends WidgetInputProps {
  /** Centre caption. */
  totalLabel?: string;
  /** Currency symbol, default €. */
  currency?: string;
  height?: number;
}

const isEmpty = (d: ArtLuxDonutData) => d.slices.every((s) => s.value === 0);
const LABEL = msg`Arte e lusso per categoria`;

/** A luxury category's index in LUX_CATEGORIES (the order of CATEGORY_LABELS); 0 for an unknown one. */
const categoryIndex = (category: string): number => Math.max(0, Object.keys(CATEGORY_LABELS).indexOf(category));

/** The colour of a luxury category: the pie palette at the category's index (as the art and luxury page). */
export const luxCategoryColor = (category: string): string => pieColor(categoryIndex(category));

function Donut({
  data,
  name,
  host,
  props,
}: {
  data: ArtLuxDonutData;
  name: string;
  host: HTMLElement | null;
  props: ArtLuxDonutWidgetProps;
}) {
  const { i18n } = useLingui();
  const theme = useThemeColors(host);
  const slices = useMemo(
    () =>
      data.slices.map((s) => ({
        label: CATEGORY_LABELS[s.key] ? i18n._(CATEGORY_LABELS[s.key]) : s.key,
        value: s.value,
      })),
    [data, i18n],
  );
  const colors = useMemo(() => {
    const palette = theme.palette;
    return data.slices.map((s) => (palette ? cycle(palette, categoryIndex(s.key)) : luxCategoryColor(s.key)));
  }, [data, theme.palette]);
  const onSliceClick = (slice: { label: string; value: number }) => {
    const index = slices.indexOf(slice);
    const key = data.slices[index]?.key;
    const detail: SliceClickDetail = { label: slice.label, value: slice.value, index, ...(key ? { key } : {}) };
    host?.dispatchEvent(new CustomEvent(SLICE_CLICK_EVENT, { detail, bubbles: true, composed: true }));
  };
  return (
    <DonutChart
      slices={slices}
      colors={colors}
      label={name}
      totalLabel={props.totalLabel || undefined}
      currencySymbol={props.currency || '€'}
      height={props.height && props.height > 0 ? props.height : undefined}
      onSliceClick={onSliceClick}
    />
  );
}

export function ArtLuxDonutWidget(props: ArtLuxDonutWidgetProps) {
  return (
    <WidgetShell
      props={props}
      check={isArtLuxDonutData}
      isEmpty={isEmpty}
      label={LABEL}
      render={(data, name, host) => <Donut data={data} name={name} host={host} props={props} />}
    />
  );
}
