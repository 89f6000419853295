// Intermediaries, instruments (real ISINs) and portfolios of the demo data.

export const DEMO_END_DATE = '2026-10-30';
/** Three years of history up to the demo end date. */
export const DEMO_START_DATE = '2023-10-31';

export interface IntermediarySpec {
  key: string;
  name: string;
  type: 'CREDIT_INSTITUTE' | 'TRUST';
  abi: string | null;
  bic: string | null;
  branches: { name: string; cab: string; address: string; city: string }[];
}

export const INTERMEDIARIES: IntermediarySpec[] = [
  {
    key: 'intesa',
    name: 'Intesa Sanpaolo',
    type: 'CREDIT_INSTITUTE',
    abi: '03069',
    bic: 'BCITITMM',
    branches: [
      { name: 'Filiale Milano Cordusio', cab: '01600', address: 'Piazza Cordusio 2', city: 'Milano' },
      { name: 'Filiale Napoli Toledo', cab: '03400', address: 'Via Toledo 177', city: 'Napoli' },
    ],
  },
  {
    key: 'unicredit',
    name: 'UniCredit',
    type: 'CREDIT_INSTITUTE',
    abi: '02008',
    bic: 'UNCRITMM',
    branches: [{ name: 'Agenzia Roma Corso', cab: '05077', address: 'Via del Corso 307', city: 'Roma' }],
  },
  {
    key: 'mediolanum',
    name: 'Banca Mediolanum',
    type: 'CREDIT_INSTITUTE',
    abi: '03062',
    bic: 'MEDBITMM',
    branches: [{ name: 'Sede Basiglio', cab: '34210', address: 'Via Ennio Doris', city: 'Basiglio' }],
  },
  {
    key: 'fineco',
    name: 'FinecoBank',
    type: 'CREDIT_INSTITUTE',
    abi: '03015',
    bic: 'FEBIITM1',
    branches: [{ name: 'Sede Milano', cab: '03200', address: 'Piazza Durante 11', city: 'Milano' }],
  },
  {
    key: 'trust',
    name: 'Fiduciaria Patrimonio Trust',
    type: 'TRUST',
    abi: null,
    bic: null,
    branches: [{ name: 'Sede Torino', cab: '01000', address: 'Via Roma 101', city: 'Torino' }],
  },
];

export interface InstrumentSpec {
  isin: string;
  name: string;
  currency: 'EUR' | 'USD';
  assetClass: string;
  macro: 'Equity' | 'Alternative' | 'Bond';
  /** Price on the start date and yearly drift and volatility of the random walk. */
  start: number;
  drift: number;
  vol: number;
  coupon?: { rate: number; frequency: 1 | 2 | 4 | 12; firstDate: string; maturity: string };
  /** Dividend per share and the months (1-12) it is paid on the 20th. */
  dividend?: { perShare: number; months: number[] };
  /** Whole units (shares, ETFs), 1,000 nominal (bonds) or fractional (funds). */
  unit: 'share' | 'nominal' | 'fraction';
}

export const INSTRUMENTS: InstrumentSpec[] = [
  {
    isin: 'IT0005240830',
    name: 'BTP 1 GN 2027 2,2%',
    currency: 'EUR',
    assetClass: 'Obbligazionario governativo Italia',
    macro: 'Bond',
    start: 95.8,
    drift: 0.012,
    vol: 0.025,
    coupon: { rate: 0.022, frequency: 2, firstDate: '2017-12-01', maturity: '2027-06-01' },
    unit: 'nominal',
  },
  {
    isin: 'IT0005274805',
    name: 'BTP 1 AG 2027 2,05%',
    currency: 'EUR',
    assetClass: 'Obbligazionario governativo Italia',
    macro: 'Bond',
    start: 95.1,
    drift: 0.012,
    vol: 0.025,
    coupon: { rate: 0.0205, frequency: 2, firstDate: '2018-02-01', maturity: '2027-08-01' },
    unit: 'nominal',
  },
  {
    isin: 'IT0005083057',
    name: 'BTP 1 ST 2046 3,25%',
    currency: 'EUR',
    assetClass: 'Obbligazionario governativo Italia',
    macro: 'Bond',
    start: 78.4,
    drift: 0.02,
    vol: 0.09,
    coupon: { rate: 0.0325, frequency: 2, firstDate: '2015-09-01', maturity: '2046-09-01' },
    unit: 'nominal',
  },
  {
    isin: 'IE00B4L5Y983',
    name: 'iShares Core MSCI World UCITS ETF (Acc)',
    currency: 'EUR',
    assetClass: 'Azionario globale',
    macro: 'Equity',
    start: 78.5,
    drift: 0.08,
    vol: 0.15,
    unit: 'share',
  },
  {
    isin: 'IE00B5BMR087',
    name: 'iShares Core S&P 500 UCITS ETF (Acc)',
    currency: 'EUR',
    assetClass: 'Azionario USA',
    macro: 'Equity',
    start: 430,
    drift: 0.09,
    vol: 0.17,
    unit: 'share',
  },
  {
    isin: 'IE00B4ND3602',
    name: 'iShares Physical Gold ETC',
    currency: 'EUR',
    assetClass: 'Materie prime',
    macro: 'Alternative',
    start: 37.2,
    drift: 0.07,
    vol: 0.14,
    unit: 'share',
  },
  {
    isin: 'IE00B03HD191',
    name: 'Vanguard Global Stock Index Fund EUR Acc',
    currency: 'EUR',
    assetClass: 'Fondi azionari globali',
    macro: 'Equity',
    start: 33.6,
    drift: 0.075,
    vol: 0.14,
    unit: 'fraction',
  },
  {
    isin: 'IT0003132476',
    name: 'ENI',
    currency: 'EUR',
    assetClass: 'Azionario Italia',
    macro: 'Equity',
    start: 15.2,
    drift: 0.02,
    vol: 0.22,
    dividend: { perShare: 0.25, months: [1, 5, 9, 11] },
    unit: 'share',
  },
  {
    isin: 'IT0000072618',
    name: 'Intesa Sanpaolo',
    currency: 'EUR',
    assetClass: 'Azionario Italia',
    macro: 'Equity',
    start: 2.45,
    drift: 0.1,
    vol: 0.24,
    dividend: { perShare: 0.17, months: [5, 11] },
    unit: 'share',
  },
  {
    isin: 'IT0003128367',
    name: 'Enel',
    currency: 'EUR',
    assetClass: 'Azionario Italia',
    macro: 'Equity',
    start: 5.9,
    drift: 0.05,
    vol: 0.2,
    dividend: { perShare: 0.22, months: [1, 7] },
    unit: 'share',
  },
  {
    isin: 'US0378331005',
    name: 'Apple Inc.',
    currency: 'USD',
    assetClass: 'Azionario USA',
    macro: 'Equity',
    start: 170,
    drift: 0.1,
    vol: 0.26,
    dividend: { perShare: 0.25, months: [2, 5, 8, 11] },
    unit: 'share',
  },
];

