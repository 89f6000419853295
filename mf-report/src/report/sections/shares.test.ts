// @vitest-environment jsdom
// The shares page of the report (portal-and-report 2 "Report pages", 3 "Shares (report)", 9): the chart of revenue,
// profit and EBITDA, and the list with the owners' names cut at 20 characters plus an ellipsis.
import { describe, expect, test } from 'vitest';
import { readPdf } from '../../pdf/read-pdf.testing.ts';
import { PORTFOLIO_TEAL, REPORT_PALETTE } from '../charts/common.ts';
import { recordingChart, testContext } from '../testing.ts';
import type { ReportData } from '../types.ts';
import { realAssetsData } from './real-assets.fixtures.testing.ts';
import { shareOwnersText, shareResultBars, truncateOwnerName } from './real-assets-rules.ts';
import { drawShares } from './shares.ts';

async function draw(data: ReportData, options: Parameters<typeof testContext>[1] = {}) {
  const ctx = testContext(data, { title: '04 Partecipazioni', ...options });
  await drawShares(ctx);
  return readPdf(ctx.doc.output());
}

describe('truncateOwnerName', () => {
  test('keeps up to 20 characters and cuts a longer name to 20 plus an ellipsis', () => {
    expect(truncateOwnerName('Immobiliare Rossi Sr')).toBe('Immobiliare Rossi Sr');
    expect(truncateOwnerName('Immobiliare Rossi Srl')).toBe('Immobiliare Rossi Sr…');
    expect(truncateOwnerName('Immobiliare Rossi Srl Milano')).toBe('Immobiliare Rossi Sr…');
    expect(truncateOwnerName('Mario Rossi')).toBe('Mario Rossi');
    expect(truncateOwnerName('')).toBe('');
  });

  test('counts characters, not UTF-16 units', () => {
    // 19 letters and an emoji: 20 characters (21 UTF-16 units), kept.
    expect(truncateOwnerName('Società Benefit Srl🌿')).toBe('Società Benefit Srl🌿');
    expect(truncateOwnerName('Società Benefit Srl🌿x')).toBe('Società Benefit Srl🌿…');
  });
});

test('shareOwnersText lists each owner with the percentage, names truncated', () => {
  const owners = [
    { name: 'Mario Rossi', percentage: 60 },
    { name: 'Anna Maria Bianchi Ferraris', percentage: 40 },
  ];
  expect(shareOwnersText(owners, 'it', 'Altri soci')).toBe('Mario Rossi 60,00%, Anna Maria Bianchi F… 40,00%');
  expect(shareOwnersText(owners, 'en', 'Other owners')).toBe('Mario Rossi 60.00%, Anna Maria Bianchi F… 40.00%');
});

test('shareOwnersText names the co-owners the reader may not see (summed by the API, no name) with the label', () => {
  const owners = [
    { name: 'Mario Rossi', percentage: 60 },
    { name: null, percentage: 25 },
  ];
  expect(shareOwnersText(owners, 'it', 'Altri soci')).toBe('Mario Rossi 60,00%, Altri soci 25,00%');
  expect(shareOwnersText(owners, 'en', 'Other owners')).toBe('Mario Rossi 60.00%, Other owners 25.00%');
});

test('shareResultBars: a category per company, a series per answered figure, 0 where a company lacks it', () => {
  const graphs = realAssetsData().shares.graphs;
  const bars = shareResultBars({ revenue: graphs.revenue, profit: graphs.profit }, (m) => m.toUpperCase());
  expect(bars).toEqual({
    year: 2023,
    categories: ['Rossi Meccanica S.p.A.', 'Vigneti Toscani S.r.l.'],
    series: [
      { metric: 'revenue', name: 'REVENUE', data: [8000000, 1300000] },
      { metric: 'profit', name: 'PROFIT', data: [640000.5, 0] },
    ],
  });
  expect(shareResultBars({}, String)).toBeNull();
});

