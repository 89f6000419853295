// ReportData for the overview and financial drawer tests: two portfolios (4 'Portafoglio Azioni', 9 'Portafoglio
// Obbligazioni') of client 7 over 2024-09-30..2024-12-31 (three monthly display columns), the plan made by
// reportPlan so that the pages are the real ones. Figures are small round numbers so that the formatted texts in
// the tests can be worked out by hand.
import type { ResponseOf } from '@patrimonio/shared-api';
import type { ReportType } from '../../logic/dialog.ts';
import { reportPlan } from '../../logic/plan.ts';
import type { EligiblePortfolio } from '../../logic/portfolios.ts';
import type { Locale } from '../../pdf/format.ts';
import type { PdfPage } from '../../pdf/read-pdf.testing.ts';
import type { PortfolioReportData, ReportData } from '../types.ts';

export const FROM = '2024-09-30';
export const TO = '2024-12-31';

export function eligiblePortfolio(id: number, name: string, owner = 'Mario Rossi'): EligiblePortfolio {
  return {
    id,
    name,
    owner,
    ownerId: id * 10,
    familyId: null,
    aggregate: false,
    currencySymbol: '€',
    firstMovementDate: '2020-01-15',
    lastQuantityCheckOkDate: '2024-12-31',
    testing: false,
  };
}

export const AZIONI = eligiblePortfolio(4, 'Portafoglio Azioni');
export const OBBLIGAZIONI = eligiblePortfolio(9, 'Portafoglio Obbligazioni', 'Anna Rossi');

const portfolioData = (p: EligiblePortfolio) => ({
  id: p.id,
  name: p.name,
  aggregate: false,
  owner: p.owner,
  ownerId: p.ownerId,
  familyId: null,
});

export function dashboard(
  flux: Partial<ResponseOf<'dashboard'>['flux']> = { financial: 1200, humanCapital: 300 },
): ResponseOf<'dashboard'> {
  return {
    date: TO,
    richComposition: { financial: 150_000, realEstate: 84_234.56, share: 0, artLux: 15_765.44 },
    flux: { financial: 0, realEstate: 0, share: 0, artLux: 0, humanCapital: 0, ...flux },
    calculus: { dates: [], endDate: TO, inflation: [], graph: [], maxValue: 0, percentage: [] },
    recalculationInProgress: false,
  };
}

/** Total wealth per day: 240,000 until 2024-10-15, then 245,000, then 250,000 from 2024-12-02. */
export function history(): ResponseOf<'assetsHistoryTotal'> {
  const item = [
    { date: '2024-09-30', value: 240_000 },
    { date: '2024-10-15', value: 240_000 },
    { date: '2024-10-16', value: 245_000 },
    { date: '2024-12-02', value: 250_000 },
    { date: '2024-12-31', value: 250_000 },
  ];
  return { item, total: item.length, page: 1, size: 10000, recalculationInProgress: false };
}

export function sintetico(
  p: EligiblePortfolio,
  controvalore: number,
  cashValue: number,
): ResponseOf<'reportSintetico'> {
  const stocksValue = controvalore - cashValue;
  return {
    portfolioData: portfolioData(p),
    date: TO,
    reportSinteticoTotalComposition: [{ stocksValue, cashValue, controvalore }],
    accountComposition: [
      {
        accountType: 'CONTO_CORRENTE',
        accountName: 'Conto Fineco',
        accountId: p.id * 100 + 1,
        owner: p.owner,
        stockValue: 0,
        cashValue,
        controvalore: cashValue,
        percentage: (cashValue / controvalore) * 100,
        currencySymbol: '€',
      },
      {
        accountType: 'CUSTODIA_TITOLI',
        accountName: 'Dossier Fineco',
        accountId: p.id * 100 + 2,
        owner: p.owner,
        stockValue: stocksValue,
        cashValue: 0,
        controvalore: stocksValue,
        percentage: (stocksValue / controvalore) * 100,
        currencySymbol: '€',
      },
    ],
    intermediaryComposition: [
      {
        intermediaryName: 'FinecoBank',
        stockValue: stocksValue,
        cashValue,
        controvalore,
        percentage: 100,
        owner: p.owner,
      },
    ],
    macroAssetClassComposition: [
      { macroAssetClassName: 'Bond', percentage: 30, stockValue: stocksValue * 0.4, assetClassList: [] },
      { macroAssetClassName: 'Equity', percentage: 45, stockValue: stocksValue * 0.6, assetClassList: [] },
    ],
    assetClassComposition: [],
    currencyComposition: [],
    multipleCurrencyComposition: [],
    recalculationInProgress: false,
  };
}

