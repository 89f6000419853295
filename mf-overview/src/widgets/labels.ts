// The widgets page's labels (issue 20): each widget's name, a token's state, the answers of the token calls in words.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  WIDGET_TOKEN_MAX_LIVE,
  WIDGET_TOKEN_MAX_ORIGINS,
  type WidgetKind,
  type WidgetToken,
} from '@patrimonio/shared-api';

export const WIDGET_LABELS: Record<WidgetKind, MessageDescriptor> = {
  'portfolio-donut': msg`Portafoglio per asset class`,
  'fee-table': msg`Commissioni per trimestre`,
  'performance-bars': msg`Performance per asset class`,
  'trend-waterfall': msg`Andamento del portafoglio`,
  'business-chart': msg`Aziende di famiglia`,
  'artlux-donut': msg`Arte e lusso`,
  'projection-band': msg`Proiezione del patrimonio`,
  'wealth-total': msg`Patrimonio totale`,
};

export const WIDGET_TOKEN_STATE_LABELS: Record<WidgetToken['state'], MessageDescriptor> = {
  active: msg({ message: 'Attivo', context: 'widget token state' }),
  revoked: msg({ message: 'Revocato', context: 'widget token state' }),
  expired: msg({ message: 'Scaduto', context: 'widget token state' }),
};

/** The codes of the token calls, in words (409 and the 400s that name no field). */
export const WIDGET_TOKEN_ERRORS: Record<string, MessageDescriptor> = {
  widget_tokens_limit: msg`Ci sono già ${WIDGET_TOKEN_MAX_LIVE} token attivi: revocane uno prima di emetterne un altro.`,
};

/** The issue form's field errors beyond the common ones. */
export const WIDGET_FORM_ERRORS = {
  widgets: msg`Scegli almeno un widget`,
  originsRequired: msg`Indica almeno un'origine, una per riga`,
  tooManyOrigins: msg`Al massimo ${WIDGET_TOKEN_MAX_ORIGINS} origini`,
  expiry: msg`Scegli una data da oggi a un anno al massimo`,
  checkFields: msg`Controlla i campi evidenziati.`,
} satisfies Record<string, MessageDescriptor>;
