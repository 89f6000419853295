// The human-capital page without React: the requests of its tables (5 rows a page, the flow group, the recorded
// flows' default range of spec section 9), the sign of a flow, the forms' drafts and the bodies they send. Pure, so
// the rules are tested on their own (logic.test.ts).
import type {
  Flow,
  FlowInput,
  FlowRecord,
  FlowRecordInput,
  FlowRecordUpdate,
  FlowUpdate,
  HumanCapitalSummary,
  PlanningSettingsInput,
  Policy,
  PolicyInput,
  PolicyUpdate,
  RouteName,
} from '@patrimonio/shared-api';
import {
  DEFAULT_FLOW_GROUP,
  defaultFlowRecordRange,
  FLOW_CATEGORY_DEFAULTS,
  type FlowCategory,
  type FlowDirection,
  type FlowFrequency,
  type FlowGroup,
  HUMAN_CAPITAL_PAGE_SIZE,
  type PolicyType,
  type PremiumFrequency,
} from '@patrimonio/shared-api/constants';

/** Whose data: the route's client, the route's family, or (BASIC) the user's own: no id at all. */
export type OwnerQuery = { clientId?: number; familyId?: number };
/** The owner scope's kind (shared-ui ownerScope): a BASIC user's own data names no client in a body. */
export type ScopeKind = 'own' | 'client' | 'family';

/** The planned flows' tab: one group, or every group ('ALL': the request names none). */
export type GroupChoice = FlowGroup | 'ALL';

// ---- The requests ----

/** The recorded flows' default range (spec section 9), the server's own default. */
export const defaultRange = defaultFlowRecordRange;

/** Whether a range can be asked: both dates there, the first not after the second. */
export const rangeReady = (r: {
  dateFrom: string | null;
  dateTo: string | null;
}): r is {
  dateFrom: string;
  dateTo: string;
} => r.dateFrom !== null && r.dateTo !== null && r.dateFrom <= r.dateTo;

/** GET /human-capital/flow: a page of 5, of the chosen group (none named for every group). */
export const flowsRequest = (owner: OwnerQuery, group: GroupChoice, page: number) => ({
  query: {
    ...owner,
    ...(group === 'ALL' ? {} : { flowGroup: group }),
    page,
    size: HUMAN_CAPITAL_PAGE_SIZE,
  },
});

/** Every planned flow of the owner at once, for the recorded flow's picker. */
export const ALL_FLOWS_SIZE = 10000;
export const allFlowsRequest = (owner: OwnerQuery) => ({
  query: { ...owner, page: 1, size: ALL_FLOWS_SIZE, sort: 'startDate,desc' as const },
});

/** GET /human-capital/movement: a page of 5 of one group in the range, the range always sent. */
export const recordsRequest = (
  owner: OwnerQuery,
  group: FlowGroup,
  range: { dateFrom: string; dateTo: string },
  page: number,
) => ({
  query: {
    ...owner,
    flowGroup: group,
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
    page,
    size: HUMAN_CAPITAL_PAGE_SIZE,
  },
});

/** GET /human-capital/insurance: a page of 5. */
export const policiesRequest = (owner: OwnerQuery, page: number) => ({
  query: { ...owner, page, size: HUMAN_CAPITAL_PAGE_SIZE },
});

/**
 * The page to ask once the total is known: the last one when the rows shrank under the page shown (a delete took
 * the only row of the last page). pageToShow(3, 10, 5) = 2; pageToShow(2, 0, 5) = 1.
 */
export const pageToShow = (page: number, total: number, size = HUMAN_CAPITAL_PAGE_SIZE): number =>
  Math.min(page, Math.max(1, Math.ceil(total / size)));

/**
 * The answers a human-capital write changes: the three tables, the figure, and what reads the planned flows
 * elsewhere in the shared cache (the overview's flux, the goals' projection, a simulation's wealth).
 */
export const HUMAN_CAPITAL_ROUTES = [
  'listFlows',
  'getFlow',
  'listFlowRecords',
  'listPolicies',
  'humanCapitalSummary',
  'dashboard',
  'goalProjection',
  'simulationWealth',
] as const satisfies readonly RouteName[];

