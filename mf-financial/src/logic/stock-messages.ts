// What the stock edit says when PUT /stock/{id} is refused with 409 currency_in_use, in the user's language.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorAnswer } from '@patrimonio/shared-ui';

/** 409 currency_in_use of PUT /stock/{id}: the instrument has prices or movements in its currency. */
export function currencyInUseMessage(params?: ErrorAnswer['params']): MessageDescriptor {
  const currency = String(params?.currency ?? '');
  const prices = String(params?.prices ?? '');
  const movements = String(params?.movements ?? '');
  return msg`Non puoi cambiare la valuta: lo strumento ha prezzi o movimenti in ${currency} (prezzi: ${prices}, movimenti: ${movements}), che verrebbero rietichettati senza essere convertiti.`;
}
