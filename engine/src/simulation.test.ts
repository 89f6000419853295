import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { installmentsDue, type Mortgage, residualDebt } from './mortgage.ts';
import { wealthProjection } from './projection.ts';
import {
  applySimulationEdit,
  type Simulation,
  type SimulationEdit,
  type SimulationRealEstate,
  simulationProjection,
  simulationValues,
  simulationYearlyFlows,
  startingOf,
} from './simulation.ts';

// The README's mortgage: 100,000 at 3% FIX, CONST, MONTHLY, 240 installments from 2024-01-31 (554.60 a month).
const mortgage: Mortgage = {
  amount: 100_000,
  initDate: '2024-01-31',
  rataType: 'MONTHLY',
  totalRata: 240,
  interestRateType: 'FIX',
  amortization: 'CONST',
  interestRate: 3,
};
const AT = '2024-04-15';
const house: SimulationRealEstate = {
  realEstateId: 1,
  description: 'Milano',
  evaluation: 300_000,
  percOwned: 0.5,
  income: 12_000,
  maintenanceCost: 2_000,
  mortgage,
};
const sim: Simulation = {
  realEstate: [house],
  financial: { cash: 50_000, shares: 100_000, bond: 40_000, commodities: 5_000, crypto: 5_000 },
  artlux: [{ luxId: 2, description: 'Painting', valuation: 25_000 }],
  share: [{ companyId: 3, description: 'Family srl', amount: 60_000 }],
  startingCash: 50_000,
  startingPercentage: 0.114943,
};
const apply = (edit: SimulationEdit) => applySimulationEdit(sim, edit, AT);

