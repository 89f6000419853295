// The real-estate section of the report (portal-and-report 2 "Report pages", 3 "Real estate (report)", 8): a summary
// page (the stats, the map of the properties, the pies by destination and typology) and the list of houses and lands.
// The map comes from ctx.map, a raster (the browser's captured map) or SVG drawn as vectors (the command's); when no
// property has coordinates it is not asked for, and when it fails or cannot be drawn "the map is dropped and the
// layout adjusted": the pies take its room.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DESTINATIONS, type RealEstate, type ResponseOf, TYPOLOGIES } from '@patrimonio/shared-api';
import type { jsPDF } from 'jspdf';
import { addSectionPage, drawImageInBox } from '../../pdf/document.ts';
import { money } from '../../pdf/format.ts';
import { drawSvg } from '../../pdf/svg.ts';
import type { ReportColumn } from '../../pdf/table.ts';
import { reportPieColor } from '../charts/common.ts';
import {
  drawCaption,
  drawFigures,
  drawListBlock,
  drawPieBlock,
  isFamilyReport,
  isReadableImage,
} from '../charts/real-assets.ts';
import type { MapImage, SectionContext, SectionDrawer } from '../types.ts';
import {
  addressText,
  type Box,
  CAPTION_HEIGHT,
  canvasPixels,
  codeName,
  DESTINATION_LABELS,
  propertyMapPoints,
  realEstateSummaryLayout,
  type Slice,
  TYPOLOGY_LABELS,
} from './real-assets-rules.ts';

export const drawRealEstate: SectionDrawer = async (ctx) => {
  const pages = ctx.data.plan.pages;
  if (pages.some((p) => p.kind === 'realEstateSummary')) {
    ctx.checkCancelled();
    await drawSummary(ctx);
  }
  if (pages.some((p) => p.kind === 'realEstateList')) {
    ctx.checkCancelled();
    drawList(ctx);
  }
};

/**
 * A pie's slices: the code's translated name, the value and its share as the API gives them, the colour of the
 * code's place in its list (the same in every report); empty slices left out. Undefined when the call failed.
 */
function pieSlices(
  ctx: SectionContext,
  pie: ResponseOf<'realEstatePieDestination'> | undefined,
  labels: Readonly<Record<string, MessageDescriptor>>,
  codes: readonly string[],
): Slice[] | undefined {
  return pie?.item
    .filter((slice) => slice.value > 0)
    .map((slice) => ({
      label: codeName(ctx.i18n, labels, slice.name),
      value: slice.value,
      percentage: slice.percentage,
      color: reportPieColor(Math.max(0, codes.indexOf(slice.name))),
    }));
}

async function drawSummary(ctx: SectionContext): Promise<void> {
  const { doc, i18n, locale } = ctx;
  const { houses, lands, stat, pieDestination, pieTypology } = ctx.data.realEstate;
  const { y } = addSectionPage(doc, ctx.header(ctx.title));
  drawFigures(
    ctx,
    stat && [
      { label: i18n._(msg`Valore totale`), value: money(stat.totalValue, locale) },
      { label: i18n._(msg`Debito collegato`), value: money(stat.linkedDebt, locale) },
      { label: i18n._(msg`Reddito mensile`), value: money(stat.monthlyIncome, locale) },
      { label: i18n._(msg`Manutenzione mensile`), value: money(stat.monthlyMaintenance, locale) },
      { label: i18n._(msg`Rata mensile`), value: money(stat.monthlyDebt, locale) },
    ],
    y,
  );

  const withMap = realEstateSummaryLayout(true);
  const mapBox = withMap.map!;
  const imageBox = {
    x: mapBox.x,
    y: mapBox.y + CAPTION_HEIGHT,
    width: mapBox.width,
    height: mapBox.height - CAPTION_HEIGHT,
  };
  const points = propertyMapPoints(houses?.item, lands?.item);
  // A renderer that throws counts as a failed map; a cancellation is caught by checkCancelled right after.
  const answer = points.length > 0 ? await ctx.map(points, canvasPixels(imageBox)).catch(() => undefined) : undefined;
  ctx.checkCancelled();
  const drawn = answer ? await drawMap(doc, answer, imageBox) : false;
  const layout = drawn ? withMap : realEstateSummaryLayout(false);
  if (drawn) drawCaption(doc, i18n._(msg`Mappa`), mapBox.x, mapBox.y);
  await drawPieBlock(
    ctx,
    layout.destination,
    i18n._(msg`Valore per destinazione`),
    pieSlices(ctx, pieDestination, DESTINATION_LABELS, DESTINATIONS),
  );
  await drawPieBlock(
    ctx,
    layout.typology,
    i18n._(msg`Valore per tipologia`),
    pieSlices(ctx, pieTypology, TYPOLOGY_LABELS, TYPOLOGIES),
  );
}

