// Simulations from the database: a new simulation built from the client's data today (GET /gc/init), the checks of a
// simulation's body against the client's own items, and the engine's view of a simulation (engine/src/simulation.ts;
// conventions and worked examples in engine/README.md "Simulations").
import { type Simulation as EngineSimulation, roundMoney, simulationValues } from '@patrimonio/engine';
import type { SimulationDraft, SimulationFinancial } from '@patrimonio/shared-api';
import { ownItemIds, propertyDescriptions } from '../data/planning/simulations.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../plugins/errors.ts';
import { currentEvaluation } from '../real-estate/figures.ts';
import { loadFigures } from '../real-estate/load.ts';
import { shareHoldingsAt } from '../shares-lux/index.ts';
import { luxItems } from '../shares-lux/lux.ts';

/** The engine's simulation: the body without its name. */
export function toEngineSimulation(b: SimulationDraft): EngineSimulation {
  const { name: _name, ...simulation } = b;
  return simulation;
}

/**
 * A new simulation of the client at the date: its properties not sold (current evaluation, percOwned, yearly income and
 * costs, mortgage), the financial split the engine gave (analytics/reports.ts simulationFinancial), its goods at their
 * latest evaluation and its holdings at their value; startingCash is the cash, startingPercentage the cash's share of
 * the gross wealth (engine simulationValues), 0 when there is none.
 */
export async function initialSimulation(
  db: Queryable,
  clientId: number,
  date: string,
  financial: SimulationFinancial,
): Promise<SimulationDraft> {
  const owners = [{ clientId, weight: 1 }];
  const [properties, names, goods, holdings] = await Promise.all([
    loadFigures(db, owners),
    propertyDescriptions(db, clientId),
    luxItems(db, owners),
    shareHoldingsAt(db, clientId, date),
  ]);
  const body: SimulationDraft = {
    name: null,
    realEstate: properties
      .filter((p) => !p.soldDate)
      .map((p) => ({
        realEstateId: p.id,
        description: names.get(p.id) ?? '',
        evaluation: roundMoney(currentEvaluation(p)),
        percOwned: p.percOwned,
        income: p.income ?? 0,
        maintenanceCost: p.maintenanceCost ?? 0,
        mortgage: p.mortgage
          ? {
              amount: p.mortgage.amount,
              initDate: p.mortgage.initDate,
              rataType: p.mortgage.rataType,
              totalRata: p.mortgage.totalRata,
              interestRateType: p.mortgage.interestRateType,
              amortization: p.mortgage.amortization,
              interestRate: p.mortgage.interestRate,
            }
          : null,
      })),
    financial,
    artlux: goods
      .sort((a, b) => b.evaluation - a.evaluation || a.id - b.id)
      .map((g) => ({ luxId: g.id, description: g.description, category: g.category, valuation: g.evaluation })),
    share: holdings.map((h) => ({ companyId: h.companyId, description: h.legalName, amount: h.amount })),
    startingCash: financial.cash,
    startingPercentage: 0,
  };
  const { gross } = simulationValues(toEngineSimulation(body), date);
  body.startingPercentage = gross > 0 ? Math.min(1, Math.max(0, Math.round((financial.cash / gross) * 1e6) / 1e6)) : 0;
  return body;
}

/**
 * The items a simulation names must be the client's own (a property, a good, a company it holds): any other id is the
 * caller's mistake, 400 naming the field, and never says whose it is.
 */
export async function checkSimulationItems(db: Queryable, clientId: number, b: SimulationDraft): Promise<void> {
  const own = await ownItemIds(db, clientId);
  const errors: Array<{ field: string; message: string }> = [];
  b.realEstate.forEach((r, i) => {
    if (r.realEstateId !== null && !own.realEstate.has(r.realEstateId))
      errors.push({ field: `body.realEstate.${i}.realEstateId`, message: "not one of the client's properties" });
  });
  b.artlux.forEach((a, i) => {
    if (a.luxId !== null && !own.lux.has(a.luxId))
      errors.push({ field: `body.artlux.${i}.luxId`, message: "not one of the client's goods" });
  });
  b.share.forEach((s, i) => {
    if (s.companyId !== null && !own.company.has(s.companyId))
      errors.push({ field: `body.share.${i}.companyId`, message: 'not a company the client holds' });
  });
  if (errors.length) throw badRequest(errors);
}

/** A body with every amount to the cent and every fraction to 6 decimals, as the numeric columns would keep them. */
export function normalizeSimulation<T extends SimulationDraft>(b: T): T {
  const cents = (v: number) => Math.round(v * 100) / 100;
  const frac = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    ...b,
    ...(typeof b.name === 'string' ? { name: b.name.trim() } : {}),
    realEstate: b.realEstate.map((r) => ({
      ...r,
      description: r.description.trim(),
      evaluation: cents(r.evaluation),
      percOwned: frac(r.percOwned),
      income: cents(r.income),
      maintenanceCost: cents(r.maintenanceCost),
      mortgage: r.mortgage ? { ...r.mortgage, amount: cents(r.mortgage.amount) } : null,
    })),
    artlux: b.artlux.map((a) => ({ ...a, description: a.description.trim(), valuation: cents(a.valuation) })),
    share: b.share.map((s) => ({ ...s, description: s.description.trim(), amount: cents(s.amount) })),
  };
}
