// The map's initial view (pure, no OpenLayers): which points can be drawn, the box around them and the zoom their
// spread calls for (spec data-and-admin 9: 6 for the tightest spread, down to 1 beyond 180 degrees), lowered when
// the map is too small to show them all at that zoom. The map's minimum zoom (2) then applies on top.

export interface MapPoint {
  id: number | string;
  lat: number | null;
  lng: number | null;
  /** The property's name, for the keyboard list and the marker's title. */
  label: string;
}

/** A point with both coordinates: only these get a marker. */
export type LocatedPoint = MapPoint & { lat: number; lng: number };

/** Lowest zoom the user can reach (spec: min zoom 2). */
export const MAP_MIN_ZOOM = 2;
/** Zoom a marker click animates to, and how long the animation lasts (spec: 17 in 0.5 s). */
export const MARKER_ZOOM = 17;
export const MARKER_ZOOM_MS = 500;
/** The cluster badge's colour (spec). */
export const CLUSTER_COLOR = '#538d99';

/** Initial zoom for the tightest spread, and for a spread beyond 180 degrees. */
export const TIGHTEST_ZOOM = 6;
export const WIDEST_ZOOM = 1;
/** The widest spread still at TIGHTEST_ZOOM: each zoom level out doubles it, so 180 degrees is zoom 2. */
const TIGHTEST_SPREAD = 180 / 2 ** (TIGHTEST_ZOOM - 2);

const isCoordinate = (v: number | null): v is number => typeof v === 'number' && Number.isFinite(v);

export function locatedPoints(points: ReadonlyArray<MapPoint>): LocatedPoint[] {
  return points.filter((p): p is LocatedPoint => isCoordinate(p.lat) && isCoordinate(p.lng));
}

/**
 * Initial zoom for points `spread` degrees apart (the larger of the latitude and longitude ranges): 6 up to
 * 11.25 degrees, 5 up to 22.5, 4 up to 45, 3 up to 90, 2 up to 180, 1 beyond.
 */
export function zoomForSpread(spread: number): number {
  let zoom = TIGHTEST_ZOOM;
  let widest = TIGHTEST_SPREAD;
  while (zoom > WIDEST_ZOOM && spread > widest) {
    zoom--;
    widest *= 2;
  }
  return zoom;
}

export interface InitialView {
  /** [west, south, east, north] in degrees (EPSG:4326): the map centres on it. */
  extent: [number, number, number, number];
  /** Degrees: the larger of the latitude and longitude ranges. */
  spread: number;
  zoom: number;
}

/** The box around the located points and the zoom of their spread; null when no point has coordinates. */
export function initialView(points: ReadonlyArray<MapPoint>): InitialView | null {
  const located = locatedPoints(points);
  if (located.length === 0) return null;
  const lngs = located.map((p) => p.lng);
  const lats = located.map((p) => p.lat);
  const extent: InitialView['extent'] = [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
  const spread = Math.max(extent[2] - extent[0], extent[3] - extent[1]);
  return { extent, spread, zoom: zoomForSpread(spread) };
}

/** Web Mercator (EPSG:3857): the earth's radius in metres and the metres per pixel of zoom 0 (256-pixel tiles). */
const EARTH_RADIUS = 6378137;
const ZOOM_0_RESOLUTION = (2 * Math.PI * EARTH_RADIUS) / 256;
const mercatorX = (lng: number) => (EARTH_RADIUS * lng * Math.PI) / 180;
const mercatorY = (lat: number) => EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** The highest (fractional) zoom at which `extent` fits in `width` x `height` pixels; Infinity for a single point. */
export function zoomToFit(extent: InitialView['extent'], width: number, height: number): number {
  const [west, south, east, north] = extent;
  const metresPerPixel = Math.max(
    (mercatorX(east) - mercatorX(west)) / width,
    (mercatorY(north) - mercatorY(south)) / height,
  );
  return Math.log2(ZOOM_0_RESOLUTION / metresPerPixel);
}

/**
 * The zoom the map opens at: the zoom of the points' spread, or the whole zoom level below it at which they all fit
 * in the map (`width` x `height` pixels, less `padding` on every side) when the map is too small for it.
 */
export function openingZoom(view: InitialView, width: number, height: number, padding: number): number {
  const fit = zoomToFit(view.extent, width - 2 * padding, height - 2 * padding);
  return Math.min(view.zoom, Math.floor(fit));
}
