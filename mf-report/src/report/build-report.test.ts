// @vitest-environment jsdom
// The whole report from its data, cover included (issue 13): the cover names the client's PRO (the data's advisor,
// as getClient or getFamily give it), whoever asks; a DELEGATE's report names the PRO and never the DELEGATE, and a
// BASIC user's names no advisor. Issue 21: the report drawn while its data arrives (the dialog) is the same PDF as
// the one drawn from the data all there (the command), sections in order, each drawn once its own data is in.
import { describe, expect, test } from 'vitest';
import { reportI18n } from '../node/i18n.ts';
import { readPdf } from '../pdf/read-pdf.testing.ts';
import { buildReport } from './build-report.ts';
import { type ReportSource, settleReportData } from './load-data.ts';
import { reportData } from './sections/financial.fixtures.testing.ts';
import { realAssetsData } from './sections/real-assets.fixtures.testing.ts';
import { recordingChart, testFonts, testMap } from './testing.ts';
import type { ChartRenderer, ReportData } from './types.ts';

async function coverOf(data: ReportData): Promise<string[]> {
  const env = { fonts: testFonts, i18n: reportI18n('it'), chart: recordingChart(), map: testMap(), compress: false };
  const pdf = readPdf(new TextDecoder('latin1').decode(await buildReport(data, env)));
  return pdf.pages[0]!.texts;
}

/** The text after the cover's 'Consulente' label, or undefined without one. */
const advisorOn = (cover: string[]) =>
  cover.includes('Consulente') ? cover[cover.indexOf('Consulente') + 1] : undefined;

describe('the cover names the advisor', () => {
  test("a DELEGATE's report: the PRO the client belongs to, not the DELEGATE", async () => {
    const data: ReportData = {
      ...reportData(),
      viewer: { role: 'DELEGATE', name: 'Anna Assistente' },
      advisor: 'Paolo Consulente',
    };
    const cover = await coverOf(data);
    expect(advisorOn(cover)).toBe('Paolo Consulente');
    expect(cover).not.toContain('Anna Assistente');
    expect(cover).toContain('Mario Rossi');
  });

  test("a PRO's report: the PRO; a family's report: the family's PRO", async () => {
    const pro: ReportData = {
      ...reportData(),
      viewer: { role: 'PRO', name: 'Paolo Consulente' },
      advisor: 'Paolo Consulente',
    };
    expect(advisorOn(await coverOf(pro))).toBe('Paolo Consulente');
    const family = { ...reportData({ family: true }), advisor: 'Paolo Consulente' };
    expect(advisorOn(await coverOf(family))).toBe('Paolo Consulente');
  });

  test("a BASIC user's report names no advisor, and no advisor is named when there is none", async () => {
    const basic: ReportData = {
      ...reportData(),
      viewer: { role: 'BASIC', name: 'Mario Rossi' },
      advisor: 'Paolo Consulente',
    };
    const cover = await coverOf(basic);
    expect(cover).not.toContain('Consulente');
    expect(cover).not.toContain('Paolo Consulente');
    const none = await coverOf({ ...reportData(), advisor: null });
    expect(none).not.toContain('Consulente');
  });
});

/** A promise resolved from outside: a part of the report's data that answers when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** An analytic report with every section: client 7's portfolios and the real assets of the fixtures. */
function everySection(): ReportData {
  const assets = realAssetsData();
  return {
    ...reportData({ type: 'analytic' }),
    realEstate: assets.realEstate,
    shares: assets.shares,
    artLux: assets.artLux,
  };
}

/** The data as it would arrive from the calls, each part held until the test answers it. */
function arriving(data: ReportData) {
  const parts = {
    dashboard: deferred<ReportData['dashboard']>(),
    history: deferred<ReportData['history']>(),
    portfolios: deferred<ReportData['portfolios']>(),
    realEstate: deferred<ReportData['realEstate']>(),
    shares: deferred<ReportData['shares']>(),
    artLux: deferred<ReportData['artLux']>(),
  };
  const source: ReportSource = {
    request: data.request,
    viewer: data.viewer,
    subject: Promise.resolve({ name: data.subjectName, advisor: data.advisor }),
    logo: Promise.resolve(data.logo),
    eligible: Promise.resolve(data.eligible),
    dashboard: parts.dashboard.promise,
    history: parts.history.promise,
    portfolios: parts.portfolios.promise,
    realEstate: parts.realEstate.promise,
    shares: parts.shares.promise,
    artLux: parts.artLux.promise,
  };
  const answer = (name: keyof typeof parts) => (parts[name].resolve as (v: unknown) => void)(data[name]);
  return { source, answer };
}

