// The English labels of the reference names (issue 22): asset classes, macro asset classes, categories, causes,
// subcauses, destinations and typologies read English in English, Italian in Italian, from the compiled catalogues.
import { setupI18n } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import { messages as en } from '../locales/en/messages.ts';
import { messages as it } from '../locales/it/messages.ts';
import {
  ASSET_CLASS_LABELS,
  assetClassLabel,
  CATEGORY_LABELS,
  CAUSE_LABELS,
  codeLabel,
  DESTINATION_LABELS,
  MACRO_LABELS,
  SUBCAUSE_LABELS,
  TYPOLOGY_LABELS,
} from './codes.ts';

const inLanguage = (locale: 'it' | 'en') => {
  const i18n = setupI18n({ locale, messages: { it, en } });
  i18n.activate(locale);
  return i18n;
};

describe('reference names in English', () => {
  test('asset classes, keyed by the stable Italian name the API sends', () => {
    const english = inLanguage('en');
    const italian = inLanguage('it');
    expect(assetClassLabel(english, 'Azionario USA')).toBe('US equities');
    expect(assetClassLabel(english, 'Obbligazionario governativo Italia')).toBe('Italian government bonds');
    expect(assetClassLabel(english, 'Materie prime')).toBe('Commodities');
    expect(assetClassLabel(italian, 'Azionario USA')).toBe('Azionario USA');
    // A name the map does not know shows as it is; no name shows nothing.
    expect(assetClassLabel(english, 'Private equity Asia')).toBe('Private equity Asia');
    expect(assetClassLabel(english, null)).toBe('');
    // Not a key of an object's prototype.
    expect(assetClassLabel(english, 'toString')).toBe('toString');
  });

  test('every reference label has an English text of its own', () => {
    const english = inLanguage('en');
    const italian = inLanguage('it');
    const maps = {
      ASSET_CLASS_LABELS,
      MACRO_LABELS,
      CATEGORY_LABELS,
      CAUSE_LABELS,
      SUBCAUSE_LABELS,
      DESTINATION_LABELS,
      TYPOLOGY_LABELS,
    };
    // Names that are the same word in both languages.
    const same = new Set(['Open banking']);
    for (const [name, labels] of Object.entries(maps)) {
      for (const code of Object.keys(labels)) {
        const shown = codeLabel(english, labels, code);
        if (!same.has(shown)) expect(shown, `${name}.${code}`).not.toBe(codeLabel(italian, labels, code));
      }
    }
    expect(codeLabel(english, MACRO_LABELS, 'Bond')).toBe('Bond');
    expect(codeLabel(italian, MACRO_LABELS, 'Bond')).toBe('Obbligazionario');
    expect(codeLabel(english, CAUSE_LABELS, 'WITHDRAWAL')).toBe('Withdrawal');
    expect(codeLabel(english, DESTINATION_LABELS, 'FIRST_HOUSE')).toBe('Main residence');
  });
});
