// Translated labels of the chrome: roles, menu entries, legal documents.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '@patrimonio/shared-api';
import type { LegalDocument } from './legal.ts';
import type { MenuKey } from './menu.ts';

export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  ADMIN: msg`Amministratore`,
  BACK_OFFICE: msg`Back office`,
  PRO: msg`Consulente`,
  DELEGATE: msg`Delegato`,
  BASIC: msg`Cliente`,
};

export const MENU_LABELS: Record<MenuKey, MessageDescriptor> = {
  overview: msg`Panoramica`,
  heritage: msg({ context: 'side menu group of assets', message: 'Patrimonio' }),
  financial: msg`Finanziario`,
  position: msg`Posizione`,
  performance: msg`Performance`,
  movements: msg`Movimenti`,
  financialsLegacy: msg`Finanziario (legacy)`,
  realEstate: msg`Immobiliare`,
  shares: msg`Partecipazioni`,
  artLuxury: msg`Arte e lusso`,
  humanCapital: msg`Capitale umano`,
  goals: msg`Obiettivi`,
  clientInfo: msg`Anagrafica cliente`,
  widgets: msg`Widget per il tuo sito`,
  report: msg`Scarica report`,
  clients: msg`Clienti`,
  stocks: msg`Titoli`,
  middleOffice: msg`Middle office`,
  pendingMovements: msg`Movimenti in attesa`,
  controls: msg`Controlli`,
  delegates: msg`Delegati`,
  docs: msg`Documenti`,
  dashboard: msg`Dashboard`,
  fileExchange: msg`Scambio file`,
  server: msg`Server`,
  counterparts: msg`Controparti`,
  importActivity: msg`Attività di importazione`,
  fileLog: msg`Log dei file`,
  mapping: msg`Mappatura`,
  audit: msg`Audit`,
  subscriptions: msg`Abbonamenti`,
  support: msg`Assistenza`,
};

export const LEGAL_LABELS: Record<LegalDocument, MessageDescriptor> = {
  terms: msg`Termini e condizioni`,
  sicom: msg`Informativa SICOM`,
  'tulps-license': msg`Licenza TULPS`,
  'tulps-fee': msg`Tariffe TULPS`,
  'iso-certificate': msg`Certificato ISO`,
  'privacy-client': msg`Informativa privacy per i clienti`,
  'privacy-pro': msg`Informativa privacy per i professionisti`,
};
