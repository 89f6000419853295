// Schemas of ./planning.ts: human capital (planned cash flows, the flows actually recorded, life insurance policies,
// the human-capital figure), goals and their probability, and simulations (/gc). data-and-admin sections 3, 4, 7 and 9.
// Money in EUR to the cent (numeric columns); every percent is a fraction like the portal's percent fields (shared-ui
// PercentInput shows 0-100 and stores 0-1): growthRate 0.02 = 2% a year, percOwned 0.5 = 50%.
import { type Static, type TSchema, Type } from 'typebox';
import { Calculus } from './analytics-schemas.ts';
import {
  Id,
  IsoDate as IsoDateField,
  Money as MoneyField,
  Name,
  Nullable,
  Numeric,
  PageNumber,
  PageSize,
  Text as TextField,
} from './fields.ts';
import { Page } from './financial-schemas.ts';
import {
  DEFAULT_FLOW_GROUP,
  FLOW_CATEGORIES,
  FLOW_DIRECTIONS,
  FLOW_FREQUENCIES,
  FLOW_GROUPS,
  GOALS_PAGE_SIZE,
  HUMAN_CAPITAL_PAGE_SIZE,
  POLICY_TYPES,
  PREMIUM_FREQUENCIES,
  RETIREMENT_SOURCES,
  SIMULATION_ITEMS_MAX,
} from './planning-codes.ts';
import { MortgageInput } from './real-estate-schemas.ts';
import { LuxCategory } from './shares-lux-schemas.ts';

export * from './planning-codes.ts';

const strict = { additionalProperties: false } as const;
const IsoDate = IsoDateField();
const Money = Type.Number({ description: 'EUR, 2 decimals' });
const Optional = <T extends TSchema>(t: T) => Type.Optional(Nullable(t));

/** Amounts a user enters (numeric(18, 2)): not negative, to the cent. */
const MoneyIn = MoneyField(18, { maximum: 1e13, description: 'EUR, >= 0, stored to the cent' });
/** Cash of a simulation may go below zero after a purchase. */
const SignedMoneyIn = MoneyField(18, { minimum: -1e13, maximum: 1e13, description: 'EUR, stored to the cent' });
/** A fraction 0..1 (numeric(9, 6)). */
const Fraction = Numeric(9, 6, { maximum: 1, description: 'Fraction: 0.5 = 50%' });
/** A yearly rate as a fraction 0 to 1 (numeric(9, 6)); the portal's percent fields are 0-100 (spec section 5). */
const Rate = Numeric(9, 6, { maximum: 1, description: 'Fraction a year, 0 to 1: 0.02 = 2% a year' });
const Description = Name(200);
const Note = Optional(TextField(2000));

const owner = { clientId: Type.Optional(Id), familyId: Type.Optional(Id) };
/** clientId or familyId; a BASIC user names none and gets its own client. */
export const PlanningOwnerQuery = Type.Object(owner, strict);
export type PlanningOwnerQuery = Static<typeof PlanningOwnerQuery>;
/** Goals and simulations have no family variant: clientId, or none for a BASIC user. */
export const PlanningClientQuery = Type.Object({ clientId: Type.Optional(Id) }, strict);
export type PlanningClientQuery = Static<typeof PlanningClientQuery>;

export const PlanningCreated = Type.Object({ id: Id });

/** Who a row belongs to (a family view lists its members' rows). */
const ownerFields = {
  clientId: Id,
  owner: Type.String({ description: "The client's display name" }),
  weight: Type.Number({ description: "The client's family weight (1 outside a family view)" }),
};

// ---------------------------------------------------------------------------------------------------------------
// Human capital: planned flows
// ---------------------------------------------------------------------------------------------------------------

