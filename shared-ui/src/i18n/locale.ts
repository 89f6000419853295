// The portal's languages and the active one, without the catalogues (i18n.ts loads those): what the format helpers
// need, so that code which only formats (the widgets' self-contained files) does not bundle the portal's messages.
import { i18n } from '@lingui/core';

export type Locale = 'it' | 'en';
export const LOCALES: readonly Locale[] = ['it', 'en'];

export const currentLocale = (): Locale => (i18n.locale === 'en' ? 'en' : 'it');

/**
 * Number locale (spec section 9, de-DE for Italian): en-GB for English (issue 22), the same digits as en-US
 * (1,234.56) and the British dates that go with the language switcher's UK flag.
 */
export const numberLocale = (locale: Locale = currentLocale()) => (locale === 'en' ? 'en-GB' : 'de-DE');

/** The BCP 47 tag of a language for dates, names and sorting: en-GB (dd/mm/yyyy, under the UK flag) or it-IT. */
export const intlLocale = (locale: Locale = currentLocale()) => (locale === 'en' ? 'en-GB' : 'it-IT');
