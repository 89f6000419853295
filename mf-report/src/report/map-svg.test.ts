// The real-estate map as SVG (map-svg.ts): Web Mercator with worked examples, the view around the points, the
// clusters, and the markup cut to the view, on a made-up base layer and on the portal's bundled one.
import { describe, expect, test } from 'vitest';
import { type Basemap, loadBasemap } from '../../../shared-ui/src/map/basemap/index.ts';
import {
  CLUSTER_DISTANCE,
  clusterMarkers,
  mercatorPixel,
  projectToView,
  propertyMapSvg,
  propertyMapView,
  VIEW_PADDING,
} from './map-svg.ts';
import type { MapPoint } from './types.ts';

const point = (id: number, lng: number, lat: number): MapPoint => ({ id, lng, lat, label: `P${id}` });

/** A square polygon feature of the corners' longitudes and latitudes. */
const square = (west: number, south: number, east: number, north: number) => ({
  type: 'Feature' as const,
  properties: {},
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ] as [number, number][],
    ],
  },
});

const basemapOf = (countries: ReturnType<typeof square>[], regions: ReturnType<typeof square>[] = []): Basemap => ({
  countries: { type: 'FeatureCollection', features: countries },
  regions: { type: 'FeatureCollection', features: regions },
});

/** The d attribute of every <path>, and every number in them. */
const pathData = (svg: string) => [...svg.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]!);
const numbers = (d: string) => [...d.matchAll(/-?[\d.]+/g)].map((m) => m[0]);

describe('Web Mercator', () => {
  test('puts longitude and latitude on the 256 px world of zoom 0', () => {
    expect(mercatorPixel(0, 0)).toEqual([128, 128]);
    const [x, y] = mercatorPixel(-180, 85.0511287798);
    expect(x).toBe(0);
    expect(y).toBeCloseTo(0, 6);
    // Beyond the projection's limit a latitude is held at it (the poles are infinitely far).
    expect(mercatorPixel(180, -90)[1]).toBeCloseTo(256, 6);
  });

  test('projects a known point to a known pixel of a view', () => {
    // Zoom 2: the world is 1024 px wide; the view, 512 x 512, is centred on (0, 0).
    const view = { centerX: 128, centerY: 128, zoom: 2, width: 512, height: 512 };
    expect(projectToView(view, 90, 0)).toEqual([512, 256]);
    expect(projectToView(view, -90, 0)).toEqual([0, 256]);
    // 66.51326 degrees north is a quarter of the world above the equator: y 64 at zoom 0, the view's top edge.
    const [x, y] = projectToView(view, 0, 66.51326);
    expect(x).toBe(256);
    expect(y).toBeCloseTo(0, 3);
  });
});

describe('propertyMapView', () => {
  test("a single property is at the map's centre at the portal's zoom for one point, 6", () => {
    const view = propertyMapView([point(1, 12.4964, 41.9028)], { width: 600, height: 400 });
    expect(view.zoom).toBe(6);
    const [x, y] = projectToView(view, 12.4964, 41.9028);
    expect(x).toBeCloseTo(300, 6);
    expect(y).toBeCloseTo(200, 6);
  });

  test('keeps the zoom of the spread when the points fit, else lowers it until they fit inside the padding', () => {
    // 20 degrees apart: zoom 5 (up to 22.5 degrees), 10 degrees = 227.56 px each side of the centre.
    const spread = [point(1, -10, 0), point(2, 10, 0)];
    const roomy = propertyMapView(spread, { width: 600, height: 400 });
    expect(roomy.zoom).toBe(5);
    expect(projectToView(roomy, -10, 0)[0]).toBeCloseTo(300 - 227.56, 2);
    // 40 degrees (zoom 4) in 400 px less 40 on each side: 28.44 px at zoom 0 into 320 px, zoom log2(11.25) = 3.49.
    const tight = propertyMapView([point(1, -20, 0), point(2, 20, 0)], { width: 400, height: 400 });
    expect(tight.zoom).toBeCloseTo(Math.log2(11.25), 6);
    expect(projectToView(tight, -20, 0)[0]).toBeCloseTo(VIEW_PADDING, 6);
    expect(projectToView(tight, 20, 0)[0]).toBeCloseTo(400 - VIEW_PADDING, 6);
  });

  test('the view contains every point, inside the padding', () => {
    // Too small for zoom 6 (Milano to Palermo is 450 px tall there): the view is fitted.
    const size = { width: 300, height: 400 };
    const points = [
      point(1, 9.1866, 45.4719), // Milano
      point(2, 12.4631, 41.9067), // Roma
      point(3, 13.3615, 38.1157), // Palermo
      point(4, 7.2653, 43.6947), // Nizza
      point(5, 12.3155, 45.4408), // Venezia
    ];
    const view = propertyMapView(points, size);
    expect(view.zoom).toBeLessThan(6);
    for (const p of points) {
      const [x, y] = projectToView(view, p.lng, p.lat);
      expect(x).toBeGreaterThanOrEqual(VIEW_PADDING - 1e-6);
      expect(x).toBeLessThanOrEqual(size.width - VIEW_PADDING + 1e-6);
      expect(y).toBeGreaterThanOrEqual(VIEW_PADDING - 1e-6);
      expect(y).toBeLessThanOrEqual(size.height - VIEW_PADDING + 1e-6);
    }
    // Fitted to the north-south spread, the wider one on the map: Milano at the top padding, Palermo at the bottom.
    expect(projectToView(view, 9.1866, 45.4719)[1]).toBeCloseTo(VIEW_PADDING, 6);
    expect(projectToView(view, 13.3615, 38.1157)[1]).toBeCloseTo(size.height - VIEW_PADDING, 6);
  });

  test('needs a point with coordinates', () => {
    expect(() => propertyMapView([], { width: 100, height: 100 })).toThrow(RangeError);
  });
});

