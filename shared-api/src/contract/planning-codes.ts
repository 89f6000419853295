// Codes and constants of planning (./planning.ts) without TypeBox, for pages (through '../constants.ts') and schemas.

/** Income or expense. Amounts are always >= 0; the direction gives the sign. */
export const FLOW_DIRECTIONS = ['IN', 'OUT'] as const;
export type FlowDirection = (typeof FLOW_DIRECTIONS)[number];
/** What a flow is; the form proposes a direction and a group from it. */
export const FLOW_CATEGORIES = [
  'SALARY',
  'PENSION',
  'RENT',
  'BUSINESS_INCOME',
  'OTHER_INCOME',
  'LIVING_COSTS',
  'SCHOOL_FEES',
  'TAXES',
  'LOAN',
  'OTHER_EXPENSE',
] as const;
export type FlowCategory = (typeof FLOW_CATEGORIES)[number];
/** The groups of the human-capital tables; PERSONAL_FLOWS is the default (spec section 9). */
export const FLOW_GROUPS = ['PERSONAL_FLOWS', 'WORK_FLOWS', 'BUSINESS_FLOWS', 'PROPERTY_FLOWS'] as const;
export type FlowGroup = (typeof FLOW_GROUPS)[number];
export const DEFAULT_FLOW_GROUP: FlowGroup = 'PERSONAL_FLOWS';
/** How often a planned flow recurs; ONCE is a one-off on its start date. */
export const FLOW_FREQUENCIES = ['ONCE', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY'] as const;
export type FlowFrequency = (typeof FLOW_FREQUENCIES)[number];
/** The direction and group the form proposes for a category. */
export const FLOW_CATEGORY_DEFAULTS: Readonly<
  Record<FlowCategory, { direction: FlowDirection; flowGroup: FlowGroup }>
> = {
  SALARY: { direction: 'IN', flowGroup: 'WORK_FLOWS' },
  PENSION: { direction: 'IN', flowGroup: 'PERSONAL_FLOWS' },
  RENT: { direction: 'IN', flowGroup: 'PROPERTY_FLOWS' },
  BUSINESS_INCOME: { direction: 'IN', flowGroup: 'BUSINESS_FLOWS' },
  OTHER_INCOME: { direction: 'IN', flowGroup: 'PERSONAL_FLOWS' },
  LIVING_COSTS: { direction: 'OUT', flowGroup: 'PERSONAL_FLOWS' },
  SCHOOL_FEES: { direction: 'OUT', flowGroup: 'PERSONAL_FLOWS' },
  TAXES: { direction: 'OUT', flowGroup: 'PERSONAL_FLOWS' },
  LOAN: { direction: 'OUT', flowGroup: 'PERSONAL_FLOWS' },
  OTHER_EXPENSE: { direction: 'OUT', flowGroup: 'PERSONAL_FLOWS' },
};
/** Rows of the human-capital tables (spec section 9). */
export const HUMAN_CAPITAL_PAGE_SIZE = 5;

/**
 * The recorded flows' default range (spec section 9): from the first day of the month one year before today, to
 * today. 2026-11-21 gives 2025-11-01 to 2026-11-21; 2024-02-29 gives 2023-02-01 to 2024-02-29.
 */
export function defaultFlowRecordRange(today: string): { dateFrom: string; dateTo: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return { dateFrom: `${year - 1}-${String(month).padStart(2, '0')}-01`, dateTo: today };
}

export const POLICY_TYPES = ['TERM_LIFE', 'WHOLE_LIFE', 'UNIT_LINKED'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
/** How often the premium is paid; SINGLE is one premium at the start. */
export const PREMIUM_FREQUENCIES = ['SINGLE', 'MONTHLY', 'QUARTERLY', 'HALF_YEARLY', 'YEARLY'] as const;
export type PremiumFrequency = (typeof PREMIUM_FREQUENCIES)[number];

/** Default discount rate of the human-capital figure (engine/README.md "Human capital"). */
export const DEFAULT_DISCOUNT_RATE = 0.03;

export const RETIREMENT_SOURCES = ['SET', 'TAX_CODE', 'DEFAULT'] as const;

/** Size of the goals list (spec section 9). */
export const GOALS_PAGE_SIZE = 100000;

export const SIMULATION_ITEMS_MAX = 500;

export const SIMULATION_FINANCIAL_FIELDS = ['cash', 'shares', 'bond', 'commodities', 'crypto'] as const;
