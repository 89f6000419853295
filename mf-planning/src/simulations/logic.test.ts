// The simulation editor's rules: each edit through the engine, the toast of the money added to or removed from cash,
// the calculable flag, and the bodies of POST /gc, PUT /gc/:id and POST /gc/wealth.
import { residualDebt } from '@patrimonio/engine';
import type { SimulationArtLux } from '@patrimonio/shared-api';
import type { OwnerScope } from '@patrimonio/shared-ui';
import { describe, expect, test } from 'vitest';
import { initSimulation, savedSimulation, wealthAnswer } from './fixtures.ts';
import {
  applyEdit,
  calculated,
  cashToast,
  createBody,
  negativeCash,
  newEditor,
  saved,
  savedEditor,
  toSimulationBody,
  totalsRows,
  wealthBody,
} from './logic.ts';

const TODAY = '2026-01-15';
const money = (v: number) => `€${v.toFixed(2)}`;
const client: OwnerScope = {
  kind: 'client',
  clientId: 42,
  query: { clientId: 42 },
  basePath: '/client/42',
  isFamily: false,
};
const own: OwnerScope = { kind: 'own', query: {}, basePath: '', isFamily: false };

describe('editing a simulation', () => {
  test('a new simulation has nothing to calculate; a saved one is calculable once opened', () => {
    expect(newEditor(initSimulation()).calculable).toBe(false);
    const opened = savedEditor(savedSimulation(5, 'Vendo la casa'));
    expect(opened).toMatchObject({ id: 5, calculable: true });
    expect(Object.keys(opened.body)).not.toContain('id');
  });

  test('selling a property adds the owned equity (evaluation less debt, times the share owned) to cash', () => {
    const editor = newEditor(initSimulation());
    const flat = applyEdit(editor, { kind: 'removeRealEstate', index: 1 }, TODAY, money);
    expect(flat.cashDelta).toBe(180000);
    expect(flat.editor.body.financial.cash).toBe(230000);
    expect(flat.editor.body.realEstate.map((r) => r.description)).toEqual(['Casa in città']);
    expect(flat.editor.calculable).toBe(true);
    expect(flat.toast?.message).toBe('{amount} aggiunti alla liquidità');
    expect(flat.toast?.values).toEqual({ amount: '€180000.00' });
    // The house is half owned and carries a mortgage: (400,000 - residual debt) x 0.5.
    const house = applyEdit(editor, { kind: 'removeRealEstate', index: 0 }, TODAY, money);
    const debt = residualDebt(initSimulation().realEstate[0]!.mortgage!, TODAY);
    expect(house.cashDelta).toBeCloseTo((400000 - debt) * 0.5, 2);
    // The editor's state is not changed in place.
    expect(editor.body.realEstate).toHaveLength(2);
  });

  test('paying off a mortgage and buying take money from cash; the toast says removed', () => {
    const editor = newEditor(initSimulation());
    const payoff = applyEdit(editor, { kind: 'removeMortgage', index: 0 }, TODAY, money);
    expect(payoff.cashDelta).toBeLessThan(0);
    expect(payoff.editor.body.realEstate[0]!.mortgage).toBe(null);
    expect(payoff.toast?.message).toBe('{amount} tolti dalla liquidità');
    const watch: SimulationArtLux = { luxId: null, description: 'Orologio', category: 'JEWELRY', valuation: 12000 };
    const art = applyEdit(editor, { kind: 'addArtLux', item: watch }, TODAY, money);
    expect(art.editor.body.artlux[1]).toEqual(watch);
    expect(art.editor.body.financial.cash).toBe(38000);
    expect(art.toast?.values).toEqual({ amount: '€12000.00' });
  });

  test('moving money between classes goes through cash; a revaluation moves none but is calculable', () => {
    const editor = newEditor(initSimulation());
    const moved = applyEdit(editor, { kind: 'setFinancial', field: 'bond', value: 100000 }, TODAY, money);
    expect([moved.cashDelta, moved.editor.body.financial.cash]).toEqual([-20000, 30000]);
    const revalued = applyEdit(editor, { kind: 'setEvaluation', index: 1, evaluation: 200000 }, TODAY, money);
    expect([revalued.cashDelta, revalued.toast, revalued.editor.calculable]).toEqual([0, null, true]);
    const share = applyEdit(editor, { kind: 'setShareAmount', index: 0, amount: 75000 }, TODAY, money);
    expect([share.cashDelta, share.toast, share.editor.body.share[0]!.amount]).toEqual([0, null, 75000]);
    expect(share.editor.body.financial.cash).toBe(50000);
    expect(() => applyEdit(editor, { kind: 'setShareAmount', index: 3, amount: 1 }, TODAY, money)).toThrow(RangeError);
    // An art item keeps its category through an engine edit.
    const art = applyEdit(editor, { kind: 'setArtLuxValuation', index: 0, valuation: 30000 }, TODAY, money);
    expect(art.editor.body.artlux[0]).toEqual({ luxId: 3, description: 'Dipinto', category: 'ART', valuation: 30000 });
  });

  test('a calculation clears the flag; cash below zero is flagged for the warning', () => {
    const editor = applyEdit(newEditor(initSimulation()), { kind: 'removeShare', index: 0 }, TODAY, money).editor;
    expect(calculated(editor).calculable).toBe(false);
    const bought = applyEdit(
      editor,
      { kind: 'addShare', item: { companyId: null, description: 'Bianchi Spa', amount: 200000 } },
      TODAY,
      money,
    ).editor;
    expect(bought.body.financial.cash).toBe(-90000);
    expect(negativeCash(bought.body)).toBe(true);
    expect(negativeCash(editor.body)).toBe(false);
  });

  test('no toast when no money moved', () => {
    expect(cashToast(0, money)).toBe(null);
  });
});

describe('request bodies', () => {
  test('wealth and create carry the client for an adviser, none for a BASIC user; names are trimmed', () => {
    const body = newEditor(initSimulation()).body;
    expect(wealthBody(client, body)).toEqual({ clientId: 42, simulation: body });
    expect(wealthBody(own, body)).toEqual({ simulation: body });
    expect(createBody(client, body, '  Vendo la casa ')).toEqual({ clientId: 42, ...body, name: 'Vendo la casa' });
    expect(createBody(own, body, 'x')).not.toHaveProperty('clientId');
    expect(saved(newEditor(initSimulation()), 9, 'Vendo la casa')).toMatchObject({
      id: 9,
      body: { name: 'Vendo la casa' },
    });
  });

  test("a saved simulation's body has the contract's fields only", () => {
    const body = toSimulationBody({ ...savedSimulation(5, 'x'), extra: 1 } as never);
    expect(Object.keys(body).sort()).toEqual(
      ['artlux', 'financial', 'name', 'realEstate', 'share', 'startingCash', 'startingPercentage'].sort(),
    );
  });

  test('the totals compared: gross, debt, net with the difference', () => {
    expect(totalsRows(wealthAnswer())).toEqual([
      { key: 'gross', current: 700000, simulation: 805000, difference: 105000 },
      { key: 'debt', current: 75000, simulation: 0, difference: -75000 },
      { key: 'net', current: 625000, simulation: 805000, difference: 180000 },
    ]);
  });
});
