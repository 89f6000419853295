// Constants of the shares and lux contract (shared-api contract/shares-lux-schemas.ts), restated here because a
// value import from shared-api bundles every schema and TypeBox into this app; each is typed as the contract's own
// constant (import type + typeof), so the compiler fails if the two ever differ.
import type {
  LUX_CATEGORIES as CONTRACT_LUX_CATEGORIES,
  LUX_EVALUATION_DATE_PRESENT as CONTRACT_LUX_EVALUATION_DATE_PRESENT,
  SHARE_METRICS as CONTRACT_SHARE_METRICS,
  SHARE_YEAR_MAX as CONTRACT_SHARE_YEAR_MAX,
  SHARE_YEAR_MIN as CONTRACT_SHARE_YEAR_MIN,
  SHARE_YEAR_PRESENT as CONTRACT_SHARE_YEAR_PRESENT,
} from '@patrimonio/shared-api';

/** Spec data-and-admin section 3: the categories of an art or luxury item, in this order. */
export const LUX_CATEGORIES: typeof CONTRACT_LUX_CATEGORIES = ['ART', 'CAR', 'BIKE', 'BOAT', 'COLLECTION', 'JEWELRY'];
/** The chart's figures, one /share/graph/{metric}/{year} call each. */
export const SHARE_METRICS: typeof CONTRACT_SHARE_METRICS = ['revenue', 'profit', 'ebitda'];
/** The years a company's figures may carry. */
export const SHARE_YEAR_MIN: typeof CONTRACT_SHARE_YEAR_MIN = 1900;
export const SHARE_YEAR_MAX: typeof CONTRACT_SHARE_YEAR_MAX = 2100;
/** The codes of the 409 answers: an evaluation on a date the item has, figures for a year the company has. */
export const LUX_EVALUATION_DATE_PRESENT: typeof CONTRACT_LUX_EVALUATION_DATE_PRESENT = 'evaluation_date_present';
export const SHARE_YEAR_PRESENT: typeof CONTRACT_SHARE_YEAR_PRESENT = 'year_present';
