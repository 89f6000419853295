// Test helpers for the section drawers: a real document with Montserrat, the catalogs in a language, and test
// doubles for the chart and map renderers (the real ones need ApexCharts' SSR build or a browser).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { reportI18n } from '../node/i18n.ts';
import { createReportDocument } from '../pdf/document.ts';
import { MONTSERRAT_FILES, type MontserratFonts } from '../pdf/fonts.ts';
import type { Locale } from '../pdf/format.ts';
import type { ChartRenderer, MapRenderer, ReportData, SectionContext } from './types.ts';

const require = createRequire(import.meta.url);
export const testFonts: MontserratFonts = {
  regular: readFileSync(require.resolve(MONTSERRAT_FILES.regular)),
  bold: readFileSync(require.resolve(MONTSERRAT_FILES.bold)),
};

/** A chart double: a plain SVG with one labelled bar, recording the options it was asked for. */
export function recordingChart(): ChartRenderer & { calls: Parameters<ChartRenderer>[] } {
  const calls: Parameters<ChartRenderer>[] = [];
  const render = (async (options, size) => {
    calls.push([options, size]);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect x="10" y="10" width="50" height="40" fill="#14837b"/></svg>`;
  }) as ChartRenderer & { calls: Parameters<ChartRenderer>[] };
  render.calls = calls;
  return render;
}

/** A map double: a 2x1 PNG, or a failed map (undefined) when `fails`. */
export function testMap(fails = false): MapRenderer {
  return async () =>
    fails
      ? undefined
      : {
          kind: 'raster',
          dataUrl:
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGMQaa4GIgAGtwIl37YNlQAAAABJRU5ErkJggg==',
          width: 2,
          height: 1,
        };
}

/** A section context on a fresh uncompressed document (page 1 is the empty cover). */
export function testContext(
  data: ReportData,
  options: { locale?: Locale; chart?: ChartRenderer; map?: MapRenderer; title?: string } = {},
): SectionContext {
  const locale = options.locale ?? data.request.locale;
  const doc = createReportDocument({ fonts: testFonts, compress: false });
  return {
    doc,
    data,
    i18n: reportI18n(locale),
    locale,
    title: options.title ?? '01 Test',
    header: (title) => ({ title, from: data.request.from, to: data.request.to, logo: null, locale }),
    chart: options.chart ?? recordingChart(),
    map: options.map ?? testMap(),
    checkCancelled: () => {},
  };
}
