// The rules of the report's real-asset pages (real estate, shares, art and luxury) without drawing: the codes'
// translated names (shared-ui's, as the portal shows them), the map's points, the share owners cell with its
// truncation, the charts' series and the summary page's layout with and without the map.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  LUX_CATEGORIES,
  type LuxCategory,
  type ResponseOf,
  SHARE_METRICS,
  type ShareMetric,
} from '@patrimonio/shared-api';
import { CONTENT_TOP, PAGE } from '../../pdf/document.ts';
import { type Locale, performancePercent } from '../../pdf/format.ts';
import type { MapPoint, SharesReportData } from '../types.ts';

// The codes' names are the portal's (shared-ui).
export { CATEGORY_LABELS, DESTINATION_LABELS, TYPOLOGY_LABELS } from '@patrimonio/shared-ui';

export const METRIC_LABELS: Record<ShareMetric, MessageDescriptor> = {
  revenue: msg`Ricavi`,
  profit: msg`Utile`,
  ebitda: msg`EBITDA`,
};

/** A code's translated name; an unknown code is shown as it is. */
export function codeName(i18n: I18n, labels: Readonly<Record<string, MessageDescriptor>>, code: string): string {
  const label = labels[code];
  return label ? i18n._(label) : code;
}

/** A category's place among the six: its colour in the pie and the columns alike. */
export const categoryIndex = (category: LuxCategory): number => LUX_CATEGORIES.indexOf(category);

/** Spec portal-and-report 9: "Share owner names are truncated to 20 characters plus an ellipsis". */
export const OWNER_NAME_MAX = 20;

/**
 * The owner name as the shares list shows it: up to 20 characters as they are, a longer one cut to its first 20
 * characters plus '…'. Characters are code points (an emoji or accented letter is never split). Worked example:
 * 'Immobiliare Rossi Sr' (20) stays; 'Immobiliare Rossi Srl' (21) becomes 'Immobiliare Rossi Sr…'.
 */
export function truncateOwnerName(name: string): string {
  const chars = Array.from(name);
  return chars.length > OWNER_NAME_MAX ? `${chars.slice(0, OWNER_NAME_MAX).join('')}…` : name;
}

/**
 * The owners cell of a share: 'name percentage' per holder, names truncated, joined by commas; the holders the reader
 * may not see come as one entry without a name (the API sums them) and read `othersLabel`. Worked example (Italian):
 * [{Mario Rossi, 60}, {Anna Maria Bianchi Ferraris, 40}] gives 'Mario Rossi 60,00%, Anna Maria Bianchi F… 40,00%';
 * [{Mario Rossi, 60}, {null, 25}] gives 'Mario Rossi 60,00%, Altri soci 25,00%'.
 */
export function shareOwnersText(
  owners: ReadonlyArray<{ name: string | null; percentage: number | null }>,
  locale: Locale,
  othersLabel: string,
): string {
  return owners
    .map((o) => `${truncateOwnerName(o.name ?? othersLabel)} ${performancePercent(o.percentage, locale)}`)
    .join(', ');
}

type Property = ResponseOf<'listRealEstate'>['item'][number];

/**
 * The map's points: the houses and lands not sold that have both coordinates, labelled with their description.
 * None: the report draws no map (portal-and-report 2).
 */
export function propertyMapPoints(...lists: ReadonlyArray<ReadonlyArray<Property> | undefined>): MapPoint[] {
  return lists
    .flatMap((list) => list ?? [])
    .filter(
      (p): p is Property & { lat: number; lng: number } =>
        p.soldDate === null && Number.isFinite(p.lat) && Number.isFinite(p.lng),
    )
    .map((p) => ({ id: p.id, lat: p.lat, lng: p.lng, label: p.description }));
}

/** The address cell: street and number ('Via Roma 12'), as the portal's table. */
export const addressText = (p: Pick<Property, 'address' | 'addressNumber'>): string =>
  [p.address, p.addressNumber].filter(Boolean).join(' ');

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The content area below the header and the figures row. */
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const GAP = 16;
/** A block's caption line above its chart, map or table. */
export const CAPTION_HEIGHT = 18;
/** The figures row's height: label and value. */
export const FIGURES_HEIGHT = 40;
export const CHARTS_TOP = CONTENT_TOP + FIGURES_HEIGHT + GAP;
const CHARTS_HEIGHT = PAGE.height - PAGE.margin - CHARTS_TOP;
/** The map's share of the width. */
const MAP_WIDTH = Math.round(CONTENT_WIDTH * 0.5);

