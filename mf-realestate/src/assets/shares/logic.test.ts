// The family business page's rules: owners cell, chart year, bars, company form and the calls of an edit.
import { bodyErrors, type Company, normaliseBody, routes } from '@patrimonio/shared-api';
import { describe, expect, test } from 'vitest';
import {
  businessChartData,
  COMPANY_FIELDS,
  type CompanyDraft,
  chartYear,
  companyChanges,
  companyRules,
  createBody,
  draftOf,
  emptyFigures,
  emptyHolder,
  hasUnseenHolders,
  ownersText,
  readYear,
  yearsDesc,
} from './logic.ts';

/**
 * The checks of the company form as the dialog makes them, by form field: its contract body (the server checks the
 * same schema) and the rules beyond it, whose code wins on its field.
 */
function validateCompany(d: CompanyDraft): Record<string, string> {
  const found: Record<string, string> = {};
  const put = (path: string, code: string) => {
    found[COMPANY_FIELDS[path] ?? path] = code;
  };
  for (const [path, code] of Object.entries(bodyErrors(routes.createCompany.body, normaliseBody(createBody(d)))))
    put(path, code);
  for (const [path, code] of Object.entries(companyRules(d))) if (code) put(path, code);
  return found;
}

const itPercent = (v: number | null) =>
  v === null ? '–' : `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(v)}%`;

describe('the shares table', () => {
  test("owners read 'name percentage', comma separated, in the page's number format", () => {
    expect(
      ownersText(
        [
          { name: 'Mario Rossi', percentage: 60 },
          { name: 'Anna Rossi', percentage: 12.5 },
        ],
        itPercent,
        'Altri soci',
      ),
    ).toBe('Mario Rossi 60,00%, Anna Rossi 12,50%');
    expect(ownersText([], itPercent, 'Altri soci')).toBe('');
  });

  test('the co-owners the user may not see: one summed entry without a name, read as the label; not editable', () => {
    const owners = [
      { clientId: 1, name: 'Mario Rossi', percentage: 60 },
      { clientId: null, name: null, percentage: 25 },
    ];
    expect(ownersText(owners, itPercent, 'Altri soci')).toBe('Mario Rossi 60,00%, Altri soci 25,00%');
    expect(hasUnseenHolders(owners)).toBe(true);
    expect(hasUnseenHolders(owners.slice(0, 1))).toBe(false);
  });
});

describe('the chart year', () => {
  test('the year asked for when listed, else the latest; none without years', () => {
    expect(chartYear([2023, 2025, 2024], 2024)).toBe(2024);
    expect(chartYear([2023, 2025, 2024], 2019)).toBe(2025);
    expect(chartYear([2023, 2025, 2024], null)).toBe(2025);
    expect(chartYear([], 2024)).toBeNull();
    expect(chartYear(undefined, null)).toBeNull();
  });
  test('the selector lists the years latest first, once each', () => {
    expect(yearsDesc([2023, 2025, 2024, 2025])).toEqual([2025, 2024, 2023]);
    expect(yearsDesc(undefined)).toEqual([]);
  });
});

describe('the revenue, profit and EBITDA bars', () => {
  const point = (companyId: number, legalName: string, value: number) => ({
    companyId,
    legalName,
    value,
    ownedValue: value / 2,
  });
  test('a company per entry with its three figures, 0 where a company is missing; the company figure, not the part held', () => {
    expect(
      businessChartData(
        {
          revenue: [point(1, 'Alfa Srl', 100), point(2, 'Beta Spa', 50)],
          profit: [point(1, 'Alfa Srl', 10)],
          ebitda: [point(2, 'Beta Spa', -5)],
        },
        2025,
      ),
    ).toEqual({
      year: 2025,
      companies: [
        { label: 'Alfa Srl', revenue: 100, profit: 10, ebitda: 0 },
        { label: 'Beta Spa', revenue: 50, profit: 0, ebitda: -5 },
      ],
    });
  });
  test('two companies with the same name stay two bars', () => {
    const data = businessChartData(
      { revenue: [point(1, 'Alfa', 1), point(2, 'Alfa', 2)], profit: [], ebitda: [] },
      2024,
    );
    expect(data?.companies.map((c) => [c.label, c.revenue])).toEqual([
      ['Alfa', 1],
      ['Alfa', 2],
    ]);
  });
  test('nothing until all three answers are in', () => {
    expect(businessChartData({ revenue: [], profit: undefined, ebitda: [] }, 2024)).toBeNull();
  });
});

