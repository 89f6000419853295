// The address autocomplete's rules (spec sections 5 and 9) and its listbox keys.
import { describe, expect, test } from 'vitest';
import {
  AUTOCOMPLETE_DELAY_MS,
  applySuggestion,
  moveActive,
  type PlaceSuggestion,
  placeNote,
  shouldSearch,
} from './autocomplete.ts';
import { emptyValues } from './form.ts';

describe('when to search', () => {
  test('only when the text is longer than 3 characters, 350 ms after typing stops', () => {
    expect(shouldSearch('Bra')).toBe(false);
    expect(shouldSearch('  Bra  ')).toBe(false);
    expect(shouldSearch('Roma')).toBe(true);
    expect(shouldSearch('Via Roma 1, Milano')).toBe(true);
    expect(AUTOCOMPLETE_DELAY_MS).toBe(350);
  });
});

describe('choosing a place', () => {
  const bologna: PlaceSuggestion = {
    label: 'Bologna (BO)',
    city: 'Bologna',
    provinceCode: 'BO',
    regione: 'Emilia-Romagna',
    zipcode: '40121',
    country: 'IT',
    lat: 44.4949,
    lng: 11.3426,
  };
  test('fills city, province, zipcode, country and coordinates; keeps the street typed', () => {
    const v = applySuggestion({ ...emptyValues(1), address: 'Via Rizzoli' }, bologna);
    expect(v).toMatchObject({
      address: 'Via Rizzoli',
      city: 'Bologna',
      provinceCode: 'BO',
      zipcode: '40121',
      country: 'IT',
      lat: 44.4949,
      lng: 11.3426,
    });
  });
  test('a place abroad sets no province; a place without a zipcode keeps the one typed', () => {
    const v = applySuggestion(
      { ...emptyValues(1), provinceCode: 'MI', zipcode: '00000' },
      { ...bologna, country: 'SM', provinceCode: 'RN', zipcode: null },
    );
    expect(v).toMatchObject({ country: 'SM', provinceCode: '', zipcode: '00000' });
  });
});

describe('a place without coordinates', () => {
  // One of the municipalities the geocoder has no coordinates for (server/src/geo/README.md).
  const ariano: PlaceSuggestion = {
    label: 'Ariano Irpino (AV)',
    city: 'Ariano Irpino',
    provinceCode: 'AV',
    regione: 'Campania',
    zipcode: '83031',
    country: 'IT',
    lat: null,
    lng: null,
  };
  test('fills city, province, zipcode and country, and clears the coordinates of an earlier place', () => {
    const before = { ...emptyValues(1), address: 'Via Roma', city: 'Bologna', lat: 44.4949, lng: 11.3426 };
    expect(applySuggestion(before, ariano)).toMatchObject({
      address: 'Via Roma',
      city: 'Ariano Irpino',
      provinceCode: 'AV',
      zipcode: '83031',
      country: 'IT',
      lat: null,
      lng: null,
    });
  });
  test('the note says no marker after choosing it, on the map with coordinates, how to search otherwise', () => {
    const chosen = applySuggestion(emptyValues(1), ariano);
    expect(placeNote(chosen, ariano)).toBe('noMarker');
    expect(placeNote({ city: 'Bologna', lat: 44.4949, lng: 11.3426 }, null)).toBe('onMap');
    // Typed by hand (nothing chosen, or the text changed since): the search hint.
    expect(placeNote({ city: 'Ariano', lat: null, lng: null }, null)).toBe('hint');
    expect(placeNote({ city: 'Ariano Irp', lat: null, lng: null }, ariano)).toBe('hint');
  });
});

describe('listbox keys', () => {
  test('arrows wrap, Home and End jump, other keys do nothing', () => {
    expect(moveActive(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(0, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(1, 'Home', 3)).toBe(0);
    expect(moveActive(1, 'End', 3)).toBe(2);
    expect(moveActive(1, 'a', 3)).toBeNull();
    expect(moveActive(-1, 'ArrowDown', 0)).toBeNull();
  });
});
