// The report in the browser: load the data with the session's token, draw it with the browser's renderers
// (ApexCharts off-screen, the real-estate map's own render-complete event) and hand back the PDF. Every call is
// issued at once and each section is drawn as soon as its data is in (startReportData, buildReport), while the
// calls of the later sections are still answering; the fonts load meanwhile.
import { i18n } from '@lingui/core';
import type { PortfolioMenuItem } from '@patrimonio/shared-api';
import { sessionStore } from '@patrimonio/shared-ui';
import { loadMontserrat } from '../pdf/fonts-browser.ts';
import { buildReport } from '../report/build-report.ts';
import { startReportData } from '../report/load-data.ts';
import type { MapRenderer, ReportRequest, ReportViewer } from '../report/types.ts';
import { browserChart } from './charts.ts';
import { browserMap } from './map.tsx';

export interface GenerateOptions {
  request: ReportRequest;
  viewer: ReportViewer;
  /** The portfolio menu the dialog already has (saves a call). */
  menu?: readonly PortfolioMenuItem[];
  /** The dialog's cancel link aborts it: calls stop and no PDF is made (rejects with an AbortError). */
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** The map, with its wait recorded as the performance measure 'report:map' (the benchmark leaves it out). */
const timedMap: MapRenderer = async (points, size) => {
  const start = performance.now();
  try {
    return await browserMap(points, size);
  } finally {
    performance.measure('report:map', { start });
  }
};

/**
 * The PDF of the report; rejects with name 'AbortError' when cancelled. The whole run is recorded as the
 * performance measure 'report:total'.
 */
export async function generateReport(options: GenerateOptions): Promise<Blob> {
  const start = performance.now();
  try {
    return await generate(options);
  } finally {
    performance.measure('report:total', { start });
  }
}

async function generate(options: GenerateOptions): Promise<Blob> {
  const { request, viewer, signal } = options;
  const access = { baseUrl: '', getAccessToken: () => sessionStore.get().accessToken, signal };
  const source = startReportData(access, request, viewer, { menu: options.menu });
  const fonts = await loadMontserrat();
  const bytes = await buildReport(source, {
    fonts,
    i18n,
    chart: browserChart,
    map: timedMap,
    signal,
    onProgress: options.onProgress,
  });
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

/** The file name of the download: 'report-<client|family>-<id>-<from>-<to>.pdf'. */
export const reportFileName = (request: ReportRequest): string =>
  `report-${request.scope.kind}-${request.scope.id}-${request.from}-${request.to}.pdf`;
