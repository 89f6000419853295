// The real-estate codes of data-and-admin section 3, from the API contract, in the order the selects offer them.
import type {
  AMORTIZATIONS,
  ConservationState,
  Destination,
  INTEREST_RATE_TYPES,
  RATA_TYPES,
  RealEstateEvaluationType,
  TYPE_PROPERTIES,
  Typology,
} from '@patrimonio/shared-api';

export {
  AMORTIZATIONS,
  CONSERVATION_STATES,
  DESTINATIONS,
  INTEREST_RATE_TYPES,
  RATA_TYPES,
  TYPE_PROPERTIES,
  TYPOLOGIES,
} from '@patrimonio/shared-api/constants';
export type { ConservationState, Destination, Typology };

export type TypeProperty = (typeof TYPE_PROPERTIES)[number];
export type EvaluationType = RealEstateEvaluationType;
export type RataType = (typeof RATA_TYPES)[number];
export type InterestRateType = (typeof INTEREST_RATE_TYPES)[number];
export type Amortization = (typeof AMORTIZATIONS)[number];

/** The form offers the suggestion first, then the user's own figure. */
export const EVALUATION_CHOICES: readonly EvaluationType[] = ['SUGGESTED', 'CUSTOM'];
/** Spec: conservationState defaults to NORMAL. */
export const DEFAULT_CONSERVATION_STATE: ConservationState = 'NORMAL';
/** The country whose addresses carry an Italian province code. */
export const ITALY = 'IT';