/** Every page's content stream and texts (the PDF's dates left out: they are the only difference run to run). */
const pagesOf = (bytes: Uint8Array) =>
  readPdf(new TextDecoder('latin1').decode(bytes)).pages.map((p) => ({ texts: p.texts, content: p.content }));

describe('the report drawn as its data arrives', () => {
  test('parts answering last section first give the same PDF as the data all there, sections in order', async () => {
    const data = everySection();
    const env = { fonts: testFonts, i18n: reportI18n('it'), chart: recordingChart(), map: testMap(), compress: false };
    const { source, answer } = arriving(data);
    const progress: string[] = [];
    const building = buildReport(source, { ...env, onProgress: (done, total) => progress.push(`${done}/${total}`) });
    for (const part of ['artLux', 'shares', 'realEstate', 'portfolios', 'history', 'dashboard'] as const) answer(part);
    const streamed = pagesOf(await building);

    const settledParts = arriving(data);
    for (const part of ['dashboard', 'history', 'portfolios', 'realEstate', 'shares', 'artLux'] as const)
      settledParts.answer(part);
    const settled = await settleReportData(settledParts.source);
    const all = pagesOf(await buildReport(settled, env));
    expect(settled.plan.contents.map((c) => c.section)).toEqual([
      'overview',
      'financial',
      'realEstate',
      'shares',
      'artLux',
    ]);
    expect(streamed).toEqual(all);
    // The cover's contents: the five sections in order, each with its first page.
    const cover = streamed[0]!.texts;
    const names = ['Panoramica', 'Finanziario', 'Immobiliare', 'Partecipazioni', 'Arte e beni di lusso'];
    const at = names.map((name) => cover.findIndex((text) => text.includes(name)));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Progress: the sections done out of the five, one by one.
    expect(progress).toEqual(['0/5', '1/5', '2/5', '3/5', '4/5', '5/5']);
  });

  test('a section is drawn once its own data is in, while the later ones are still answering', async () => {
    const data = everySection();
    const { source, answer } = arriving(data);
    const firstChart = deferred<void>();
    const recording = recordingChart();
    const chart: ChartRenderer = (options, size) => {
      firstChart.resolve();
      return recording(options, size);
    };
    const progress: number[] = [];
    const building = buildReport(source, {
      fonts: testFonts,
      i18n: reportI18n('it'),
      chart,
      map: testMap(),
      compress: false,
      onProgress: (done) => progress.push(done),
    });
    answer('dashboard');
    answer('history');
    // The overview's charts are drawn with only its data in: nothing else has answered (else this never resolves).
    await firstChart.promise;
    expect(recording.calls.map(([o]) => o.chart?.type)).toContain('donut');
    for (const part of ['portfolios', 'realEstate', 'shares', 'artLux'] as const) answer(part);
    const pdf = readPdf(new TextDecoder('latin1').decode(await building));
    expect(pdf.pages[1]!.texts[0]).toBe('01 Panoramica');
    expect(progress.at(-1)).toBe(5);
  });

  test('a section found empty when its data arrives is left out and the next ones are numbered without it', async () => {
    const data = { ...everySection(), shares: { graphs: {} } };
    const { source, answer } = arriving(data);
    const building = buildReport(source, {
      fonts: testFonts,
      i18n: reportI18n('it'),
      chart: recordingChart(),
      map: testMap(),
      compress: false,
    });
    for (const part of ['dashboard', 'history', 'portfolios', 'realEstate', 'shares', 'artLux'] as const) answer(part);
    const titles = readPdf(new TextDecoder('latin1').decode(await building))
      .pages.slice(1)
      .map((p) => p.texts[0]);
    expect(titles).toContain('04 Arte e beni di lusso');
    expect(titles.some((t) => t?.includes('Partecipazioni'))).toBe(false);
  });
});
