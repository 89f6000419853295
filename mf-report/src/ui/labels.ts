// The dialogs' translated names: report types, sections, date-range faults and the logo toasts.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReportSection } from '@patrimonio/shared-api';
import { formMessages, toastMessages } from '@patrimonio/shared-ui';
import type { DateRangeErrorCode } from '../logic/date-range.ts';
import type { ReportType } from '../logic/dialog.ts';
import type { LogoFileError } from '../logic/logo-file.ts';
import { SECTION_NAMES } from '../report/sections/titles.ts';

export const TYPE_NAMES: Record<ReportType, MessageDescriptor> = {
  synthetic: msg`Sintetico`,
  analytic: msg`Analitico`,
  custom: msg`Personalizzato`,
};

/** What each type contains (issue 7: "State this in the dialog's help text"). */
export const TYPE_CONTENTS: Record<ReportType, MessageDescriptor> = {
  synthetic: msg`Sintetico: copertina, panoramica, confronto e il riepilogo di ogni portafoglio.`,
  analytic: msg`Analitico: ogni sezione per tutti i portafogli idonei.`,
  custom: msg`Personalizzato: le sezioni e i portafogli scelti.`,
};

/** The six sections of the options, with the PDF's own section names (fees is part of the financial one there). */
export const SECTION_LABELS: Record<ReportSection, MessageDescriptor> = {
  ...SECTION_NAMES,
  fees: msg`Commissioni`,
};

/** The date-range faults of validateDateRange; the bounds are given as formatted dates. */
export function dateRangeMessage(code: DateRangeErrorCode): MessageDescriptor {
  switch (code) {
    case 'required':
      return formMessages.required;
    case 'invalid_date':
      return formMessages.dateInvalid;
    case 'before_min':
      return msg`La data non può precedere il primo giorno disponibile`;
    case 'after_max':
      return msg`La data non può seguire l'ultimo giorno disponibile`;
    case 'start_after_end':
      return msg`La data di inizio non può seguire quella di fine`;
    case 'no_portfolios':
      return msg`Nessun portafoglio con date valide per il report`;
  }
}

/** The toasts of a refused logo (portal-and-report 8), shared with the other uploads of the portal. */
export const LOGO_TOASTS: Record<LogoFileError, MessageDescriptor> = {
  file_too_large: toastMessages.fileTooLarge,
  too_many_files: toastMessages.tooManyFiles,
  bad_file_generic: toastMessages.badFileGeneric,
};