const flowFields = {
  description: Description,
  direction: Type.Enum(FLOW_DIRECTIONS),
  category: Type.Enum(FLOW_CATEGORIES),
  flowGroup: Type.Enum(FLOW_GROUPS),
  amount: MoneyField(18, { positive: true, maximum: 1e13, description: 'EUR per occurrence, > 0' }),
  frequency: Type.Enum(FLOW_FREQUENCIES),
  startDate: IsoDateField({ description: 'First occurrence (the only one for ONCE)' }),
  endDate: Optional(IsoDateField({ description: 'Last possible occurrence; null: until retirement' })),
  growthRate: Rate,
  note: Note,
};
export const FlowInput = Type.Object({ clientId: Type.Optional(Id), ...flowFields }, strict);
export type FlowInput = Static<typeof FlowInput>;
export const FlowUpdate = Type.Object(flowFields, strict);
export type FlowUpdate = Static<typeof FlowUpdate>;
export const Flow = Type.Object({
  id: Id,
  ...ownerFields,
  description: Type.String(),
  direction: Type.Enum(FLOW_DIRECTIONS),
  category: Type.Enum(FLOW_CATEGORIES),
  flowGroup: Type.Enum(FLOW_GROUPS),
  amount: Money,
  frequency: Type.Enum(FLOW_FREQUENCIES),
  startDate: IsoDate,
  endDate: Nullable(IsoDate),
  growthRate: Type.Number({ description: 'Fraction a year' }),
  note: Nullable(Type.String()),
  yearlyAmount: Type.Number({ description: 'EUR a year at today’s level (the amount for ONCE)' }),
  updatedAt: Type.String(),
});
export type Flow = Static<typeof Flow>;

export const FLOW_SORTS = ['updatedAt,desc', 'startDate,desc', 'startDate,asc', 'amount,desc', 'amount,asc'] as const;
export const FlowListQuery = Type.Object(
  {
    ...owner,
    flowGroup: Type.Optional(Type.Enum(FLOW_GROUPS, { description: 'One group; absent: every group' })),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(10000, HUMAN_CAPITAL_PAGE_SIZE)),
    sort: Type.Optional(Type.Enum(FLOW_SORTS, { default: 'updatedAt,desc' })),
  },
  strict,
);
export type FlowListQuery = Static<typeof FlowListQuery>;
export const FlowPage = Page(Flow);
export type FlowPage = Static<typeof FlowPage>;

// Actual flows recorded per date, against a planned flow
const recordFields = { date: IsoDate, amount: MoneyIn, note: Note };
export const FlowRecordInput = Type.Object({ flowId: Id, ...recordFields }, strict);
export type FlowRecordInput = Static<typeof FlowRecordInput>;
export const FlowRecordUpdate = Type.Object(recordFields, strict);
export type FlowRecordUpdate = Static<typeof FlowRecordUpdate>;
export const FlowRecord = Type.Object({
  id: Id,
  flowId: Id,
  ...ownerFields,
  description: Type.String({ description: "The planned flow's description" }),
  direction: Type.Enum(FLOW_DIRECTIONS),
  category: Type.Enum(FLOW_CATEGORIES),
  flowGroup: Type.Enum(FLOW_GROUPS),
  date: IsoDate,
  amount: Money,
  note: Nullable(Type.String()),
});
export type FlowRecord = Static<typeof FlowRecord>;
export const FlowRecordListQuery = Type.Object(
  {
    ...owner,
    flowGroup: Type.Optional(Type.Enum(FLOW_GROUPS, { default: DEFAULT_FLOW_GROUP })),
    dateFrom: Type.Optional(
      IsoDateField({ description: 'Default: the start of the month one year ago (spec section 9)' }),
    ),
    dateTo: Type.Optional(IsoDateField({ description: 'Default: today' })),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(10000, HUMAN_CAPITAL_PAGE_SIZE)),
    sort: Type.Optional(Type.Enum(['date,desc', 'date,asc', 'amount,desc', 'amount,asc'] as const)),
  },
  strict,
);
export type FlowRecordListQuery = Static<typeof FlowRecordListQuery>;
export const FlowRecordPage = Type.Object({
  item: Type.Array(FlowRecord),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
  dateFrom: IsoDate,
  dateTo: IsoDate,
  /** Sums of the whole range (every page): income, expense and net. */
  income: Money,
  expense: Money,
  net: Money,
});
export type FlowRecordPage = Static<typeof FlowRecordPage>;

