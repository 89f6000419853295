// The report options dialog as a reducer (portal-and-report 2 "Report options dialog", 4 "Report options" and
// 5 "Report options"): sections and portfolios, the fees rules, 'undo edit', Save only when changed, reset on close.

import type { PortfolioMenuItem } from '@patrimonio/shared-api';
import { REPORT_SECTIONS, type ReportSection, type ReportSettings, type Role } from '@patrimonio/shared-api';
import { type EligiblePortfolio, portfoliosInMenu } from './portfolios.ts';

export interface ReportSelection {
  /** In the fixed order of REPORT_SECTIONS, each once. */
  sections: ReportSection[];
  /** Ids of offered portfolios, in menu order, each once. */
  portfolios: number[];
}

export interface OptionsState {
  /** Ids of the portfolios offered (the eligible ones), in menu order. */
  offered: number[];
  /** The selection as saved (or as kept locally for BASIC). */
  original: ReportSelection;
  /** The selection being edited. */
  current: ReportSelection;
}

export type OptionsAction =
  | { type: 'toggleSection'; section: ReportSection }
  | { type: 'togglePortfolio'; id: number }
  /** The 'undo edit' control: back to the original. */
  | { type: 'undo' }
  /** Closing the dialog: the unsaved selection is dropped. */
  | { type: 'close' }
  /** Saved (or refetched from the server): the current selection becomes the original. */
  | { type: 'saved'; settings: ReportSettings };

/**
 * The selection made consistent. Rules (portal-and-report 5): "The fees section can be chosen only if the financial
 * section is on and at least one portfolio is chosen"; portfolios are only those offered; sections in the fixed order
 * of portal-and-report 9 ("overview, financial, fees, realEstate, shares, artLux"), unknown ones dropped.
 * Worked example: { sections: ['fees', 'overview'], portfolios: [] } gives { sections: ['overview'], portfolios: [] }.
 */
export function normalizeSelection(settings: ReportSettings, offered: readonly number[]): ReportSelection {
  const chosen = new Set(settings.portfolios);
  const portfolios = offered.filter((id) => chosen.has(id));
  const wanted = new Set<string>(settings.sections);
  const financialOn = wanted.has('financial');
  const sections = REPORT_SECTIONS.filter(
    (s) => wanted.has(s) && (s !== 'fees' || (financialOn && portfolios.length > 0)),
  );
  return { sections, portfolios };
}

/**
 * The dialog's state from the settings and the portfolio menu. Rules (portal-and-report 5): "Only portfolios that
 * have firstMovementDate and lastQuantityCheckOkDate and are not in testing are offered" and "Settings fetched from
 * the server are filtered to portfolios present in the menu". Without settings (a BASIC user's first report, or
 * nothing saved yet) the default is the server's: every section and every offered portfolio.
 */
export function initialOptionsState(
  settings: ReportSettings | null,
  menu: readonly PortfolioMenuItem[],
  eligible: readonly EligiblePortfolio[],
): OptionsState {
  const offered = eligible.map((p) => p.id);
  const source = settings
    ? { sections: settings.sections, portfolios: portfoliosInMenu(settings.portfolios, menu) }
    : { sections: [...REPORT_SECTIONS], portfolios: offered };
  const selection = normalizeSelection(source, offered);
  return { offered, original: selection, current: selection };
}

/** True when the fees checkbox may be ticked: financial on and at least one portfolio (portal-and-report 5). */
export function canChooseFees(selection: ReportSelection): boolean {
  return selection.sections.includes('financial') && selection.portfolios.length > 0;
}

/** True when the portfolio checkboxes are enabled: "disabled when the financial section is off" (portal-and-report 5). */
export function portfolioCheckboxesEnabled(selection: ReportSelection): boolean {
  return selection.sections.includes('financial');
}

const sameMembers = <T>(a: readonly T[], b: readonly T[]): boolean => {
  const setA = new Set(a);
  const setB = new Set(b);
  return setA.size === setB.size && [...setA].every((x) => setB.has(x));
};

/**
 * True when the selection differs from the original, order aside. Rule (portal-and-report 4): "Unsaved changes show
 * 'undo edit'. Save is enabled only when the selection differs from the original." Both follow this flag.
 * Worked example: original portfolios [1, 2], current [2, 1]: not dirty; current [1]: dirty.
 */
export function isDirty(state: OptionsState): boolean {
  return (
    !sameMembers(state.original.sections, state.current.sections) ||
    !sameMembers(state.original.portfolios, state.current.portfolios)
  );
}

function toggleSection(selection: ReportSelection, section: ReportSection): ReportSelection {
  const on = selection.sections.includes(section);
  if (!on && section === 'fees' && !canChooseFees(selection)) return selection;
  const sections = on ? selection.sections.filter((s) => s !== section) : [...selection.sections, section];
  // Turning financial off also drops fees (fees need financial); normalizing restores the fixed order.
  return normalizeSelection({ sections, portfolios: selection.portfolios }, selection.portfolios);
}

function togglePortfolio(selection: ReportSelection, id: number, offered: readonly number[]): ReportSelection {
  if (!portfolioCheckboxesEnabled(selection) || !offered.includes(id)) return selection;
  const portfolios = selection.portfolios.includes(id)
    ? selection.portfolios.filter((p) => p !== id)
    : [...selection.portfolios, id];
  // Unchecking the last portfolio removes fees (portal-and-report 5); normalizing also restores menu order.
  return normalizeSelection({ sections: selection.sections, portfolios }, offered);
}

/**
 * The options dialog's transitions. toggleSection: fees only when canChooseFees, financial off removes fees;
 * togglePortfolio: ignored when the financial section is off or the portfolio is not offered, unchecking the last one
 * removes fees; undo and close: back to the original (portal-and-report 4: "Closing resets the selection");
 * saved: the given settings become both original and current.
 */
export function optionsReducer(state: OptionsState, action: OptionsAction): OptionsState {
  switch (action.type) {
    case 'toggleSection':
      return { ...state, current: toggleSection(state.current, action.section) };
    case 'togglePortfolio':
      return { ...state, current: togglePortfolio(state.current, action.id, state.offered) };
    case 'undo':
    case 'close':
      return { ...state, current: state.original };
    case 'saved': {
      const selection = normalizeSelection(action.settings, state.offered);
      return { ...state, original: selection, current: selection };
    }
  }
}

/**
 * Where Save puts the options. Rule (portal-and-report 4 and 6): "BASIC users: options are kept locally and passed
 * to the report, not saved to the server. Other roles: settings are saved on the server and then refetched."
 */
export function optionsStorage(role: Role): 'local' | 'server' {
  return role === 'BASIC' ? 'local' : 'server';
}
