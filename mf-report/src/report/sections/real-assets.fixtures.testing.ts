// Report data for the real-asset drawers' tests (real estate, shares, art and luxury): a client or family with two
// houses, one land, two shares and three goods, and a reader of where a text was written on a PDF page.
import type { LuxItem, RealEstate, ShareItem } from '@patrimonio/shared-api';
import type { ReportPage } from '../../logic/plan.ts';
import type { PdfPage } from '../../pdf/read-pdf.testing.ts';
import type { ReportData } from '../types.ts';

export function property(overrides: Partial<RealEstate> & { id: number; description: string }): RealEstate {
  return {
    clientId: 1,
    ownerId: 1,
    owner: 'Mario Rossi',
    typology: 'RESIDENTIAL',
    destination: 'FIRST_HOUSE',
    conservationState: 'NORMAL',
    typeProperty: 'PROPERTY',
    currencyId: 1,
    currencySymbol: '€',
    mq: 120,
    selectedEvaluation: 450000,
    evaluationDate: '2024-06-30',
    eurPerMq: 3750,
    customEvaluation: 450000,
    realEstateEvaluationType: 'CUSTOM',
    suggestedEvaluation: null,
    suggestedEvaluationDate: null,
    purchaseDate: '2010-03-01',
    purchaseValue: 300000,
    income: null,
    maintenanceCost: 2400,
    percOwned: 1,
    address: 'Via Roma',
    addressNumber: '12',
    zipcode: '20121',
    city: 'Milano',
    country: 'IT',
    provinceCode: 'MI',
    note: null,
    lat: 45.4642,
    lng: 9.19,
    mortgageId: null,
    cadastralIncome: null,
    code: null,
    cadastralCode: null,
    urbanSection: null,
    layout: null,
    lot: null,
    subLot: null,
    soldDate: null,
    soldValue: null,
    ...overrides,
  };
}

export function share(overrides: Partial<ShareItem> & { companyId: number; legalName: string }): ShareItem {
  return {
    id: `${overrides.companyId}:2023:1`,
    year: 2023,
    ratio: 12.5,
    shareValue: 1500000,
    value: 12000000,
    revenue: 8000000,
    profit: 640000.5,
    ebitda: 900000,
    ownerList: [{ clientId: 1, name: 'Mario Rossi', percentage: 12.5 }],
    owner: 'Mario Rossi',
    ownerId: 1,
    weight: 1,
    ...overrides,
  };
}

export function luxItem(overrides: Partial<LuxItem> & { id: number; description: string }): LuxItem {
  return {
    ownerId: 1,
    owner: 'Mario Rossi',
    category: 'ART',
    evaluation: 85000,
    evaluationDate: '2024-05-10',
    buyCost: 60000,
    yield: 4.5,
    yearlyIncome: 3825,
    yearlyMaintenance: 500,
    linkedDebt: 0,
    note: null,
    ...overrides,
  };
}

const ALL_PAGES: ReportPage[] = [
  { kind: 'cover' },
  { kind: 'realEstateSummary' },
  { kind: 'realEstateList' },
  { kind: 'shares' },
  { kind: 'artLuxSummary' },
  { kind: 'artLuxList' },
];

