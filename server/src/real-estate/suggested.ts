// The suggested evaluation of a property (spec section 3: suggestedEvaluation and its date): area x the price table's
// EUR per m2 for its province, typology and conservation state. No province (outside Italy) or no area: no value.
import type { ConservationState, SuggestedEvaluation, Typology } from '@patrimonio/shared-api';
import { PRICE_TABLE_DATE, PRICE_TABLE_SOURCE, pricePerMq } from './price-table.ts';

export interface SuggestionInput {
  provinceCode: string | null;
  typology: Typology;
  conservationState: ConservationState;
  mq: number | null;
}

/**
 * Worked example: 80 m2 RESIDENTIAL in Milano (MI, 3,398 EUR/m2) in POOR state: 3,398 x 0.8 = 2,718.40 -> 2,718 EUR/m2,
 * value 80 x 2,718 = 217,440.
 */
export function suggestEvaluation(input: SuggestionInput): SuggestedEvaluation {
  const eurPerMq = input.provinceCode ? pricePerMq(input.provinceCode, input.typology, input.conservationState) : null;
  const reason = eurPerMq === null ? 'NO_PROVINCE' : input.mq === null ? 'NO_AREA' : null;
  return {
    value: eurPerMq !== null && input.mq !== null ? Math.round(input.mq * eurPerMq) : null,
    date: PRICE_TABLE_DATE,
    eurPerMq,
    provinceCode: input.provinceCode,
    typology: input.typology,
    conservationState: input.conservationState,
    source: PRICE_TABLE_SOURCE,
    reason,
  };
}