/** The form objects a failed SVG may have left open, ended under one key (jsPDF keeps only the first). */
const DROPPED_MAP_FORM = 'report-dropped-map';
const MAX_OPEN_FORMS = 64;

/**
 * Draws the map into the box: a raster fitted and centred, an SVG as vectors. False when it cannot be drawn (an
 * image jsPDF cannot read, markup svg2pdf.js fails on), with nothing of it left on the page: the map is dropped.
 */
async function drawMap(doc: jsPDF, map: MapImage, box: Box): Promise<boolean> {
  if (map.kind === 'raster') {
    if (!isReadableImage(doc, map.dataUrl)) return false;
    drawImageInBox(doc, map.dataUrl, box.x, box.y, box);
    return true;
  }
  // jsPDF keeps each page's content as a list of operator lines: an SVG that fails half-way is taken off again.
  const pageNumber = doc.getCurrentPageInfo().pageNumber;
  const pageContent = (): string[] | undefined => (doc.internal.pages as unknown as string[][])[pageNumber];
  const content = pageContent();
  const drawnBefore = content?.length ?? 0;
  const advanced = doc.isAdvancedAPI();
  try {
    await drawSvg(doc, map.markup, box);
    return true;
  } catch {
    // svg2pdf.js may have failed inside a form object (a <use>, a pattern), which jsPDF draws into instead of the
    // page until it is ended (its page list is the form's meanwhile), and in jsPDF's advanced API mode (y down):
    // both are undone before the page's content is.
    for (let open = 0; pageContent() !== content && open < MAX_OPEN_FORMS; open++) doc.endFormObject(DROPPED_MAP_FORM);
    if (!advanced) doc.compatAPI();
    if (content) content.length = drawnBefore;
    return false;
  }
}

/** The houses' and lands' tables (portal-and-report 3): owner (family only), description, destination, address,
 * city and the current evaluation. */
function drawList(ctx: SectionContext): void {
  const { i18n, locale } = ctx;
  const { houses, lands } = ctx.data.realEstate;
  const columns: ReportColumn<RealEstate>[] = [
    ...(isFamilyReport(ctx) ? [{ header: i18n._(msg`Intestatario`), text: (p: RealEstate) => p.owner }] : []),
    { header: i18n._(msg`Descrizione`), text: (p) => p.description },
    { header: i18n._(msg`Destinazione`), text: (p) => codeName(i18n, DESTINATION_LABELS, p.destination) },
    { header: i18n._(msg`Indirizzo`), text: addressText },
    { header: i18n._(msg`Comune`), text: (p) => p.city },
    { header: i18n._(msg`Valutazione`), text: (p) => money(p.selectedEvaluation, locale), align: 'right' },
  ];
  let { y } = addSectionPage(ctx.doc, ctx.header(ctx.title));
  y = drawListBlock(ctx, { title: i18n._(msg`Fabbricati`), columns, rows: houses?.item, y });
  drawListBlock(ctx, { title: i18n._(msg`Terreni`), columns, rows: lands?.item, y });
}
