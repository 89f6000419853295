// The real-estate codes of data-and-admin section 3, as plain lists (no schema library): the schemas build their
// enums from them, and the pages import them through '@patrimonio/shared-api/constants' without the contract.
export const TYPOLOGIES = ['RESIDENTIAL', 'COMMERCIAL', 'LAND'] as const;
export const DESTINATIONS = ['AVAILABLE', 'INCOME', 'FIRST_HOUSE'] as const;
export const CONSERVATION_STATES = ['POOR', 'NORMAL', 'OPTIMAL'] as const;
export const TYPE_PROPERTIES = ['PROPERTY', 'NAKED_PROPERTY', 'PROPERTY_SUP', 'USUFRUCT'] as const;
export const EVALUATION_TYPES = ['CUSTOM', 'SUGGESTED'] as const;
export const RATA_TYPES = ['MONTHLY', 'QUARTERLY', 'FOUR_MONTH', 'HALF_YEARLY', 'YEARLY'] as const;
export const INTEREST_RATE_TYPES = ['FIX', 'EU3M', 'EU6M', 'EU1A'] as const;
export const AMORTIZATIONS = ['CONST', 'VAR'] as const;