describe('applySimulationEdit: the worked example (300,000 at 50% with 99,390.04 owed on 2024-04-15)', () => {
  test('the residual debt the edits use', () => {
    expect(residualDebt(mortgage, AT)).toBe(99390.04);
  });

  test('removeRealEstate: sold, (300,000 - 99,390.04) x 50% = 100,304.98 added to cash', () => {
    const r = apply({ kind: 'removeRealEstate', index: 0 });
    expect(r).toMatchObject({ cashDelta: 100304.98, adjustsCash: true });
    expect(r.simulation.financial.cash).toBe(150304.98);
    expect(r.simulation.realEstate).toEqual([]);
  });

  test('setPercOwned 50 -> 30: 200,609.96 x 20% = 40,121.99 added; 50 -> 80 removes 60,182.99', () => {
    const r = apply({ kind: 'setPercOwned', index: 0, percOwned: 0.3 });
    expect(r).toMatchObject({ cashDelta: 40121.99, adjustsCash: true });
    expect(r.simulation.financial.cash).toBe(90121.99);
    expect(r.simulation.realEstate[0]).toEqual({ ...house, percOwned: 0.3 });
    expect(apply({ kind: 'setPercOwned', index: 0, percOwned: 0.8 }).cashDelta).toBe(-60182.99);
    expect(apply({ kind: 'setPercOwned', index: 0, percOwned: 0.5 })).toMatchObject({
      cashDelta: 0,
      adjustsCash: false,
    });
  });

  test('removeMortgage: paid off, 99,390.04 x 50% = 49,695.02 removed from cash', () => {
    const r = apply({ kind: 'removeMortgage', index: 0 });
    expect(r).toMatchObject({ cashDelta: -49695.02, adjustsCash: true });
    expect(r.simulation.financial.cash).toBe(304.98);
    expect(r.simulation.realEstate[0]!.mortgage).toBeNull();
    const paidOff = applySimulationEdit(r.simulation, { kind: 'removeRealEstate', index: 0 }, AT);
    expect(paidOff.cashDelta).toBe(150000);
  });

  test('addRealEstate: bought for 200,000 with a new 120,000 mortgage, 80,000 removed; cash may go negative', () => {
    const item: SimulationRealEstate = {
      realEstateId: null,
      description: 'Como',
      evaluation: 200_000,
      percOwned: 1,
      income: 0,
      maintenanceCost: 1_500,
      mortgage: { ...mortgage, amount: 120_000, initDate: '2024-05-01' },
    };
    const r = apply({ kind: 'addRealEstate', item });
    expect(r).toMatchObject({ cashDelta: -80000, adjustsCash: true });
    expect(r.simulation.financial.cash).toBe(-30000);
    expect(r.simulation.realEstate).toHaveLength(2);
    // Bought outright at 25%: 50,000.
    expect(apply({ kind: 'addRealEstate', item: { ...item, percOwned: 0.25, mortgage: null } }).cashDelta).toBe(-50000);
    // A mortgage that started before the date finances its residual debt: 300,000 - 99,390.04 at 50%.
    expect(apply({ kind: 'addRealEstate', item: house }).cashDelta).toBe(-100304.98);
  });

  test('revaluations change no cash; setCash sets it without an adjustment', () => {
    const e = apply({ kind: 'setEvaluation', index: 0, evaluation: 320_000 });
    expect(e).toMatchObject({ cashDelta: 0, adjustsCash: false });
    expect(e.simulation.realEstate[0]!.evaluation).toBe(320000);
    expect(e.simulation.financial.cash).toBe(50000);
    const v = apply({ kind: 'setArtLuxValuation', index: 0, valuation: 30_000 });
    expect(v).toMatchObject({ cashDelta: 0, adjustsCash: false });
    expect(v.simulation.artlux[0]!.valuation).toBe(30000);
    const h = apply({ kind: 'setShareAmount', index: 0, amount: 75_000 });
    expect(h).toMatchObject({ cashDelta: 0, adjustsCash: false });
    expect(h.simulation.share[0]!.amount).toBe(75000);
    expect(() => apply({ kind: 'setShareAmount', index: 9, amount: 1 })).toThrow(RangeError);
    const c = apply({ kind: 'setCash', value: 70_000 });
    expect(c).toMatchObject({ cashDelta: 0, adjustsCash: false });
    expect(c.simulation.financial.cash).toBe(70000);
  });

  test('art and luxury, shares: removing adds the value to cash, adding removes it', () => {
    expect(apply({ kind: 'removeArtLux', index: 0 })).toMatchObject({ cashDelta: 25000, adjustsCash: true });
    const watch = apply({ kind: 'addArtLux', item: { luxId: null, description: 'Watch', valuation: 8_000 } });
    expect(watch.cashDelta).toBe(-8000);
    expect(watch.simulation.financial.cash).toBe(42000);
    expect(watch.simulation.artlux.map((x) => x.description)).toEqual(['Painting', 'Watch']);
    expect(apply({ kind: 'removeShare', index: 0 })).toMatchObject({ cashDelta: 60000, adjustsCash: true });
    expect(
      apply({ kind: 'addShare', item: { companyId: null, description: 'Start-up', amount: 15_000 } }).cashDelta,
    ).toBe(-15000);
  });

  test('setFinancial moves money between the class and cash', () => {
    const up = apply({ kind: 'setFinancial', field: 'shares', value: 120_000 });
    expect(up).toMatchObject({ cashDelta: -20000, adjustsCash: true });
    expect(up.simulation.financial).toEqual({ ...sim.financial, cash: 30000, shares: 120000 });
    const down = apply({ kind: 'setFinancial', field: 'bond', value: 10_000 });
    expect(down.cashDelta).toBe(30000);
    expect(down.simulation.financial.cash).toBe(80000);
  });

  test('bad edits are RangeErrors', () => {
    expect(() => apply({ kind: 'removeRealEstate', index: 1 })).toThrow(RangeError);
    expect(() => apply({ kind: 'removeArtLux', index: -1 })).toThrow(RangeError);
    expect(() => apply({ kind: 'removeShare', index: 0.5 })).toThrow(RangeError);
    expect(() => apply({ kind: 'setPercOwned', index: 0, percOwned: 1.01 })).toThrow(RangeError);
    expect(() => apply({ kind: 'setEvaluation', index: 0, evaluation: -1 })).toThrow(RangeError);
    expect(() => apply({ kind: 'setFinancial', field: 'crypto', value: -1 })).toThrow(RangeError);
    expect(() => apply({ kind: 'setCash', value: -1 })).toThrow(RangeError);
    expect(() => apply({ kind: 'addShare', item: { companyId: null, description: 'x', amount: -5 } })).toThrow(
      RangeError,
    );
    const noMortgage = applySimulationEdit(sim, { kind: 'removeMortgage', index: 0 }, AT).simulation;
    expect(() => applySimulationEdit(noMortgage, { kind: 'removeMortgage', index: 0 }, AT)).toThrow(RangeError);
  });
});

