// @vitest-environment jsdom
// 01 Overview (portal-and-report 2 "Report pages", 4 "Report display interval by period length"): one page with
// the total wealth, the composition donut and legend, the flow chart only if the flows sum to non-zero, and the
// value chart with its value at each display column; a failed dashboard or history leaves its parts empty.
import { describe, expect, test } from 'vitest';
import { readPdf } from '../../pdf/read-pdf.testing.ts';
import { isoTime, PORTFOLIO_TEAL } from '../charts/common.ts';
import { recordingChart, testContext } from '../testing.ts';
import type { ReportData } from '../types.ts';
import { dashboard, reportData } from './financial.fixtures.testing.ts';
import { drawOverview, totalWealth } from './overview.ts';

async function draw(data: ReportData, options: Parameters<typeof testContext>[1] = {}) {
  const chart = recordingChart();
  const ctx = testContext(data, { title: '01 Panoramica', chart, ...options });
  await drawOverview(ctx);
  const pdf = readPdf(ctx.doc.output());
  const kinds = chart.calls.map(([o]) => o.chart?.type);
  return { pdf, chart, kinds, page: pdf.pages[1]! };
}

test('totalWealth sums the four kinds of the composition', () => {
  expect(totalWealth({ financial: 100, realEstate: 50.5, share: 0, artLux: 20 })).toBe(170.5);
  expect(totalWealth(dashboard().richComposition)).toBe(250_000);
});

describe('drawOverview', () => {
  test('one page titled with the section title: total wealth, the composition legend with values and percents', async () => {
    const { pdf, page } = await draw(reportData());
    expect(pdf.pages).toHaveLength(2); // the empty cover, then the overview
    expect(page.texts[0]).toBe('01 Panoramica');
    expect(page.texts[1]).toBe('30/09/2024 – 31/12/2024');
    // 150,000 + 84,234.56 + 0 + 15,765.44.
    const total = page.texts.indexOf('Patrimonio totale');
    expect(page.texts[total + 1]).toBe('250.000,00 €');
    // Legend rows: kind, value, percent of the total (84,234.56 / 250,000 = 33.69%).
    const legend = page.texts.indexOf('Finanziario');
    expect(page.texts.slice(legend, legend + 12)).toEqual([
      'Finanziario',
      '150.000,00 €',
      '60,00%',
      'Immobiliare',
      '84.234,56 €',
      '33,69%',
      'Partecipazioni',
      '0,00 €',
      '0,00%',
      'Arte e lusso',
      '15.765,44 €',
      '6,31%',
    ]);
  });

  test('the composition donut has the non-empty kinds with their translated names', async () => {
    const { chart } = await draw(reportData());
    const donut = chart.calls.find(([o]) => o.chart?.type === 'donut')?.[0];
    expect(donut?.labels).toEqual(['Finanziario', 'Immobiliare', 'Arte e lusso']);
    expect(donut?.series).toEqual([150_000, 84_234.56, 15_765.44]);
  });

  test('the value chart runs over from..to and the table shows the last value on or before each month end', async () => {
    const { chart, page } = await draw(reportData());
    const line = chart.calls.find(([o]) => o.chart?.type === 'line')?.[0];
    expect(line?.xaxis?.min).toBe(isoTime('2024-09-30'));
    expect(line?.xaxis?.max).toBe(isoTime('2024-12-31'));
    expect(line?.colors).toEqual([PORTFOLIO_TEAL]);
    // 30/09..31/12 is 3 months: columns at the month ends. History: 240,000; 245,000 from 16/10; 250,000 from 02/12.
    const head = page.texts.indexOf('Data');
    expect(page.texts.slice(head, head + 8)).toEqual([
      'Data',
      '31/10/2024',
      '30/11/2024',
      '31/12/2024',
      'Valore',
      '245.000,00 €',
      '245.000,00 €',
      '250.000,00 €',
    ]);
  });

  test('the flow chart is drawn only when the flows sum to non-zero', async () => {
    const withFlows = await draw(reportData());
    expect(withFlows.kinds).toEqual(['donut', 'bar', 'line']);
    expect(withFlows.page.texts).toContain('Flussi netti degli ultimi 12 mesi');
    const bars = withFlows.chart.calls.find(([o]) => o.chart?.type === 'bar')?.[0];
    expect(bars?.xaxis?.categories).toEqual([
      'Finanziario',
      'Immobiliare',
      'Arte e lusso',
      'Partecipazioni',
      'Capitale umano',
    ]);
    expect(bars?.series).toEqual([{ name: 'Flussi netti degli ultimi 12 mesi', data: [1200, 0, 0, 0, 300] }]);

    // 500 - 500 = 0: no flow chart, no caption.
    const data = { ...reportData(), dashboard: dashboard({ financial: 500, humanCapital: -500 }) };
    const noFlows = await draw(data);
    expect(noFlows.kinds).toEqual(['donut', 'line']);
    expect(noFlows.page.texts).not.toContain('Flussi netti degli ultimi 12 mesi');
    expect(noFlows.page.texts).toContain('250.000,00 €');
  });

  test('a failed dashboard leaves the total, composition and flows empty; the value part is still drawn', async () => {
    const { pdf, page, kinds } = await draw({ ...reportData(), dashboard: undefined });
    expect(pdf.pages).toHaveLength(2);
    expect(page.texts[0]).toBe('01 Panoramica');
    // In place of the total, and of the composition; no legend.
    const total = page.texts.indexOf('Patrimonio totale');
    expect(page.texts[total + 1]).toBe('Dati non disponibili');
    expect(page.texts.filter((t) => t === 'Dati non disponibili')).toHaveLength(2);
    expect(page.texts).not.toContain('Immobiliare');
    expect(kinds).toEqual(['line']);
    expect(page.texts).toContain('31/12/2024');
  });

  test('a failed history leaves the value chart and its table empty', async () => {
    const { page, kinds } = await draw({ ...reportData(), history: undefined });
    expect(kinds).toEqual(['donut', 'bar']);
    expect(page.texts).toContain('Dati non disponibili');
    expect(page.texts).not.toContain('31/10/2024');
    expect(page.texts).toContain('250.000,00 €');
  });

  test('a chart the renderer cannot draw leaves its box empty and the page goes on', async () => {
    const { pdf, page } = await draw(reportData(), { chart: async () => undefined });
    expect(pdf.pages).toHaveLength(2);
    expect(page.texts).toContain('250.000,00 €');
    expect(page.texts).toContain('31/12/2024');
  });

  test('English labels and numbers with locale en', async () => {
    const { page, chart } = await draw(reportData({ locale: 'en' }), { title: '01 Overview' });
    expect(page.texts[0]).toBe('01 Overview');
    expect(page.texts[1]).toBe('30/09/2024 – 31/12/2024');
    expect(page.texts).toEqual(
      expect.arrayContaining([
        'Total wealth',
        '250,000.00 €',
        'Wealth composition',
        'Real estate',
        '84,234.56 €',
        '33.69%',
        'Art and luxury',
        'Net flows of the last 12 months',
        'Wealth over time',
        'Date',
        '31/10/2024',
        'Value',
        '245,000.00 €',
      ]),
    );
    const donut = chart.calls.find(([o]) => o.chart?.type === 'donut')?.[0];
    expect(donut?.labels).toEqual(['Financial', 'Real estate', 'Art and luxury']);
  });
});
