// Schemas and types of ./geo.ts: the address autocomplete (data-and-admin section 5 "Validation rules").
import { type Static, Type } from 'typebox';
import { NOT_BLANK_PATTERN } from './limits.ts';

/** The autocomplete starts after more than 3 characters (the form's rule, kept by the route too). */
export const GEO_QUERY_MIN_LENGTH = 4;
export const GEO_LIMIT_DEFAULT = 10;
export const GEO_LIMIT_MAX = 20;

export const GeoAutocompleteQuery = Type.Object(
  {
    q: Type.String({
      minLength: GEO_QUERY_MIN_LENGTH,
      maxLength: 200,
      pattern: NOT_BLANK_PATTERN,
      description: "Start of a place name, accents and case ignored; 'name (sigla)' keeps one province",
    }),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: GEO_LIMIT_MAX, default: GEO_LIMIT_DEFAULT, description: 'At most' }),
    ),
  },
  { additionalProperties: false },
);
export type GeoAutocompleteQuery = Static<typeof GeoAutocompleteQuery>;

export const GeoPlace = Type.Object({
  label: Type.String({ description: "What the list shows, e.g. 'Forlì (FC)'" }),
  city: Type.String(),
  provinceCode: Type.String({ description: 'Two-letter sigla' }),
  regione: Type.String(),
  zipcode: Type.Union([Type.String(), Type.Null()], { description: 'null when the city has several CAPs' }),
  country: Type.Literal('IT'),
  // A few hundred municipalities have no point in any licensed source: they are still offered, without coordinates.
  lat: Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()], {
    description: 'WGS84 degrees; null (with lng) when the coordinates of the place are not known',
  }),
  lng: Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()], {
    description: 'WGS84 degrees; null (with lat) when the coordinates of the place are not known',
  }),
});
export type GeoPlace = Static<typeof GeoPlace>;
