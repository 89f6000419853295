import { describe, expect, it } from 'vitest';
import { filterGuide, findMatches, highlightParts, isGuideSearchActive } from './guideSearch.ts';
import { LEGAL_DIALOG_DOCUMENTS, legalDocumentUrl, privacyDocumentFor } from './legal.ts';
import { clampSessionSeconds, SESSION_SECONDS_MAX } from './sessionSeconds.ts';

describe('clampSessionSeconds', () => {
  it('clamps the countdown to 0..64', () => {
    expect(SESSION_SECONDS_MAX).toBe(64);
    expect(clampSessionSeconds(30)).toBe(30);
    expect(clampSessionSeconds(64)).toBe(64);
    expect(clampSessionSeconds(65)).toBe(64);
    expect(clampSessionSeconds(3600)).toBe(64);
    expect(clampSessionSeconds(0)).toBe(0);
    expect(clampSessionSeconds(-5)).toBe(0);
    expect(clampSessionSeconds(12.9)).toBe(12);
    expect(clampSessionSeconds(Number.NaN)).toBe(0);
    expect(clampSessionSeconds(Number.POSITIVE_INFINITY)).toBe(64);
    expect(clampSessionSeconds(Number.NEGATIVE_INFINITY)).toBe(0);
  });
});

describe('guide search', () => {
  it('acts only when the term is longer than 2 characters', () => {
    expect(isGuideSearchActive('')).toBe(false);
    expect(isGuideSearchActive('tw')).toBe(false);
    expect(isGuideSearchActive('  tw  ')).toBe(false);
    expect(isGuideSearchActive('twr')).toBe(true);
    expect(findMatches('TWR e MWR', 'tw')).toEqual([]);
    expect(highlightParts('TWR e MWR', 'tw')).toEqual([{ text: 'TWR e MWR', match: false }]);
  });

  it('highlights every match ignoring case and accents', () => {
    expect(highlightParts('Perché il TWR? Il twr misura', 'twr')).toEqual([
      { text: 'Perché il ', match: false },
      { text: 'TWR', match: true },
      { text: '? Il ', match: false },
      { text: 'twr', match: true },
      { text: ' misura', match: false },
    ]);
    expect(highlightParts('Perché', 'perche')).toEqual([{ text: 'Perché', match: true }]);
    expect(highlightParts('perche', 'PERCHÉ')).toEqual([{ text: 'perche', match: true }]);
    expect(highlightParts('', 'abc')).toEqual([{ text: '', match: false }]);
  });

  const sections = [
    {
      number: 0,
      title: 'Introduzione',
      entries: [
        { question: 'Come si usa?', answer: 'Apri una sezione.' },
        { question: 'Dove la trovo?', answer: 'Nel piè di pagina.' },
      ],
    },
    {
      number: 2,
      title: 'Performance',
      entries: [
        { question: 'Cos’è il TWR?', answer: 'Un rendimento ponderato per il tempo.' },
        { question: 'Cos’è il MWR?', answer: 'Il tasso interno di rendimento.' },
      ],
    },
  ];

  it('shows everything, unmatched, when the search is inactive', () => {
    const r = filterGuide(sections, 'tw');
    expect(r.map((s) => [s.number, s.entries.length, s.matched])).toEqual([
      [0, 2, false],
      [2, 2, false],
    ]);
  });

  it('keeps only matching sections and entries, marked for auto-open', () => {
    const r = filterGuide(sections, 'twr');
    expect(r).toHaveLength(1);
    expect(r[0]?.number).toBe(2);
    expect(r[0]?.matched).toBe(true);
    expect(r[0]?.entries.map((e) => e.question)).toEqual(['Cos’è il TWR?']);
    expect(filterGuide(sections, 'rendimento')[0]?.entries).toHaveLength(2);
  });

  it('keeps all entries of a section that matches by title only', () => {
    const r = filterGuide(sections, 'introd');
    expect(r.map((s) => [s.number, s.entries.length])).toEqual([[0, 2]]);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterGuide(sections, 'zzzz')).toEqual([]);
  });
});

describe('legal documents', () => {
  it('picks the privacy notice by role', () => {
    expect(privacyDocumentFor('BASIC')).toBe('privacy-client');
    for (const role of ['PRO', 'DELEGATE', 'ADMIN', 'BACK_OFFICE'] as const) {
      expect(privacyDocumentFor(role)).toBe('privacy-pro');
    }
  });

  it('builds the URL in the current language', () => {
    expect(legalDocumentUrl('terms', 'it')).toBe('/shared-ui/legal/it/terms.html');
    expect(legalDocumentUrl('privacy-pro', 'en')).toBe('/shared-ui/legal/en/privacy-pro.html');
    expect(LEGAL_DIALOG_DOCUMENTS).toEqual(['terms', 'sicom', 'tulps-license', 'tulps-fee', 'iso-certificate']);
  });
});
