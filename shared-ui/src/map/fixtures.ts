// Sample properties for the map's stories and browser test (sample data: names are not translatable content).
import type { MapPoint } from './view.ts';

/** Properties across Italy: two in Rome a few hundred metres apart (one cluster), one without coordinates. */
export const italianProperties: MapPoint[] = [
  { id: 1, lat: 41.9028, lng: 12.4964, label: 'Appartamento via del Corso, Roma' },
  { id: 2, lat: 41.9065, lng: 12.4823, label: 'Attico piazza del Popolo, Roma' },
  { id: 3, lat: 45.4642, lng: 9.19, label: 'Ufficio corso Buenos Aires, Milano' },
  { id: 4, lat: 43.7696, lng: 11.2558, label: 'Casa in Oltrarno, Firenze' },
  { id: 5, lat: 40.8518, lng: 14.2681, label: 'Negozio via Toledo, Napoli' },
  { id: 6, lat: 38.1157, lng: 13.3615, label: 'Terreno agricolo, Palermo' },
  { id: 7, lat: null, lng: null, label: 'Rustico senza indirizzo' },
];

/** Properties on three continents: a spread of 225 degrees of longitude (the widest zoom). */
export const worldwideProperties: MapPoint[] = [
  { id: 'mi', lat: 45.4642, lng: 9.19, label: 'Milano' },
  { id: 'ny', lat: 40.7128, lng: -74.006, label: 'New York' },
  { id: 'syd', lat: -33.8688, lng: 151.2093, label: 'Sydney' },
];

/** No property has both coordinates. */
export const propertiesWithoutCoordinates: MapPoint[] = [
  { id: 8, lat: null, lng: null, label: 'Rustico senza indirizzo' },
  { id: 9, lat: 45.1, lng: null, label: 'Terreno senza longitudine' },
];

/** A tile server nobody answers (connection refused at once): the tiles-offline state. */
export const UNREACHABLE_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
