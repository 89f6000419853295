// The words of the practice's documents (/docs) and of the support tickets (/support) that come from the contract's
// codes: document categories, ticket categories and states.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DocumentCategory, TicketCategory, TicketState } from '@patrimonio/shared-api';

export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, MessageDescriptor> = {
  MANDATE: msg`Mandato`,
  MIFID_QUESTIONNAIRE: msg`Questionario MiFID`,
  IDENTITY_DOCUMENT: msg`Documento d'identità`,
  CONTRACT: msg`Contratto`,
  OTHER: msg`Altro`,
};

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, MessageDescriptor> = {
  ACCESS: msg`Accesso e account`,
  DATA: msg`Dati e movimenti`,
  REPORT: msg`Report`,
  BILLING: msg`Abbonamento e pagamenti`,
  OTHER: msg`Altro`,
};

export const TICKET_STATE_LABELS: Record<TicketState, MessageDescriptor> = {
  OPEN: msg`Aperto`,
  IN_PROGRESS: msg`In lavorazione`,
  CLOSED: msg`Chiuso`,
};

export const PRACTICE_TOASTS = {
  documentUploaded: msg`Documento caricato`,
  ticketOpened: msg`Ticket aperto`,
  replySent: msg`Risposta inviata`,
  ticketAssigned: msg`Ticket assegnato`,
  ticketClosed: msg`Ticket chiuso`,
  ticketReopened: msg`Ticket riaperto`,
  downloadFailed: msg`Impossibile scaricare il file`,
};
