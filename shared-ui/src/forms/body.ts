// Request bodies from form values (spec section 5): empty strings become null and Dates become date-times
// without zone. The rule lives once, in shared-api's normaliseBody, which the API client already applies to
// every body it sends; this is the same function with the resulting type, for code that needs the body before
// sending it (previews, comparisons, tests). Applying it twice changes nothing.
import { normaliseBody } from '@patrimonio/shared-api';

/** The type of a form's values once normalised: '' may be null, a Date is a 'YYYY-MM-DDTHH:mm:ss' string. */
export type RequestBody<T> = T extends Date
  ? string
  : T extends string
    ? T | null
    : T extends ReadonlyArray<infer U>
      ? RequestBody<U>[]
      : T extends object
        ? { [K in keyof T]: RequestBody<T[K]> }
        : T;

/** Form values to a request body: `{ note: '', on: new Date(2026, 0, 2) }` gives `{ note: null, on: '2026-01-02T00:00:00' }`. */
export function toRequestBody<T>(values: T): RequestBody<T> {
  return normaliseBody(values) as RequestBody<T>;
}
