// The wealth outside the financial portfolios, for the overview (richComposition and flux) and the total asset
// history: real estate (server/src/real-estate), family business shares and art and luxury goods
// (server/src/shares-lux). These are read from the database on each computed answer; the answer cache still
// applies, since their tables bump the same analytics versions as the financial data (migrations 009 and 010).
import { roundMoney } from '@patrimonio/engine';
import { familyMemberWeights } from '../data/owners.ts';
import type { Queryable } from '../db/database.ts';
import { humanCapitalFlows, PLANNING_YEARS } from '../planning/human-capital.ts';
import { projectedYearlyFlows, valueOn, yearlyFlow } from '../real-estate/figures.ts';
import { loadFigures, realEstateValueSeries, type WeightedClient } from '../real-estate/load.ts';
import { luxDashboardStats, luxValueAt, luxValueSeries, shareValueAt, shareValueSeries } from '../shares-lux/index.ts';
import type { Engine } from './answer.ts';
import type { RealAssets } from './reports.ts';
import type { Scope } from './scope.ts';

export type RealAsset = 'REALESTATE' | 'SHARE' | 'ARTLUX';

/** The clients of a scope with their weights: 1 for a client's aggregate or portfolio, the member weights in a family. */
export async function weightedClients(db: Queryable, scope: Scope): Promise<WeightedClient[]> {
  const familyId = scope.kind === 'family' ? scope.portfolioData.familyId : null;
  if (familyId === null) return scope.clientIds.map((clientId) => ({ clientId, weight: 1 }));
  return familyMemberWeights(db, familyId);
}

/**
 * The real assets at a date and their yearly net flows: real estate, income less maintenance less the mortgage
 * installments due in the 12 months to the date (real-estate/figures.ts yearlyFlow); art and luxury, income less
 * maintenance; shares, none (a holding's figures are the company's, not cash paid to the holder); human capital, the
 * planned flows dated in those 12 months (planning/human-capital.ts). Plus the planned net flows of each of `years`
 * years ahead that feed the projection: human capital and the properties (figures.ts projectedYearlyFlows).
 */
export async function realAssetsAt(
  db: Queryable,
  owners: readonly WeightedClient[],
  date: string,
  years = PLANNING_YEARS,
): Promise<RealAssets> {
  const [properties, share, artLux, lux, human] = await Promise.all([
    loadFigures(db, owners),
    shareValueAt(db, owners, date),
    luxValueAt(db, owners, date),
    luxDashboardStats(db, owners),
    humanCapitalFlows(db, owners, date, years),
  ]);
  const property = projectedYearlyFlows(properties, date, years);
  return {
    value: { realEstate: valueOn(properties, date), share, artLux },
    flux: {
      realEstate: yearlyFlow(properties, date),
      artLux: roundMoney(lux.yearlyIncome - lux.yearlyMaintenance),
      share: 0,
      humanCapital: human.flux,
    },
    yearlyFlows: property.map((v, i) => roundMoney(v + (human.yearly[i] ?? 0))),
  };
}

/** One real asset's value on every day from start to end (both included), in date order. */
export function realAssetSeries(
  db: Queryable,
  owners: readonly WeightedClient[],
  asset: RealAsset,
  start: string,
  end: string,
): Promise<Array<{ date: string; value: number }>> {
  switch (asset) {
    case 'REALESTATE':
      return realEstateValueSeries(db, owners, start, end);
    case 'SHARE':
      return shareValueSeries(db, owners, start, end);
    case 'ARTLUX':
      return luxValueSeries(db, owners, start, end);
  }
}

/**
 * The overview's dashboard at `date` as an answerer's computation: the engine's figures with the real assets of the
 * scope's clients (GET /dashboard/{id} and the widgets that show the wealth total and its projection).
 */
export function dashboardAt(db: Queryable, date: string) {
  return async (engine: Engine, scope: Scope) =>
    engine('dashboard', { date, real: await realAssetsAt(db, await weightedClients(db, scope), date) });
}
