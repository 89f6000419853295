// Lingui set-up: Italian by default, English on request; the choice persists in localStorage. Each language's
// catalogue is a chunk of its own, loaded when the language is first activated (issue 21: the first screen loads only
// the active one): initI18n and setLocale return once it is in and active, and nothing renders before initI18n has
// (root-config waits for it), so no message id ever shows.
import { i18n, type Messages } from '@lingui/core';
import type { Locale } from './locale.ts';

export { currentLocale, intlLocale, LOCALES, type Locale, numberLocale } from './locale.ts';

const STORAGE_KEY = 'patrimonio.locale';

const CATALOGUES: Record<Locale, () => Promise<{ messages: Messages }>> = {
  it: () => import(/* webpackChunkName: "messages-it" */ '../locales/it/messages.ts'),
  en: () => import(/* webpackChunkName: "messages-en" */ '../locales/en/messages.ts'),
};

const loading = new Map<Locale, Promise<void>>();
const loaded = new Set<Locale>();

export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'en' ? 'en' : 'it';
  } catch {
    return 'it';
  }
}

/** Loads a language's catalogue into Lingui (once), without activating it. */
export function loadLocale(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = CATALOGUES[locale]().then(({ messages }) => {
      i18n.load(locale, messages);
      loaded.add(locale);
    });
    // A failed load (the network) may be tried again.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** The stored language, active once its catalogue is in. */
export async function initI18n(): Promise<typeof i18n> {
  await setLocale(storedLocale());
  return i18n;
}

/** The last language asked for: a slower catalogue arriving after a later choice does not take over. */
let wanted: Locale | null = null;

function activate(locale: Locale): void {
  i18n.activate(locale);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = locale;
}

/**
 * Makes a language the active one, once its catalogue is loaded; when it is already (loadLocale, or used before), the
 * switch happens before this returns, so a caller may render it at once (flushSync).
 */
export function setLocale(locale: Locale): Promise<void> {
  wanted = locale;
  if (loaded.has(locale)) {
    activate(locale);
    return Promise.resolve();
  }
  return loadLocale(locale).then(() => {
    if (wanted === locale) activate(locale);
  });
}

export { i18n };
