// @vitest-environment jsdom
// The financial section (portal-and-report 2 "Report pages", 3 "Financial report data per portfolio", 9): pages in
// the plan's order for synthetic, analytic and custom reports, the comparison table and chart with the portfolio
// colours, the summary figures and tables, accounts, stocks by macro asset class, the fees of 4 quarters, the
// performance colours, the owner column of family reports, failed sub-requests and English labels.
import { describe, expect, test } from 'vitest';
import type { PdfPage } from '../../pdf/read-pdf.testing.ts';
import { readPdf } from '../../pdf/read-pdf.testing.ts';
import { REPORT_PALETTE } from '../charts/common.ts';
import { recordingChart, testContext } from '../testing.ts';
import type { ReportData } from '../types.ts';
import { type FixtureOptions, reportData, sintetico, textColor } from './financial.fixtures.testing.ts';
import { drawFinancial, macroSlices } from './financial.ts';

const GREEN = '#2f8a4f';
const RED = '#c62f2f';

async function draw(data: ReportData, options: Parameters<typeof testContext>[1] = {}) {
  const chart = recordingChart();
  const ctx = testContext(data, { title: '02 Finanziario', chart, ...options });
  await drawFinancial(ctx);
  const pdf = readPdf(ctx.doc.output());
  // Page 1 is the (empty) cover of the test document.
  return { pages: pdf.pages.slice(1), chart };
}

/** What a page is, from a text only that page has. */
function pageKind(page: PdfPage): string {
  const has = (t: string) => page.texts.includes(t);
  if (has('Confronto dei portafogli')) return 'comparison';
  if (has('Valore e rendimento')) return 'summary';
  if (has('Intermediari')) return 'accounts';
  if (has('Prezzo di mercato')) return 'stocks';
  if (has('Commissioni per trimestre')) return 'fees';
  return 'unknown';
}

const outline = (pages: PdfPage[]) => pages.map((p) => `${p.texts[0]} | ${pageKind(p)}`);

/** The texts after `label` on a page, `count` of them. */
const after = (page: PdfPage, label: string, count: number, nth = 0) => {
  const at = page.texts.flatMap((t, i) => (t === label ? [i] : []))[nth]!;
  return page.texts.slice(at + 1, at + 1 + count);
};

const data = (options: FixtureOptions = {}) => reportData(options);

describe('pages and their order', () => {
  test('synthetic: the comparison, then each portfolio summary', async () => {
    const { pages } = await draw(data({ type: 'synthetic' }));
    expect(outline(pages)).toEqual([
      '02 Finanziario | comparison',
      '02 Finanziario · Portafoglio Azioni | summary',
      '02 Finanziario · Portafoglio Obbligazioni | summary',
    ]);
  });

  test('analytic: the comparison, then per portfolio summary, accounts, stocks and fees', async () => {
    const { pages } = await draw(data({ type: 'analytic' }));
    expect(outline(pages)).toEqual([
      '02 Finanziario | comparison',
      '02 Finanziario · Portafoglio Azioni | summary',
      '02 Finanziario · Portafoglio Azioni | accounts',
      '02 Finanziario · Portafoglio Azioni | stocks',
      '02 Finanziario · Portafoglio Azioni | fees',
      '02 Finanziario · Portafoglio Obbligazioni | summary',
      '02 Finanziario · Portafoglio Obbligazioni | accounts',
      '02 Finanziario · Portafoglio Obbligazioni | stocks',
      '02 Finanziario · Portafoglio Obbligazioni | fees',
    ]);
    for (const page of pages) expect(page.texts[1]).toBe('30/09/2024 – 31/12/2024');
  });

  test('custom without fees: no fees pages', async () => {
    const { pages } = await draw(data({ type: 'custom', sections: ['financial'] }));
    expect(pages.map(pageKind)).toEqual([
      'comparison',
      'summary',
      'accounts',
      'stocks',
      'summary',
      'accounts',
      'stocks',
    ]);
  });

  test('a portfolio of the plan without answers draws no page; a plan without financial pages draws nothing', async () => {
    const one = data({ type: 'analytic' });
    const { pages } = await draw({ ...one, portfolios: one.portfolios.filter((p) => p.portfolio.id !== 9) });
    expect(outline(pages)).toEqual([
      '02 Finanziario | comparison',
      '02 Finanziario · Portafoglio Azioni | summary',
      '02 Finanziario · Portafoglio Azioni | accounts',
      '02 Finanziario · Portafoglio Azioni | stocks',
      '02 Finanziario · Portafoglio Azioni | fees',
    ]);
    expect(pages[0]!.texts).not.toContain('Portafoglio Obbligazioni');

    const overviewOnly = data({ type: 'custom', sections: ['overview'] });
    expect((await draw(overviewOnly)).pages).toEqual([]);
  });
});