const composition = (description: string, totalValue: number, percent: number) => ({
  description,
  gm: totalValue,
  compositionPercentage: percent,
  totalValue,
  totalPerformance: 0,
  totalPerformancePercentageTW: 0,
  totalPerformancePercentageMW: 0,
  totalPerformancePercentageMWAnnualised: 0,
  cg: 0,
  cgAccomplished: 0,
  accrualCouponDividend: 0,
});

function stock(
  description: string,
  isin: string,
  ac: string,
  /** performance: the line's TWR as the API gives it, 8 decimals (the report shows 2). */
  figures: { quantity: number; pmc: number; pzMkt: number; cMkt: number; cg: number; performance: number },
): ResponseOf<'reportTriplaA'>['stockComposition'][number] {
  return {
    ...composition(description, figures.cMkt, 0),
    totalPerformancePercentageTW: figures.performance,
    cg: figures.cg,
    quantity: figures.quantity,
    pzMkt: figures.pzMkt,
    pmc: figures.pmc,
    pms: figures.pmc,
    cMkt: figures.cMkt,
    cmc: figures.cMkt - figures.cg,
    currentAccrual: 0,
    loadAccrual: 0,
    isin,
    currency: 'EUR',
    ac,
  };
}

/** A bond first, then an equity ETF and a gold ETC in the API's order: the detail table regroups them. */
export function triplaA(p: EligiblePortfolio): ResponseOf<'reportTriplaA'> {
  return {
    portfolioData: portfolioData(p),
    totalComposition: [],
    macroAssetClassComposition: [
      { ...composition('Bond', 40_000, 40), assetClassList: [composition('Governativi', 40_000, 40)] },
      { ...composition('Equity', 50_000, 50), assetClassList: [composition('Azionario globale', 50_000, 50)] },
      { ...composition('Alternative', 5_000, 5), assetClassList: [composition('Materie prime', 5_000, 5)] },
    ],
    assetClassComposition: [],
    stockComposition: [
      stock('BTP 2030', 'IT0005413171', 'Governativi', {
        quantity: 40_000,
        pmc: 98.5,
        pzMkt: 100.1234,
        cMkt: 40_049.36,
        cg: 640,
        performance: 1.61987654,
      }),
      stock('ETF MSCI World', 'IE00B4L5Y983', 'Azionario globale', {
        quantity: 512.3456,
        pmc: 80.25,
        pzMkt: 97.5,
        cMkt: 49_953.7,
        cg: -1_250.5,
        performance: -2.44987654,
      }),
      stock('ETC Oro', 'JE00B1VS3770', 'Materie prime', {
        quantity: 25,
        pmc: 180,
        pzMkt: 200,
        cMkt: 5_000,
        cg: 500,
        performance: 11.11111111,
      }),
    ],
    cashComposition: [composition('Conto Fineco', 5_000, 5)],
    recalculationInProgress: false,
  };
}

export function performance(p: EligiblePortfolio, result: number, resultMW: number): ResponseOf<'reportPerformance'> {
  return {
    portfolioData: portfolioData(p),
    dateFrom: FROM,
    dateTo: TO,
    data: [
      { date: '2024-09-30', triplaA: 0, total: 100_000 },
      { date: '2024-10-31', triplaA: result / 2, total: 101_000 },
      { date: '2024-11-29', triplaA: result / 4, total: 99_500 },
      { date: '2024-12-31', triplaA: result, total: 102_500.5 },
    ],
    result,
    resultMW,
    resultMWAnnualised: resultMW * 4,
    resultAnnualised: result * 4,
    macroAssetClassComposition: [],
    assetClassComposition: [],
    interval: 'month',
    trend: [],
    recalculationInProgress: false,
  };
}

/**
 * Fees of the current account over 2024: CONTO_CORRENTE 7.50 each quarter, NEGOZIAZIONE 10 in Q2 and a fee with no
 * subcause (NULL, read as Altro) of 2.50 in Q4, plus a 2023 fee outside the 4 quarters of 2024.
 */