// ---- Signs and the figure ----

/** An amount with the sign of its direction: income positive, expense negative. */
export const signed = (direction: FlowDirection, amount: number): number => (direction === 'OUT' ? -amount : amount);

/** The colour of a direction in the tables (the words say it too). */
export const directionTone = (direction: FlowDirection) => (direction === 'IN' ? 'positive' : 'negative');

/** The figure's settings as one client's summary states them (its only member), or null in a family or without one. */
export function ownSettings(summary: HumanCapitalSummary): HumanCapitalSummary['members'][number] | null {
  return summary.members.length === 1 ? summary.members[0]! : null;
}

/** The bars of the yearly net flows: "Anno 1"… as the label says, the values as they come (year 1 first). */
export const yearlyBars = (yearlyNet: readonly number[], yearLabel: (n: number) => string) => ({
  categories: yearlyNet.map((_, i) => yearLabel(i + 1)),
  series: [{ name: '', data: [...yearlyNet] }],
});

// ---- The planned flow's form ----

export interface FlowDraft {
  /** The owning client: the route's, the family member picked, or the user's own. */
  clientId: number | null;
  description: string;
  category: FlowCategory | '';
  direction: FlowDirection | '';
  flowGroup: FlowGroup | '';
  amount: number | null;
  frequency: FlowFrequency | '';
  startDate: string | null;
  endDate: string | null;
  /** A fraction a year (PercentInput); empty reads as 0. */
  growthRate: number | null;
  note: string;
}

export const emptyFlow = (clientId: number | null, group: GroupChoice, today: string): FlowDraft => ({
  clientId,
  description: '',
  category: '',
  direction: '',
  flowGroup: group === 'ALL' ? DEFAULT_FLOW_GROUP : group,
  amount: null,
  frequency: 'MONTHLY',
  startDate: today,
  endDate: null,
  growthRate: 0,
  note: '',
});

/** Choosing a category proposes its direction and group (FLOW_CATEGORY_DEFAULTS); both stay editable. */
export function withCategory(draft: FlowDraft, category: FlowCategory | ''): FlowDraft {
  if (category === '') return { ...draft, category };
  const proposed = FLOW_CATEGORY_DEFAULTS[category];
  return { ...draft, category, direction: proposed.direction, flowGroup: proposed.flowGroup };
}

export const flowDraftOf = (f: Flow): FlowDraft => ({
  clientId: f.clientId,
  description: f.description,
  category: f.category,
  direction: f.direction,
  flowGroup: f.flowGroup,
  amount: f.amount,
  frequency: f.frequency,
  startDate: f.startDate,
  endDate: f.endDate,
  growthRate: f.growthRate,
  note: f.note ?? '',
});

const text = (s: string) => {
  const trimmed = s.trim();
  return trimmed === '' ? null : trimmed;
};

/** PUT /human-capital/flow/:id (left-out choices fail the schema, which marks them). */
export const flowUpdateBody = (d: FlowDraft): FlowUpdate => ({
  description: d.description.trim(),
  category: d.category as FlowCategory,
  direction: d.direction as FlowDirection,
  flowGroup: d.flowGroup as FlowGroup,
  amount: d.amount as number,
  frequency: d.frequency as FlowFrequency,
  startDate: d.startDate as string,
  endDate: d.endDate,
  growthRate: d.growthRate ?? 0,
  note: text(d.note),
});

/** The owner of a new row in a body: named for a client or a family member, never for a BASIC user's own data. */
const ownerOf = (scope: ScopeKind, clientId: number | null) =>
  scope === 'own' ? {} : { clientId: clientId as number };

/** POST /human-capital/flow. */
export const flowCreateBody = (d: FlowDraft, scope: ScopeKind): FlowInput => ({
  ...ownerOf(scope, d.clientId),
  ...flowUpdateBody(d),
});

/** Beyond the schema: the end is not before the start. */
export const datesInOrder = (d: { startDate: string | null; endDate: string | null }) =>
  d.startDate !== null && d.endDate !== null && d.endDate < d.startDate ? { endDate: 'beforeStart' } : {};

