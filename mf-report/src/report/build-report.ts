// Draws the report from its data (load-data.ts): cover first (filled last, when the contents know their pages),
// then each numbered section of the plan, then 'n / total' and the SVG logo. The same code runs in the browser
// (dialog) and in Node (`npm run report`); what differs is passed in: fonts, the chart and map renderers.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type CoverLabels, drawCover } from '../pdf/cover.ts';
import { COVER_LOGO, createReportDocument, finishPages, HEADER_LOGO, HEADER_TOP, PAGE } from '../pdf/document.ts';
import type { MontserratFonts } from '../pdf/fonts.ts';
import { drawSvg } from '../pdf/svg.ts';
import { SECTION_DRAWERS } from './sections/index.ts';
import { SECTION_NAMES, sectionTitle } from './sections/titles.ts';
import type { ChartRenderer, MapRenderer, ReportData, SectionContext } from './types.ts';

export interface ReportEnvironment {
  fonts: MontserratFonts;
  i18n: I18n;
  chart: ChartRenderer;
  map: MapRenderer;
  signal?: AbortSignal;
  /** Deflate page streams (default true); tests read uncompressed PDFs back. */
  compress?: boolean;
  /** Called when a section starts, for the dialog's progress. */
  onProgress?: (done: number, total: number) => void;
}

export class ReportCancelled extends Error {
  override name = 'AbortError';
  constructor() {
    super('report cancelled');
  }
}

/** The PDF bytes of the report. Throws ReportCancelled when the signal aborts between steps. */
export async function buildReport(data: ReportData, env: ReportEnvironment): Promise<Uint8Array> {
  const { i18n, signal } = env;
  const { request } = data;
  const checkCancelled = () => {
    if (signal?.aborted) throw new ReportCancelled();
  };
  const doc = createReportDocument({ fonts: env.fonts, compress: env.compress });
  const rasterLogo = data.logo?.kind === 'raster' ? data.logo.dataUrl : null;
  const contents: { title: string; page: number }[] = [];
  const total = data.plan.contents.length;

  for (const [index, entry] of data.plan.contents.entries()) {
    checkCancelled();
    env.onProgress?.(index, total);
    const title = sectionTitle(i18n, entry);
    const ctx: SectionContext = {
      doc,
      data,
      i18n,
      locale: request.locale,
      title,
      header: (pageTitle) => ({
        title: pageTitle,
        from: request.from,
        to: request.to,
        logo: rasterLogo,
        locale: request.locale,
      }),
      chart: env.chart,
      map: env.map,
      checkCancelled,
    };
    const firstPage = doc.getNumberOfPages() + 1;
    await SECTION_DRAWERS[entry.section](ctx);
    // A drawer that found nothing to draw adds no page: the section is then not in the contents either.
    // The cover numbers its lines itself: its entries carry the name alone.
    if (doc.getNumberOfPages() >= firstPage)
      contents.push({ title: i18n._(SECTION_NAMES[entry.section]), page: firstPage });
  }
  checkCancelled();
  env.onProgress?.(total, total);

  drawCover(doc, {
    userName: data.subjectName,
    from: request.from,
    to: request.to,
    advisor: data.advisor,
    role: data.viewer.role,
    contents,
    logo: rasterLogo,
    locale: request.locale,
    labels: coverLabels(i18n),
  });
  finishPages(doc);
  if (data.logo?.kind === 'svg') await drawSvgLogo(doc, data.logo.markup);
  return new Uint8Array(doc.output('arraybuffer'));
}

/** An SVG logo as vectors: the cover's 120x60 box and every page header's 60x30 box. */
async function drawSvgLogo(doc: ReturnType<typeof createReportDocument>, markup: string): Promise<void> {
  const pages = doc.getNumberOfPages();
  try {
    for (let n = 1; n <= pages; n++) {
      doc.setPage(n);
      const box =
        n === 1
          ? { x: PAGE.width - PAGE.margin - COVER_LOGO.width, y: 58, ...COVER_LOGO }
          : { x: PAGE.width - PAGE.margin - HEADER_LOGO.width, y: HEADER_TOP, ...HEADER_LOGO };
      await drawSvg(doc, markup, box);
    }
  } catch {
    // A logo svg2pdf cannot draw is left out rather than failing the report.
  } finally {
    doc.setPage(pages);
  }
}

/** The cover's words, from the catalog (the title WEALTH REPORT is the spec's, in every language). */
export function coverLabels(i18n: I18n): CoverLabels {
  return {
    period: i18n._(msg`Periodo`),
    currency: i18n._(msg`Valuta`),
    advisor: i18n._(msg`Consulente`),
    contents: i18n._(msg`Indice`),
    poweredBy: i18n._(msg`powered by`),
    privacy: i18n._(
      msg`Documento riservato, destinato esclusivamente al cliente indicato. I dati personali sono trattati ai sensi del Regolamento (UE) 2016/679 (GDPR) secondo l'informativa privacy della piattaforma. I valori riportati sono elaborati sulle informazioni disponibili alla data di fine periodo e non costituiscono offerta né raccomandazione di investimento.`,
    ),
  };
}
