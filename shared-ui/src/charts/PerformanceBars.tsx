// Performance by asset class (data-and-admin sections 2 and 4): one bar per macro class, green above zero and red
// below; clicking a bar, or its legend entry (keyboard), drills into the macro class's asset classes; a back arrow
// (or Escape) returns. Values are percent points; a missing value shows as n/a.
import { useLingui } from '@lingui/react/macro';
import type { ApexOptions } from 'apexcharts';
import { type KeyboardEvent, useEffect, useMemo, useReducer, useRef } from 'react';
import { formatPercent } from '../format/numbers.ts';
import { apexLibrary, BASE_CHART } from './ApexChart.tsx';
import { ChartFrame } from './ChartFrame.tsx';
import { formatAxis } from './format.ts';
import type { PerformanceBarsProps } from './index.ts';
import { Legend } from './Legend.tsx';
import {
  barWidthPercent,
  chartLocale,
  DRILL_TOP,
  type DrillAction,
  type DrillState,
  drillReducer,
  drillView,
} from './logic.ts';
import { signColor } from './palettes.ts';

/** ApexCharts with the bar type only (in the portal a chunk of its own beside the shared core chunk). */
const library = apexLibrary(() => import(/* webpackChunkName: "apexcharts-bar" */ './apex/bar.ts'));

export function PerformanceBars({ classes, height = 280, label, onDrill, signColors }: PerformanceBarsProps) {
  const positive = signColors?.positive;
  const negative = signColors?.negative;
  const { t, i18n } = useLingui();
  const locale = chartLocale(i18n.locale);
  const [state, dispatch] = useReducer((s: DrillState, a: DrillAction) => drillReducer(classes, s, a), DRILL_TOP);
  const { items, parent } = drillView(classes, state);
  const frame = useRef<HTMLElement>(null);
  // Where focus goes after a drill (the back arrow) or a return (the macro class left).
  const focusAfter = useRef<string | null>(null);
  const drillRef = useRef((index: number) => dispatch({ type: 'drill', index }));
  const notify = useRef(onDrill);
  notify.current = onDrill;

  const parentName = parent?.description ?? null;
  useEffect(() => {
    notify.current?.(parentName);
    const selector = focusAfter.current;
    focusAfter.current = null;
    if (selector) frame.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [parentName]);

  // Returning to a chart whose classes changed (another portfolio): back to the top.
  const lastClasses = useRef(classes);
  if (lastClasses.current !== classes) {
    lastClasses.current = classes;
    if (state.level !== 'macro') dispatch({ type: 'back' });
  }

  const drill = (index: number) => {
    focusAfter.current = '[data-testid="chart-back"]';
    dispatch({ type: 'drill', index });
  };
  drillRef.current = drill;
  const back = () => {
    if (state.level === 'asset') focusAfter.current = `[data-legend-key="m${state.index}"]`;
    dispatch({ type: 'back' });
  };

  const options = useMemo<ApexOptions | null>(() => {
    if (items.length === 0) return null;
    const na = t`n.d.`;
    return {
      chart: {
        ...BASE_CHART,
        type: 'bar',
        height,
        events: {
          dataPointSelection: (_e: unknown, _c: unknown, opts?: { dataPointIndex?: number }) => {
            if (!parent && typeof opts?.dataPointIndex === 'number') drillRef.current(opts.dataPointIndex);
          },
        },
      },
      series: [{ name: label, data: items.map((c) => c.value ?? 0) }],
      colors: items.map((c) => signColor(c.value, positive, negative)),
      plotOptions: {
        bar: {
          horizontal: true,
          distributed: true,
          barHeight: `${barWidthPercent(1)}%`,
          borderRadius: 2,
          dataLabels: { position: 'center' },
        },
      },
      dataLabels: {
        enabled: true,
        formatter: (_v: number, o?: { dataPointIndex?: number }) => {
          const item = items[o?.dataPointIndex ?? -1];
          return item?.value == null ? na : formatPercent(item.value, locale);
        },
        style: { colors: ['#ffffff'], fontWeight: 600 },
      },
      fill: { opacity: 1 },
      legend: { show: false },
      grid: { borderColor: '#dfe3e6', strokeDashArray: 3 },
      xaxis: {
        categories: items.map((c) => c.description),
        labels: { formatter: (v: string) => formatAxis(Number(v), 'percent', locale) },
      },
      tooltip: {
        y: {
          formatter: (_v: number, o?: { dataPointIndex?: number }) => {
            const item = items[o?.dataPointIndex ?? -1];
            return item?.value == null ? na : formatPercent(item.value, locale);
          },
        },
      },
      states: { active: { filter: { type: 'none' } } },
    };
  }, [items, parent, label, height, locale, t, positive, negative]);

  const entries = items.map((c, i) => {
    const value = c.value == null ? t`n.d.` : formatPercent(c.value, locale);
    const macro = parent ? null : classes[i];
    const description = c.description;
    return {
      key: parent ? `a${i}` : `m${i}`,
      label: description,
      color: signColor(c.value, positive, negative),
      detail: value,
      onSelect: macro && macro.assetClassList.length > 0 ? () => drill(i) : undefined,
      actionHint: macro ? t`mostra le classi di investimento` : undefined,
    };
  });

  const header = (
    <div className="pt-chart__drill" data-level={state.level}>
      {parent ? (
        <>
          <button
            type="button"
            className="pt-chart__back"
            data-testid="chart-back"
            aria-label={t`Torna alle macro classi`}
            title={t`Torna alle macro classi`}
            onClick={back}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <span className="pt-chart__drill-title" data-testid="chart-drill-title">
            {parent.description}
          </span>
        </>
      ) : (
        <span className="pt-chart__drill-hint">{t`Seleziona una macro classe per il dettaglio`}</span>
      )}
    </div>
  );

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape' && parent) {
      e.stopPropagation();
      back();
    }
  };

  const caption = parent ? `${label} – ${parent.description}` : label;
  const table = {
    columns: [parent ? t`Classe di investimento` : t`Macro classe`, t`Performance`],
    rows: items.map((c, i) => ({
      key: `r${i}`,
      cells: [c.description, c.value == null ? t`n.d.` : formatPercent(c.value, locale)],
    })),
  };

  return (
    <ChartFrame
      library={library}
      kind="performance"
      label={caption}
      height={height}
      options={options}
      table={table}
      header={header}
      legend={<Legend entries={entries} />}
      onKeyDown={onKeyDown}
      ref={frame}
    />
  );
}
