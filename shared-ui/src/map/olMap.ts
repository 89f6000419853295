// The property map on OpenLayers, loaded lazily (its own chunk, see PropertyMap.tsx): the bundled vector base layer
// (country fills, Italian region outlines) so the map shows offline, the XYZ tiles over it when reachable, and the
// properties as clustered markers. React owns the target element; this module owns everything OpenLayers draws.

import { defaults as defaultControls } from 'ol/control/defaults';
import { boundingExtent, type Extent, getCenter, getHeight, getWidth } from 'ol/extent';
import Feature, { type FeatureLike } from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
// ?raw: the text in the portal's build (every .css is) and in Storybook's (which leaves node_modules CSS to Rsbuild).
import olCss from 'ol/ol.css?raw';
import { fromLonLat, transformExtent } from 'ol/proj';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import View from 'ol/View';
import type { Basemap, PolygonFeatureCollection } from './basemap/index.ts';
import {
  CLUSTER_COLOR,
  initialView,
  type LocatedPoint,
  MAP_MIN_ZOOM,
  MARKER_ZOOM,
  MARKER_ZOOM_MS,
  openingZoom,
} from './view.ts';

export interface MapOptions {
  target: HTMLElement;
  /** Null when the bundled base layer could not be loaded: the map still has its tiles and markers. */
  base: Basemap | null;
  /** The markers and the selected one the map opens with (its view centred on them). */
  points: ReadonlyArray<LocatedPoint>;
  selected: LocatedPoint['id'] | null;
  /** XYZ URL template of the tiles over the base layer, or false for the base layer alone. */
  tiles: string | false;
  /** HTML credit of the tiles. */
  tilesAttribution: string;
  labels: { zoomIn: string; zoomOut: string; attributions: string };
  onSelect: (id: LocatedPoint['id']) => void;
  onTileError: () => void;
  /** Every drawing with all tiles loaded or failed and no animation running (OpenLayers' 'rendercomplete'). */
  onRenderComplete: () => void;
  /** After each move, with the view's zoom. */
  onMoveEnd: (zoom: number) => void;
}

export interface MapController {
  /** Replaces the markers; `fit` also recentres the view on them at the zoom of their spread. */
  setPoints: (points: ReadonlyArray<LocatedPoint>, fit: boolean) => void;
  setSelected: (id: LocatedPoint['id'] | null) => void;
  /** What a marker click does: zoom to the property (17 in 0.5 s). */
  zoomTo: (id: LocatedPoint['id']) => void;
  destroy: () => void;
}

const MAX_ZOOM = 19;
/** Pixels within which markers join a cluster, and the gap kept between clusters. */
const CLUSTER_DISTANCE = 40;
const CLUSTER_MIN_DISTANCE = 20;
const CLUSTER_FIT_PADDING = 48;
/** Pixels kept clear around the markers when the view opens on them. */
const VIEW_PADDING = 40;

const SEA = '#dde8ec';
const countryStyle = new Style({
  fill: new Fill({ color: '#f3f4f2' }),
  stroke: new Stroke({ color: '#c3cbd0', width: 0.6 }),
});
const regionStyle = new Style({ stroke: new Stroke({ color: '#aab5bc', width: 0.8, lineDash: [3, 3] }) });

const markerStroke = new Stroke({ color: '#ffffff', width: 2 });
const selectedStroke = new Stroke({ color: '#16343b', width: 3 });
const badgeFill = new Fill({ color: CLUSTER_COLOR });

/** One style per (count, selected): clusters share them instead of allocating on every frame. */
const styleCache = new Map<string, Style>();
function markerStyle(count: number, selected: boolean): Style {
  const key = `${count}:${selected}`;
  let style = styleCache.get(key);
  if (!style) {
    // A single property is a dot; a cluster a badge growing slowly with its count, the count on it.
    const radius = count === 1 ? 8 : Math.min(22, 12 + Math.log10(count) * 6);
    style = new Style({
      image: new CircleStyle({ radius, fill: badgeFill, stroke: selected ? selectedStroke : markerStroke }),
      text:
        count === 1
          ? undefined
          : new Text({
              text: String(count),
              font: '700 12px Montserrat, system-ui, sans-serif',
              fill: new Fill({ color: '#ffffff' }),
              // A dark halo keeps the white count legible on the badge.
              stroke: new Stroke({ color: 'rgba(10, 40, 46, 0.45)', width: 2 }),
            }),
    });
    styleCache.set(key, style);
  }
  return style;
}

const STYLE_ID = 'pt-ol-styles';
/** OpenLayers' own stylesheet (controls, attribution), before the portal's so the portal's rules override it. */
function injectOlStyles(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = olCss;
  document.head.prepend(style);
}

/** The base layer's polygons in the map's projection (read directly: the base layer holds nothing else). */
const outlines = (collection: PolygonFeatureCollection) =>
  collection.features.map(
    ({ geometry }) =>
      new Feature(
        (geometry.type === 'Polygon'
          ? new Polygon(geometry.coordinates)
          : new MultiPolygon(geometry.coordinates)
        ).transform('EPSG:4326', 'EPSG:3857'),
      ),
  );