describe('clusterMarkers', () => {
  test(`merges points closer than ${CLUSTER_DISTANCE} px into one marker at their mean, with their count`, () => {
    expect(
      clusterMarkers([
        [100, 100],
        [110, 100],
      ]),
    ).toEqual([{ x: 105, y: 100, count: 2 }]);
    expect(
      clusterMarkers([
        [100, 100],
        [130, 100],
      ]),
    ).toEqual([
      { x: 100, y: 100, count: 1 },
      { x: 130, y: 100, count: 1 },
    ]);
    // A chain: the third point is 30 px from the first marker's seed, so it stands alone.
    expect(
      clusterMarkers([
        [0, 0],
        [15, 0],
        [30, 0],
      ]),
    ).toEqual([
      { x: 7.5, y: 0, count: 2 },
      { x: 30, y: 0, count: 1 },
    ]);
  });
});

describe('propertyMapSvg', () => {
  // Two properties 0.1 degrees apart (4.55 px at zoom 6): one marker of 2 at the centre of the 200 x 100 map.
  const points = [point(1, 0, 0), point(2, 0.1, 0)];
  const size = { width: 200, height: 100 };

  test('draws the sea, the countries cut to the view, the regions dashed and one cluster with its count', () => {
    const svg = propertyMapSvg(
      basemapOf(
        [square(-5, -5, 5, 5), square(50, 50, 51, 51)], // one larger than the view, one far outside it
        [square(-0.5, -0.5, 0.5, 0.5)],
      ),
      points,
      size,
    );
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="200" height="100" viewBox="0 0 200 100">/);
    expect(svg).toContain('<clipPath id="map-view"><rect x="0" y="0" width="200" height="100"/></clipPath>');
    expect(svg).toContain('fill="#dde8ec"');
    const [country, region, ...others] = pathData(svg);
    expect(others).toEqual([]);
    // The country is cut 2 px beyond the view's edges; the far one is left out.
    expect(country).toBe('M-2 -2L-2 102L202 102L202 -2Z');
    // The region: 45.51 px a degree at zoom 6, the view centred on longitude 0.05: its west edge 0.55 degrees
    // left of the centre, 100 - 25.03 = 75.0, its east edge 100 + 20.48 = 120.5; 0.5 degrees north 22.76 px up.
    const [west, north] = projectToView(propertyMapView(points, size), -0.5, 0.5);
    expect(west).toBeCloseTo(74.97, 2);
    expect(north).toBeCloseTo(27.24, 2);
    expect(region).toBe('M75 72.8L120.5 72.8L120.5 27.2L75 27.2Z');
    expect(svg).toContain('stroke="#aab5bc" stroke-width="0.8" stroke-dasharray="3 3"');
    expect(svg).toContain('fill="#f3f4f2" fill-rule="evenodd" stroke="#c3cbd0"');
    // One marker for both, in the cluster colour with a white stroke, the count in white.
    expect(svg.match(/<circle /g)).toHaveLength(1);
    expect(svg).toContain('<circle cx="100" cy="50" r="13.8" fill="#538d99" stroke="#ffffff" stroke-width="2"/>');
    expect(svg).toContain(
      '<text x="100" y="54.2" text-anchor="middle" font-size="12" font-weight="700" fill="#ffffff">2</text>',
    );
    // Hex colours only, no classes or styles svg2pdf.js would not read.
    expect(svg).not.toMatch(/class=|style=|rgba?\(|hsl/);
  });

  test('leaves the region outlines out at world scale, as the portal does below zoom 4', () => {
    const svg = propertyMapSvg(
      basemapOf([square(-5, -5, 5, 5)], [square(-0.5, -0.5, 0.5, 0.5)]),
      [point(1, -100, 40), point(2, 100, 40)],
      { width: 560, height: 640 },
    );
    expect(svg).not.toContain('stroke-dasharray');
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(svg).not.toContain('<text');
  });

  test('a polygon across the antimeridian is drawn whole, not as a band across the map', () => {
    const fiji = {
      type: 'Feature' as const,
      properties: {},
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [175, -5],
            [-175, -5],
            [-175, 5],
            [175, 5],
            [175, -5],
          ] as [number, number][],
        ],
      },
    };
    const svg = propertyMapSvg(
      { countries: { type: 'FeatureCollection', features: [fiji] }, regions: basemapOf([]).regions },
      [point(1, 180, 0)],
      { width: 1000, height: 1000 },
    );
    // Zoom 6: 5 degrees = 227.6 px either side of the centre.
    const xs = numbers(pathData(svg)[0]!)
      .filter((_, i) => i % 2 === 0)
      .map(Number);
    expect(Math.min(...xs)).toBeCloseTo(500 - 227.6, 1);
    expect(Math.max(...xs)).toBeCloseTo(500 + 227.6, 1);
  });

  test("on the portal's base layer: Italy with its regions, coordinates to 0.1 px inside the view, a small file", async () => {
    const size = { width: 560, height: 640 };
    const svg = propertyMapSvg(
      await loadBasemap(),
      [point(1, 9.1866, 45.4719), point(2, 12.4631, 41.9067), point(3, 14.2378, 40.8357)],
      size,
    );
    const paths = pathData(svg);
    // The countries around Italy and the 20 regions, not the 177 countries of the world.
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(60);
    expect(svg).toContain('stroke-dasharray');
    for (const value of paths.flatMap(numbers)) {
      expect(value).toMatch(/^-?\d+(\.\d)?$/);
      expect(Number(value)).toBeGreaterThanOrEqual(-2);
      expect(Number(value)).toBeLessThanOrEqual(size.height + 2);
    }
    expect(svg.length).toBeLessThan(200_000);
  });
});
