// Sample simulations for the unit and browser tests (test code only): what GET /gc/init answers for a client with a
// house (half owned, with a mortgage), a flat, cash and securities, a painting and a family business share.
import type { Simulation, SimulationBody, SimulationWealth } from '@patrimonio/shared-api';

export const initSimulation = (): SimulationBody => ({
  name: 'Simulazione',
  realEstate: [
    {
      realEstateId: 7,
      description: 'Casa in città',
      evaluation: 400000,
      percOwned: 0.5,
      income: 0,
      maintenanceCost: 2000,
      mortgage: {
        amount: 200000,
        initDate: '2020-01-01',
        rataType: 'MONTHLY',
        totalRata: 240,
        interestRateType: 'EU3M',
        amortization: 'CONST',
        interestRate: 3,
      },
    },
    {
      realEstateId: 8,
      description: 'Bilocale al mare',
      evaluation: 180000,
      percOwned: 1,
      income: 9000,
      maintenanceCost: 1500,
      mortgage: null,
    },
  ],
  financial: { cash: 50000, shares: 120000, bond: 80000, commodities: 10000, crypto: 5000 },
  artlux: [{ luxId: 3, description: 'Dipinto', category: 'ART', valuation: 25000 }],
  share: [{ companyId: 4, description: 'Rossi Srl', amount: 60000 }],
  startingCash: 50000,
  startingPercentage: 0.08,
});

export const savedSimulation = (id: number, name: string): Simulation => ({
  id,
  clientId: 42,
  ...initSimulation(),
  name,
  createdAt: '2026-01-10T10:00:00Z',
  updatedAt: '2026-01-12T10:00:00Z',
});

const calculus = (start: number) => ({
  dates: ['2026-01-15', '2027-01-15', '2028-01-15'],
  endDate: '2028-01-15',
  inflation: [start, start * 0.98, start * 0.96],
  graph: [
    { name: '90%', data: [start, start * 0.97, start * 0.95] },
    { name: '60%', data: [start, start * 1.03, start * 1.06] },
    { name: '20%', data: [start, start * 1.08, start * 1.17] },
  ],
  maxValue: start * 1.17,
  percentage: [],
});

export const wealthAnswer = (): SimulationWealth => ({
  date: '2026-01-15',
  current: calculus(700000),
  currentTotals: { gross: 700000, debt: 75000, net: 625000, yearlyFlows: [] },
  simulation: calculus(805000),
  simulationTotals: { gross: 805000, debt: 0, net: 805000, yearlyFlows: [] },
});