export interface RealEstateSummaryLayout {
  map?: Box;
  destination: Box;
  typology: Box;
}

/**
 * Where the real-estate summary puts its parts below the figures. With a map: the map on the left half, the two
 * pies stacked on the right. Without one (no coordinates, or the map failed), "the map is dropped and the layout
 * adjusted" (portal-and-report 2 and 8): the pies side by side over the whole width, no empty hole.
 */
export function realEstateSummaryLayout(withMap: boolean): RealEstateSummaryLayout {
  const left = PAGE.margin;
  if (withMap) {
    const x = left + MAP_WIDTH + GAP;
    const width = CONTENT_WIDTH - MAP_WIDTH - GAP;
    const height = (CHARTS_HEIGHT - GAP) / 2;
    return {
      map: { x: left, y: CHARTS_TOP, width: MAP_WIDTH, height: CHARTS_HEIGHT },
      destination: { x, y: CHARTS_TOP, width, height },
      typology: { x, y: CHARTS_TOP + height + GAP, width, height },
    };
  }
  const width = (CONTENT_WIDTH - GAP) / 2;
  return {
    destination: { x: left, y: CHARTS_TOP, width, height: CHARTS_HEIGHT },
    typology: { x: left + width + GAP, y: CHARTS_TOP, width, height: CHARTS_HEIGHT },
  };
}

/** The two charts of the art and luxury summary, side by side below the figures: the pie, then the columns. */
export function artLuxSummaryLayout(): { pie: Box; column: Box } {
  const pieWidth = Math.round(CONTENT_WIDTH * 0.4);
  return {
    pie: { x: PAGE.margin, y: CHARTS_TOP, width: pieWidth, height: CHARTS_HEIGHT },
    column: {
      x: PAGE.margin + pieWidth + GAP,
      y: CHARTS_TOP,
      width: CONTENT_WIDTH - pieWidth - GAP,
      height: CHARTS_HEIGHT,
    },
  };
}

/**
 * A box in pt as px of the spec's report canvas (1190 px over the page's width, section 9): the size the map and
 * the charts are rendered at before they are scaled into their box.
 */
export const REPORT_CANVAS_WIDTH = 1190;
export const canvasPixels = (box: { width: number; height: number }): { width: number; height: number } => {
  const scale = REPORT_CANVAS_WIDTH / PAGE.width;
  return { width: Math.round(box.width * scale), height: Math.round(box.height * scale) };
};

export interface BarSeries {
  name: string;
  data: number[];
}

/**
 * The shares chart: a category per company (in the order the answers first name it, told apart by id), a series
 * per figure the API answered (revenue, profit, EBITDA; a failed one is left out), 0 where an answer lacks the
 * company. Worked example: revenue [{1 A, 100}, {2 B, 50}], profit [{1 A, 10}], ebitda failed give categories
 * [A, B] and series revenue [100, 50], profit [10, 0]. Null when no answer arrived or no company has figures.
 */
export function shareResultBars(
  graphs: SharesReportData['graphs'],
  seriesName: (metric: ShareMetric) => string,
): { year: number; categories: string[]; series: Array<BarSeries & { metric: ShareMetric }> } | null {
  const metrics = SHARE_METRICS.filter((m) => graphs[m] !== undefined);
  const year = metrics.length > 0 ? graphs[metrics[0]!]!.year : undefined;
  const companies = new Map<number, string>();
  for (const m of metrics)
    for (const p of graphs[m]!.item) if (!companies.has(p.companyId)) companies.set(p.companyId, p.legalName);
  if (year === undefined || companies.size === 0) return null;
  const ids = [...companies.keys()];
  return {
    year,
    categories: [...companies.values()],
    series: metrics.map((metric) => {
      const byId = new Map(graphs[metric]!.item.map((p) => [p.companyId, p.value]));
      return { metric, name: seriesName(metric), data: ids.map((id) => byId.get(id) ?? 0) };
    }),
  };
}

export interface Slice {
  label: string;
  value: number;
  /** Percent points of the total. */
  percentage: number;
  color: string;
}

/** The share of each value in their total, in percent points (0 everywhere when the total is 0). */
export function percentages(values: readonly number[]): number[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  return values.map((v) => (total > 0 ? (v / total) * 100 : 0));
}
