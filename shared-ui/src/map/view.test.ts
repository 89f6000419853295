// The map's initial view (spec data-and-admin 9: "initial zoom from spread of coordinates (6 tightest, down to 1
// beyond 180 degrees)"): each zoom level out doubles the spread shown, 6 up to 11.25 degrees, 2 up to 180, 1 beyond.
// Only points with both coordinates count. A map too small for that zoom opens a level further out, so that every
// marker shows.
import { describe, expect, test } from 'vitest';
import { initialView, locatedPoints, type MapPoint, openingZoom, zoomForSpread, zoomToFit } from './view.ts';

const at = (id: number, lat: number | null, lng: number | null): MapPoint => ({ id, lat, lng, label: `P${id}` });

describe('zoomForSpread', () => {
  test.each([
    // A single property (no spread) and anything within 11.25 degrees: the tightest zoom.
    [0, 6],
    [3.56, 6],
    [11.25, 6],
    // Just over 11.25 degrees (the whole of Italy, about 12): one level out.
    [11.26, 5],
    [22.5, 5],
    [22.6, 4],
    [45, 4],
    [90, 3],
    [90.1, 2],
    [180, 2],
    // Beyond 180 degrees: the widest zoom, 1.
    [180.1, 1],
    [360, 1],
  ])('a spread of %f degrees starts at zoom %i', (spread, zoom) => {
    expect(zoomForSpread(spread)).toBe(zoom);
  });
});

describe('initialView', () => {
  const milan = at(1, 45.4642, 9.19);
  const rome = at(2, 41.9028, 12.4964);
  const newYork = at(3, 40.7128, -74.006);
  const sydney = at(4, -33.8688, 151.2093);

  test('Milan and Rome: 3.56 degrees of latitude (more than their 3.31 of longitude) give zoom 6', () => {
    const view = initialView([milan, rome]);
    expect(view?.extent).toEqual([9.19, 41.9028, 12.4964, 45.4642]);
    expect(view?.spread).toBeCloseTo(3.5614, 4);
    expect(view?.zoom).toBe(6);
  });

  test('Milan and New York: 83.2 degrees of longitude give zoom 3', () => {
    expect(initialView([milan, newYork])?.zoom).toBe(3);
  });

  test('Milan and Sydney: 142.0 degrees of longitude give zoom 2', () => {
    expect(initialView([milan, sydney])?.zoom).toBe(2);
  });

  test('New York and Sydney: 225.2 degrees of longitude, beyond 180, give zoom 1', () => {
    const view = initialView([newYork, sydney]);
    expect(view?.spread).toBeCloseTo(225.2153, 4);
    expect(view?.zoom).toBe(1);
  });

  test('points without both coordinates are left out of the box and of the spread', () => {
    const view = initialView([milan, at(5, null, 151.2), at(6, -33.9, null), at(7, null, null)]);
    expect(view).toEqual({ extent: [9.19, 45.4642, 9.19, 45.4642], spread: 0, zoom: 6 });
  });

  test('no point with coordinates: no view (the map shows the no-coordinates message)', () => {
    expect(initialView([])).toBeNull();
    expect(initialView([at(1, null, null), at(2, 45, null)])).toBeNull();
  });
});

describe('locatedPoints', () => {
  test('keeps the points with a finite latitude and longitude, 0 included', () => {
    const points = [at(1, 0, 0), at(2, null, 9), at(3, Number.NaN, 9), at(4, 45, 9)];
    expect(locatedPoints(points).map((p) => p.id)).toEqual([1, 4]);
  });
});

describe('zoomToFit and openingZoom', () => {
  test('one degree of longitude at the equator (111,319.49 m) fills 45.51 px at zoom 6 (2,445.98 m a pixel)', () => {
    expect(zoomToFit([0, 0, 1, 0], 111319.49 / 2445.98, 100)).toBeCloseTo(6, 5);
    // Twice the pixels: one zoom level in.
    expect(zoomToFit([0, 0, 1, 0], (2 * 111319.49) / 2445.98, 100)).toBeCloseTo(7, 5);
  });

  test('a single point fits at any zoom', () => {
    expect(zoomToFit([12.5, 41.9, 12.5, 41.9], 640, 320)).toBe(Number.POSITIVE_INFINITY);
    expect(openingZoom({ extent: [12.5, 41.9, 12.5, 41.9], spread: 0, zoom: 6 }, 720, 400, 40)).toBe(6);
  });

  // Milan, Rome, Florence, Naples, Palermo: 7.35 degrees of latitude, zoom 6 by the spread. In 720 x 380 pixels
  // less 40 on each side (640 x 300) they fit up to zoom 5.42 (the latitudes, stretched by Mercator, are the tight
  // side): the map opens at 5. In 720 x 600 (640 x 520) they fit at 6.21: the spread's 6 stands.
  const italy = initialView([
    { id: 1, lat: 45.4642, lng: 9.19, label: 'Milano' },
    { id: 2, lat: 41.9028, lng: 12.4964, label: 'Roma' },
    { id: 3, lat: 43.7696, lng: 11.2558, label: 'Firenze' },
    { id: 4, lat: 40.8518, lng: 14.2681, label: 'Napoli' },
    { id: 5, lat: 38.1157, lng: 13.3615, label: 'Palermo' },
  ])!;
  test('a map too small for the zoom of the spread opens a whole level out, so every marker shows', () => {
    expect(italy.zoom).toBe(6);
    expect(zoomToFit(italy.extent, 640, 300)).toBeCloseTo(5.42, 2);
    expect(openingZoom(italy, 720, 380, 40)).toBe(5);
  });
  test('a map large enough keeps the zoom of the spread', () => {
    expect(zoomToFit(italy.extent, 640, 520)).toBeCloseTo(6.21, 2);
    expect(openingZoom(italy, 720, 600, 40)).toBe(6);
  });
});