describe('applySimulationEdit: properties', () => {
  const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
  const arbMortgage: fc.Arbitrary<Mortgage | null> = fc.option(
    fc.record({
      amount: fc.integer({ min: 1_000, max: 500_000 }),
      initDate: fc.constantFrom('2015-03-31', '2020-01-31', '2024-04-15', '2024-06-30'),
      rataType: fc.constantFrom('MONTHLY', 'QUARTERLY', 'FOUR_MONTH', 'HALF_YEARLY', 'YEARLY'),
      totalRata: fc.integer({ min: 1, max: 120 }),
      interestRateType: fc.constantFrom('FIX', 'EU3M', 'EU6M', 'EU1A'),
      amortization: fc.constantFrom('CONST', 'VAR'),
      interestRate: fc.integer({ min: 0, max: 800 }).map((x) => x / 100),
    }) as fc.Arbitrary<Mortgage>,
  );
  const arbRealEstate: fc.Arbitrary<SimulationRealEstate> = fc.record({
    realEstateId: fc.option(fc.integer({ min: 1, max: 99 })),
    description: fc.string(),
    evaluation: cents(1_000_000),
    percOwned: fc.integer({ min: 0, max: 10_000 }).map((x) => x / 10_000),
    income: cents(50_000),
    maintenanceCost: cents(50_000),
    mortgage: arbMortgage,
  });
  const arbArtLux = fc.record({ luxId: fc.option(fc.integer()), description: fc.string(), valuation: cents(100_000) });
  const arbShare = fc.record({ companyId: fc.option(fc.integer()), description: fc.string(), amount: cents(100_000) });
  const arbSim: fc.Arbitrary<Simulation> = fc.record({
    realEstate: fc.array(arbRealEstate, { maxLength: 3 }),
    financial: fc.record({
      cash: fc.integer({ min: -10_000_000, max: 10_000_000 }).map((c) => c / 100),
      shares: cents(100_000),
      bond: cents(100_000),
      commodities: cents(100_000),
      crypto: cents(100_000),
    }),
    artlux: fc.array(arbArtLux, { maxLength: 3 }),
    share: fc.array(arbShare, { maxLength: 3 }),
    startingCash: fc.constant(0),
    startingPercentage: fc.constant(0),
  });
  const removeOf = (kind: 'addRealEstate' | 'addArtLux' | 'addShare', index: number): SimulationEdit => ({
    kind: kind === 'addRealEstate' ? 'removeRealEstate' : kind === 'addArtLux' ? 'removeArtLux' : 'removeShare',
    index,
  });

  test('adding an item and removing it again leaves the cash unchanged', () => {
    const arbAdd: fc.Arbitrary<SimulationEdit & { kind: 'addRealEstate' | 'addArtLux' | 'addShare' }> = fc.oneof(
      arbRealEstate.map((item) => ({ kind: 'addRealEstate' as const, item })),
      arbArtLux.map((item) => ({ kind: 'addArtLux' as const, item })),
      arbShare.map((item) => ({ kind: 'addShare' as const, item })),
    );
    fc.assert(
      fc.property(arbSim, arbAdd, (s, add) => {
        const added = applySimulationEdit(s, add, AT);
        const list =
          add.kind === 'addRealEstate'
            ? added.simulation.realEstate
            : add.kind === 'addArtLux'
              ? added.simulation.artlux
              : added.simulation.share;
        const removed = applySimulationEdit(added.simulation, removeOf(add.kind, list.length - 1), AT);
        expect(removed.cashDelta + added.cashDelta).toBe(0);
        expect(removed.simulation.financial.cash).toBe(s.financial.cash);
        expect(removed.simulation).toEqual(s);
      }),
    );
  });

  test('never mutates its input; cash moves by cashDelta exactly', () => {
    const arbEdit = (s: Simulation): fc.Arbitrary<SimulationEdit> => {
      const edits: fc.Arbitrary<SimulationEdit>[] = [
        arbArtLux.map((item) => ({ kind: 'addArtLux' as const, item })),
        arbShare.map((item) => ({ kind: 'addShare' as const, item })),
        arbRealEstate.map((item) => ({ kind: 'addRealEstate' as const, item })),
        fc.record({
          kind: fc.constant('setFinancial' as const),
          field: fc.constantFrom('shares' as const, 'bond' as const, 'commodities' as const, 'crypto' as const),
          value: cents(200_000),
        }),
        cents(200_000).map((value) => ({ kind: 'setCash' as const, value })),
      ];
      const n = s.realEstate.length;
      if (n > 0) {
        const index = fc.integer({ min: 0, max: n - 1 });
        edits.push(
          index.map((i) => ({ kind: 'removeRealEstate' as const, index: i })),
          fc.record({
            kind: fc.constant('setPercOwned' as const),
            index,
            percOwned: fc.integer({ min: 0, max: 100 }).map((x) => x / 100),
          }),
          fc.record({ kind: fc.constant('setEvaluation' as const), index, evaluation: cents(1_000_000) }),
        );
        const withMortgage = s.realEstate.flatMap((r, i) => (r.mortgage ? [i] : []));
        if (withMortgage.length > 0) {
          edits.push(fc.constantFrom(...withMortgage).map((i) => ({ kind: 'removeMortgage' as const, index: i })));
        }
      }
      if (s.artlux.length > 0) {
        const index = fc.integer({ min: 0, max: s.artlux.length - 1 });
        edits.push(
          index.map((i) => ({ kind: 'removeArtLux' as const, index: i })),
          fc.record({ kind: fc.constant('setArtLuxValuation' as const), index, valuation: cents(100_000) }),
        );
      }
      if (s.share.length > 0) {
        edits.push(
          fc.integer({ min: 0, max: s.share.length - 1 }).map((i) => ({ kind: 'removeShare' as const, index: i })),
        );
      }
      return fc.oneof(...edits);
    };
    fc.assert(
      fc.property(
        arbSim.chain((s) => fc.tuple(fc.constant(s), arbEdit(s))),
        ([s, edit]) => {
          const before = structuredClone(s);
          const editBefore = structuredClone(edit);
          const r = applySimulationEdit(s, edit, AT);
          expect(s).toEqual(before);
          expect(edit).toEqual(editBefore);
          expect(r.simulation).not.toBe(s);
          if (edit.kind !== 'setCash') {
            expect(r.simulation.financial.cash).toBeCloseTo(s.financial.cash + r.cashDelta, 6);
          }
          expect(r.adjustsCash).toBe(r.cashDelta !== 0);
          // The returned simulation shares no list with the input: editing it leaves the input alone.
          r.simulation.realEstate.push(house);
          r.simulation.artlux.length = 0;
          r.simulation.financial.cash = 1;
          expect(s).toEqual(before);
        },
      ),
    );
  });
});

