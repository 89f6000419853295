// The map's bundled base layer (issue 6): world country outlines and the 20 Italian regions, so the map shows
// without a network. The data (Natural Earth, see README.md) loads lazily, in a chunk of its own.
import { type PolygonFeatureCollection, type Topology, topologyFeatures } from './topojson.ts';

export type { PolygonFeature, PolygonFeatureCollection, PolygonGeometry } from './topojson.ts';

export interface Basemap {
  /** Natural Earth 1:110m countries: `id` the ISO 3166-1 numeric code ('380' Italy), `properties.name` in English. */
  countries: PolygonFeatureCollection;
  /** The Italian regions: `properties.name` as in the province list ('Lombardia', "Valle d'Aosta"). */
  regions: PolygonFeatureCollection;
}

let loading: Promise<Basemap> | undefined;

/** The base layer as GeoJSON in EPSG:4326 (longitude, latitude), read once; a failed load is tried again. */
export function loadBasemap(): Promise<Basemap> {
  loading ??= import(/* webpackChunkName: "basemap-data" */ './data.ts')
    .then(({ COUNTRIES_TOPOJSON, REGIONS_TOPOJSON }) => ({
      countries: topologyFeatures(JSON.parse(COUNTRIES_TOPOJSON) as Topology, 'countries'),
      regions: topologyFeatures(JSON.parse(REGIONS_TOPOJSON) as Topology, 'regions'),
    }))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