describe('comparison page', () => {
  test('one line per portfolio in the portfolio colours; the table with value, TWR and MWR coloured by sign', async () => {
    const { pages, chart } = await draw(data());
    const line = chart.calls[0]![0];
    expect(line.chart?.type).toBe('line');
    expect(line.series?.map((s) => (s as { name: string }).name)).toEqual([
      'Portafoglio Azioni',
      'Portafoglio Obbligazioni',
    ]);
    // Cumulative TWR in percent points, over the period's dates.
    expect((line.series![0] as { data: { y: number }[] }).data.map((p) => p.y)).toEqual([0, 2.615, 1.3075, 5.23]);
    expect(line.colors).toEqual([REPORT_PALETTE[0], REPORT_PALETTE[1]]);

    const page = pages[0]!;
    expect(after(page, 'Confronto dei portafogli', 4)).toEqual([
      'Portafoglio',
      'Controvalore',
      'Rendimento TWR',
      'Rendimento MWR',
    ]);
    expect(after(page, 'Portafoglio Azioni', 3)).toEqual(['100.000,00 €', '5,23%', '4,10%']);
    expect(after(page, 'Portafoglio Obbligazioni', 3)).toEqual(['50.000,50 €', '-1,50%', '-2,25%']);
    expect(textColor(page, '5,23%')).toBe(GREEN);
    expect(textColor(page, '4,10%')).toBe(GREEN);
    expect(textColor(page, '-1,50%')).toBe(RED);
    expect(textColor(page, '-2,25%')).toBe(RED);
    // The name in its line's colour: the table is the chart's legend.
    expect(textColor(page, 'Portafoglio Azioni')).toBe(REPORT_PALETTE[0]);
    expect(textColor(page, 'Portafoglio Obbligazioni')).toBe(REPORT_PALETTE[1]);
  });

  test('a family report has the owner column', async () => {
    const { pages } = await draw(data({ type: 'custom', sections: ['financial'], family: true }));
    const page = pages[0]!;
    expect(after(page, 'Portafoglio', 4)).toEqual(['Intestatario', 'Controvalore', 'Rendimento TWR', 'Rendimento MWR']);
    expect(after(page, 'Portafoglio Obbligazioni', 2)).toEqual(['Anna Rossi', '50.000,50 €']);
  });

  test('a client report has no owner column', async () => {
    const { pages } = await draw(data({ type: 'analytic' }));
    for (const page of pages) expect(page.texts).not.toContain('Intestatario');
  });
});

