// The columns the pending and the rejected lists share: client, portfolio, account, date, cause/subcause, instrument,
// quantity, price, amount in its currency, origin and author, translated in the current language.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Movement } from '@patrimonio/shared-api';
import { CAUSE_LABELS, MOVEMENT_ORIGIN_LABELS, SUBCAUSE_LABELS, type TableColumn } from '@patrimonio/shared-ui';
import { OTHER_SUBCAUSE } from './logic.ts';

/** "Commissione / Gestione": the cause, and for a FEE its subcause (none reads Altro). */
export function causeText(i18n: I18n, m: Pick<Movement, 'cause' | 'subcause'>): string {
  const cause = CAUSE_LABELS[m.cause] ? i18n._(CAUSE_LABELS[m.cause]!) : m.cause;
  if (m.cause !== 'FEE') return cause;
  const sub = SUBCAUSE_LABELS[m.subcause ?? OTHER_SUBCAUSE];
  return `${cause} / ${sub ? i18n._(sub) : m.subcause}`;
}

/** "IT0003132476 · Eni", the ISIN alone, or nothing. */
export const instrumentText = (m: Pick<Movement, 'isin' | 'instrumentName'>): string =>
  [m.isin, m.instrumentName].filter(Boolean).join(' · ');

/** "Portafoglio Intesa, Simulazione": the portfolios holding the account that the caller sees. */
export const portfoliosText = (m: Pick<Movement, 'portfolios'>): string => m.portfolios.join(', ');

export const originText = (i18n: I18n, m: Pick<Movement, 'origin'>): string =>
  MOVEMENT_ORIGIN_LABELS[m.origin] ? i18n._(MOVEMENT_ORIGIN_LABELS[m.origin]) : m.origin;

const T = {
  client: msg`Cliente`,
  portfolio: msg`Portafoglio`,
  account: msg`Conto`,
  date: msg`Data`,
  cause: msg`Causale`,
  instrument: msg`Strumento`,
  quantity: msg`Quantità`,
  price: msg`Prezzo`,
  amount: msg`Importo`,
  currency: msg`Valuta`,
  origin: msg`Origine`,
  author: msg`Inserito da`,
  description: msg`Descrizione`,
};

/** Hidden until shown from the column menu, so that the row actions stay in view on a laptop screen. */
const HIDDEN = new Set(['quantity', 'price', 'author', 'currency', 'description']);

/** The movement's own columns, in the order of the issue; `hidden` adds columns hidden by default. */
export function movementColumns(i18n: I18n, hidden: readonly string[] = []): TableColumn<Movement>[] {
  const columns: TableColumn<Movement>[] = [
    { key: 'client', title: i18n._(T.client), value: (r) => r.owner },
    { key: 'portfolio', title: i18n._(T.portfolio), value: portfoliosText },
    { key: 'account', title: i18n._(T.account), value: (r) => r.accountName },
    { key: 'dateTime', title: i18n._(T.date), type: 'dateTime', value: (r) => r.dateTime },
    { key: 'cause', title: i18n._(T.cause), value: (r) => causeText(i18n, r) },
    { key: 'instrument', title: i18n._(T.instrument), value: instrumentText, width: 260 },
    { key: 'quantity', title: i18n._(T.quantity), type: 'quantity', value: (r) => r.quantity },
    { key: 'price', title: i18n._(T.price), type: 'price', value: (r) => r.price },
    {
      key: 'amount',
      title: i18n._(T.amount),
      type: 'money',
      value: (r) => r.amount,
      currencySymbol: (r) => r.currencySymbol,
    },
    { key: 'currency', title: i18n._(T.currency), value: (r) => r.currency },
    { key: 'origin', title: i18n._(T.origin), value: (r) => originText(i18n, r) },
    { key: 'author', title: i18n._(T.author), value: (r) => r.author ?? '' },
    { key: 'description', title: i18n._(T.description), value: (r) => r.classification ?? '' },
  ];
  return columns.map((c) => (HIDDEN.has(c.key) || hidden.includes(c.key) ? { ...c, hiddenByDefault: true } : c));
}
