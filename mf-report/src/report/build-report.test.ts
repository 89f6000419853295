// @vitest-environment jsdom
// The whole report from its data, cover included (issue 13): the cover names the client's PRO (the data's advisor,
// as getClient or getFamily give it), whoever asks; a DELEGATE's report names the PRO and never the DELEGATE, and a
// BASIC user's names no advisor.
import { describe, expect, test } from 'vitest';
import { reportI18n } from '../node/i18n.ts';
import { readPdf } from '../pdf/read-pdf.testing.ts';
import { buildReport } from './build-report.ts';
import { reportData } from './sections/financial.fixtures.testing.ts';
import { recordingChart, testFonts, testMap } from './testing.ts';
import type { ReportData } from './types.ts';

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
