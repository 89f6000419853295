// @vitest-environment jsdom
// The art and luxury pages of the report (portal-and-report 2 "Report pages", 3 "Art and luxury (report)", 9): the
// summary with the stats, the pie by category and the values at each year's end, then the list of goods.
import { describe, expect, test } from 'vitest';
import { readPdf } from '../../pdf/read-pdf.testing.ts';
import { REPORT_PIE_PALETTE } from '../charts/common.ts';
import { recordingChart, testContext } from '../testing.ts';
import type { ReportData } from '../types.ts';
import { drawArtLux } from './art-lux.ts';
import { realAssetsData } from './real-assets.fixtures.testing.ts';
import { percentages } from './real-assets-rules.ts';

async function draw(data: ReportData, options: Parameters<typeof testContext>[1] = {}) {
  const ctx = testContext(data, { title: '05 Arte e beni di lusso', ...options });
  await drawArtLux(ctx);
  return readPdf(ctx.doc.output());
}

const english = (data: ReportData): ReportData => ({ ...data, request: { ...data.request, locale: 'en' } });

describe('drawArtLux', () => {
  test('adds the summary and the list, each headed by the section title', async () => {
    const pdf = await draw(realAssetsData());
    expect(pdf.pages).toHaveLength(3);
    expect(pdf.pages[1]!.texts[0]).toBe('05 Arte e beni di lusso');
    expect(pdf.pages[2]!.texts[0]).toBe('05 Arte e beni di lusso');
    expect(pdf.pages[1]!.texts).toContain('Composizione per categoria');
    expect(pdf.pages[2]!.texts).toContain('Beni di arte e lusso');
  });

  test('the summary shows the four stats as money', async () => {
    const texts = (await draw(realAssetsData())).pages[1]!.texts;
    for (const text of ['Valore totale', '320.000,00 €', 'Reddito annuo', '8.325,75 €', 'Debito collegato'])
      expect(texts).toContain(text);
    expect(texts).toContain('Manutenzione annua');
    expect(texts).toContain('1.500,00 €');
    const en = (await draw(english(realAssetsData()))).pages[1]!.texts;
    for (const text of ['Total value', '320,000.00 €', 'Yearly income', '8,325.75 €', 'Yearly maintenance'])
      expect(en).toContain(text);
  });

  test('pie by category with shares of the total, columns by year, one colour per category in both', async () => {
    const chart = recordingChart();
    const texts = (await draw(realAssetsData(), { chart })).pages[1]!.texts;
    // 185000 of 320000 = 57.8125%.
    expect(texts).toContain('185.000,00 € · 57,81%');
    expect(texts).toContain('15.000,00 € · 4,69%');
    const [pie, column] = chart.calls.map(([options]) => options);
    expect(chart.calls).toHaveLength(2);
    expect(pie!.labels).toEqual(['Arte', 'Auto', 'Gioielli']);
    expect(pie!.series).toEqual([185000, 120000, 15000]);
    // ART, CAR and JEWELRY are the 1st, 2nd and 6th of the six categories.
    const colors = [REPORT_PIE_PALETTE[0], REPORT_PIE_PALETTE[1], REPORT_PIE_PALETTE[5]];
    expect(pie!.colors).toEqual(colors);
    expect(column!.chart?.stacked).toBe(true);
    expect(column!.xaxis?.categories).toEqual(['2022', '2023', '2024']);
    expect(column!.series).toEqual([
      { name: 'Arte', data: [150000, 170000, 185000] },
      { name: 'Auto', data: [100000, 110000, 120000] },
      { name: 'Gioielli', data: [0, 14000, 15000] },
    ]);
    expect(column!.colors).toEqual(colors);
  });

  test('the six categories in English, in the list and the legends', async () => {
    const data = english(realAssetsData());
    data.artLux.items!.item = (['ART', 'CAR', 'BIKE', 'BOAT', 'COLLECTION', 'JEWELRY'] as const).map((category, i) => ({
      ...data.artLux.items!.item[0]!,
      id: 40 + i,
      description: `Bene ${i}`,
      category,
    }));
    const pdf = await draw(data);
    const list = pdf.pages[2]!.texts;
    for (const name of ['Art', 'Cars', 'Motorbikes', 'Boats', 'Collections', 'Jewelry']) expect(list).toContain(name);
    expect(list).toContain('Category');
    expect(pdf.pages[1]!.texts).toContain('Jewelry');
  });

  test('the list: description, category, evaluation, buy cost and yield; a dash for what is missing', async () => {
    const list = (await draw(realAssetsData())).pages[2]!.texts;
    expect(list).not.toContain('Intestatario');
    for (const header of ['Descrizione', 'Categoria', 'Valutazione', "Costo d'acquisto", 'Rendimento'])
      expect(list).toContain(header);
    for (const cell of ['Morandi, Natura morta 1956', 'Arte', '185.000,00 €', '60.000,00 €', '4,50%', '0,00%'])
      expect(list).toContain(cell);
    // The Porsche has no buy cost and no yield.
    const porsche = list.indexOf('Porsche 911 Carrera 1973');
    expect(list.slice(porsche, porsche + 5)).toEqual(['Porsche 911 Carrera 1973', 'Auto', '120.000,00 €', '–', '–']);
  });

  test("a family's list starts with the owner", async () => {
    const list = (await draw(realAssetsData({ family: true }))).pages[2]!.texts;
    expect(list).toContain('Intestatario');
    const porsche = list.indexOf('Porsche 911 Carrera 1973');
    expect(list[porsche - 1]).toBe('Anna Bianchi');
  });

  test('failed stat, pie and column calls leave their parts empty without throwing', async () => {
    const data = realAssetsData();
    data.artLux = { ...data.artLux, stat: undefined, pie: undefined, column: undefined };
    const chart = recordingChart();
    const pdf = await draw(data, { chart });
    const texts = pdf.pages[1]!.texts;
    expect(chart.calls).toHaveLength(0);
    expect(texts).not.toContain('Valore totale');
    expect(texts).not.toContain('320.000,00 €');
    expect(texts.filter((t) => t === 'Dati non disponibili')).toHaveLength(3);
    expect(pdf.pages).toHaveLength(3);
  });

  test('draws only the pages of the plan', async () => {
    const pdf = await draw(realAssetsData({ pages: ['cover', 'artLuxSummary'] }));
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[1]!.texts).toContain('Valore a fine anno');
  });
});

test('percentages: each value as percent points of the total; zeros when the total is 0', () => {
  expect(percentages([185000, 120000, 15000])).toEqual([57.8125, 37.5, 4.6875]);
  expect(percentages([0, 0])).toEqual([0, 0]);
});
