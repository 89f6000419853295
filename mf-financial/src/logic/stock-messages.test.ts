// The stock edit's 409 currency_in_use, in both languages (issue 13: server codes are translated in the portal).
import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { expect, test } from 'vitest';
import { messages as en } from '../../../shared-ui/src/locales/en/messages.ts';
import { messages as it } from '../../../shared-ui/src/locales/it/messages.ts';
import { currencyInUseMessage } from './stock-messages.ts';

const i18n = setupI18n({ locale: 'it', messages: { it, en } });
const say = (locale: 'it' | 'en', d: MessageDescriptor) => {
  i18n.activate(locale);
  return i18n._(d);
};

test('409 currency_in_use names the currency and the counts', () => {
  const d = currencyInUseMessage({ currency: 'EUR', prices: 7, movements: 0 });
  expect(say('it', d)).toBe(
    'Non puoi cambiare la valuta: lo strumento ha prezzi o movimenti in EUR (prezzi: 7, movimenti: 0), che verrebbero rietichettati senza essere convertiti.',
  );
  expect(say('en', d)).toContain('(prices: 7, movements: 0)');
});
