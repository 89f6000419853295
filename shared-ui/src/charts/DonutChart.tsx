// Donut (composition of wealth, of a portfolio, art and luxury): the pie palette, the total in the centre, a legend
// of at most 5 entries then 'more', slice selection by click or from the legend (keyboard).
import { useLingui } from '@lingui/react/macro';
import type { ApexOptions } from 'apexcharts';
import { useMemo, useRef } from 'react';
import { abbreviate, formatMoney, formatPercent } from '../format/numbers.ts';
import { apexLibrary, BASE_CHART } from './ApexChart.tsx';
import { ChartFrame } from './ChartFrame.tsx';
import type { DonutChartProps } from './index.ts';
import { Legend } from './Legend.tsx';
import { chartLocale, donutParts } from './logic.ts';
import { cycle, PIE_PALETTE } from './palettes.ts';

/** ApexCharts with the donut type only (in the portal a chunk of its own beside the shared core chunk). */
const library = apexLibrary(() => import(/* webpackChunkName: "apexcharts-donut" */ './apex/donut.ts'));

export function DonutChart({
  slices,
  totalLabel,
  height = 280,
  label,
  onSliceClick,
  currencySymbol = '€',
  colors,
}: DonutChartProps) {
  const { t, i18n } = useLingui();
  const locale = chartLocale(i18n.locale);
  const { parts, total } = useMemo(() => donutParts(slices), [slices]);
  const palette = colors && colors.length > 0 ? colors : PIE_PALETTE;
  const click = useRef(onSliceClick);
  click.current = onSliceClick;
  const centre = totalLabel ?? t`Totale`;
  const clickable = Boolean(onSliceClick);

  const options = useMemo<ApexOptions | null>(() => {
    if (parts.length === 0) return null;
    const money = (v: number) => formatMoney(v, currencySymbol, locale);
    const short = (v: number) => `${abbreviate(v, locale)} ${currencySymbol}`;
    return {
      chart: {
        ...BASE_CHART,
        type: 'donut',
        height,
        events: {
          dataPointSelection: (_e: unknown, _c: unknown, opts?: { dataPointIndex?: number }) => {
            const part = parts[opts?.dataPointIndex ?? -1];
            if (part) click.current?.(part.slice);
          },
        },
      },
      series: parts.map((p) => p.slice.value),
      labels: parts.map((p) => p.slice.label),
      colors: parts.map((_, i) => cycle(palette, i)),
      legend: { show: false },
      dataLabels: { enabled: false },
      stroke: { width: 1, colors: ['#ffffff'] },
      states: { active: { filter: { type: 'none' } } },
      tooltip: {
        y: {
          formatter: (v: number, o?: { dataPointIndex?: number }) => {
            const part = parts[o?.dataPointIndex ?? -1];
            return part ? `${money(v)} (${formatPercent(part.percent, locale)})` : money(v);
          },
        },
      },
      plotOptions: {
        pie: {
          expandOnClick: clickable,
          donut: {
            size: '68%',
            labels: {
              show: true,
              name: { show: true, fontSize: '13px' },
              value: { show: true, fontSize: '18px', fontWeight: 600, formatter: (v: string) => short(Number(v)) },
              total: { show: true, showAlways: true, label: centre, fontSize: '13px', formatter: () => short(total) },
            },
          },
        },
      },
    };
  }, [parts, palette, height, locale, currencySymbol, centre, total, clickable]);

  const entries = parts.map((p, i) => ({
    key: `s${p.index}`,
    label: p.slice.label,
    color: cycle(palette, i),
    detail: formatPercent(p.percent, locale),
    onSelect: clickable ? () => click.current?.(p.slice) : undefined,
  }));

  const table = {
    columns: [t`Voce`, t`Valore`, t`Percentuale`],
    rows: [
      ...slices.map((s, i) => {
        const part = parts.find((p) => p.index === i);
        return {
          key: `s${i}`,
          cells: [
            s.label,
            formatMoney(s.value, currencySymbol, locale),
            part ? formatPercent(part.percent, locale) : '–',
          ],
        };
      }),
      {
        key: 'total',
        cells: [centre, formatMoney(total, currencySymbol, locale), total > 0 ? formatPercent(100, locale) : '–'],
      },
    ],
  };

  return (
    <ChartFrame
      library={library}
      kind="donut"
      label={label}
      height={height}
      options={options}
      table={table}
      legend={<Legend entries={entries} />}
    />
  );
}
