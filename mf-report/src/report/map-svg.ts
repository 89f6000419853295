// The real-estate map as SVG, drawn as vectors in the PDF (issue 7): the portal's bundled base layer (Natural Earth
// countries and the Italian regions, shared-ui/src/map/basemap) under the properties' markers, in Web Mercator, with
// the look of the portal's map (shared-ui/src/map/olMap.ts). No tiles, no canvas, no DOM: a pure function, so the
// command draws the map that Node cannot capture. Hex colours and attributes only: what svg2pdf.js draws.
import type { Basemap } from '../../../shared-ui/src/map/basemap/index.ts';
import { CLUSTER_COLOR, initialView, locatedPoints, type MapPoint } from '../../../shared-ui/src/map/view.ts';

export interface MapSize {
  width: number;
  height: number;
}

/** A view of the Web Mercator world: its centre in zoom-0 pixels (the world 256 px wide), the zoom, the size. */
export interface MercatorView extends MapSize {
  centerX: number;
  centerY: number;
  zoom: number;
}

/** Web Mercator's latitude limit: the world is a square. */
const MAX_LATITUDE = 85.0511287798;
const TILE_SIZE = 256;
/** Pixels kept clear around the markers, as the portal's view opens (olMap.ts VIEW_PADDING). */
export const VIEW_PADDING = 40;
/** Markers closer than this (px) merge into one with the count on it, as the portal's clusters. */
export const CLUSTER_DISTANCE = 20;
/** How far beyond the view polygons are cut: their cut edges and strokes stay outside the clip. */
const CLIP_MARGIN = 2;
/** Consecutive vertices closer than this (px) are one: invisible in print, and a smaller PDF. */
const MIN_VERTEX_GAP = 0.5;

/** The portal map's look (olMap.ts: SEA, countryStyle, regionStyle, markerStyle). */
const SEA = '#dde8ec';
const COUNTRY_FILL = '#f3f4f2';
const COUNTRY_STROKE = '#c3cbd0';
const REGION_STROKE = '#aab5bc';
/** Region outlines are noise at world scale (the portal's region layer has minZoom 4). */
const REGION_MIN_ZOOM = 4;
const MARKER_STROKE = '#ffffff';
const COUNT_COLOR = '#ffffff';
const COUNT_FONT_SIZE = 12;

type Pixel = [x: number, y: number];

/** Longitude and latitude as zoom-0 pixels of the Web Mercator world (0..256, y down). */
export function mercatorPixel(lng: number, lat: number): Pixel {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return [((lng + 180) / 360) * TILE_SIZE, ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * TILE_SIZE];
}

/** Where a longitude and latitude fall in the view, in px from its top left corner. */
export function projectToView(view: MercatorView, lng: number, lat: number): Pixel {
  const [x, y] = mercatorPixel(lng, lat);
  const scale = 2 ** view.zoom;
  return [(x - view.centerX) * scale + view.width / 2, (y - view.centerY) * scale + view.height / 2];
}

/**
 * The view of the points: centred on their box, at the zoom of their spread as the portal opens its map
 * (shared-ui initialView: 6 for a single point or a tight group), lowered to the (fractional) zoom at which the
 * box fits in the map less VIEW_PADDING on every side. A printed map cannot be panned: every point is on it.
 */
export function propertyMapView(points: ReadonlyArray<MapPoint>, size: MapSize): MercatorView {
  const initial = initialView(points);
  if (!initial) throw new RangeError('no point with coordinates to show on the map');
  const [west, south, east, north] = initial.extent;
  const [left, bottom] = mercatorPixel(west, south);
  const [right, top] = mercatorPixel(east, north);
  const room = {
    width: Math.max(1, size.width - 2 * VIEW_PADDING),
    height: Math.max(1, size.height - 2 * VIEW_PADDING),
  };
  // Zoom z multiplies zoom-0 pixels by 2^z; a single point's box is empty and fits at any zoom.
  const fit = Math.log2(Math.min(room.width / (right - left), room.height / (bottom - top)));
  return {
    ...size,
    centerX: (left + right) / 2,
    centerY: (top + bottom) / 2,
    zoom: Math.min(initial.zoom, fit),
  };
}

export interface MapMarker {
  x: number;
  y: number;
  /** The properties it stands for: more than one is a cluster, drawn with the count. */
  count: number;
}

/**
 * The markers at their pixels: a point within CLUSTER_DISTANCE of a marker's first point joins it, in the points'
 * order; a marker sits at the mean of its points. Worked example: points at (100, 100) and (110, 100) give one
 * marker of 2 at (105, 100); at (100, 100) and (130, 100), two markers of 1.
 */
export function clusterMarkers(pixels: ReadonlyArray<Pixel>): MapMarker[] {
  const taken = new Set<number>();
  const markers: MapMarker[] = [];
  pixels.forEach(([x, y], seed) => {
    if (taken.has(seed)) return;
    const members = pixels
      .map((pixel, index) => ({ pixel, index }))
      .filter(({ pixel, index }) => !taken.has(index) && Math.hypot(pixel[0] - x, pixel[1] - y) <= CLUSTER_DISTANCE);
    for (const { index } of members) taken.add(index);
    markers.push({
      x: members.reduce((sum, m) => sum + m.pixel[0], 0) / members.length,
      y: members.reduce((sum, m) => sum + m.pixel[1], 0) / members.length,
      count: members.length,
    });
  });
  return markers;
}

/** The marker's radius as the portal draws it: a dot for one property, a badge growing slowly with the count. */
export const markerRadius = (count: number): number => (count === 1 ? 8 : Math.min(22, 12 + Math.log10(count) * 6));

type Box = { left: number; top: number; right: number; bottom: number };

