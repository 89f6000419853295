// The report's data and the contract between the orchestrator (build-report.ts), the section drawers
// (sections/*.ts) and the two environments that run them: the browser dialog and the `npm run report` command.
import type { I18n } from '@lingui/core';
import type { IsoDate } from '@patrimonio/engine';
import type { ReportSection, ResponseOf, Role } from '@patrimonio/shared-api';
import type { ApexOptions } from 'apexcharts';
import type { jsPDF } from 'jspdf';
import type { ReportType } from '../logic/dialog.ts';
import type { ReportPlan } from '../logic/plan.ts';
import type { EligiblePortfolio } from '../logic/portfolios.ts';
import type { PageHeaderOptions } from '../pdf/document.ts';
import type { Locale } from '../pdf/format.ts';

/** Whose report: a client, or a family (families have no analytic type). */
export type ReportScope = { kind: 'client'; id: number } | { kind: 'family'; id: number };

/** What the user asked for: from the dialog, or from the command's arguments. */
export interface ReportRequest {
  scope: ReportScope;
  type: ReportType;
  from: IsoDate;
  to: IsoDate;
  /** The options' sections and portfolio ids (custom uses both; synthetic the portfolios). */
  sections: ReportSection[];
  portfolioIds: number[];
  /** Whether the uploaded logo goes on the report (the dialog's "optionally the logo", the command's --logo). */
  includeLogo: boolean;
  locale: Locale;
}

/** Who asks: the cover shows the advisor (ReportData.advisor) except to BASIC. */
export interface ReportViewer {
  role: Role;
  name: string;
}

/** The per-portfolio answers. A sub-request that failed is undefined: its part of the page stays empty. */
export interface PortfolioReportData {
  portfolio: EligiblePortfolio;
  sintetico?: ResponseOf<'reportSintetico'>;
  triplaA?: ResponseOf<'reportTriplaA'>;
  performance?: ResponseOf<'reportPerformance'>;
  /** Only when the fees page is in the plan. */
  fees?: ResponseOf<'reportCommissioni'>;
  var?: ResponseOf<'portfolioVar'>;
}

export interface RealEstateReportData {
  houses?: ResponseOf<'listRealEstate'>;
  lands?: ResponseOf<'listRealEstate'>;
  stat?: ResponseOf<'realEstateStat'>;
  pieDestination?: ResponseOf<'realEstatePieDestination'>;
  pieTypology?: ResponseOf<'realEstatePieTypology'>;
}

export interface SharesReportData {
  shares?: ResponseOf<'listShares'>;
  years?: ResponseOf<'shareYears'>;
  /** The charts of the latest year of `years`. */
  graphs: Partial<Record<'revenue' | 'profit' | 'ebitda', ResponseOf<'shareGraph'>>>;
}

export interface ArtLuxReportData {
  items?: ResponseOf<'listLux'>;
  stat?: ResponseOf<'luxStat'>;
  pie?: ResponseOf<'luxPie'>;
  column?: ResponseOf<'luxColumn'>;
}

export type ReportLogo = { kind: 'raster'; dataUrl: string } | { kind: 'svg'; markup: string };

/** Everything the PDF shows, fetched before drawing (see load-data.ts). */
export interface ReportData {
  request: ReportRequest;
  viewer: ReportViewer;
  /** The client's or family's display name (the cover's user name). */
  subjectName: string;
  /**
   * The advisor the cover names: the client's or family's PRO as the server gives it (advisorName), not the viewer,
   * so that a DELEGATE's report names the PRO (issue 13); null when there is none to name.
   */
  advisor: string | null;
  /** The custom logo: PNG or JPEG as a data URL, or an SVG drawn as vectors (its header box is filled at the end). */
  logo?: ReportLogo;
  /** The eligible portfolios of the menu, in menu order. */
  eligible: EligiblePortfolio[];
  plan: ReportPlan;
  dashboard?: ResponseOf<'dashboard'>;
  history?: ResponseOf<'assetsHistoryTotal'>;
  portfolios: PortfolioReportData[];
  realEstate: RealEstateReportData;
  shares: SharesReportData;
  artLux: ArtLuxReportData;
}

/** A chart as SVG markup from ApexCharts options, at a size in px; undefined when it cannot be drawn. */
export type ChartRenderer = (
  options: ApexOptions,
  size: { width: number; height: number },
) => Promise<string | undefined>;

/** A property to put on the report's map. */
export interface MapPoint {
  id: number;
  lat: number;
  lng: number;
  label: string;
}

/**
 * The real-estate map at its pixel size: a raster (the browser's captured map, a PNG data URL) or SVG markup drawn as
 * vectors (the command's map from the bundled base layer).
 */
export type MapImage =
  | { kind: 'raster'; dataUrl: string; width: number; height: number }
  | { kind: 'svg'; markup: string; width: number; height: number };

/** The real-estate map of the points at a size in px; undefined when the map failed. */
export type MapRenderer = (
  points: readonly MapPoint[],
  size: { width: number; height: number },
) => Promise<MapImage | undefined>;

/** What a section drawer gets. Drawers add their own pages with `addSectionPage(ctx.doc, ctx.header(title))`. */
export interface SectionContext {
  doc: jsPDF;
  data: ReportData;
  i18n: I18n;
  locale: Locale;
  /** The numbered section title, '02 Finanziario': the header title of the section's pages (a page may add a
   * subtitle after ' · ', e.g. the portfolio's name). */
  title: string;
  /** The page header of a section page with this title (dates, logo and locale filled in). */
  header: (title: string) => PageHeaderOptions;
  chart: ChartRenderer;
  map: MapRenderer;
  /** Throws an AbortError once the user cancelled: drawers call it between pages. */
  checkCancelled: () => void;
}

/** A section drawer: adds the section's pages at the end of the document. */
export type SectionDrawer = (ctx: SectionContext) => Promise<void>;
