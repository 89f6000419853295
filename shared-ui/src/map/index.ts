// The property map (issue 6) on OpenLayers: clustered markers over a bundled vector base layer (shows offline) and
// OpenStreetMap tiles when reachable. OpenLayers and the base layer load lazily, in chunks of their own.
export type { Basemap } from './basemap/index.ts';
export {
  loadMapModule,
  type MapErrorCause,
  type MapState,
  OSM_TILES,
  PropertyMap,
  type PropertyMapProps,
} from './PropertyMap.tsx';
export {
  CLUSTER_COLOR,
  type InitialView,
  initialView,
  type LocatedPoint,
  locatedPoints,
  MAP_MIN_ZOOM,
  MARKER_ZOOM,
  MARKER_ZOOM_MS,
  type MapPoint,
  zoomForSpread,
} from './view.ts';
