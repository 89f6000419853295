// The map points and the pie slices of the real-estate page.
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import { mapPoints, pieSlices } from './view.ts';

/** Stands in for the catalog: the Italian source text of each descriptor. */
const source = (d: MessageDescriptor) => d.message ?? d.id;

describe('pie slices', () => {
  test('typology codes become their names; empty slices are dropped', () => {
    const items = [
      { name: 'RESIDENTIAL', value: 350_000 },
      { name: 'COMMERCIAL', value: 0 },
      { name: 'LAND', value: 40_000 },
    ];
    expect(pieSlices('typology', items, source)).toEqual([
      { label: 'Residenziale', value: 350_000 },
      { label: 'Terreno', value: 40_000 },
    ]);
  });
  test('destination codes become their names; an unknown code shows as it is', () => {
    const items = [
      { name: 'FIRST_HOUSE', value: 175_000 },
      { name: 'OTHER', value: 10 },
    ];
    expect(pieSlices('destination', items, source)).toEqual([
      { label: 'Prima casa', value: 175_000 },
      { label: 'OTHER', value: 10 },
    ]);
  });
});

describe('map points', () => {
  test('one point per property, labelled by its description, coordinates as they are', () => {
    expect(
      mapPoints([
        { id: 1, lat: 44.49, lng: 11.34, description: 'Casa a Bologna' },
        { id: 2, lat: null, lng: null, description: 'Terreno senza coordinate' },
      ]),
    ).toEqual([
      { id: 1, lat: 44.49, lng: 11.34, label: 'Casa a Bologna' },
      { id: 2, lat: null, lng: null, label: 'Terreno senza coordinate' },
    ]);
  });
});
