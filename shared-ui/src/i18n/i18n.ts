// Lingui set-up: Italian by default, English on request; the choice persists in localStorage.
import { i18n } from '@lingui/core';
import { messages as en } from '../locales/en/messages.ts';
import { messages as it } from '../locales/it/messages.ts';

export type Locale = 'it' | 'en';
export const LOCALES: readonly Locale[] = ['it', 'en'];
const STORAGE_KEY = 'patrimonio.locale';

export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'en' ? 'en' : 'it';
  } catch {
    return 'it';
  }
}

let initialised = false;
export function initI18n(): typeof i18n {
  if (!initialised) {
    i18n.load({ it, en });
    initialised = true;
  }
  setLocale(storedLocale());
  return i18n;
}

export function setLocale(locale: Locale): void {
  i18n.activate(locale);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = locale;
}

export const currentLocale = (): Locale => (i18n.locale === 'en' ? 'en' : 'it');

/** Number locale (spec section 9): en-US for English, de-DE otherwise. */
export const numberLocale = (locale: Locale = currentLocale()) => (locale === 'en' ? 'en-US' : 'de-DE');

export { i18n };