// ---------------------------------------------------------------------------------------------------------------
// Human capital: life insurance
// ---------------------------------------------------------------------------------------------------------------

const policyFields = {
  insurer: Name(200),
  policyType: Type.Enum(POLICY_TYPES),
  policyNumber: Optional(TextField(100)),
  insured: Name(200),
  beneficiary: Name(500),
  capital: MoneyIn,
  premium: MoneyIn,
  premiumFrequency: Type.Enum(PREMIUM_FREQUENCIES),
  startDate: IsoDate,
  endDate: Optional(IsoDate),
  surrenderValue: Optional(MoneyIn),
  note: Note,
};
export const PolicyInput = Type.Object({ clientId: Type.Optional(Id), ...policyFields }, strict);
export type PolicyInput = Static<typeof PolicyInput>;
export const PolicyUpdate = Type.Object(policyFields, strict);
export type PolicyUpdate = Static<typeof PolicyUpdate>;
export const Policy = Type.Object({
  id: Id,
  ...ownerFields,
  insurer: Type.String(),
  policyType: Type.Enum(POLICY_TYPES),
  policyNumber: Nullable(Type.String()),
  insured: Type.String(),
  beneficiary: Type.String(),
  capital: Money,
  premium: Money,
  premiumFrequency: Type.Enum(PREMIUM_FREQUENCIES),
  startDate: IsoDate,
  endDate: Nullable(IsoDate),
  surrenderValue: Nullable(Money),
  note: Nullable(Type.String()),
  /** The premiums of a year (premium x payments a year; 0 for SINGLE), 0 once ended. */
  yearlyPremium: Money,
  /** endDate before today. */
  expired: Type.Boolean(),
  updatedAt: Type.String(),
});
export type Policy = Static<typeof Policy>;
export const PolicyListQuery = Type.Object(
  {
    ...owner,
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(10000, HUMAN_CAPITAL_PAGE_SIZE)),
    sort: Type.Optional(Type.Enum(['updatedAt,desc', 'capital,desc', 'capital,asc', 'startDate,desc'] as const)),
  },
  strict,
);
export type PolicyListQuery = Static<typeof PolicyListQuery>;
export const PolicyPage = Page(Policy);
export type PolicyPage = Static<typeof PolicyPage>;

// ---------------------------------------------------------------------------------------------------------------
// Human capital: the figure and the settings it uses
// ---------------------------------------------------------------------------------------------------------------

export const PlanningSettingsInput = Type.Object(
  {
    clientId: Type.Optional(Id),
    retirementDate: Optional(
      IsoDateField({ description: 'null: the 67th birthday from the tax code, else 20 years from today' }),
    ),
    discountRate: Optional(Numeric(9, 6, { minimum: 0, maximum: 0.5, description: 'Fraction a year; null: 0.03' })),
  },
  strict,
);
export type PlanningSettingsInput = Static<typeof PlanningSettingsInput>;