// ---- The recorded flow's form ----

export interface RecordDraft {
  flowId: number | null;
  date: string | null;
  amount: number | null;
  note: string;
}

export const emptyRecord = (today: string): RecordDraft => ({ flowId: null, date: today, amount: null, note: '' });

export const recordDraftOf = (r: FlowRecord): RecordDraft => ({
  flowId: r.flowId,
  date: r.date,
  amount: r.amount,
  note: r.note ?? '',
});

/** Picking the planned flow proposes its amount when none is typed yet. */
export const withFlow = (draft: RecordDraft, flow: Pick<Flow, 'id' | 'amount'> | null): RecordDraft =>
  flow === null ? { ...draft, flowId: null } : { ...draft, flowId: flow.id, amount: draft.amount ?? flow.amount };

export const recordUpdateBody = (d: RecordDraft): FlowRecordUpdate => ({
  date: d.date as string,
  amount: d.amount as number,
  note: text(d.note),
});

export const recordCreateBody = (d: RecordDraft): FlowRecordInput => ({
  flowId: d.flowId as number,
  ...recordUpdateBody(d),
});

// ---- The policy's form ----

export interface PolicyDraft {
  clientId: number | null;
  insurer: string;
  policyType: PolicyType | '';
  policyNumber: string;
  insured: string;
  beneficiary: string;
  capital: number | null;
  premium: number | null;
  premiumFrequency: PremiumFrequency | '';
  startDate: string | null;
  endDate: string | null;
  surrenderValue: number | null;
  note: string;
}

export const emptyPolicy = (clientId: number | null, today: string): PolicyDraft => ({
  clientId,
  insurer: '',
  policyType: '',
  policyNumber: '',
  insured: '',
  beneficiary: '',
  capital: null,
  premium: null,
  premiumFrequency: 'YEARLY',
  startDate: today,
  endDate: null,
  surrenderValue: null,
  note: '',
});

export const policyDraftOf = (p: Policy): PolicyDraft => ({
  clientId: p.clientId,
  insurer: p.insurer,
  policyType: p.policyType,
  policyNumber: p.policyNumber ?? '',
  insured: p.insured,
  beneficiary: p.beneficiary,
  capital: p.capital,
  premium: p.premium,
  premiumFrequency: p.premiumFrequency,
  startDate: p.startDate,
  endDate: p.endDate,
  surrenderValue: p.surrenderValue,
  note: p.note ?? '',
});

export const policyUpdateBody = (d: PolicyDraft): PolicyUpdate => ({
  insurer: d.insurer.trim(),
  policyType: d.policyType as PolicyType,
  policyNumber: text(d.policyNumber),
  insured: d.insured.trim(),
  beneficiary: d.beneficiary.trim(),
  capital: d.capital as number,
  premium: d.premium as number,
  premiumFrequency: d.premiumFrequency as PremiumFrequency,
  startDate: d.startDate as string,
  endDate: d.endDate,
  surrenderValue: d.surrenderValue,
  note: text(d.note),
});

export const policyCreateBody = (d: PolicyDraft, scope: ScopeKind): PolicyInput => ({
  ...ownerOf(scope, d.clientId),
  ...policyUpdateBody(d),
});

// ---- The settings of the figure ----

export interface SettingsDraft {
  /** Empty: the default (67th birthday from the tax code, else 20 years from today). */
  retirementDate: string | null;
  /** A fraction; empty: the default 3%. */
  discountRate: number | null;
}

/** The form shows what the user set, empty where the figure uses a default. */
export const settingsDraftOf = (m: HumanCapitalSummary['members'][number] | null): SettingsDraft => ({
  retirementDate: m?.retirementSource === 'SET' ? m.retirementDate : null,
  discountRate: m?.discountRateSet ? m.discountRate : null,
});

/** PUT /human-capital/settings: null clears a setting back to its default. */
export const settingsBody = (d: SettingsDraft, scope: ScopeKind, clientId: number | null): PlanningSettingsInput => ({
  ...(scope === 'client' && clientId !== null ? { clientId } : {}),
  retirementDate: d.retirementDate,
  discountRate: d.discountRate,
});
