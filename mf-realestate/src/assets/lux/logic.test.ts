// The art and luxury page's rules: donut and columns, the item and evaluation forms and their bodies.
import { bodyErrors, type LuxItem, normaliseBody, routes } from '@patrimonio/shared-api';
import { describe, expect, test } from 'vitest';
import {
  categoryDonutData,
  categoryIndex,
  columnBars,
  createBody,
  draftOf,
  emptyLux,
  futureEvaluation,
  LUX_CATEGORIES,
  updateBody,
  validateEvaluation,
} from './logic.ts';

const italian = {
  ART: 'Arte',
  CAR: 'Auto',
  BIKE: 'Moto',
  BOAT: 'Barca',
  COLLECTION: 'Collezione',
  JEWELRY: 'Gioielli',
};
const label = (c: keyof typeof italian) => italian[c];

describe('the charts', () => {
  test('the spec names six categories, in a fixed order that gives each its colour', () => {
    expect(LUX_CATEGORIES).toEqual(['ART', 'CAR', 'BIKE', 'BOAT', 'COLLECTION', 'JEWELRY']);
    expect(categoryIndex('BOAT')).toBe(3);
  });
  test('the donut has a slice per category with a value, keyed by category, in the API order', () => {
    expect(
      categoryDonutData(
        [
          { category: 'ART', value: 1000 },
          { category: 'BOAT', value: 250 },
          { category: 'CAR', value: 0 },
        ],
        '2026-11-27',
      ),
    ).toEqual({
      date: '2026-11-27',
      slices: [
        { key: 'ART', value: 1000 },
        { key: 'BOAT', value: 250 },
      ],
    });
  });
  test('the columns: a year per category of the chart, a series per category of goods', () => {
    expect(
      columnBars(
        {
          years: [2024, 2025],
          series: [
            { category: 'ART', data: [100, 120] },
            { category: 'JEWELRY', data: [0, 40] },
          ],
        },
        label,
      ),
    ).toEqual({
      categories: ['2024', '2025'],
      series: [
        { category: 'ART', name: 'Arte', data: [100, 120] },
        { category: 'JEWELRY', name: 'Gioielli', data: [0, 40] },
      ],
    });
  });
});

describe('the item form', () => {
  const today = '2026-11-21';
  const draft = {
    ...emptyLux(3),
    description: 'Natura morta, olio su tela',
    category: 'ART' as const,
    evaluation: 85_000,
    evaluationDate: '2025-06-30',
  };
  // The checks of the item form: its contract body (as the server checks it) and the evaluation date.
  const checks = (d: typeof draft | ReturnType<typeof emptyLux>, adding: boolean) => ({
    ...bodyErrors(
      adding ? routes.createLux.body : routes.updateLux.body,
      normaliseBody(adding ? createBody(d) : updateBody(d)),
    ),
    ...futureEvaluation(d, today, adding),
  });
  test('owner, description, category, evaluation and its date are required when adding', () => {
    expect(checks(emptyLux(), true)).toEqual({
      clientId: 'required',
      description: 'required',
      category: 'required',
      evaluation: 'required',
      evaluationDate: 'required',
    });
    expect(checks(draft, true)).toEqual({});
  });
  test('an evaluation dated after today is refused; editing does not ask for the evaluation', () => {
    expect(checks({ ...draft, evaluationDate: '2026-11-22' }, true)).toEqual({
      evaluationDate: 'invalid',
    });
    expect(checks({ ...draft, evaluation: null, evaluationDate: null }, false)).toEqual({});
  });
  test('the bodies: trimmed texts, empty amounts as 0, an empty note and buy cost as null', () => {
    expect(createBody({ ...draft, description: ' Natura morta, olio su tela ', note: '  ' })).toEqual({
      clientId: 3,
      description: 'Natura morta, olio su tela',
      category: 'ART',
      buyCost: null,
      yearlyIncome: 0,
      yearlyMaintenance: 0,
      linkedDebt: 0,
      note: null,
      evaluation: 85_000,
      evaluationDate: '2025-06-30',
    });
    expect(updateBody({ ...draft, buyCost: 60_000, yearlyMaintenance: 1200, note: 'Caveau' })).toMatchObject({
      buyCost: 60_000,
      yearlyMaintenance: 1200,
      note: 'Caveau',
    });
  });
  test('a stored item fills the form back to the same body', () => {
    const item: LuxItem = {
      id: 9,
      ownerId: 3,
      owner: 'Mario Rossi',
      description: 'Riva Aquarama',
      category: 'BOAT',
      evaluation: 400_000,
      evaluationDate: '2025-01-31',
      buyCost: 350_000,
      yield: 1.5,
      yearlyIncome: 6000,
      yearlyMaintenance: 9000,
      linkedDebt: 0,
      note: null,
    };
    expect(updateBody(draftOf(item))).toEqual({
      description: 'Riva Aquarama',
      category: 'BOAT',
      buyCost: 350_000,
      yearlyIncome: 6000,
      yearlyMaintenance: 9000,
      linkedDebt: 0,
      note: null,
    });
  });
});

describe('the evaluation form', () => {
  const today = '2026-11-21';
  test('a date and a value are required; a future date is refused', () => {
    expect(validateEvaluation({ evaluationDate: null, value: null }, today)).toEqual({
      evaluationDate: 'required',
      value: 'required',
    });
    expect(validateEvaluation({ evaluationDate: '2026-12-01', value: 1 }, today)).toEqual({
      evaluationDate: 'invalid',
    });
  });
  test('today and a value of 0 are accepted', () => {
    expect(validateEvaluation({ evaluationDate: today, value: 0 }, today)).toEqual({});
  });
});
