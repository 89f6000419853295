// Static legal and privacy documents, served by shared-ui at /shared-ui/legal/{locale}/{document}.html.
import type { Role } from '@patrimonio/shared-api';

export type LegalDocument =
  | 'terms'
  | 'sicom'
  | 'tulps-license'
  | 'tulps-fee'
  | 'iso-certificate'
  | 'privacy-client'
  | 'privacy-pro';

/** The documents listed in the footer's legal dialog, in order. */
export const LEGAL_DIALOG_DOCUMENTS = ['terms', 'sicom', 'tulps-license', 'tulps-fee', 'iso-certificate'] as const;

export const LEGAL_BASE_PATH = '/shared-ui/legal';

export function legalDocumentUrl(doc: LegalDocument, locale: 'it' | 'en'): string {
  return `${LEGAL_BASE_PATH}/${locale}/${doc}.html`;
}

/** BASIC users get the client privacy notice, everyone else the professional one. */
export function privacyDocumentFor(role: Role | null | undefined): LegalDocument {
  return role === 'BASIC' ? 'privacy-client' : 'privacy-pro';
}
