// The address autocomplete (data-and-admin sections 5 and 9): it searches only when the text is longer than 3
// characters, 350 ms after typing stops; choosing a place fills city, province, zipcode, country and coordinates
// (null for the places the geocoder has no coordinates for). Also the arrow-key movement of its listbox.
import { ITALY } from './codes.ts';
import type { RealEstateValues } from './form.ts';

export const AUTOCOMPLETE_MIN_LENGTH = 3;
export const AUTOCOMPLETE_DELAY_MS = 350;

/** Spec: search only when the input is longer than 3 characters ('Roma' searches, 'Bra' does not). */
export const shouldSearch = (text: string): boolean => text.trim().length > AUTOCOMPLETE_MIN_LENGTH;

/** A place the autocomplete offers (the geo route's answer). */
export interface PlaceSuggestion {
  label: string;
  city: string;
  provinceCode: string | null;
  regione?: string | null;
  zipcode: string | null;
  country: string;
  lat: number | null;
  lng: number | null;
}

/**
 * The form after choosing a place: city, province (Italian places only), zipcode, country and coordinates come
 * from it; the address typed stays, since the place names a town and not the street.
 */
export function applySuggestion(values: RealEstateValues, place: PlaceSuggestion): RealEstateValues {
  return {
    ...values,
    city: place.city,
    country: place.country,
    provinceCode: place.country === ITALY ? (place.provinceCode ?? '') : '',
    zipcode: place.zipcode ?? values.zipcode,
    lat: place.lat,
    lng: place.lng,
  };
}

/**
 * The note under the municipality field: 'onMap' when the form has coordinates; 'noMarker' when the place chosen
 * (still the form's city) has none, so the property gets no map marker; otherwise 'hint', how to search.
 */
export function placeNote(
  values: Pick<RealEstateValues, 'city' | 'lat' | 'lng'>,
  chosen: PlaceSuggestion | null,
): 'onMap' | 'noMarker' | 'hint' {
  if (values.lat !== null && values.lng !== null) return 'onMap';
  return chosen !== null && chosen.city === values.city && (chosen.lat === null || chosen.lng === null)
    ? 'noMarker'
    : 'hint';
}

/**
 * The option made active by a key in a listbox of `count` options (-1: none active): ArrowDown and ArrowUp
 * wrap around, Home and End jump; other keys change nothing (null).
 */
export function moveActive(active: number, key: string, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return active < 0 ? 0 : (active + 1) % count;
    case 'ArrowUp':
      return active < 0 ? count - 1 : (active - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