/** A report of client 1 (or family 5) with every real-asset page; `overrides` replace whole parts. */
export function realAssetsData(
  overrides: Partial<ReportData> & { family?: boolean; pages?: ReportPage['kind'][] } = {},
): ReportData {
  const { family = false, pages, ...parts } = overrides;
  const houses = [
    property({ id: 11, description: 'Appartamento Brera', selectedEvaluation: 1250000 }),
    property({
      id: 12,
      description: 'Negozio Navigli',
      typology: 'COMMERCIAL',
      destination: 'INCOME',
      selectedEvaluation: 380000.5,
      address: 'Ripa di Porta Ticinese',
      addressNumber: null,
      lat: null,
      lng: null,
      ...(family ? { owner: 'Anna Bianchi', ownerId: 2, clientId: 2 } : {}),
    }),
  ];
  const lands = [
    property({
      id: 21,
      description: 'Uliveto Chianti',
      typology: 'LAND',
      destination: 'AVAILABLE',
      selectedEvaluation: 95000,
      address: 'Località Poggio',
      addressNumber: '3',
      city: 'Greve in Chianti',
      lat: 43.58,
      lng: 11.31,
    }),
  ];
  return {
    request: {
      scope: family ? { kind: 'family', id: 5 } : { kind: 'client', id: 1 },
      type: 'custom',
      from: '2024-01-01',
      to: '2024-11-22',
      sections: ['realEstate', 'shares', 'artLux'],
      portfolioIds: [],
      includeLogo: false,
      locale: 'it',
    },
    viewer: { role: 'PRO', name: 'Giulia Verdi' },
    subjectName: family ? 'Famiglia Rossi' : 'Mario Rossi',
    advisor: 'Giulia Verdi',
    eligible: [],
    plan: {
      portfolios: [],
      pages: pages ? ALL_PAGES.filter((p) => pages.includes(p.kind)) : ALL_PAGES,
      contents: [],
    },
    portfolios: [],
    realEstate: {
      houses: { item: houses, total: houses.length, page: 1, size: 1000 },
      lands: { item: lands, total: lands.length, page: 1, size: 1000 },
      stat: {
        totalValue: 1725000.5,
        linkedDebt: 210000,
        monthlyIncome: 1850,
        monthlyMaintenance: 412.5,
        monthlyDebt: 1234.56,
      },
      pieDestination: {
        item: [
          { name: 'FIRST_HOUSE', value: 1250000, percentage: 72.46 },
          { name: 'INCOME', value: 380000.5, percentage: 22.03 },
          { name: 'AVAILABLE', value: 95000, percentage: 5.51 },
        ],
      },
      pieTypology: {
        item: [
          { name: 'RESIDENTIAL', value: 1250000, percentage: 72.46 },
          { name: 'COMMERCIAL', value: 380000.5, percentage: 22.03 },
          { name: 'LAND', value: 95000, percentage: 5.51 },
        ],
      },
    },
    shares: {
      shares: {
        item: [
          share({
            companyId: 7,
            legalName: 'Rossi Meccanica S.p.A.',
            ownerList: [
              { clientId: 1, name: 'Mario Rossi', percentage: 60 },
              // 27 characters: cut to 20 plus the ellipsis.
              { clientId: 3, name: 'Immobiliare Rossi Srl Milano', percentage: 40 },
            ],
          }),
          share({
            companyId: 8,
            legalName: 'Vigneti Toscani S.r.l.',
            year: 2022,
            ratio: 5,
            shareValue: 250000,
            revenue: 1200000,
            profit: -35000,
            // Exactly 20 characters: kept as it is.
            ownerList: [{ clientId: 1, name: 'Immobiliare Rossi Sr', percentage: 5 }],
          }),
        ],
        total: 2,
        page: 1,
        size: 1000,
      },
      years: [2023, 2022],
      graphs: {
        revenue: {
          metric: 'revenue',
          year: 2023,
          item: [
            { companyId: 7, legalName: 'Rossi Meccanica S.p.A.', value: 8000000, ownedValue: 1000000 },
            { companyId: 8, legalName: 'Vigneti Toscani S.r.l.', value: 1300000, ownedValue: 65000 },
          ],
        },
        profit: {
          metric: 'profit',
          year: 2023,
          item: [{ companyId: 7, legalName: 'Rossi Meccanica S.p.A.', value: 640000.5, ownedValue: 80000 }],
        },
        ebitda: {
          metric: 'ebitda',
          year: 2023,
          item: [{ companyId: 8, legalName: 'Vigneti Toscani S.r.l.', value: -20000, ownedValue: -1000 }],
        },
      },
    },
    artLux: {
      items: {
        item: [
          luxItem({ id: 31, description: 'Morandi, Natura morta 1956', evaluation: 185000 }),
          luxItem({
            id: 32,
            description: 'Porsche 911 Carrera 1973',
            category: 'CAR',
            evaluation: 120000,
            buyCost: null,
            yield: null,
            ...(family ? { owner: 'Anna Bianchi', ownerId: 2 } : {}),
          }),
          luxItem({ id: 33, description: 'Collana di perle', category: 'JEWELRY', evaluation: 15000, yield: 0 }),
        ],
        total: 3,
        page: 1,
        size: 10000,
      },
      stat: { totalValue: 320000, yearlyIncome: 8325.75, linkedDebt: 45000, yearlyMaintenance: 1500 },
      pie: [
        { category: 'ART', value: 185000, count: 1 },
        { category: 'CAR', value: 120000, count: 1 },
        { category: 'JEWELRY', value: 15000, count: 1 },
      ],
      column: {
        years: [2022, 2023, 2024],
        series: [
          { category: 'ART', data: [150000, 170000, 185000] },
          { category: 'CAR', data: [100000, 110000, 120000] },
          { category: 'JEWELRY', data: [0, 14000, 15000] },
        ],
      },
    },
    ...parts,
  };
}

/** Where a text run starts on the page, in PDF points from the bottom left (the Td before its Tj). */
export function textPosition(page: PdfPage, text: string): { x: number; y: number } {
  const index = page.texts.indexOf(text);
  if (index < 0) throw new Error(`no text ${JSON.stringify(text)} on the page`);
  const before = page.content.slice(0, page.textOffsets[index]);
  const moves = [...before.matchAll(/(-?[\d.]+) (-?[\d.]+) Td/g)];
  const last = moves[moves.length - 1];
  if (!last) throw new Error(`no position for ${JSON.stringify(text)}`);
  return { x: Number(last[1]), y: Number(last[2]) };
}

/** The image XObjects a page draws (jsPDF names them /I0, /I1, ...). */
export const imagesDrawn = (page: PdfPage): number => page.content.match(/\/I\d+ Do/g)?.length ?? 0;
