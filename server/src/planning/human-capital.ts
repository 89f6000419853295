// Human capital from the database: the planned flows of a client or a family as the engine reads them, each member's
// retirement date and discount rate (set, or the defaults), and the summary (engine/src/planning.ts; conventions and
// worked examples in engine/README.md "Human capital").
import {
  addMonthsClamped,
  flowTotals,
  humanCapital,
  type PlannedFlow,
  retirementFrom,
  roundMoney,
  yearlyNetFlows,
} from '@patrimonio/engine';
import {
  birthDateFromTaxCode,
  DEFAULT_DISCOUNT_RATE,
  type Flow,
  type HumanCapitalSummary,
} from '@patrimonio/shared-api';
import { flowsOf } from '../data/planning/flows.ts';
import { policiesOf } from '../data/planning/policies.ts';
import { type PlanningSettingsRow, settingsOf } from '../data/planning/settings.ts';
import type { Queryable } from '../db/database.ts';
import type { WeightedClient } from '../real-estate/load.ts';

/** Years of planned flows fed to the wealth projection (its horizon, engine PROJECTION_HORIZON_YEARS). */
export const PLANNING_YEARS = 20;
/** Without a retirement date set or a birth date in the tax code: this many years from the date. */
export const DEFAULT_WORKING_YEARS = 20;

/** A planned flow as the engine reads it, weighted by its owner's family weight. */
export const toPlannedFlow = (f: Flow, weight = 1): PlannedFlow => ({
  direction: f.direction,
  amount: f.amount,
  frequency: f.frequency,
  startDate: f.startDate,
  endDate: f.endDate,
  growthRate: f.growthRate,
  weight,
});

export interface ResolvedSettings {
  retirementDate: string;
  retirementSource: 'SET' | 'TAX_CODE' | 'DEFAULT';
  discountRate: number;
  discountRateSet: boolean;
}

/**
 * A member's retirement date and discount rate: as set; else the 67th birthday from a person's tax code (engine
 * retirementFrom); else DEFAULT_WORKING_YEARS from the date. The discount rate defaults to DEFAULT_DISCOUNT_RATE.
 */
export function resolveSettings(s: PlanningSettingsRow, date: string): ResolvedSettings {
  const birth = s.isCompany ? null : birthDateFromTaxCode(s.taxCode, date);
  const retirement: Pick<ResolvedSettings, 'retirementDate' | 'retirementSource'> = s.retirementDate
    ? { retirementDate: s.retirementDate, retirementSource: 'SET' }
    : birth
      ? { retirementDate: retirementFrom(birth), retirementSource: 'TAX_CODE' }
      : { retirementDate: addMonthsClamped(date, 12 * DEFAULT_WORKING_YEARS), retirementSource: 'DEFAULT' };
  return {
    ...retirement,
    discountRate: s.discountRate ?? DEFAULT_DISCOUNT_RATE,
    discountRateSet: s.discountRate !== null,
  };
}

/** The members' planned flows, weighted, as the engine reads them. */
export async function plannedFlows(db: Queryable, members: readonly WeightedClient[]): Promise<PlannedFlow[]> {
  const weight = new Map(members.map((m) => [m.clientId, m.weight]));
  const flows = await flowsOf(
    db,
    members.map((m) => m.clientId),
  );
  return flows.map((f) => toPlannedFlow(f, weight.get(f.clientId) ?? 1));
}

/** The overview's flux.humanCapital and the projection's yearly flows of human capital, from the date. */
export async function humanCapitalFlows(
  db: Queryable,
  members: readonly WeightedClient[],
  date: string,
  years = PLANNING_YEARS,
): Promise<{ flux: number; yearly: number[] }> {
  const flows = await plannedFlows(db, members);
  return {
    flux: flowTotals(flows, addMonthsClamped(date, -12), date).net,
    yearly: yearlyNetFlows(flows, date, years),
  };
}

/** The human-capital summary of a client or a family at a date (GET /human-capital/summary). */
export async function humanCapitalSummary(
  db: Queryable,
  members: readonly WeightedClient[],
  date: string,
): Promise<HumanCapitalSummary> {
  const ids = members.map((m) => m.clientId);
  const [flows, settings, policies] = await Promise.all([
    flowsOf(db, ids),
    settingsOf(db, ids),
    policiesOf(db, ids, date),
  ]);
  const weight = new Map(members.map((m) => [m.clientId, m.weight]));
  let value = 0;
  let futureIncome = 0;
  let futureExpense = 0;
  const memberRows: HumanCapitalSummary['members'] = [];
  for (const s of settings) {
    const w = weight.get(s.clientId) ?? 1;
    const resolved = resolveSettings(s, date);
    const own = flows.filter((f) => f.clientId === s.clientId).map((f) => toPlannedFlow(f, w));
    const hc = humanCapital(own, date, resolved.retirementDate, resolved.discountRate);
    value += hc.value;
    futureIncome += hc.income;
    futureExpense += hc.expense;
    memberRows.push({ clientId: s.clientId, name: s.name, weight: w, ...resolved, humanCapital: hc.value });
  }
  const all = flows.map((f) => toPlannedFlow(f, weight.get(f.clientId) ?? 1));
  let insuredCapital = 0;
  let yearlyPremiums = 0;
  let surrenderValue = 0;
  for (const p of policies) {
    if (p.expired) continue;
    const w = weight.get(p.clientId) ?? 1;
    insuredCapital += p.capital * w;
    yearlyPremiums += p.yearlyPremium * w;
    surrenderValue += (p.surrenderValue ?? 0) * w;
  }
  return {
    date,
    humanCapital: roundMoney(value),
    futureIncome: roundMoney(futureIncome),
    futureExpense: roundMoney(futureExpense),
    last12Months: flowTotals(all, addMonthsClamped(date, -12), date),
    next12Months: flowTotals(all, date, addMonthsClamped(date, 12)),
    yearlyNet: yearlyNetFlows(all, date, PLANNING_YEARS),
    insuredCapital: roundMoney(insuredCapital),
    yearlyPremiums: roundMoney(yearlyPremiums),
    surrenderValue: roundMoney(surrenderValue),
    members: memberRows,
  };
}
