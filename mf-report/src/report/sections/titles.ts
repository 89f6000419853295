// The report's section names, numbered as the cover's contents ('01 Panoramica'), in the Lingui catalog.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContentsEntry } from '../../logic/plan.ts';

export const SECTION_NAMES: Record<ContentsEntry['section'], MessageDescriptor> = {
  overview: msg`Panoramica`,
  financial: msg`Finanziario`,
  realEstate: msg`Immobiliare`,
  shares: msg`Partecipazioni`,
  artLux: msg`Arte e beni di lusso`,
};

/** '01 Panoramica', '02 Finanziario', ... */
export const sectionTitle = (i18n: I18n, entry: ContentsEntry): string =>
  `${String(entry.number).padStart(2, '0')} ${i18n._(SECTION_NAMES[entry.section])}`;
