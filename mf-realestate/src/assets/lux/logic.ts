// The art and luxury page without React: what it asks the API for, the categories, the donut's slices and the
// rules of the item and evaluation forms. Pure, so the rules are tested on their own.
import type { ArtLuxDonutData, LuxCategory, LuxColumn, LuxCreate, LuxItem, LuxUpdate } from '@patrimonio/shared-api';
import { LUX_CATEGORIES } from '../common/contract.ts';

export { LUX_CATEGORIES, type LuxCategory };

/** Spec section 9: art luxury sorted evaluation desc; history size 5 by evaluationDate desc (the API's order). */
export const LUX_PAGE_SIZE = 10_000;
export const LUX_SORT = 'evaluation,desc';
export const HISTORY_SIZE = 5;

/** A category's colour slot: its place in the spec's order, so the donut and the columns agree. */
export const categoryIndex = (category: LuxCategory): number => LUX_CATEGORIES.indexOf(category);

/**
 * The donut's figures in the art and luxury widget's shape (shared-api ArtLuxDonutData): one slice per category with
 * a positive value, in the API's order (largest first), the category as its key (the widget labels it and gives it
 * its colour). Worked example: [{ART, 1000}, {CAR, 0}, {BOAT, 250}] gives slices [{ART, 1000}, {BOAT, 250}].
 */
export function categoryDonutData(
  pie: ReadonlyArray<{ category: LuxCategory; value: number }>,
  date: string,
): ArtLuxDonutData {
  return { date, slices: pie.filter((p) => p.value > 0).map((p) => ({ key: p.category, value: p.value })) };
}

/**
 * The column chart: a category per year, a series per category of goods (value at each year's end). Worked
 * example: years [2024, 2025] and ART [100, 120] give categories ['2024', '2025'] and one series 'Arte' [100, 120].
 */
export function columnBars(
  column: LuxColumn,
  label: (category: LuxCategory) => string,
): { categories: string[]; series: Array<{ category: LuxCategory; name: string; data: number[] }> } {
  return {
    categories: column.years.map(String),
    series: column.series.map((s) => ({ category: s.category, name: label(s.category), data: s.data })),
  };
}

// The item form.

export interface LuxDraft {
  /** The owning client (a family member in a family view). */
  clientId: number | null;
  description: string;
  category: LuxCategory | '';
  /** Asked when adding (the first evaluation); later ones go through the history. */
  evaluation: number | null;
  evaluationDate: string | null;
  buyCost: number | null;
  /** Yearly income, maintenance and the debt linked to the item; optional (0 when empty). */
  yearlyIncome: number | null;
  yearlyMaintenance: number | null;
  linkedDebt: number | null;
  note: string;
}

export type FieldCode = 'required' | 'invalid' | 'duplicate';

export const emptyLux = (clientId: number | null = null): LuxDraft => ({
  clientId,
  description: '',
  category: '',
  evaluation: null,
  evaluationDate: null,
  buyCost: null,
  yearlyIncome: null,
  yearlyMaintenance: null,
  linkedDebt: null,
  note: '',
});

/**
 * The item form's rule beyond its contract body (which asks for an owner, a description, a category of the six and,
 * when adding, an evaluation and its date): an evaluation is one already made, so its date is today at the latest.
 * Amounts are never negative: the amount inputs refuse them.
 */
export const futureEvaluation = (d: LuxDraft, today: string, adding: boolean): { evaluationDate?: 'invalid' } =>
  adding && d.evaluationDate !== null && d.evaluationDate > today ? { evaluationDate: 'invalid' } : {};

/** The fields an edit sends (every one: the API sets an omitted amount to 0 and an omitted note to null). */
export function updateBody(d: LuxDraft): LuxUpdate {
  const note = d.note.trim();
  return {
    description: d.description.trim(),
    category: d.category as LuxCategory,
    buyCost: d.buyCost,
    yearlyIncome: d.yearlyIncome ?? 0,
    yearlyMaintenance: d.yearlyMaintenance ?? 0,
    linkedDebt: d.linkedDebt ?? 0,
    note: note === '' ? null : note,
  };
}

/** The body that adds an item with its first evaluation (call only on a valid draft). */
export const createBody = (d: LuxDraft): LuxCreate => ({
  clientId: d.clientId!,
  ...updateBody(d),
  evaluation: d.evaluation!,
  evaluationDate: d.evaluationDate!,
});

/** The form filled with a stored item. */
export const draftOf = (item: LuxItem): LuxDraft => ({
  clientId: item.ownerId,
  description: item.description,
  category: item.category,
  evaluation: item.evaluation,
  evaluationDate: item.evaluationDate,
  buyCost: item.buyCost,
  yearlyIncome: item.yearlyIncome,
  yearlyMaintenance: item.yearlyMaintenance,
  linkedDebt: item.linkedDebt,
  note: item.note ?? '',
});

// The evaluation form of the history panel.

export interface EvaluationDraft {
  evaluationDate: string | null;
  value: number | null;
}

/**
 * An evaluation needs a date (not in the future) and a value. Whether the item already has one on that date is the
 * API's to say (409 evaluation_date_present: it knows the whole history, the panel shows only the latest 5).
 */
export function validateEvaluation(
  d: EvaluationDraft,
  today: string,
): Partial<Record<keyof EvaluationDraft, FieldCode>> {
  const e: Partial<Record<keyof EvaluationDraft, FieldCode>> = {};
  if (d.evaluationDate === null) e.evaluationDate = 'required';
  else if (d.evaluationDate > today) e.evaluationDate = 'invalid';
  if (d.value === null) e.value = 'required';
  return e;
}
