// The real-estate map in Node: no canvas to capture OpenLayers on, so the map is drawn as vectors instead, from the
// portal's bundled base layer (Natural Earth, no tiles and no network) and the points (report/map-svg.ts). A base
// layer that cannot be read fails the map: the summary is drawn without it, the layout adjusted (portal-and-report 2).
import { loadBasemap } from '../../../shared-ui/src/map/basemap/index.ts';
import { propertyMapSvg } from '../report/map-svg.ts';
import type { MapRenderer } from '../report/types.ts';

export const nodeMap: MapRenderer = async (points, size) => {
  try {
    const basemap = await loadBasemap();
    return { kind: 'svg', markup: propertyMapSvg(basemap, points, size), ...size };
  } catch {
    return undefined;
  }
};