/** Sutherland-Hodgman: the ring cut to the box (an axis-aligned, so convex, clip region); empty when outside it. */
function clipRing(ring: Pixel[], box: Box): Pixel[] {
  const edges: Array<{ inside: (p: Pixel) => boolean; cross: (a: Pixel, b: Pixel) => Pixel }> = [
    { inside: (p) => p[0] >= box.left, cross: (a, b) => atX(a, b, box.left) },
    { inside: (p) => p[0] <= box.right, cross: (a, b) => atX(a, b, box.right) },
    { inside: (p) => p[1] >= box.top, cross: (a, b) => atY(a, b, box.top) },
    { inside: (p) => p[1] <= box.bottom, cross: (a, b) => atY(a, b, box.bottom) },
  ];
  let output = ring;
  for (const edge of edges) {
    const input = output;
    output = [];
    input.forEach((current, i) => {
      const previous = input[(i + input.length - 1) % input.length]!;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) output.push(edge.cross(previous, current));
        output.push(current);
      } else if (edge.inside(previous)) output.push(edge.cross(previous, current));
    });
    if (output.length === 0) break;
  }
  return output;
}

const atX = (a: Pixel, b: Pixel, x: number): Pixel => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
const atY = (a: Pixel, b: Pixel, y: number): Pixel => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];

const round1 = (n: number): number => Math.round(n * 10) / 10;

/**
 * The ring's longitudes made continuous: a ring crossing the antimeridian (Russia's Chukotka, Fiji) jumps between
 * 180 and -180, which would draw a band across the whole map; each jump is undone by 360 degrees instead.
 */
function unwrapped(ring: ReadonlyArray<[number, number]>): Array<[number, number]> {
  let shift = 0;
  return ring.map(([lng, lat], i) => {
    const previous = ring[i - 1];
    if (previous && Math.abs(lng - previous[0]) > 180) shift += lng > previous[0] ? -360 : 360;
    return [lng + shift, lat];
  });
}

/** A ring as path data, to 1 decimal, near vertices dropped; '' when nothing of it is left in the box. */
function ringPath(ring: ReadonlyArray<[number, number]>, view: MercatorView, box: Box): string {
  const clipped = clipRing(
    unwrapped(ring).map(([lng, lat]) => projectToView(view, lng, lat)),
    box,
  );
  const kept: Pixel[] = [];
  for (const [x, y] of clipped) {
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(x - last[0], y - last[1]) >= MIN_VERTEX_GAP) kept.push([round1(x), round1(y)]);
  }
  // GeoJSON rings repeat their first position at the end: Z closes the path instead.
  const [first] = kept;
  const end = kept[kept.length - 1];
  if (first && end && kept.length > 1 && Math.hypot(end[0] - first[0], end[1] - first[1]) < MIN_VERTEX_GAP) kept.pop();
  if (kept.length < 3) return '';
  return `M${kept.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
}

/** Each feature's rings in the box as one path (holes by the even-odd rule); features wholly outside left out. */
function featurePaths(collection: Basemap['countries'], view: MercatorView, box: Box): string[] {
  return collection.features
    .map(({ geometry }) => {
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      return polygons.flatMap((rings) => rings.map((ring) => ringPath(ring, view, box))).join('');
    })
    .filter((d) => d !== '');
}

const markerMarkup = ({ x, y, count }: MapMarker): string => {
  const cx = round1(x);
  const cy = round1(y);
  const circle = `<circle cx="${cx}" cy="${cy}" r="${round1(markerRadius(count))}" fill="${CLUSTER_COLOR}" stroke="${MARKER_STROKE}" stroke-width="2"/>`;
  if (count === 1) return circle;
  // The count centred on the badge: the baseline about a third of the font size below the centre.
  const baseline = round1(cy + COUNT_FONT_SIZE * 0.35);
  return `${circle}<text x="${cx}" y="${baseline}" text-anchor="middle" font-size="${COUNT_FONT_SIZE}" font-weight="700" fill="${COUNT_COLOR}">${count}</text>`;
};

/**
 * The map of the points as an SVG document of `size` px: the sea, the countries filled and outlined, the Italian
 * regions' dashed outlines from zoom 4, and the markers (CLUSTER_COLOR, white stroke; near ones merged with their
 * count in white). Polygons are cut to the view and rounded to 0.1 px. Throws when no point has coordinates.
 */
export function propertyMapSvg(basemap: Basemap, points: ReadonlyArray<MapPoint>, size: MapSize): string {
  const view = propertyMapView(points, size);
  const { width, height } = size;
  const box = { left: -CLIP_MARGIN, top: -CLIP_MARGIN, right: width + CLIP_MARGIN, bottom: height + CLIP_MARGIN };
  const countries = featurePaths(basemap.countries, view, box);
  const regions = view.zoom >= REGION_MIN_ZOOM ? featurePaths(basemap.regions, view, box) : [];
  const markers = clusterMarkers(locatedPoints(points).map((p) => projectToView(view, p.lng, p.lat)));
  const paths = (list: string[]) => list.map((d) => `<path d="${d}"/>`).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><clipPath id="map-view"><rect x="0" y="0" width="${width}" height="${height}"/></clipPath></defs>`,
    '<g clip-path="url(#map-view)">',
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${SEA}"/>`,
    `<g fill="${COUNTRY_FILL}" fill-rule="evenodd" stroke="${COUNTRY_STROKE}" stroke-width="0.6" stroke-linejoin="round">${paths(countries)}</g>`,
    regions.length > 0
      ? `<g fill="none" stroke="${REGION_STROKE}" stroke-width="0.8" stroke-dasharray="3 3">${paths(regions)}</g>`
      : '',
    `<g>${markers.map(markerMarkup).join('')}</g>`,
    '</g></svg>',
  ].join('');
}
