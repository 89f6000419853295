// The report's catalogs outside the browser (the command and tests): a Lingui instance of its own in the report's
// language, from the compiled portal catalogs (`npm run i18n:compile` writes them; the build and tests run it).
import { type I18n, setupI18n } from '@lingui/core';
import { messages as en } from '../../../shared-ui/src/locales/en/messages.ts';
import { messages as it } from '../../../shared-ui/src/locales/it/messages.ts';
import type { Locale } from '../pdf/format.ts';

export function reportI18n(locale: Locale): I18n {
  return setupI18n({ locale, messages: { it, en } });
}
