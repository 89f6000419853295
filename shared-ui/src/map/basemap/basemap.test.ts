import { REGIONI } from '@patrimonio/shared-api';
import { describe, expect, it } from 'vitest';
import { loadBasemap, type PolygonFeature, type PolygonFeatureCollection } from './index.ts';
import { type Topology, topologyFeatures } from './topojson.ts';

/** Every [lng, lat] of a feature. */
const positions = (feature: PolygonFeature) =>
  feature.geometry.type === 'Polygon' ? feature.geometry.coordinates.flat() : feature.geometry.coordinates.flat(2);

/** Ray casting over every ring: inside when the count of crossings is odd (holes and islands alike). */
function contains(feature: PolygonFeature, [lng, lat]: [number, number]): boolean {
  const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  let inside = false;
  for (const ring of polygons.flat())
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  return inside;
}

const named = (collection: PolygonFeatureCollection, name: string) =>
  collection.features.find((feature) => feature.properties.name === name);

describe('loadBasemap', () => {
  it('answers the world countries, Italy outlined as its regions, in longitude and latitude', async () => {
    const { countries } = await loadBasemap();
    expect(countries.type).toBe('FeatureCollection');
    expect(countries.features.length).toBeGreaterThan(170);
    const italy = named(countries, 'Italy');
    expect(italy?.id).toBe('380');
    expect(italy?.geometry.type).toBe('MultiPolygon');
    for (const [lng, lat] of positions(italy!)) {
      expect(lng).toBeGreaterThan(6.5);
      expect(lng).toBeLessThan(18.6);
      expect(lat).toBeGreaterThan(35.4); // Lampedusa
      expect(lat).toBeLessThan(47.1);
    }
    expect(contains(italy!, [12.5, 41.9])).toBe(true); // Roma
    // Drawn as its regions (1:10m), Italy keeps the small islands that 1:110m leaves out.
    expect(contains(italy!, [12.6, 35.51])).toBe(true); // Lampedusa
    expect(contains(italy!, [14.95, 38.48])).toBe(true); // Lipari
    expect(contains(italy!, [2.35, 48.86])).toBe(false); // Paris
    expect(contains(named(countries, 'France')!, [2.35, 48.86])).toBe(true);
  });

  it('answers the 20 Italian regions named as in the province list, each around its capital', async () => {
    const { regions } = await loadBasemap();
    expect(regions.features.map((feature) => feature.properties.name).sort()).toEqual([...REGIONI].sort());
    for (const feature of regions.features) {
      const ring =
        feature.geometry.type === 'Polygon' ? feature.geometry.coordinates[0]! : feature.geometry.coordinates[0]![0]!;
      expect(ring.at(0)).toEqual(ring.at(-1)); // closed
    }
    const capitals: [string, [number, number]][] = [
      ['Lombardia', [9.19, 45.46]],
      ['Lazio', [12.5, 41.9]],
      ['Sicilia', [13.36, 38.12]],
      ['Sardegna', [9.11, 39.22]],
      ["Valle d'Aosta", [7.32, 45.74]],
      ['Trentino-Alto Adige', [11.12, 46.07]],
      ['Puglia', [16.87, 41.12]],
    ];
    for (const [name, capital] of capitals) {
      expect(contains(named(regions, name)!, capital), name).toBe(true);
      expect(
        regions.features.filter((feature) => contains(feature, capital)).map((feature) => feature.properties.name),
      ).toEqual([name]);
    }
  });

  it('reads the data once', async () => {
    expect(await loadBasemap()).toBe(await loadBasemap());
  });
});

describe('topologyFeatures', () => {
  // Two unit squares sharing the arc from (1, 0) to (1, 1), quantized with a scale of 0.5 and delta-encoded.
  const topology: Topology = {
    type: 'Topology',
    transform: { scale: [0.5, 0.5], translate: [10, 40] },
    arcs: [
      [
        [2, 0],
        [0, 2],
      ],
      [
        [2, 2],
        [-2, 0],
        [0, -2],
        [2, 0],
      ],
      [
        [2, 0],
        [2, 0],
        [0, 2],
        [-2, 0],
      ],
    ],
    objects: {
      squares: {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Polygon', arcs: [[0, 1]], id: 'west', properties: { name: 'West' } },
          { type: 'MultiPolygon', arcs: [[[2, -1]]], id: 'east' },
          { type: null },
        ],
      },
    },
  };

  it('decodes the arcs and walks negative indexes backwards', () => {
    expect(topologyFeatures(topology, 'squares')).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'west',
          properties: { name: 'West' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [11, 40],
                [11, 41],
                [10, 41],
                [10, 40],
                [11, 40],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          id: 'east',
          properties: {},
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [11, 40],
                  [12, 40],
                  [12, 41],
                  [11, 41],
                  [11, 40],
                ],
              ],
            ],
          },
        },
      ],
    });
  });

  it('rejects an object the topology does not hold', () => {
    expect(() => topologyFeatures(topology, 'circles')).toThrow('no object "circles"');
  });
});
