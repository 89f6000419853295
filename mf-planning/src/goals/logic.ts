// The goals page's rules, without React: the tab kept in the URL query, the goals joined with their projection
// (probability and median wealth at the target date), the form's dates and the body it sends, the chart's markers.
import type { Goal, GoalInput, GoalOutlook, GoalUpdate } from '@patrimonio/shared-api';
import { addDaysIso, addYearsIso, type OwnerScope } from '@patrimonio/shared-ui';

export const PLANNING_TABS = ['goals', 'simulations'] as const;
export type PlanningTab = (typeof PLANNING_TABS)[number];

/** The query of the goals and simulations calls: the client for an adviser, none for a BASIC user (no family). */
export const clientQuery = (scope: OwnerScope): { clientId?: number } =>
  scope.kind === 'client' ? { clientId: scope.clientId } : {};

/** The tab named by the query (?tab=simulations); the goals otherwise. */
export function tabOf(search: string): PlanningTab {
  const tab = new URLSearchParams(search).get('tab');
  return (PLANNING_TABS as readonly string[]).includes(tab ?? '') ? (tab as PlanningTab) : 'goals';
}

/** The query with the tab set (the goals tab, the default, leaves no parameter); other parameters kept. */
export function withTab(search: string, tab: PlanningTab): string {
  const params = new URLSearchParams(search);
  if (tab === 'goals') params.delete('tab');
  else params.set('tab', tab);
  const q = params.toString();
  return q ? `?${q}` : '';
}

export interface GoalRow extends Goal {
  /** 0..1, null while the projection is not there (or does not list the goal yet). */
  probability: number | null;
  /** The median projected wealth on the target date. */
  median: number | null;
}

/** The goals with their outlook from GET /goal/projection, by target date (then description). */
export function goalRows(goals: ReadonlyArray<Goal>, outlooks: ReadonlyArray<GoalOutlook> | undefined): GoalRow[] {
  const byId = new Map((outlooks ?? []).map((o) => [o.id, o]));
  return goals
    .map((g) => {
      const o = byId.get(g.id);
      return { ...g, probability: o?.probability ?? null, median: o?.median ?? null };
    })
    .sort((a, b) => a.initDate.localeCompare(b.initDate) || a.description.localeCompare(b.description));
}

/** The chart's markers: each goal's amount at its target date. */
export const goalMarkers = (outlooks: ReadonlyArray<GoalOutlook> | undefined) =>
  (outlooks ?? []).map((o) => ({ label: o.description, date: o.initDate, value: o.amount }));

/** The earliest target date: tomorrow (the server refuses today and before). */
export const firstGoalDate = (today: string) => addDaysIso(today, 1);

/** A new goal's date until one is chosen: 10 years from today (the quick buttons move it on by 5 to 20 years). */
export const DEFAULT_GOAL_YEARS = 10;
export const defaultGoalDate = (today: string) => addYearsIso(today, DEFAULT_GOAL_YEARS);

/** What the goal form holds. */
export interface GoalFormValues {
  description: string;
  amount: number | null;
  initDate: string | null;
}

export function goalFormDefaults(goal: Goal | null, today: string): GoalFormValues {
  return goal
    ? { description: goal.description, amount: goal.amount, initDate: goal.initDate }
    : { description: '', amount: null, initDate: defaultGoalDate(today) };
}

/**
 * The body of POST /goal (with the client for an adviser; a BASIC user names none) or PUT /goal/:id. Empty values
 * stay null, which the contract's check marks as required.
 */
export function goalBody(values: GoalFormValues, scope: OwnerScope): GoalInput {
  const update = goalUpdateBody(values);
  return scope.kind === 'client' ? { clientId: scope.clientId, ...update } : update;
}

export function goalUpdateBody(values: GoalFormValues): GoalUpdate {
  return {
    description: values.description.trim(),
    amount: values.amount as number,
    initDate: values.initDate as string,
  };
}