const membersOf = (cluster: FeatureLike): Feature<Point>[] => cluster.get('features') ?? [];

export function createMap(options: MapOptions): MapController {
  injectOlStyles();
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const duration = reducedMotion ? 0 : MARKER_ZOOM_MS;
  let selected = options.selected;

  const baseLayers = options.base
    ? [
        new VectorLayer({
          source: new VectorSource({ features: outlines(options.base.countries) }),
          style: countryStyle,
        }),
        new VectorLayer({
          source: new VectorSource({ features: outlines(options.base.regions) }),
          style: regionStyle,
          // Region outlines are noise at world scale.
          minZoom: 4,
        }),
      ]
    : [];

  const tileLayers: TileLayer[] = [];
  if (options.tiles) {
    const source = new XYZ({
      url: options.tiles,
      maxZoom: MAX_ZOOM,
      // Lets the report capture the map's canvas: tiles drawn without CORS would taint it.
      crossOrigin: 'anonymous',
      attributions: options.tilesAttribution,
      attributionsCollapsible: false,
    });
    source.on('tileloaderror', () => options.onTileError());
    tileLayers.push(new TileLayer({ source }));
  }

  const points = new VectorSource<Feature<Point>>();
  const clusters = new Cluster({ source: points, distance: CLUSTER_DISTANCE, minDistance: CLUSTER_MIN_DISTANCE });
  const markers = new VectorLayer({
    source: clusters,
    style: (cluster) => {
      const members = membersOf(cluster);
      return markerStyle(
        members.length,
        members.some((m) => m.getId() === selected),
      );
    },
  });

  const view = new View({
    center: fromLonLat([12.5, 42]),
    zoom: MAP_MIN_ZOOM,
    minZoom: MAP_MIN_ZOOM,
    maxZoom: MAX_ZOOM,
  });
  const map = new OlMap({
    target: options.target,
    layers: [...baseLayers, ...tileLayers, markers],
    view,
    controls: defaultControls({
      rotate: false,
      zoomOptions: { zoomInTipLabel: options.labels.zoomIn, zoomOutTipLabel: options.labels.zoomOut },
      attributionOptions: { tipLabel: options.labels.attributions },
    }),
  });
  options.target.style.background = SEA;

  const isMarkers = (layer: unknown) => layer === markers;
  const zoomToPoint = (feature: Feature<Point>) =>
    view.animate({ center: feature.getGeometry()?.getCoordinates(), zoom: MARKER_ZOOM, duration });

  map.on('click', (event) => {
    const cluster = map.forEachFeatureAtPixel(event.pixel, (f) => f, { layerFilter: isMarkers, hitTolerance: 4 });
    if (!cluster) return;
    const members = membersOf(cluster);
    const [first] = members;
    if (!first) return;
    if (members.length === 1) {
      zoomToPoint(first);
      options.onSelect(first.getId() as LocatedPoint['id']);
      return;
    }
    const extent: Extent = boundingExtent(members.map((m) => m.getGeometry()?.getCoordinates() ?? [0, 0]));
    // Properties at one address never split: zoom onto them, the list tells them apart.
    if (getWidth(extent) === 0 && getHeight(extent) === 0) zoomToPoint(first);
    else view.fit(extent, { duration, padding: Array(4).fill(CLUSTER_FIT_PADDING), maxZoom: MARKER_ZOOM });
  });
  map.on('pointermove', (event) => {
    if (event.dragging) return;
    const hit = map.hasFeatureAtPixel(event.pixel, { layerFilter: isMarkers, hitTolerance: 4 });
    options.target.style.cursor = hit ? 'pointer' : '';
  });
  map.on('rendercomplete', () => options.onRenderComplete());
  map.on('moveend', () => options.onMoveEnd(view.getZoom() ?? MAP_MIN_ZOOM));

  const controller: MapController = {
    setPoints(located, fit) {
      points.clear(true);
      points.addFeatures(
        located.map((p) => {
          const feature = new Feature({ geometry: new Point(fromLonLat([p.lng, p.lat])), label: p.label });
          feature.setId(p.id);
          return feature;
        }),
      );
      const initial = fit ? initialView(located) : null;
      if (initial) {
        const [width = 0, height = 0] = map.getSize() ?? [];
        const roomy = width > 2 * VIEW_PADDING && height > 2 * VIEW_PADDING;
        view.setCenter(getCenter(transformExtent(initial.extent, 'EPSG:4326', 'EPSG:3857')));
        view.setZoom(roomy ? openingZoom(initial, width, height, VIEW_PADDING) : initial.zoom);
      }
    },
    setSelected(id) {
      selected = id;
      markers.changed();
    },
    zoomTo(id) {
      const feature = points.getFeatureById(id);
      if (feature) zoomToPoint(feature);
    },
    destroy() {
      map.setTarget(undefined);
      map.dispose();
    },
  };
  controller.setPoints(options.points, true);
  return controller;
}