describe('drawShares', () => {
  test('one page after the cover with the section title, the chart and the list', async () => {
    const chart = recordingChart();
    const pdf = await draw(realAssetsData(), { chart });
    expect(pdf.pages).toHaveLength(2);
    const texts = pdf.pages[1]!.texts;
    expect(texts[0]).toBe('04 Partecipazioni');
    expect(texts).toContain('Ricavi, utile ed EBITDA · 2023');
    for (const legend of ['Ricavi', 'Utile', 'EBITDA']) expect(texts).toContain(legend);
    expect(chart.calls).toHaveLength(1);
    const [options] = chart.calls[0]!;
    expect(options.xaxis?.categories).toEqual(['Rossi Meccanica S.p.A.', 'Vigneti Toscani S.r.l.']);
    expect(options.series).toEqual([
      { name: 'Ricavi', data: [8000000, 1300000] },
      { name: 'Utile', data: [640000.5, 0] },
      { name: 'EBITDA', data: [0, -20000] },
    ]);
    // Series colours from the report palette; none is the aggregate's teal.
    expect(options.colors).toEqual(REPORT_PALETTE.slice(0, 3));
    expect(options.colors).not.toContain(PORTFOLIO_TEAL);
  });

  test('the list: legal name, year, ratio in percent, money and the owners cut at 20 characters', async () => {
    const texts = (await draw(realAssetsData())).pages[1]!.texts;
    for (const header of ['Ragione sociale', 'Anno', 'Quota', 'Valore della quota', 'Ricavi', 'Utile', 'Titolari'])
      expect(texts).toContain(header);
    for (const cell of ['Rossi Meccanica S.p.A.', '2023', '12,50%', '1.500.000,00 €', '8.000.000,00 €', '640.000,50 €'])
      expect(texts).toContain(cell);
    expect(texts).toContain('-35.000,00 €');
    // 'Immobiliare Rossi Srl Milano' (28) is cut; 'Immobiliare Rossi Sr' (20) is not.
    expect(texts).toContain('Mario Rossi 60,00%, Immobiliare Rossi Sr… 40,00%');
    expect(texts).toContain('Immobiliare Rossi Sr 5,00%');
    expect(texts.join(' ')).not.toContain('Srl Milano');
  });

  test('English: headers and money in English', async () => {
    const data = realAssetsData();
    data.request.locale = 'en';
    const texts = (await draw(data)).pages[1]!.texts;
    for (const text of ['Company name', 'Share value', 'Holders', 'Revenue, profit and EBITDA · 2023', '12.50%'])
      expect(texts).toContain(text);
    expect(texts).toContain('1,500,000.00 €');
    expect(texts).toContain('Mario Rossi 60.00%, Immobiliare Rossi Sr… 40.00%');
  });

  test('failed chart calls leave the chart part empty; a failed list its part', async () => {
    const data = realAssetsData();
    data.shares = { ...data.shares, shares: undefined, graphs: {} };
    const chart = recordingChart();
    const texts = (await draw(data, { chart })).pages[1]!.texts;
    expect(chart.calls).toHaveLength(0);
    expect(texts).toContain('Ricavi, utile ed EBITDA');
    expect(texts.filter((t) => t === 'Dati non disponibili')).toHaveLength(2);
    expect(texts).not.toContain('Ragione sociale');
  });

  test('one failed figure leaves only its series out', async () => {
    const data = realAssetsData();
    data.shares.graphs = { revenue: data.shares.graphs.revenue, ebitda: data.shares.graphs.ebitda };
    const chart = recordingChart();
    const texts = (await draw(data, { chart })).pages[1]!.texts;
    expect(chart.calls[0]![0].series).toEqual([
      { name: 'Ricavi', data: [8000000, 1300000] },
      { name: 'EBITDA', data: [0, -20000] },
    ]);
    expect(texts).not.toContain('Dati non disponibili');
  });

  test('no year with figures: the caption and no chart, no failure line', async () => {
    const data = realAssetsData();
    data.shares = { ...data.shares, years: [], graphs: {} };
    const chart = recordingChart();
    const texts = (await draw(data, { chart })).pages[1]!.texts;
    expect(chart.calls).toHaveLength(0);
    expect(texts).not.toContain('Dati non disponibili');
    expect(texts).toContain('Rossi Meccanica S.p.A.');
  });

  test('draws nothing when the plan has no shares page', async () => {
    expect((await draw(realAssetsData({ pages: ['cover', 'realEstateSummary', 'artLuxList'] }))).pages).toHaveLength(1);
  });
});