describe('simulationValues and startingOf', () => {
  test('worked example: classes, gross, debt, net', () => {
    // Equity 100,000 (shares), Bond 40,000, Alternative 5,000 + 5,000, cash 50,000, real estate 300,000 x 50% =
    // 150,000, share 60,000, art 25,000: gross 435,000; debt 99,390.04 x 50% = 49,695.02; net 385,304.98.
    expect(simulationValues(sim, AT)).toEqual({
      values: {
        Equity: 100000,
        Alternative: 10000,
        Bond: 40000,
        cash: 50000,
        realEstate: 150000,
        share: 60000,
        artLux: 25000,
      },
      gross: 435000,
      debt: 49695.02,
      net: 385304.98,
    });
    // 50,000 / 435,000 = 11.4943%.
    expect(startingOf(sim, AT)).toEqual({ startingCash: 50000, startingPercentage: 0.114943 });
  });

  test('negative cash: cash 0, the other classes scaled down pro rata, gross lowered by the overdraft', () => {
    // -40,000 against 385,000 of other holdings: each class x 345,000 / 385,000 (0.8961039).
    const r = simulationValues({ ...sim, financial: { ...sim.financial, cash: -40_000 } }, AT);
    expect(r.values).toEqual({
      Equity: 89610.39,
      Alternative: 8961.04,
      Bond: 35844.16,
      cash: 0,
      realEstate: 134415.58,
      share: 53766.23,
      artLux: 22402.6,
    });
    expect(r.gross).toBe(345000);
    expect(r.net).toBe(295304.98);
    const broke = simulationValues({ ...sim, financial: { ...sim.financial, cash: -1_000_000 } }, AT);
    expect(Object.values(broke.values).every((v) => v === 0)).toBe(true);
    expect(broke.gross).toBe(-615000);
    expect(startingOf({ ...sim, financial: { ...sim.financial, cash: -40_000 } }, AT).startingPercentage).toBe(0);
  });
});

