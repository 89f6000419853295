// One ApexCharts instance in a React component. ApexCharts is imported dynamically once a chart has mounted, the
// page has painted and the main thread is idle (issue 21: never before the frame that shows the page's figures, on a
// fast machine as on a loaded one), so pages without charts do not pay for it and pages with them show their figures
// first, the charts' areas as skeletons (data-state="loading") until drawn; each
// chart loads only the chart types it draws (its `library`: ApexCharts' core, one chunk shared by all, plus its type's
// module, a small chunk of its own; a self-contained widget file bundles only those). Charts are then drawn one per
// task, so a page of several charts never holds the main thread long enough to delay a click or a keystroke.
import { useLingui } from '@lingui/react/macro';
import type ApexCharts from 'apexcharts';
import type { ApexOptions } from 'apexcharts';
import { useEffect, useRef, useState } from 'react';

export type ApexChartsClass = typeof ApexCharts;
/** Loads ApexCharts with the chart types a chart draws registered. */
export type ApexLibrary = () => Promise<ApexChartsClass>;

/**
 * The loader of one ApexCharts build (a module of ./apex/, imported dynamically by the caller so that the bundler
 * sees which build each chart needs): imported once; a failed load is retried by the next chart.
 */
export function apexLibrary(load: () => Promise<{ default: ApexChartsClass }>): ApexLibrary {
  let loading: Promise<ApexChartsClass> | null = null;
  return () => {
    if (!loading) {
      loading = load().then(
        (m) => m.default,
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
    }
    return loading;
  };
}

/** Resolves after the next frame has been painted (a task queued from the frame callback runs after the paint). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** How long a chart waits for an idle main thread before loading anyway (a page that is never idle still draws). */
const IDLE_TIMEOUT_MS = 2000;

/** Resolves when the main thread is idle (requestIdleCallback; a task where the browser has none). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

let turns: Promise<unknown> = Promise.resolve();

/** Runs `draw` in a task of its own, after the draws queued before it: one chart per task. */
function inTurn<T>(draw: () => T): Promise<T> {
  const turn = turns.then(afterPaint).then(draw);
  turns = turn.catch(() => undefined);
  return turn;
}

/** Options every chart shares: no toolbar, no zoom, our fonts, our own legend and accessible wrapper. */
export const BASE_CHART: NonNullable<ApexOptions['chart']> = {
  width: '100%',
  fontFamily: 'Montserrat, system-ui, "Segoe UI", Roboto, Arial, sans-serif',
  foreColor: '#535e66',
  toolbar: { show: false },
  zoom: { enabled: false },
  // The figure around the chart is the accessible object (role img, label, data table): the SVG stays out of the
  // accessibility tree instead of being an unlabelled application.
  accessibility: { enabled: false },
  animations: { enabled: true, speed: 300 },
};

/**
 * While printing, each drawing gets a viewBox of its drawn size, so that the print stylesheet (charts.css) can scale
 * it to the paper's width; it is taken away afterwards, before a redraw at a new size could find it stale.
 */
function scaleDrawingsForPrint(): void {
  if (typeof window === 'undefined') return;
  const mark = 'data-pt-print-viewbox';
  window.addEventListener('beforeprint', () => {
    for (const svg of document.querySelectorAll<SVGSVGElement>('svg.apexcharts-svg:not([viewBox])')) {
      svg.setAttribute('viewBox', `0 0 ${svg.width.baseVal.value} ${svg.height.baseVal.value}`);
      svg.setAttribute(mark, '');
    }
  });
  window.addEventListener('afterprint', () => {
    for (const svg of document.querySelectorAll<SVGSVGElement>(`svg[${mark}]`)) {
      svg.removeAttribute('viewBox');
      svg.removeAttribute(mark);
    }
  });
}
scaleDrawingsForPrint();

export interface ApexChartProps {
  options: ApexOptions;
  height: number;
  /** The chart types to load (see apexLibrary). */
  library: ApexLibrary;
}

/**
 * Renders `options` with ApexCharts (created once the library has loaded, updated in place when the options
 * change, destroyed on unmount). The options object must be memoised by the caller.
 */
export function ApexChart({ options, height, library }: ApexChartProps) {
  const { t } = useLingui();
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ApexCharts | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const applied = useRef<ApexOptions | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let live = true;
    afterPaint()
      .then(whenIdle)
      .then(library)
      .then(
        (Apex) => {
          if (!live) return;
          // The turn ends with the drawing's synchronous part; its animation does not hold the next chart back.
          inTurn((): { rendered: Promise<unknown> } => {
            if (!live || !el.current) return { rendered: Promise.resolve() };
            const instance = new Apex(el.current, latest.current);
            chart.current = instance;
            applied.current = latest.current;
            return { rendered: instance.render() };
          })
            .then(({ rendered }) => rendered)
            .then(
              () => {
                if (live) setState('ready');
              },
              () => {
                if (live) setState('error');
              },
            );
        },
        () => {
          if (live) setState('error');
        },
      );
    return () => {
      live = false;
      chart.current?.destroy();
      chart.current = null;
    };
  }, [library]);

  useEffect(() => {
    if (!chart.current || state !== 'ready' || applied.current === options) return;
    applied.current = options;
    void chart.current.updateOptions(options, true, true);
  }, [options, state]);

  return (
    <div className="pt-chart__canvas" data-state={state} style={{ minHeight: height }}>
      <div ref={el} />
      {state === 'error' ? <p className="pt-chart__message">{t`Impossibile caricare il grafico.`}</p> : null}
    </div>
  );
}