describe('the company form', () => {
  const figures = { year: '2024', revenue: 1_000_000, profit: -20_000, ebitda: 50_000, value: 3_000_000 };
  const valid = {
    legalName: 'Rossi Meccanica Srl',
    holders: [
      { clientId: 1, share: 0.6 },
      { clientId: 2, share: 0.4 },
    ],
    figures: [figures],
  };

  test('a complete draft passes; a loss is a valid profit', () => {
    expect(validateCompany(valid)).toEqual({});
  });
  test('the legal name, a holder and a year of figures are required', () => {
    const e = validateCompany({ legalName: '  ', holders: [], figures: [] });
    expect(e).toMatchObject({ legalName: 'required', holdersList: 'required', figuresList: 'required' });
    const blank = validateCompany({ ...valid, holders: [emptyHolder()], figures: [emptyFigures()] });
    expect(blank).toEqual({
      'holders.0.clientId': 'required',
      'holders.0.share': 'required',
      'figures.0.year': 'required',
      'figures.0.revenue': 'required',
      'figures.0.profit': 'required',
      'figures.0.ebitda': 'required',
      'figures.0.value': 'required',
    });
  });
  test('holders add up to at most 100%: 60% + 50% is refused, 60% + 40% (and 33,33% x 3) pass', () => {
    expect(
      validateCompany({
        ...valid,
        holders: [
          { clientId: 1, share: 0.6 },
          { clientId: 2, share: 0.5 },
        ],
      }).holdersList,
    ).toBe('total');
    const thirds = [1, 2, 3].map((clientId) => ({ clientId, share: 0.3333 }));
    expect(validateCompany({ ...valid, holders: thirds }).holdersList).toBeUndefined();
    const tenths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((clientId) => ({ clientId, share: 0.1 }));
    expect(validateCompany({ ...valid, holders: tenths }).holdersList).toBeUndefined();
  });
  test('a holder twice, or a share of 0, is refused', () => {
    const e = validateCompany({
      ...valid,
      holders: [
        { clientId: 1, share: 0.3 },
        { clientId: 1, share: 0 },
      ],
    });
    expect(e).toEqual({ 'holders.1.clientId': 'duplicate', 'holders.1.share': 'invalid' });
  });
  test('a year twice, or not a year the API takes, is refused', () => {
    const e = validateCompany({ ...valid, figures: [figures, { ...figures }, { ...figures, year: '1850' }] });
    expect(e).toEqual({ 'figures.1.year': 'duplicate', 'figures.2.year': 'invalid' });
    expect(readYear(' 2024 ')).toBe(2024);
    expect(readYear('24')).toBeNull();
    expect(readYear('2101')).toBeNull();
  });
  test('the body sends percent points and the years as numbers', () => {
    expect(createBody({ ...valid, legalName: ' Rossi Meccanica Srl ' })).toEqual({
      legalName: 'Rossi Meccanica Srl',
      holdings: [
        { clientId: 1, percentage: 60 },
        { clientId: 2, percentage: 40 },
      ],
      figures: [{ year: 2024, revenue: 1_000_000, profit: -20_000, ebitda: 50_000, value: 3_000_000 }],
    });
    expect(createBody({ ...valid, holders: [{ clientId: 1, share: 0.3333 }] }).holdings).toEqual([
      { clientId: 1, percentage: 33.33 },
    ]);
  });
});

describe('editing a company', () => {
  const stored: Company = {
    id: 7,
    legalName: 'Alfa',
    holdings: [{ clientId: 1, name: 'Mario Rossi', percentage: 100 }],
    figures: [
      { year: 2024, revenue: 200, profit: 20, ebitda: 30, value: 1000 },
      { year: 2023, revenue: 100, profit: 10, ebitda: 15, value: 900 },
    ],
  };
  test('the draft holds fractions and locked years', () => {
    const d = draftOf(stored);
    expect(d.holders).toEqual([{ clientId: 1, share: 1 }]);
    expect(d.figures.map((f) => [f.year, f.stored])).toEqual([
      ['2024', true],
      ['2023', true],
    ]);
  });
  test('an untouched draft changes nothing', () => {
    expect(companyChanges(stored, draftOf(stored))).toEqual({
      legalName: null,
      holdings: null,
      addFigures: [],
      updateFigures: [],
      removeYears: [],
    });
  });
  test('a rename, a changed year, a new year and a removed year: only those calls', () => {
    const d = draftOf(stored);
    d.legalName = 'Alfa Srl';
    d.figures = [{ ...d.figures[0]!, revenue: 250 }, emptyFigures(2025)];
    d.figures[1] = { ...d.figures[1]!, revenue: 300, profit: -5, ebitda: 0, value: 1100 };
    expect(companyChanges(stored, d)).toEqual({
      legalName: 'Alfa Srl',
      holdings: null,
      addFigures: [{ year: 2025, revenue: 300, profit: -5, ebitda: 0, value: 1100 }],
      updateFigures: [{ year: 2024, body: { revenue: 250, profit: 20, ebitda: 30, value: 1000 } }],
      removeYears: [2023],
    });
  });
  test('new holders replace the old ones; the same holders in another order do not', () => {
    const two = {
      ...stored,
      holdings: [
        ...stored.holdings.map((h) => ({ ...h, percentage: 50 })),
        { clientId: 2, name: 'Anna', percentage: 50 },
      ],
    };
    const d = draftOf(two);
    d.holders.reverse();
    expect(companyChanges(two, d).holdings).toBeNull();
    d.holders[0] = { clientId: 2, share: 0.3 };
    expect(companyChanges(two, d).holdings).toEqual([
      { clientId: 2, percentage: 30 },
      { clientId: 1, percentage: 50 },
    ]);
  });
});
