// The simulation editor's rules, without React (spec data-and-admin section 4): each edit goes through the engine's
// applySimulationEdit, which moves its money into or out of cash; an edit that moved money gives the toast saying
// how much was added to or removed from cash; every edit makes the simulation calculable again, and a calculation
// clears the flag. The request bodies of POST /gc, PUT /gc/:id and POST /gc/wealth are built here too.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { applySimulationEdit, type SimulationEdit } from '@patrimonio/engine';
import type {
  Simulation,
  SimulationBody,
  SimulationCreate,
  SimulationDraft,
  SimulationWealth,
  SimulationWealthInput,
} from '@patrimonio/shared-api';
import type { OwnerScope } from '@patrimonio/shared-ui';

export type { SimulationEdit };

/** The simulation being edited on the page. */
export interface Editor {
  /** The saved simulation's id; null until a new one is saved. */
  id: number | null;
  body: SimulationDraft;
  /** Changed since it was last calculated (or never calculated): "Calcola" is enabled. */
  calculable: boolean;
}

/** A simulation's content as the contract's body: its own fields only (a saved one also has id, dates, client). */
export function toSimulationBody(s: SimulationDraft | Simulation): SimulationDraft {
  return {
    name: s.name ?? '',
    realEstate: s.realEstate.map((r) => ({
      realEstateId: r.realEstateId,
      description: r.description,
      evaluation: r.evaluation,
      percOwned: r.percOwned,
      income: r.income,
      maintenanceCost: r.maintenanceCost,
      mortgage: r.mortgage ? { ...r.mortgage } : null,
    })),
    financial: { ...s.financial },
    artlux: s.artlux.map((a) => ({
      luxId: a.luxId,
      description: a.description,
      category: a.category,
      valuation: a.valuation,
    })),
    share: s.share.map((x) => ({ companyId: x.companyId, description: x.description, amount: x.amount })),
    startingCash: s.startingCash,
    startingPercentage: s.startingPercentage,
  };
}

/** A new simulation from GET /gc/init: the client's situation today, nothing to calculate until it is changed. */
export const newEditor = (init: SimulationDraft): Editor => ({
  id: null,
  body: toSimulationBody(init),
  calculable: false,
});

/** A saved simulation (GET /gc/:id): not calculated yet on this page. */
export const savedEditor = (saved: Simulation): Editor => ({
  id: saved.id,
  body: toSimulationBody(saved),
  calculable: true,
});

/** The toast of an edit that moved money: the amount added to or removed from cash; null when none moved. */
export function cashToast(cashDelta: number, money: (amount: number) => string): MessageDescriptor | null {
  if (cashDelta === 0) return null;
  const amount = money(Math.abs(cashDelta));
  return cashDelta > 0 ? msg`${amount} aggiunti alla liquidità` : msg`${amount} tolti dalla liquidità`;
}

/** The page's edits: the engine's (engine/src/simulation.ts). */
export type EditorEdit = SimulationEdit;

export interface EditOutcome {
  editor: Editor;
  /** Positive: added to cash; rounded to the cent by the engine. */
  cashDelta: number;
  toast: MessageDescriptor | null;
}

/**
 * Applies one edit at `today`: the engine moves its money into or out of cash (a sale adds the owner's equity, a
 * purchase or a mortgage paid off takes it, money moved between classes comes from or goes to cash); the simulation
 * becomes calculable. Throws the engine's RangeError on an edit it refuses (an index out of range, a negative amount).
 */
export function applyEdit(
  editor: Editor,
  edit: EditorEdit,
  today: string,
  money: (amount: number) => string,
): EditOutcome {
  const { name, ...simulation } = editor.body;
  const result = applySimulationEdit(simulation, edit, today);
  // The engine copies each item with its spread, so the contract's fields it does not read (an art item's category)
  // are kept as they were.
  const next = result.simulation as Omit<SimulationBody, 'name'>;
  return {
    editor: { ...editor, body: { name, ...next }, calculable: true },
    cashDelta: result.cashDelta,
    toast: result.adjustsCash ? cashToast(result.cashDelta, money) : null,
  };
}

/** After a calculation: nothing new to calculate until the next edit. */
export const calculated = (editor: Editor): Editor => ({ ...editor, calculable: false });

/** After a save: the saved id (and name), the flag as it was. */
export const saved = (editor: Editor, id: number, name: string): Editor => ({
  ...editor,
  id,
  body: { ...editor.body, name },
});

/** The owner part of a body: the client for an adviser, nothing for a BASIC user's own data. */
const clientOf = (scope: OwnerScope) => (scope.kind === 'client' ? { clientId: scope.clientId } : {});

/** POST /gc/wealth: the unsaved simulation as it is on the page. */
export const wealthBody = (scope: OwnerScope, body: SimulationDraft): SimulationWealthInput => ({
  ...clientOf(scope),
  simulation: body,
});

/** POST /gc: the simulation under the name asked for. */
export const createBody = (scope: OwnerScope, body: SimulationDraft, name: string): SimulationCreate => ({
  ...clientOf(scope),
  ...body,
  name: name.trim(),
});

/** Cash below zero after a purchase: the page warns (the engine and the server accept it). */
export const negativeCash = (body: SimulationDraft): boolean => body.financial.cash < 0;

/** The totals of the comparison: gross, debt and net wealth today, current and simulated, and the difference. */
export function totalsRows(w: SimulationWealth) {
  return (['gross', 'debt', 'net'] as const).map((key) => ({
    key,
    current: w.currentTotals[key],
    simulation: w.simulationTotals[key],
    difference: Math.round((w.simulationTotals[key] - w.currentTotals[key]) * 100) / 100,
  }));
}
