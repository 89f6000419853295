// The portfolio trend waterfall (performance page): the opening value, then per period the transfers, interest,
// fees, taxes and market effect as floating bars (green up, red down) and the period's closing value (teal).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { formatDate } from '../format/dates.ts';
import { formatMoney } from '../format/numbers.ts';
import { apexLibrary, BASE_CHART } from './ApexChart.tsx';
import { ChartFrame } from './ChartFrame.tsx';
import { formatAxis } from './format.ts';
import type { WaterfallChartProps } from './index.ts';
import { Legend } from './Legend.tsx';
import { chartLocale, type WaterfallBar, type WaterfallKind, waterfallBars, waterfallFloor } from './logic.ts';
import { NEGATIVE_COLOR, POSITIVE_COLOR, signColor, TOTAL_COLOR } from './palettes.ts';

/** Names of the bars (the steps keep the API's Italian terms in Italian). */
const KIND_LABELS: Record<WaterfallKind, MessageDescriptor> = {
  opening: msg`Valore iniziale`,
  transfers: msg`Trasferimenti`,
  interessi: msg`Interessi`,
  commissioni: msg`Commissioni`,
  tasse: msg`Tasse`,
  market: msg`Effetto mercato`,
  closing: msg`Valore finale`,
};

const isTotal = (b: WaterfallBar) => b.kind === 'opening' || b.kind === 'closing';
const colorOf = (b: WaterfallBar) => (isTotal(b) ? TOTAL_COLOR : signColor(b.value));
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** ApexCharts with the bar type and the waterfall feature only (in the portal a chunk of its own beside the shared core chunk). */
const library = apexLibrary(() => import(/* webpackChunkName: "apexcharts-waterfall" */ './apex/waterfall.ts'));

export function WaterfallChart({ start, rows, height = 320, label, currencySymbol = '€' }: WaterfallChartProps) {
  const { t, i18n } = useLingui();
  const locale = chartLocale(i18n.locale);
  const bars = useMemo(() => waterfallBars(start, rows), [start, rows]);

  const options = useMemo<ApexOptions | null>(() => {
    const name = (b: WaterfallBar) => i18n._(KIND_LABELS[b.kind]);
    const byKey = new Map(bars.map((b) => [b.key, b]));
    const floor = waterfallFloor(bars);
    const tick = (key: string) => {
      const b = byKey.get(key);
      if (!b) return '';
      return isTotal(b) ? formatDate(b.date, locale) : name(b);
    };
    return {
      chart: { ...BASE_CHART, type: 'waterfall', height },
      series: [
        {
          name: label,
          // Totals rise from the axis' floor (they are not cut by it): their value is in the tooltip and the table.
          data: bars.map((b) => ({
            x: b.key,
            y: [isTotal(b) ? Math.max(b.start, floor ?? b.start) : b.start, b.end] as [number, number],
            fillColor: colorOf(b),
          })),
        },
      ],
      plotOptions: { bar: { horizontal: false, columnWidth: '70%', borderRadius: 1 } },
      fill: { opacity: 1 },
      dataLabels: { enabled: false },
      legend: { show: false },
      grid: { borderColor: '#dfe3e6', strokeDashArray: 3 },
      xaxis: {
        type: 'category',
        labels: {
          formatter: (v: string) => tick(String(v)),
          rotate: -50,
          rotateAlways: true,
          hideOverlappingLabels: true,
          trim: false,
          maxHeight: 110,
          style: { fontSize: '10px' },
        },
        tooltip: { enabled: false },
      },
      yaxis: {
        min: floor,
        forceNiceScale: true,
        labels: { formatter: (v: number) => formatAxis(v, 'money', locale, currencySymbol) },
      },
      tooltip: {
        custom: ({ dataPointIndex }: { dataPointIndex: number }) => {
          const b = bars[dataPointIndex];
          if (!b) return '';
          const title = `${name(b)} · ${formatDate(b.date, locale)}`;
          const value = formatMoney(b.value, currencySymbol, locale);
          return `<div class="pt-chart__tip"><strong>${escapeHtml(title)}</strong><br>${escapeHtml(value)}</div>`;
        },
      },
      states: { active: { filter: { type: 'none' } } },
    };
  }, [bars, label, height, locale, currencySymbol, i18n]);

  const table = {
    columns: [t`Data`, t`Voce`, t`Importo`, t`Valore dopo la voce`],
    rows: bars.map((b) => ({
      key: b.key,
      cells: [
        formatDate(b.date, locale),
        i18n._(KIND_LABELS[b.kind]),
        formatMoney(b.value, currencySymbol, locale),
        formatMoney(b.end, currencySymbol, locale),
      ],
    })),
  };

  const legend = (
    <Legend
      entries={[
        { key: 'total', label: t`Valore del portafoglio`, color: TOTAL_COLOR },
        { key: 'up', label: t`Aumento`, color: POSITIVE_COLOR },
        { key: 'down', label: t`Diminuzione`, color: NEGATIVE_COLOR },
      ]}
    />
  );

  return (
    <ChartFrame
      library={library}
      kind="waterfall"
      label={label}
      height={height}
      options={options}
      table={table}
      legend={legend}
    />
  );
}
