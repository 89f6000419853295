// Translated labels of the subscription codes (shared-api subscription-codes.ts).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PlanFeature, PlanPeriod, SubscriptionState } from '@patrimonio/shared-api';

export const FEATURE_LABELS: Record<PlanFeature, MessageDescriptor> = {
  PORTFOLIOS: msg`Portafogli e conti`,
  ANALYTICS: msg`Analisi e rendimenti`,
  REPORTS: msg`Report in PDF`,
  PLANNING: msg`Pianificazione e obiettivi`,
  CLIENTS_UNLIMITED: msg`Clienti illimitati`,
  DELEGATES: msg`Assistenti`,
  PRIORITY_SUPPORT: msg`Assistenza prioritaria`,
};

export const PERIOD_LABELS: Record<PlanPeriod, MessageDescriptor> = {
  MONTH: msg`al mese`,
  YEAR: msg`all'anno`,
};

export const STATE_LABELS: Record<SubscriptionState, MessageDescriptor> = {
  SUBSCRIBED: msg`Abbonato`,
  TRIAL: msg`In prova`,
  TRIAL_ENDED: msg`Prova terminata`,
  NONE: msg`Non attivo`,
};
