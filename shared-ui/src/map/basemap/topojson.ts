// Reads the TopoJSON of ./data.ts into GeoJSON (RFC 7946, EPSG:4326): only what the base layer holds, polygons.

export interface Topology {
  type: 'Topology';
  /** Present when the arcs are quantized and delta-encoded. */
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: Record<string, { type: 'GeometryCollection'; geometries: TopoGeometry[] }>;
}

type TopoGeometry = { id?: string | number; properties?: Record<string, unknown> } & (
  | { type: 'Polygon'; arcs: number[][] }
  | { type: 'MultiPolygon'; arcs: number[][][] }
  | { type: null }
);

type Position = [lng: number, lat: number];

export type PolygonGeometry =
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface PolygonFeature {
  type: 'Feature';
  id?: string | number;
  properties: Record<string, unknown>;
  geometry: PolygonGeometry;
}

export interface PolygonFeatureCollection {
  type: 'FeatureCollection';
  features: PolygonFeature[];
}

/** The polygons of one object of the topology as a FeatureCollection; empty geometries are left out. */
export function topologyFeatures(topology: Topology, object: string): PolygonFeatureCollection {
  const collection = topology.objects[object];
  if (!collection) throw new Error(`The topology has no object "${object}"`);
  const arcs = decodeArcs(topology);
  const ring = (indexes: number[]): Position[] => {
    const points: Position[] = [];
    for (const index of indexes) {
      // A negative index ~i is arc i walked backwards; consecutive arcs share their joining point.
      const arc = index < 0 ? [...arcs[~index]!].reverse() : arcs[index]!;
      points.push(...(points.length > 0 ? arc.slice(1) : arc));
    }
    return points;
  };
  const features: PolygonFeature[] = [];
  for (const geometry of collection.geometries) {
    if (geometry.type === null) continue;
    features.push({
      type: 'Feature',
      ...(geometry.id !== undefined ? { id: geometry.id } : {}),
      properties: geometry.properties ?? {},
      geometry:
        geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: geometry.arcs.map(ring) }
          : { type: 'MultiPolygon', coordinates: geometry.arcs.map((polygon) => polygon.map(ring)) },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** The arcs in degrees: quantized arcs are running sums of integer steps, scaled and translated. */
function decodeArcs({ arcs, transform }: Topology): Position[][] {
  if (!transform) return arcs;
  const [scaleX, scaleY] = transform.scale;
  const [translateX, translateY] = transform.translate;
  return arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): Position => {
      x += dx;
      y += dy;
      return [x * scaleX + translateX, y * scaleY + translateY];
    });
  });
}
