// The price table of the suggested evaluation: EUR per m2 by Italian province and typology, with a coefficient per
// conservation state. Indicative values derived by hand (README.md in this folder states the sources, what was taken
// from them and what is an assumption); a suggestion the user may replace with a CUSTOM evaluation.
import type { ConservationState, Typology } from '@patrimonio/shared-api';

/** The material the residential figures were derived from, as shown to the user next to a suggestion. */
export const PRICE_TABLE_SOURCE =
  'Valori indicativi derivati dalle medie regionali e provinciali dei prezzi richiesti (idealista, luglio e ottobre 2024); coefficienti per tipologia e stato di conservazione stimati';
/** The date the figures refer to: the latest of the reports they come from (October 2024). */
export const PRICE_TABLE_DATE = '2024-10-31';

/**
 * Residential asking price per m2 by region. `source` says where a figure comes from: a report quoted in README.md, or
 * an estimate (the reports found did not name that region; the figure sits inside the range they give for the
 * regions they did not name, 903 to 1,854 EUR/m2).
 */
export const REGIONS: ReadonlyArray<{
  key: string;
  residential: number;
  source: 'idealista-2024-07' | 'idealista-2024-04' | 'idealista-2024-10' | 'estimate';
  provinces: readonly string[];
}> = [
  {
    key: 'piemonte',
    residential: 1300,
    source: 'estimate',
    provinces: ['TO', 'VC', 'NO', 'CN', 'AT', 'AL', 'BI', 'VB'],
  },
  { key: 'valledaosta', residential: 2679, source: 'idealista-2024-07', provinces: ['AO'] },
  {
    key: 'lombardia',
    residential: 2226,
    source: 'idealista-2024-07',
    provinces: ['VA', 'CO', 'SO', 'MI', 'BG', 'BS', 'PV', 'CR', 'MN', 'LC', 'LO', 'MB'],
  },
  { key: 'trentinoaltoadige', residential: 3202, source: 'idealista-2024-07', provinces: ['BZ', 'TN'] },
  {
    key: 'veneto',
    residential: 1820,
    source: 'idealista-2024-04',
    provinces: ['VR', 'VI', 'BL', 'TV', 'VE', 'PD', 'RO'],
  },
  { key: 'friuliveneziagiulia', residential: 1450, source: 'estimate', provinces: ['UD', 'GO', 'TS', 'PN'] },
  { key: 'liguria', residential: 2514, source: 'idealista-2024-07', provinces: ['IM', 'SV', 'GE', 'SP'] },
  {
    key: 'emiliaromagna',
    residential: 1875,
    source: 'idealista-2024-07',
    provinces: ['PC', 'PR', 'RE', 'MO', 'BO', 'FE', 'RA', 'FC', 'RN'],
  },
  {
    key: 'toscana',
    residential: 2332,
    source: 'idealista-2024-07',
    provinces: ['MS', 'LU', 'PT', 'FI', 'LI', 'PI', 'AR', 'SI', 'GR', 'PO'],
  },
  { key: 'umbria', residential: 1250, source: 'estimate', provinces: ['PG', 'TR'] },
  { key: 'marche', residential: 1450, source: 'estimate', provinces: ['PU', 'AN', 'MC', 'AP', 'FM'] },
  { key: 'lazio', residential: 2126, source: 'idealista-2024-07', provinces: ['VT', 'RI', 'RM', 'LT', 'FR'] },
  { key: 'abruzzo', residential: 1250, source: 'estimate', provinces: ['AQ', 'TE', 'PE', 'CH'] },
  { key: 'molise', residential: 903, source: 'idealista-2024-07', provinces: ['CB', 'IS'] },
  { key: 'campania', residential: 1750, source: 'estimate', provinces: ['CE', 'BN', 'NA', 'AV', 'SA'] },
  { key: 'puglia', residential: 1350, source: 'estimate', provinces: ['FG', 'BA', 'TA', 'BR', 'LE', 'BT'] },
  { key: 'basilicata', residential: 1050, source: 'estimate', provinces: ['PZ', 'MT'] },
  { key: 'calabria', residential: 932, source: 'idealista-2024-10', provinces: ['CS', 'CZ', 'RC', 'KR', 'VV'] },
  {
    key: 'sicilia',
    residential: 1150,
    source: 'estimate',
    provinces: ['TP', 'PA', 'ME', 'AG', 'CL', 'EN', 'CT', 'RG', 'SR'],
  },
  {
    key: 'sardegna',
    residential: 1800,
    source: 'estimate',
    provinces: ['SS', 'NU', 'CA', 'OR', 'SU'],
  },
];

/** Provinces whose own residential average the reports named (idealista, October 2024); the others take their region's. */
export const PROVINCE_OVERRIDES: Readonly<Record<string, number>> = {
  BZ: 4558,
  MI: 3398,
  LU: 3116,
  SV: 3071,
  BI: 635,
  CL: 661,
  IS: 679,
};

/**
 * EUR per m2 of a typology relative to residential, for a NORMAL state. Assumptions, not from a source: shops and
 * offices a little below homes on average; land (agricultural or building, undistinguished) at 3% of residential.
 */
export const TYPOLOGY_FACTOR: Readonly<Record<Typology, number>> = { RESIDENTIAL: 1, COMMERCIAL: 0.9, LAND: 0.03 };

/**
 * The coefficient per conservation state (OMI quotes a range per state: scadente, normale, ottimo); the 0.8 and 1.2
 * are assumptions standing for the low and high ends of such a range.
 */
export const CONSERVATION_COEFFICIENT: Readonly<Record<ConservationState, number>> = {
  POOR: 0.8,
  NORMAL: 1,
  OPTIMAL: 1.2,
};

const residentialByProvince = new Map<string, number>();
for (const region of REGIONS)
  for (const code of region.provinces) residentialByProvince.set(code, PROVINCE_OVERRIDES[code] ?? region.residential);

/** The province codes the table covers. */
export const PRICED_PROVINCES: ReadonlySet<string> = new Set(residentialByProvince.keys());

/**
 * EUR per m2 for a province, typology and state, rounded to the euro; null for a code the table does not hold.
 * Worked example: Milano (MI, 3,398 residential) COMMERCIAL OPTIMAL = 3,398 x 0.9 x 1.2 = 3,669.84 -> 3,670.
 */
export function pricePerMq(provinceCode: string, typology: Typology, state: ConservationState): number | null {
  const residential = residentialByProvince.get(provinceCode);
  if (residential === undefined) return null;
  return Math.round(residential * TYPOLOGY_FACTOR[typology] * CONSERVATION_COEFFICIENT[state]);
}
