// Lines over dates (wealth value, cumulative performance, portfolio comparison): a money or percent axis, dates on
// the x axis, portfolio colours (8 cycling, the aggregate teal), a legend of at most 5 entries then 'more'.
import { useLingui } from '@lingui/react/macro';
import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { formatDate } from '../format/dates.ts';
import { apexLibrary, BASE_CHART } from './ApexChart.tsx';
import { ChartFrame } from './ChartFrame.tsx';
import { formatAxis, formatMonthTick, formatValue } from './format.ts';
import type { LineChartProps } from './index.ts';
import { Legend } from './Legend.tsx';
import { chartLocale, isoToTime, LINE_MAX_POINTS, thinPoints, timeToIso } from './logic.ts';
import { portfolioColors } from './palettes.ts';

/** ApexCharts with the line type only (in the portal a chunk of its own beside the shared core chunk). */
const library = apexLibrary(() => import(/* webpackChunkName: "apexcharts-line" */ './apex/line.ts'));

export function LineChart({ series, format, height = 280, label, currencySymbol = '€' }: LineChartProps) {
  const { t, i18n } = useLingui();
  const locale = chartLocale(i18n.locale);
  const colors = useMemo(() => series.map((s, i) => s.color ?? portfolioColors(series)[i]!), [series]);
  const drawable = series.some((s) => s.points.length > 0);

  const options = useMemo<ApexOptions | null>(() => {
    if (!drawable) return null;
    return {
      chart: { ...BASE_CHART, type: 'line', height },
      series: series.map((s) => ({
        name: s.name,
        // A daily series over years has thousands of points: drawn thinned (LTTB), a chart's width cannot show more.
        data: thinPoints(
          s.points.map((p) => [isoToTime(p.date), p.value] as [number, number]),
          LINE_MAX_POINTS,
          (p) => p,
        ),
      })),
      colors,
      fill: { opacity: 1 },
      stroke: { width: 2, curve: 'straight' },
      markers: { size: 0 },
      dataLabels: { enabled: false },
      legend: { show: false },
      grid: { borderColor: '#dfe3e6', strokeDashArray: 3 },
      xaxis: {
        type: 'datetime',
        labels: {
          datetimeUTC: true,
          formatter: (value: string, timestamp?: number) => formatMonthTick(Number(timestamp ?? value), locale),
        },
        tooltip: { enabled: false },
      },
      yaxis: { labels: { formatter: (v: number) => formatAxis(v, format, locale, currencySymbol) } },
      tooltip: {
        shared: true,
        x: { formatter: (v: number) => formatDate(timeToIso(v), locale) },
        y: { formatter: (v: number) => formatValue(v, format, locale, currencySymbol) },
      },
    };
  }, [drawable, series, colors, height, format, locale, currencySymbol]);

  // Screen readers get a summary per series (a daily series is too long for a table): first, last, low and high.
  const table = {
    columns: [t`Serie`, t`Dal`, t`Valore iniziale`, t`Al`, t`Valore finale`, t`Minimo`, t`Massimo`],
    rows: series.map((s, i) => {
      const first = s.points[0];
      const last = s.points[s.points.length - 1];
      const values = s.points.map((p) => p.value).filter((v) => Number.isFinite(v));
      const fmt = (v: number | undefined) => formatValue(v, format, locale, currencySymbol);
      return {
        key: `l${i}`,
        cells: [
          s.name,
          formatDate(first?.date, locale),
          fmt(first?.value),
          formatDate(last?.date, locale),
          fmt(last?.value),
          fmt(values.length ? Math.min(...values) : undefined),
          fmt(values.length ? Math.max(...values) : undefined),
        ],
      };
    }),
  };

  const legend =
    series.length > 1 ? (
      <Legend entries={series.map((s, i) => ({ key: `l${i}`, label: s.name, color: colors[i]! }))} />
    ) : null;

  return (
    <ChartFrame
      library={library}
      kind="line"
      label={label}
      height={height}
      options={options}
      table={table}
      legend={legend}
    />
  );
}