export function fees(p: EligiblePortfolio): ResponseOf<'reportCommissioni'> {
  const quarters = [1, 2, 3, 4].map((quarter) => ({ quarter, year: 2024 }));
  return {
    portfolioData: portfolioData(p),
    dateFrom: '2024-01-01',
    dateTo: TO,
    quarters,
    accountComposition: [
      {
        accountId: p.id * 100 + 1,
        intermediaryId: 3,
        intermediary: 'FinecoBank',
        user: p.owner,
        gm: 5_000,
        subcauses: [
          { subcauseName: 'NEGOZIAZIONE', quarters: [{ quarter: 2, year: 2024, value: 10 }] },
          {
            subcauseName: 'CONTO_CORRENTE',
            quarters: [...quarters.map((q) => ({ ...q, value: 7.5 })), { quarter: 4, year: 2023, value: 7.5 }],
          },
          // The API stores a fee without subcause as NULL: the report counts it as Altro.
          {
            subcauseName: null as unknown as 'Altro',
            quarters: [{ quarter: 4, year: 2024, value: 2.5 }],
          },
        ],
      },
    ],
    recalculationInProgress: false,
  };
}

export function portfolioVar(p: EligiblePortfolio): ResponseOf<'portfolioVar'> {
  return {
    portfolioData: portfolioData(p),
    date: TO,
    value: 100_000,
    method: 'historical',
    observations: 250,
    minObservations: 100,
    confidence: [
      { level: 0.95, oneDay: 1_234.56, tenDay: 3_904.1, oneDayPercent: 1.23, tenDayPercent: 3.9 },
      { level: 0.99, oneDay: 2_000, tenDay: 6_324.56, oneDayPercent: 2, tenDayPercent: 6.32 },
    ],
    parametric: [],
    recalculationInProgress: false,
  };
}

/** Portfolio 4 gains (TWR 5.23, MWR 4.1), portfolio 9 loses (TWR -1.5, MWR -2.25). */
export function portfolioAnswers(): PortfolioReportData[] {
  return [
    {
      portfolio: AZIONI,
      sintetico: sintetico(AZIONI, 100_000, 5_000),
      triplaA: triplaA(AZIONI),
      performance: performance(AZIONI, 5.23, 4.1),
      fees: fees(AZIONI),
      var: portfolioVar(AZIONI),
    },
    {
      portfolio: OBBLIGAZIONI,
      sintetico: sintetico(OBBLIGAZIONI, 50_000.5, 1_000),
      triplaA: triplaA(OBBLIGAZIONI),
      performance: performance(OBBLIGAZIONI, -1.5, -2.25),
      fees: fees(OBBLIGAZIONI),
    },
  ];
}

export interface FixtureOptions {
  type?: ReportType;
  /** The options' sections (custom reports). */
  sections?: ReportData['request']['sections'];
  family?: boolean;
  locale?: Locale;
  from?: string;
  to?: string;
}

/** The report data of client 7 (or family 3) with both portfolios chosen; the plan from reportPlan. */
export function reportData(options: FixtureOptions = {}): ReportData {
  const type = options.type ?? 'synthetic';
  const family = options.family ?? false;
  const from = options.from ?? FROM;
  const to = options.to ?? TO;
  const eligible = [AZIONI, OBBLIGAZIONI];
  const sections = options.sections ?? ['overview', 'financial', 'fees'];
  const plan = reportPlan({
    type,
    sections,
    portfolioIds: [4, 9],
    isFamily: family,
    eligible,
    start: from,
    end: to,
  });
  return {
    request: {
      scope: family ? { kind: 'family', id: 3 } : { kind: 'client', id: 7 },
      type,
      from,
      to,
      sections,
      portfolioIds: [4, 9],
      includeLogo: false,
      locale: options.locale ?? 'it',
    },
    viewer: { role: 'PRO', name: 'Marco Bianchi' },
    subjectName: family ? 'Famiglia Rossi' : 'Mario Rossi',
    advisor: 'Marco Bianchi',
    eligible,
    plan,
    dashboard: dashboard(),
    history: history(),
    portfolios: portfolioAnswers(),
    realEstate: {},
    shares: { graphs: {} },
    artLux: {},
  };
}

/**
 * The fill colour (hex) a text of the page is written in: the last 'r g b rg' operator before its Tj, as jsPDF and
 * jspdf-autotable write text colours. The `nth` occurrence of the text (0-based).
 */
export function textColor(page: PdfPage, text: string, nth = 0): string | undefined {
  const index = page.texts.flatMap((t, i) => (t === text ? [i] : []))[nth];
  if (index === undefined) return undefined;
  const before = page.content.slice(0, page.textOffsets[index]);
  const last = [...before.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) rg/g)].at(-1);
  if (!last) return undefined;
  const hex = (v: string) =>
    Math.round(Number(v) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(last[1]!)}${hex(last[2]!)}${hex(last[3]!)}`;
}
