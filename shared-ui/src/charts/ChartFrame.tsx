// The accessible frame of every chart: a figure whose drawing is one image with an accessible name (role img and
// aria-label; ApexCharts' SVG inside is presentational), an HTML legend, and the data as a visually hidden table
// for screen readers.
import { useLingui } from '@lingui/react/macro';
import type { ApexOptions } from 'apexcharts';
import type { KeyboardEventHandler, ReactNode, Ref } from 'react';
import { ApexChart, type ApexLibrary } from './ApexChart.tsx';

export interface DataTable {
  columns: ReadonlyArray<string>;
  /** The first cell of a row is its header. */
  rows: ReadonlyArray<{ key: string; cells: ReadonlyArray<string> }>;
}

export interface ChartFrameProps {
  /** Which chart, for styles and tests (data-chart). */
  kind: string;
  label: string;
  height: number;
  /** The ApexCharts build with the chart types this chart draws (apexLibrary). */
  library: ApexLibrary;
  /** Null when there is nothing to draw: an empty state instead of the chart. */
  options: ApexOptions | null;
  table: DataTable;
  legend?: ReactNode;
  /** Above the drawing, e.g. the drill-down's back arrow. */
  header?: ReactNode;
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
  ref?: Ref<HTMLElement>;
}

export function ChartFrame({
  kind,
  label,
  height,
  library,
  options,
  table,
  legend,
  header,
  onKeyDown,
  ref,
}: ChartFrameProps) {
  const { t } = useLingui();
  const empty = options === null;
  return (
    <figure className="pt-chart" data-chart={kind} ref={ref} onKeyDown={onKeyDown}>
      {header}
      <div
        className="pt-chart__figure"
        part="chart"
        role="img"
        aria-label={empty ? `${label}: ${t`nessun dato da mostrare`}` : label}
        data-testid="chart-figure"
      >
        {empty ? (
          <p className="pt-chart__message" style={{ minHeight: Math.min(height, 120) }}>
            {t`Nessun dato da mostrare`}
          </p>
        ) : (
          <ApexChart options={options} height={height} library={library} />
        )}
      </div>
      {legend}
      <div className="pt-chart__sr">
        <table data-testid="chart-data">
          <caption>{label}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.key}>
                {r.cells.map((c, i) =>
                  i === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    <th key={i} scope="row">
                      {c}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    <td key={i}>{c}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