export const HumanCapitalMember = Type.Object({
  clientId: Id,
  name: Type.String(),
  weight: Type.Number(),
  retirementDate: IsoDate,
  retirementSource: Type.Enum(RETIREMENT_SOURCES, {
    description: 'SET by the user; TAX_CODE: 67th birthday from the tax code; DEFAULT: 20 years from today',
  }),
  discountRate: Type.Number({ description: 'Fraction a year' }),
  discountRateSet: Type.Boolean(),
  humanCapital: Money,
});
export const HumanCapitalSummary = Type.Object({
  date: IsoDate,
  /** Present value at `date` of the planned net flows to each member's retirement, weighted (engine "Human capital"). */
  humanCapital: Money,
  /** Undiscounted planned income and expense to retirement, weighted. */
  futureIncome: Money,
  futureExpense: Money,
  /** Planned flows of the 12 months to the date, (date - 12 months, date]: the overview's flux.humanCapital is `net`. */
  last12Months: Type.Object({ income: Money, expense: Money, net: Money }),
  /** Planned flows of the 12 months after the date. */
  next12Months: Type.Object({ income: Money, expense: Money, net: Money }),
  /** Net planned flow per projection year (year 1 first), the flows fed to the goal projection. */
  yearlyNet: Type.Array(Money),
  /** Life insurance in force: capital insured, yearly premiums, surrender values. */
  insuredCapital: Money,
  yearlyPremiums: Money,
  surrenderValue: Money,
  members: Type.Array(HumanCapitalMember),
});
export type HumanCapitalSummary = Static<typeof HumanCapitalSummary>;
export const HumanCapitalSummaryQuery = Type.Object(
  { ...owner, date: Type.Optional(IsoDateField({ description: 'Default today' })) },
  strict,
);

// ---------------------------------------------------------------------------------------------------------------
// Goals
// ---------------------------------------------------------------------------------------------------------------