describe('portfolio summary', () => {
  test('stocks, cash and value; TWR and MWR coloured; the VaR only where it was answered', async () => {
    const { pages } = await draw(data());
    const [azioni, obbligazioni] = [pages[1]!, pages[2]!];
    expect(after(azioni, '02 Finanziario · Portafoglio Azioni', 1)).toEqual(['30/09/2024 – 31/12/2024']);
    expect(after(azioni, 'Titoli', 1)).toEqual(['95.000,00 €']);
    expect(after(azioni, 'Liquidità', 1)).toEqual(['5.000,00 €']);
    expect(after(azioni, 'Controvalore', 1)).toEqual(['100.000,00 €']);
    expect(after(azioni, 'Rendimento TWR', 1)).toEqual(['5,23%']);
    expect(textColor(azioni, '5,23%')).toBe(GREEN);
    expect(after(azioni, 'VaR a 1 giorno (95,00%)', 1)).toEqual(['1.234,56 €']);
    expect(after(obbligazioni, 'Rendimento MWR', 1)).toEqual(['-2,25%']);
    expect(textColor(obbligazioni, '-2,25%')).toBe(RED);
    expect(obbligazioni.texts.some((t) => t.startsWith('VaR'))).toBe(false);
  });

  test('the macro asset class donut in the order Equity, Alternative, Bond, then cash, with its legend', async () => {
    // The API lists Bond before Equity.
    expect(macroSlices(sintetico(data().portfolios[0]!.portfolio, 100_000, 5_000))).toEqual([
      { key: 'Equity', value: 57_000 },
      { key: 'Bond', value: 38_000 },
      { key: 'cash', value: 5_000 },
    ]);
    const { pages, chart } = await draw(data());
    const donut = chart.calls.find(([o]) => o.chart?.type === 'donut')?.[0];
    expect(donut?.labels).toEqual(['Azionario', 'Obbligazionario', 'Liquidità']);
    expect(after(pages[1]!, 'Composizione per macro asset class', 9)).toEqual([
      'Azionario',
      '57.000,00 €',
      '57,00%',
      'Obbligazionario',
      '38.000,00 €',
      '38,00%',
      'Liquidità',
      '5.000,00 €',
      '5,00%',
    ]);
  });

  test('value and cumulative TWR at the display columns, the performance coloured by sign', async () => {
    const { pages } = await draw(data());
    // Performance points: 31/10 101,000 and 2.615; 29/11 99,500 and 1.3075; 31/12 102,500.50 and 5.23.
    const azioni = pages[1]!;
    expect(after(azioni, 'Data', 11)).toEqual([
      '31/10/2024',
      '30/11/2024',
      '31/12/2024',
      'Valore',
      '101.000,00 €',
      '99.500,00 €',
      '102.500,50 €',
      'TWR cumulato',
      '2,62%',
      '1,31%',
      '5,23%',
    ]);
    expect(textColor(azioni, '2,62%')).toBe(GREEN);
    const obbligazioni = pages[2]!;
    expect(after(obbligazioni, 'TWR cumulato', 3)).toEqual(['-0,75%', '-0,38%', '-1,50%']);
    expect(textColor(obbligazioni, '-0,38%')).toBe(RED);
  });

  test('a failed synthetic report leaves its figures, donut and tables empty without failing the report', async () => {
    const full = data({ type: 'analytic' });
    const failed = { ...full, portfolios: [{ ...full.portfolios[0]!, sintetico: undefined }, full.portfolios[1]!] };
    const { pages, chart } = await draw(failed);
    expect(pages).toHaveLength(9);
    // Comparison: no value for portfolio 4, its performance still there.
    expect(after(pages[0]!, 'Portafoglio Azioni', 3)).toEqual(['–', '5,23%', '4,10%']);
    const summary = pages[1]!;
    expect(summary.texts.filter((t) => t === 'Dati non disponibili')).toHaveLength(2);
    expect(summary.texts).not.toContain('95.000,00 €');
    expect(after(summary, 'Rendimento TWR', 1)).toEqual(['5,23%']);
    expect(summary.texts).toContain('102.500,50 €');
    const accounts = pages[2]!;
    expect(after(accounts, 'Intermediari', 1)).toEqual(['Dati non disponibili']);
    expect(accounts.texts).not.toContain('FinecoBank');
    // One donut: portfolio 9's.
    expect(chart.calls.filter(([o]) => o.chart?.type === 'donut')).toHaveLength(1);
  });

  test('a failed performance report leaves the chart lines and the period table out', async () => {
    const full = data();
    const failed = { ...full, portfolios: [{ ...full.portfolios[0]!, performance: undefined }, full.portfolios[1]!] };
    const { pages, chart } = await draw(failed);
    expect(chart.calls[0]![0].series?.map((s) => (s as { name: string }).name)).toEqual(['Portafoglio Obbligazioni']);
    // Portfolio 9 keeps its colour slot.
    expect(chart.calls[0]![0].colors).toEqual([REPORT_PALETTE[1]]);
    expect(after(pages[0]!, 'Portafoglio Azioni', 3)).toEqual(['100.000,00 €', '–', '–']);
    const summary = pages[1]!;
    expect(summary.texts).toContain('100.000,00 €');
    expect(summary.texts).not.toContain('TWR cumulato');
    expect(summary.texts.filter((t) => t === 'Dati non disponibili')).toHaveLength(2);
  });
});

