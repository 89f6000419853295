// Lingui set-up: Italian by default, English on request; the choice persists in localStorage.
import { i18n } from '@lingui/core';
import { messages as en } from '../locales/en/messages.ts';
import { messages as it } from '../locales/it/messages.ts';
import type { Locale } from './locale.ts';

export { currentLocale, LOCALES, type Locale, numberLocale } from './locale.ts';

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

export { i18n };