describe('simulationYearlyFlows and simulationProjection', () => {
  // The README's variable mortgage: EU6M, index 2.1 + spread 1.2 = 3.3%: 569.74 a month, 549.60 at the simulated
  // 2.9%.
  const variable: Mortgage = { ...mortgage, interestRateType: 'EU6M', indexRate: 2.1, spread: 1.2 };
  const vsim: Simulation = { ...sim, realEstate: [{ ...house, mortgage: variable }] };

  test('worked example: (12,000 - 2,000) x 50% less 12 installments of 549.60 x 50% = 1,702.40 a year', () => {
    // Year 1 is (2024-04-15, 2025-04-15]: installments due 2024-04-30 ... 2025-03-31, twelve of them.
    expect(simulationYearlyFlows(vsim, AT, 3)).toEqual([1702.4, 1702.4, 1702.4]);
    // At the contract rate the same year costs 12 x 569.74 = 6,836.88 x 50%: 5,000 - 3,418.44 = 1,581.56, so the
    // simulation's -0.4 points save 120.84 a year on this half.
    const plain = installmentsDue(variable, AT, '2025-04-15');
    expect(plain).toMatchObject({ count: 12, installments: 6836.88 });
    expect(5000 - plain.installments / 2).toBeCloseTo(1581.56, 9);
    expect(installmentsDue(variable, AT, '2025-04-15', { simulation: true }).installments).toBe(6595.2);
    // A FIX mortgage is not adjusted: 12 x 554.60 x 50% = 3,327.60.
    expect(simulationYearlyFlows(sim, AT, 1)).toEqual([1672.4]);
  });

  test('the mortgage ends, extra flows are added, and no property gives only the extra', () => {
    const short: Mortgage = { ...mortgage, totalRata: 18 }; // last installment 2025-07-31
    const s: Simulation = { ...sim, realEstate: [{ ...house, mortgage: short }] };
    const flows = simulationYearlyFlows(s, AT, 3, [1000, -2000]);
    const due2 = installmentsDue(short, '2025-04-15', '2026-04-15', { simulation: true });
    expect(due2.count).toBe(4);
    expect(flows[1]).toBeCloseTo(5000 - due2.installments / 2 - 2000, 2);
    expect(flows[2]).toBe(5000);
    expect(simulationYearlyFlows({ ...sim, realEstate: [] }, AT, 2, [1000])).toEqual([1000, 0]);
    expect(() => simulationYearlyFlows(sim, AT, 2, [Number.NaN])).toThrow(RangeError);
  });

  test('the projection is wealthProjection of the values and the yearly flows', () => {
    const hc = [3000, 3000, 3000];
    const p = simulationProjection(vsim, AT, { humanCapitalFlows: hc, horizonYears: 3 });
    const expected = wealthProjection({
      startDate: AT,
      values: simulationValues(vsim, AT).values,
      yearlyFlows: simulationYearlyFlows(vsim, AT, 3, hc),
      horizonYears: 3,
    });
    expect(p).toEqual(expected);
    expect(p.graph[0]!.data[0]).toBe(435000);
    expect(simulationProjection(sim, AT).dates).toHaveLength(21);
  });
});
