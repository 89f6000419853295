// Shared by the real-estate routes: today's date and the checks of a property's body beyond its schema (spec
// section 5). Whose properties a call is about and which one it may read: access/owners.ts, access/real-estate.ts.
import { COUNTRIES, PROVINCES, type RealEstateCreate, type RealEstateUpdate } from '@patrimonio/shared-api';
import { badRequest, type FieldError } from '../../plugins/errors.ts';

export const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The rules of section 5 the schema cannot state, all reported at once (400 naming the fields): country one of the
 * country list; provinceCode required and one of the Italian provinces when country is IT, absent otherwise.
 */
export function checkPropertyBody(body: RealEstateCreate | RealEstateUpdate): void {
  const fields: FieldError[] = [];
  if (!COUNTRIES.some((c) => c.code === body.country))
    fields.push({ field: 'body.country', message: 'unknown country code' });
  const province = body.provinceCode ?? null;
  if (body.country === 'IT') {
    if (province === null) fields.push({ field: 'body.provinceCode', message: 'required when country is IT' });
    else if (!PROVINCES.some((p) => p.code === province))
      fields.push({ field: 'body.provinceCode', message: 'unknown Italian province' });
  } else if (province !== null) {
    fields.push({ field: 'body.provinceCode', message: 'only for country IT' });
  }
  if (fields.length) throw badRequest(fields);
}
