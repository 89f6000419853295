// Bars: the overview's flows (one series, coloured by sign), a family business's revenue, profit and EBITDA by year
// (grouped series), or any categories x series. Bars are never wider than their category (at most 100%).
import { useLingui } from '@lingui/react/macro';
import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { apexLibrary, BASE_CHART } from './ApexChart.tsx';
import { ChartFrame } from './ChartFrame.tsx';
import { countAxis, formatAxis, formatValue } from './format.ts';
import type { BarChartProps } from './index.ts';
import { Legend } from './Legend.tsx';
import { barWidthPercent, chartLocale } from './logic.ts';
import { cycle, PORTFOLIO_PALETTE, signColor } from './palettes.ts';

/** ApexCharts with the bar type only (in the portal a chunk of its own beside the shared core chunk). */
const library = apexLibrary(() => import(/* webpackChunkName: "apexcharts-bar" */ './apex/bar.ts'));

export function BarChart({
  categories,
  series,
  format,
  stacked = false,
  horizontal = false,
  height = 280,
  label,
  colors,
  colorBySign = false,
  currencySymbol = '€',
}: BarChartProps) {
  const { t, i18n } = useLingui();
  const locale = chartLocale(i18n.locale);
  const bySign = colorBySign && series.length === 1;
  const seriesColors = useMemo(
    () => series.map((_, i) => (colors && colors.length > 0 ? cycle(colors, i) : cycle(PORTFOLIO_PALETTE, i))),
    [series, colors],
  );
  const drawable = categories.length > 0 && series.length > 0;

  const options = useMemo<ApexOptions | null>(() => {
    if (!drawable) return null;
    // A count's value axis ticks whole numbers (no '2,5' files).
    const counted =
      format === 'count' && !stacked ? countAxis(Math.max(0, ...series.flatMap((s) => s.data.map(Number)))) : {};
    const axis = { formatter: (v: number) => formatAxis(Number(v), format, locale, currencySymbol) };
    const width = `${barWidthPercent(stacked ? 1 : series.length)}%`;
    return {
      chart: { ...BASE_CHART, type: 'bar', height, stacked },
      series: series.map((s) => ({ name: s.name, data: [...s.data] })),
      colors: bySign ? series[0]!.data.map((v) => signColor(v)) : seriesColors,
      plotOptions: {
        bar: { horizontal, distributed: bySign, columnWidth: width, barHeight: width, borderRadius: 2 },
      },
      fill: { opacity: 1 },
      dataLabels: { enabled: false },
      legend: { show: false },
      grid: { borderColor: '#dfe3e6', strokeDashArray: 3 },
      xaxis: { categories: [...categories], ...(horizontal ? { labels: axis, ...counted } : {}) },
      yaxis: horizontal ? {} : { labels: axis, ...counted },
      tooltip: { shared: false, y: { formatter: (v: number) => formatValue(v, format, locale, currencySymbol) } },
      states: { active: { filter: { type: 'none' } } },
    };
  }, [drawable, categories, series, bySign, seriesColors, stacked, horizontal, height, format, locale, currencySymbol]);

  const table = {
    columns: [t`Categoria`, ...series.map((s) => s.name)],
    rows: categories.map((c, i) => ({
      key: `c${i}`,
      cells: [c, ...series.map((s) => formatValue(s.data[i], format, locale, currencySymbol))],
    })),
  };

  const legend =
    series.length > 1 ? (
      <Legend entries={series.map((s, i) => ({ key: `s${i}`, label: s.name, color: seriesColors[i]! }))} />
    ) : null;

  return (
    <ChartFrame
      library={library}
      kind="bar"
      label={label}
      height={height}
      options={options}
      table={table}
      legend={legend}
    />
  );
}
