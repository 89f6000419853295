// The portal's languages and the active one, without the catalogues (i18n.ts loads those): what the format helpers
// need, so that code which only formats (the widgets' self-contained files) does not bundle the portal's messages.
import { i18n } from '@lingui/core';

export type Locale = 'it' | 'en';
export const LOCALES: readonly Locale[] = ['it', 'en'];

export const currentLocale = (): Locale => (i18n.locale === 'en' ? 'en' : 'it');

/** Number locale (spec section 9): en-US for English, de-DE otherwise. */
export const numberLocale = (locale: Locale = currentLocale()) => (locale === 'en' ? 'en-US' : 'de-DE');
