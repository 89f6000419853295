// Draws the report from its data (load-data.ts): cover first (filled last, when the contents know their pages),
// then each numbered section of the plan, then 'n / total' and the SVG logo. The same code runs in the browser
// (dialog) and in Node (`npm run report`); what differs is passed in: fonts, the chart and map renderers.
// The data is either all there (ReportData: the command) or still arriving (ReportSource: the dialog, whose calls
// are all issued at once): then each section is drawn as soon as its own data is in and the sections before it are
// drawn, so drawing overlaps the calls still answering. The sections keep their order and the PDF is the same either
// way: a section's drawer reads only its own data, and whether a section is empty (left out, numbering the next
// ones) is decided from its own data alone (sectionEmptiness).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContentsEntry, EmptySections } from '../logic/plan.ts';
import { type CoverLabels, drawCover } from '../pdf/cover.ts';
import { COVER_LOGO, createReportDocument, finishPages, HEADER_LOGO, HEADER_TOP, PAGE } from '../pdf/document.ts';
import type { MontserratFonts } from '../pdf/fonts.ts';
import { drawSvg } from '../pdf/svg.ts';
import { type ReportSource, requestPlan, sectionEmptiness } from './load-data.ts';
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
  /**
   * The dialog's progress: the sections drawn out of those the report has (known as the data arrives: a section
   * found empty leaves the total); called before the first and after each.
   */
  onProgress?: (done: number, total: number) => void;
}

export class ReportCancelled extends Error {
  override name = 'AbortError';
  constructor() {
    super('report cancelled');
  }
}

/**
 * The PDF bytes of the report, from its data or from its data still arriving (see the top of this file). Throws
 * ReportCancelled when the signal aborts between steps.
 */
export async function buildReport(input: ReportData | ReportSource, env: ReportEnvironment): Promise<Uint8Array> {
  const { i18n, signal } = env;
  const feed = 'plan' in input ? settledFeed(input) : arrivingFeed(input);
  const { request } = input;
  const checkCancelled = () => {
    if (signal?.aborted) throw new ReportCancelled();
  };
  const logo = await feed.logo;
  checkCancelled();
  const doc = createReportDocument({ fonts: env.fonts, compress: env.compress });
  const rasterLogo = logo?.kind === 'raster' ? logo.dataUrl : null;
  const contents: { title: string; page: number }[] = [];
  let done = 0;
  env.onProgress?.(done, feed.total());

  for (const next of feed.sections) {
    const section = await next;
    checkCancelled();
    if (section === null) {
      env.onProgress?.(done, feed.total());
      continue;
    }
    const { entry, data } = section;
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
    done += 1;
    env.onProgress?.(done, feed.total());
  }
  const cover = await feed.cover;
  checkCancelled();

  drawCover(doc, {
    userName: cover.name,
    from: request.from,
    to: request.to,
    advisor: cover.advisor,
    role: input.viewer.role,
    contents,
    logo: rasterLogo,
    locale: request.locale,
    labels: coverLabels(i18n),
  });
  finishPages(doc);
  if (logo?.kind === 'svg') await drawSvgLogo(doc, logo.markup);
  return new Uint8Array(doc.output('arraybuffer'));
}

/** A section to draw with the data it is drawn from, or null when it turned out empty (left out). */
type FedSection = { entry: ContentsEntry; data: ReportData } | null;

/** What buildReport draws, in order: the logo first, then each section, then the cover's name and advisor. */
interface SectionFeed {
  logo: Promise<ReportData['logo']>;
  /** One promise per section the report may have, in the contents' order. */
  sections: Promise<FedSection>[];
  /** The sections the report has, as far as known now. */
  total: () => number;
  cover: Promise<{ name: string; advisor: string | null }>;
}

/** The data all there: its plan's sections. */
function settledFeed(data: ReportData): SectionFeed {
  return {
    logo: Promise.resolve(data.logo),
    sections: data.plan.contents.map((entry) => Promise.resolve({ entry, data })),
    total: () => data.plan.contents.length,
    cover: Promise.resolve({ name: data.subjectName, advisor: data.advisor }),
  };
}

/**
 * The data arriving: the sections of the plan's draft (nothing known empty yet), each resolving once its own calls
 * have answered (a later one may resolve first; buildReport takes them in order). A section drawn has the plan with
 * the emptiness known so far: its own pages and numbering depend only on itself and the sections before it.
 */
function arrivingFeed(source: ReportSource): SectionFeed {
  const { request } = source;
  const empty: EmptySections = {};
  let eligible: ReportData['eligible'] = [];
  const planWith = () => requestPlan(request, eligible, empty);
  // Unknown parts stay empty in the data a section is drawn from: no drawer reads another section's data.
  const base = (logo: ReportData['logo']): ReportData => ({
    request,
    viewer: source.viewer,
    subjectName: '',
    advisor: null,
    logo,
    eligible,
    plan: planWith(),
    portfolios: [],
    realEstate: {},
    shares: { graphs: {} },
    artLux: {},
  });
  const arrived: Partial<ReportData> = {};
  const waits: Record<ContentsEntry['section'], () => Promise<boolean>> = {
    overview: async () => {
      const [dashboard, history] = await Promise.all([source.dashboard, source.history]);
      Object.assign(arrived, { dashboard, history });
      return sectionEmptiness.overview(dashboard);
    },
    financial: async () => {
      const portfolios = await source.portfolios;
      arrived.portfolios = portfolios;
      return sectionEmptiness.financial(portfolios);
    },
    realEstate: async () => {
      arrived.realEstate = await source.realEstate;
      return sectionEmptiness.realEstate(arrived.realEstate);
    },
    shares: async () => {
      arrived.shares = await source.shares;
      return sectionEmptiness.shares(arrived.shares);
    },
    artLux: async () => {
      arrived.artLux = await source.artLux;
      return sectionEmptiness.artLux(arrived.artLux);
    },
  };
  let draft: ContentsEntry[] = [];
  const start = Promise.all([source.logo, source.eligible]).then(([logo, list]) => {
    eligible = list;
    draft = planWith().contents;
    return logo;
  });
  let kept = 0;
  // The chain keeps the order: section i is decided after section i - 1, whatever answered first.
  let previous: Promise<unknown> = start;
  const sections = REPORT_ORDER.map((section) => {
    const decided = Promise.all([start, previous]).then(async ([logo]) => {
      if (!draft.some((entry) => entry.section === section)) return null;
      const isEmpty = await waits[section]();
      empty[section] = isEmpty;
      if (isEmpty) return null;
      kept += 1;
      const entry: ContentsEntry = { section, number: kept };
      return { entry, data: { ...base(logo), ...arrived } };
    });
    previous = decided;
    return decided;
  });
  for (const s of sections) s.catch(() => undefined);
  return {
    logo: start,
    sections,
    total: () => draft.filter((entry) => !empty[entry.section]).length,
    cover: source.subject,
  };
}

/** Every numbered section, in the contents' order (reportPlan's). */
const REPORT_ORDER: ContentsEntry['section'][] = ['overview', 'financial', 'realEstate', 'shares', 'artLux'];

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