export interface PortfolioSpec {
  key: string;
  clientKey: string;
  name: string;
  intermediary: string;
  /** Index of the intermediary's branch. */
  branch: number;
  testing?: boolean;
  /** First deposit, in euro. */
  capital: number;
  /** ISINs the portfolio trades. */
  universe: string[];
  /** Quarterly management and advisory fees (fractions of the value a quarter), when charged. */
  gestione?: number;
  consulenza?: number;
}

const BONDS = ['IT0005240830', 'IT0005274805', 'IT0005083057'];
const ETFS = ['IE00B4L5Y983', 'IE00B5BMR087', 'IE00B4ND3602'];
const SHARES = ['IT0003132476', 'IT0000072618', 'IT0003128367'];

export const PORTFOLIOS: PortfolioSpec[] = [
  {
    key: 'rossi_intesa',
    clientKey: 'client',
    name: 'Portafoglio Intesa',
    intermediary: 'intesa',
    branch: 0,
    capital: 250_000,
    universe: [...BONDS, ...ETFS, 'IT0003132476', 'US0378331005'],
    consulenza: 0.0015,
  },
  {
    key: 'rossi_fineco',
    clientKey: 'client',
    name: 'Portafoglio Fineco',
    intermediary: 'fineco',
    branch: 0,
    capital: 120_000,
    universe: [...SHARES, 'IE00B5BMR087', 'US0378331005'],
  },
  {
    key: 'rossi_test',
    clientKey: 'client',
    name: 'Simulazione UniCredit',
    intermediary: 'unicredit',
    branch: 0,
    testing: true,
    capital: 50_000,
    universe: ['IE00B4L5Y983', 'IT0005083057'],
  },
  {
    key: 'bianchi_mediolanum',
    clientKey: 'bianchi',
    name: 'Portafoglio Mediolanum',
    intermediary: 'mediolanum',
    branch: 0,
    capital: 180_000,
    universe: ['IE00B03HD191', 'IT0005240830', 'IE00B4ND3602'],
    gestione: 0.004,
  },
  {
    key: 'verdi_unicredit',
    clientKey: 'verdi',
    name: 'Portafoglio UniCredit',
    intermediary: 'unicredit',
    branch: 0,
    capital: 90_000,
    universe: [...BONDS, 'IT0000072618'],
  },
  {
    key: 'ferrari_intesa',
    clientKey: 'ferrari',
    name: 'Portafoglio Intesa',
    intermediary: 'intesa',
    branch: 0,
    capital: 300_000,
    universe: [...ETFS, ...BONDS, 'IT0003128367'],
    consulenza: 0.002,
  },
  {
    key: 'ricci_fineco',
    clientKey: 'ricci',
    name: 'Portafoglio Fineco',
    intermediary: 'fineco',
    branch: 0,
    capital: 60_000,
    universe: ['IE00B4L5Y983', 'IE00B03HD191', 'IT0005274805'],
  },
  {
    key: 'esposito_intesa',
    clientKey: 'esposito',
    name: 'Portafoglio Intesa Napoli',
    intermediary: 'intesa',
    branch: 1,
    capital: 400_000,
    universe: [...SHARES, ...BONDS, 'IE00B5BMR087'],
    consulenza: 0.0015,
  },
  {
    key: 'esposito_trust',
    clientKey: 'esposito',
    name: 'Mandato fiduciario',
    intermediary: 'trust',
    branch: 0,
    capital: 500_000,
    universe: [...BONDS, 'IE00B4L5Y983', 'IE00B4ND3602'],
    gestione: 0.003,
  },
  {
    key: 'romano_mediolanum',
    clientKey: 'romano',
    name: 'Portafoglio Mediolanum',
    intermediary: 'mediolanum',
    branch: 0,
    capital: 140_000,
    universe: ['IE00B03HD191', 'IE00B5BMR087', 'IT0005240830'],
    gestione: 0.004,
  },
  {
    key: 'esposito_srl_unicredit',
    clientKey: 'esposito_srl',
    name: 'Liquidità aziendale',
    intermediary: 'unicredit',
    branch: 0,
    capital: 800_000,
    universe: [...BONDS, 'IE00B4L5Y983'],
  },
];