const goalFields = {
  description: Description,
  amount: MoneyField(18, { positive: true, maximum: 1e13, description: 'EUR, > 0' }),
  initDate: IsoDateField({ description: 'The date the amount is wanted by (the target date)' }),
};
export const GoalInput = Type.Object({ clientId: Type.Optional(Id), ...goalFields }, strict);
export type GoalInput = Static<typeof GoalInput>;
export const GoalUpdate = Type.Object(goalFields, strict);
export type GoalUpdate = Static<typeof GoalUpdate>;
export const Goal = Type.Object({
  id: Id,
  clientId: Id,
  description: Type.String(),
  amount: Money,
  initDate: IsoDate,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Goal = Static<typeof Goal>;
export const GoalListQuery = Type.Object(
  {
    clientId: Type.Optional(Id),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(GOALS_PAGE_SIZE, GOALS_PAGE_SIZE)),
    sort: Type.Optional(Type.Enum(['initDate,asc', 'initDate,desc', 'amount,desc', 'updatedAt,desc'] as const)),
  },
  strict,
);
export type GoalListQuery = Static<typeof GoalListQuery>;
export const GoalPage = Page(Goal);
export type GoalPage = Static<typeof GoalPage>;

export const GoalOutlook = Type.Object({
  id: Id,
  description: Type.String(),
  amount: Money,
  initDate: IsoDate,
  /** Probability (0..1, full precision) that wealth on initDate is at least amount (engine "Goal probability"). */
  probability: Type.Number({ minimum: 0, maximum: 1 }),
  /** The median projected wealth on initDate. */
  median: Money,
  /** Years from the projection's start to initDate. */
  years: Type.Number(),
});
export type GoalOutlook = Static<typeof GoalOutlook>;
export const GoalProjection = Type.Object({
  date: IsoDate,
  /** The overview's projection with the client's human-capital flows and property flows (mortgage installments). */
  calculus: Calculus,
  /** The yearly net flows fed to it (year 1 first): human capital plus property income less costs and installments. */
  yearlyFlows: Type.Array(Money),
  goals: Type.Array(GoalOutlook),
  recalculationInProgress: Type.Boolean(),
});
export type GoalProjection = Static<typeof GoalProjection>;

// ---------------------------------------------------------------------------------------------------------------
// Simulations (/gc)
// ---------------------------------------------------------------------------------------------------------------

export const SimulationRealEstate = Type.Object(
  {
    realEstateId: Nullable(Id, { description: 'The property it was built from; null: added in the simulation' }),
    description: Description,
    evaluation: MoneyIn,
    percOwned: Fraction,
    income: MoneyIn,
    maintenanceCost: MoneyIn,
    mortgage: Nullable(MortgageInput),
  },
  strict,
);
export type SimulationRealEstate = Static<typeof SimulationRealEstate>;
export const SimulationArtLux = Type.Object(
  {
    luxId: Nullable(Id),
    description: Description,
    category: Nullable(LuxCategory),
    valuation: MoneyIn,
  },
  strict,
);
export type SimulationArtLux = Static<typeof SimulationArtLux>;
export const SimulationShare = Type.Object(
  { companyId: Nullable(Id), description: Description, amount: MoneyIn },
  strict,
);
export type SimulationShare = Static<typeof SimulationShare>;
export const SimulationFinancial = Type.Object(
  { cash: SignedMoneyIn, shares: MoneyIn, bond: MoneyIn, commodities: MoneyIn, crypto: MoneyIn },
  strict,
);
export type SimulationFinancial = Static<typeof SimulationFinancial>;

const simulationFields = {
  name: Name(200),
  realEstate: Type.Array(SimulationRealEstate, { maxItems: SIMULATION_ITEMS_MAX }),
  financial: SimulationFinancial,
  artlux: Type.Array(SimulationArtLux, { maxItems: SIMULATION_ITEMS_MAX }),
  share: Type.Array(SimulationShare, { maxItems: SIMULATION_ITEMS_MAX }),
  startingCash: MoneyField(18, {
    minimum: -1e13,
    maximum: 1e13,
    description: 'Cash when the simulation was built from the data',
  }),
  startingPercentage: Numeric(9, 6, {
    maximum: 1,
    description: "Cash's share of the starting gross wealth when the simulation was built (fraction)",
  }),
};
/** A simulation's content with its name, as POST /gc and PUT /gc/{id} save it. */
export const SimulationBody = Type.Object(simulationFields, strict);
export type SimulationBody = Static<typeof SimulationBody>;
/**
 * A simulation not saved yet: GET /gc/init's answer (name null) and what POST /gc/wealth computes (the name, if any, is
 * not read).
 */
export const SimulationDraft = Type.Object(
  { ...simulationFields, name: Optional(TextField(200, { description: 'Any text; null until saved' })) },
  strict,
);
export type SimulationDraft = Static<typeof SimulationDraft>;
export const SimulationCreate = Type.Object({ clientId: Type.Optional(Id), ...simulationFields }, strict);
export type SimulationCreate = Static<typeof SimulationCreate>;
export const Simulation = Type.Object({
  id: Id,
  clientId: Id,
  ...simulationFields,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Simulation = Static<typeof Simulation>;
export const SimulationSummary = Type.Object({
  id: Id,
  clientId: Id,
  name: Type.String(),
  /** Gross wealth of the simulation (financial + real estate x percOwned + shares + art and luxury). */
  gross: Money,
  updatedAt: Type.String(),
});
export const SimulationListQuery = Type.Object(
  { clientId: Type.Optional(Id), page: Type.Optional(PageNumber()), size: Type.Optional(PageSize(10000, 10000)) },
  strict,
);
export const SimulationPage = Page(SimulationSummary);
export type SimulationPage = Static<typeof SimulationPage>;
export const SimulationWealthInput = Type.Object({ clientId: Type.Optional(Id), simulation: SimulationDraft }, strict);
export type SimulationWealthInput = Static<typeof SimulationWealthInput>;
const WealthTotals = Type.Object({
  gross: Money,
  debt: Money,
  net: Money,
  /** The yearly net flows of the projection (year 1 first). */
  yearlyFlows: Type.Array(Money),
});
export const SimulationWealth = Type.Object({
  date: IsoDate,
  /** The client's situation today (GET /gc/init unchanged), projected. */
  current: Calculus,
  currentTotals: WealthTotals,
  /** The simulation, projected the same way (variable mortgage rates 0.4 points lower, spec section 9). */
  simulation: Calculus,
  simulationTotals: WealthTotals,
});
export type SimulationWealth = Static<typeof SimulationWealth>;