describe('intermediaries and accounts', () => {
  test('the intermediaries and accounts with translated account types, by value, with totals', async () => {
    const { pages } = await draw(data({ type: 'analytic' }));
    const page = pages[2]!;
    expect(after(page, 'Intermediari', 11)).toEqual([
      'Intermediario',
      'Titoli',
      'Liquidità',
      'Controvalore',
      'Peso',
      'FinecoBank',
      '95.000,00 €',
      '5.000,00 €',
      '100.000,00 €',
      '100,00%',
      'Totale',
    ]);
    expect(after(page, 'Conti', 18)).toEqual([
      'Conto',
      'Tipo',
      'Titoli',
      'Liquidità',
      'Controvalore',
      'Peso',
      'Dossier Fineco',
      'Custodia titoli',
      '95.000,00 €',
      '0,00 €',
      '95.000,00 €',
      '95,00%',
      'Conto Fineco',
      'Conto corrente',
      '0,00 €',
      '5.000,00 €',
      '5.000,00 €',
      '5,00%',
    ]);
  });

  test('a family report shows the owners', async () => {
    const family = data({ type: 'custom', sections: ['financial'], family: true });
    const { pages } = await draw(family);
    const page = pages[5]!; // comparison, 4 summary, accounts, stocks, 9 summary, 9 accounts
    expect(page.texts[0]).toBe('02 Finanziario · Portafoglio Obbligazioni');
    expect(after(page, 'Intermediari', 3)).toEqual(['Intermediario', 'Intestatario', 'Titoli']);
    expect(after(page, 'FinecoBank', 1)).toEqual(['Anna Rossi']);
    expect(after(page, 'Custodia titoli', 1)).toEqual(['Anna Rossi']);
  });
});

describe('stocks detail', () => {
  test('grouped Equity, Alternative, Bond; quantities with 3 decimals, prices with 4; performance coloured', async () => {
    const { pages } = await draw(data({ type: 'analytic' }));
    const page = pages[3]!;
    expect(after(page, 'Rendimento TWR', 30)).toEqual([
      'Azionario',
      '',
      'ETF MSCI World',
      'IE00B4L5Y983',
      '512,346',
      '80,2500',
      '97,5000',
      '49.953,70 €',
      '-1.250,50 €',
      '-2,45%',
      'Alternativo',
      '',
      'ETC Oro',
      'JE00B1VS3770',
      '25,000',
      '180,0000',
      '200,0000',
      '5.000,00 €',
      '500,00 €',
      '11,11%',
      'Obbligazionario',
      '',
      'BTP 2030',
      'IT0005413171',
      '40.000,000',
      '98,5000',
      '100,1234',
      '40.049,36 €',
      '640,00 €',
      '1,62%',
    ]);
    expect(textColor(page, '-2,45%')).toBe(RED);
    expect(textColor(page, '11,11%')).toBe(GREEN);
    // Totals: 49,953.70 + 5,000 + 40,049.36 and -1,250.50 + 500 + 640.
    expect(after(page, 'Totale', 3).filter((t) => t !== '')).toEqual(['95.003,06 €', '-110,50 €']);
    expect(after(page, 'Liquidità', 6)).toEqual([
      'Conto',
      'Controvalore',
      'Peso',
      'Conto Fineco',
      '5.000,00 €',
      '5,00%',
    ]);
  });

  test('a long list continues on new pages with the page header', async () => {
    const full = data({ type: 'analytic' });
    const [first] = full.portfolios;
    const many = Array.from({ length: 60 }, (_, i) => ({
      ...first!.triplaA!.stockComposition[1]!,
      description: `Azione ${i + 1}`,
    }));
    const long = {
      ...full,
      portfolios: [{ ...first!, triplaA: { ...first!.triplaA!, stockComposition: many } }, full.portfolios[1]!],
    };
    const { pages } = await draw(long);
    const stockPages = pages.filter((p) => p.texts.some((t) => t.startsWith('Azione ')));
    expect(stockPages.length).toBeGreaterThan(1);
    for (const page of stockPages) {
      // On continued pages reportTable draws the header after the rows: present, not first.
      expect(page.texts).toContain('02 Finanziario · Portafoglio Azioni');
      expect(page.texts).toContain('Prezzo di mercato');
    }
    expect(stockPages.at(-1)!.texts).toContain('Azione 60');
  });
});

