// What the report needs to be drawn in Node (build-report.ts, ReportEnvironment): Montserrat from its files, the
// catalogs in the report's language, a DOM for svg2pdf.js, charts from ApexCharts' SSR build, and the map as vectors
// from the bundled base layer (map.ts).

import type { Locale } from '../pdf/format.ts';
import type { ReportEnvironment } from '../report/build-report.ts';
import { nodeChart } from './chart.ts';
import { NodeDom } from './dom.ts';
import { readMontserrat } from './fonts.ts';
import { reportI18n } from './i18n.ts';
import { nodeMap } from './map.ts';
import { montserratMeasurer } from './text-measure.ts';

export interface NodeReportEnvironment extends ReportEnvironment {
  /** Removes the DOM globals. */
  close(): void;
}

export async function openNodeEnvironment(
  locale: Locale,
  options: { compress?: boolean } = {},
): Promise<NodeReportEnvironment> {
  const fonts = await readMontserrat();
  const measure = montserratMeasurer(fonts);
  const dom = NodeDom.install(measure);
  return {
    fonts,
    i18n: reportI18n(locale),
    chart: nodeChart(dom, measure),
    map: nodeMap,
    compress: options.compress ?? true,
    close: () => dom.close(),
  };
}
