// The wealth projection of the overview (the dashboard's `calculus`): the bands at 90%, 60% and 20% probability as
// filled areas (the most probable drawn darkest, over the others) and the inflation line, by year; optionally points
// marked on it (the goals page: each goal's amount at its target date), in the legend and the data table too.
import { useLingui } from '@lingui/react/macro';
import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { formatMoney } from '../format/numbers.ts';
import { apexLibrary, BASE_CHART } from './ApexChart.tsx';
import { ChartFrame } from './ChartFrame.tsx';
import { formatAxis } from './format.ts';
import type { BandChartProps } from './index.ts';
import { Legend } from './Legend.tsx';
import { bandOrder, chartLocale, markerIndexes, yearsOf } from './logic.ts';
import { BAND_COLORS, INFLATION_COLOR, MARKER_COLOR, NEUTRAL_COLOR } from './palettes.ts';

const NO_MARKERS: NonNullable<BandChartProps['markers']> = [];

/** ApexCharts with the line type only (in the portal a chunk of its own beside the shared core chunk). */
const library = apexLibrary(() => import(/* webpackChunkName: "apexcharts-line" */ './apex/line.ts'));

export function BandChart({
  calculus,
  height = 300,
  label,
  currencySymbol = '€',
  markers = NO_MARKERS,
}: BandChartProps) {
  const { t, i18n } = useLingui();
  const locale = chartLocale(i18n.locale);
  const bands = useMemo(() => bandOrder(calculus), [calculus]);
  const years = useMemo(() => yearsOf(calculus.dates), [calculus.dates]);
  const marked = useMemo(() => markerIndexes(calculus.dates, markers), [calculus.dates, markers]);
  const options = useMemo<ApexOptions | null>(() => {
    if (calculus.dates.length === 0) return null;
    const money = (v: number) => formatMoney(v, currencySymbol, locale);
    return {
      chart: { ...BASE_CHART, type: 'line', height },
      series: [
        ...bands.map(({ name, data }) => ({ name: t`Probabilità ${name}`, type: 'area', data })),
        { name: t`Inflazione`, type: 'line', data: calculus.dates.map((_, i) => calculus.inflation[i] ?? 0) },
      ],
      colors: [...bands.map((b) => BAND_COLORS[b.name] ?? NEUTRAL_COLOR), INFLATION_COLOR],
      fill: { type: 'solid', opacity: 1 },
      stroke: {
        width: [...bands.map(() => 1), 2],
        dashArray: [...bands.map(() => 0), 6],
        curve: 'straight',
      },
      markers: { size: 0 },
      dataLabels: { enabled: false },
      legend: { show: false },
      grid: { borderColor: '#dfe3e6', strokeDashArray: 3 },
      xaxis: {
        type: 'category',
        categories: years,
        tickAmount: Math.min(10, years.length),
        tooltip: { enabled: false },
      },
      yaxis: {
        min: 0,
        forceNiceScale: true,
        labels: { formatter: (v: number) => formatAxis(v, 'money', locale, currencySymbol) },
      },
      tooltip: { shared: true, y: { formatter: (v: number) => money(v) } },
      annotations: {
        points: marked.map(({ marker, index }) => ({
          x: years[index],
          y: marker.value,
          marker: { size: 6, fillColor: MARKER_COLOR, strokeColor: '#ffffff', strokeWidth: 2 },
          label: {
            text: marker.label,
            borderColor: MARKER_COLOR,
            style: { color: '#ffffff', background: MARKER_COLOR },
          },
        })),
      },
    };
  }, [calculus, bands, years, marked, t, height, locale, currencySymbol]);

  const bandName = (name: string) => t`Probabilità ${name}`;
  const inflationName = t`Inflazione`;
  const markersName = t`Obiettivi`;
  const markedAt = (i: number) =>
    marked
      .filter((m) => m.index === i)
      .map(({ marker }) => `${marker.label}: ${formatMoney(marker.value, currencySymbol, locale)}`)
      .join('; ');
  const table = {
    columns: [t`Anno`, ...bands.map((b) => bandName(b.name)), inflationName, ...(marked.length ? [markersName] : [])],
    rows: calculus.dates.map((d, i) => ({
      key: d,
      cells: [
        years[i]!,
        ...bands.map((b) => formatMoney(b.data[i], currencySymbol, locale)),
        formatMoney(calculus.inflation[i], currencySymbol, locale),
        ...(marked.length ? [markedAt(i)] : []),
      ],
    })),
  };

  const legend = (
    <Legend
      entries={[
        ...[...bands].reverse().map((b) => ({
          key: b.name,
          label: bandName(b.name),
          color: BAND_COLORS[b.name] ?? NEUTRAL_COLOR,
        })),
        { key: 'inflation', label: inflationName, color: INFLATION_COLOR },
        ...(marked.length ? [{ key: 'markers', label: markersName, color: MARKER_COLOR }] : []),
      ]}
    />
  );

  return (
    <ChartFrame
      library={library}
      kind="band"
      label={label}
      height={height}
      options={options}
      table={table}
      legend={legend}
    />
  );
}