describe('fees', () => {
  test('the 4 quarters of the end date; subcauses in the fixed order, NULL as Altro; account and overall totals', async () => {
    const { pages } = await draw(data({ type: 'analytic' }));
    const page = pages[4]!;
    expect(after(page, 'Commissioni per trimestre', 7)).toEqual([
      'Conto',
      'Causale',
      'T1 2024',
      'T2 2024',
      'T3 2024',
      'T4 2024',
      'Totale',
    ]);
    const row = (label: string) => after(page, label, 5);
    expect(page.texts).toContain('FinecoBank · Conto Fineco');
    expect(row('Conto corrente')).toEqual(['7,50 €', '7,50 €', '7,50 €', '7,50 €', '30,00 €']);
    expect(row('Deposito titoli')).toEqual(['0,00 €', '0,00 €', '0,00 €', '0,00 €', '0,00 €']);
    expect(row('Negoziazione')).toEqual(['0,00 €', '10,00 €', '0,00 €', '0,00 €', '10,00 €']);
    expect(row('Altro')).toEqual(['0,00 €', '0,00 €', '0,00 €', '2,50 €', '2,50 €']);
    expect(row('Totale conto')).toEqual(['7,50 €', '17,50 €', '7,50 €', '10,00 €', '42,50 €']);
    expect(after(page, 'Totale commissioni', 6)).toEqual(['', '7,50 €', '17,50 €', '7,50 €', '10,00 €', '42,50 €']);
    const order = ['Conto corrente', 'Deposito titoli', 'Negoziazione', 'Gestione', 'Consulenza', 'Altro'];
    expect(order.map((l) => page.texts.indexOf(l))).toEqual(
      [...order.map((l) => page.texts.indexOf(l))].sort((a, b) => a - b),
    );
  });

  test('ending in February 2024 the columns are 2023 Q2, Q3, Q4 and 2024 Q1', async () => {
    const { pages } = await draw(data({ type: 'analytic', from: '2023-12-31', to: '2024-02-29' }));
    const page = pages.find((p) => pageKind(p) === 'fees')!;
    expect(after(page, 'Causale', 5)).toEqual(['T2 2023', 'T3 2023', 'T4 2023', 'T1 2024', 'Totale']);
    // The 2023 Q4 fee is in; the fees after 2024 Q1 are not.
    expect(after(page, 'Conto corrente', 5)).toEqual(['0,00 €', '0,00 €', '7,50 €', '7,50 €', '15,00 €']);
  });

  test('failed fees leave the page with its header and a muted line', async () => {
    const full = data({ type: 'analytic' });
    const failed = { ...full, portfolios: [{ ...full.portfolios[0]!, fees: undefined }, full.portfolios[1]!] };
    const { pages } = await draw(failed);
    expect(pages[4]!.texts).toEqual([
      '02 Finanziario · Portafoglio Azioni',
      '30/09/2024 – 31/12/2024',
      'Commissioni per trimestre',
      'Dati non disponibili',
    ]);
  });
});

test('English labels with locale en', async () => {
  const { pages } = await draw(data({ type: 'analytic', locale: 'en' }), { title: '02 Financial' });
  expect(outline(pages).map((l) => l.split(' | ')[0])[1]).toBe('02 Financial · Portafoglio Azioni');
  expect(pages[0]!.texts).toEqual(
    expect.arrayContaining(['Portfolio comparison', 'Portfolio', 'Market value', 'TWR return', '100,000.00 €']),
  );
  expect(pages[1]!.texts).toEqual(
    expect.arrayContaining(['Composition by macro asset class', 'Equity', 'Bond', 'Cash', 'Value and performance']),
  );
  expect(pages[2]!.texts).toEqual(expect.arrayContaining(['Intermediaries', 'Securities account', 'Current account']));
  expect(pages[3]!.texts).toEqual(expect.arrayContaining(['Market price', '512.346', '100.1234', '-1,250.50 €']));
  expect(pages[4]!.texts).toEqual(
    expect.arrayContaining(['Fees by quarter', 'Q1 2024', 'Q4 2024', 'Other', 'Account total', 'Total fees']),
  );
});
