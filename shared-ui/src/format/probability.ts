// A goal's probability of being reached (GET /goal/projection: a fraction 0..1 at full precision), as the goals page
// and the position page's goals panel show it: a whole percentage and a level in words with its colour.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentLocale, type Locale, numberLocale } from '../i18n/locale.ts';
import { DASH } from './numbers.ts';

export type ProbabilityLevel = 'high' | 'medium' | 'low';

/** From this probability a goal reads as likely. */
export const PROBABILITY_HIGH = 0.7;
/** Below this a goal reads as unlikely. */
export const PROBABILITY_LOW = 0.4;

/** The level of a probability: high from 70%, low under 40%, medium between. */
export function probabilityLevel(p: number): ProbabilityLevel {
  if (p >= PROBABILITY_HIGH) return 'high';
  if (p >= PROBABILITY_LOW) return 'medium';
  return 'low';
}

export const PROBABILITY_LEVEL_LABELS: Record<ProbabilityLevel, MessageDescriptor> = {
  high: msg`Probabile`,
  medium: msg`Incerto`,
  low: msg`Improbabile`,
};

/**
 * A probability as a whole percentage. Rounding never claims certainty it does not have: between 0 and 1% it reads
 * '< 1%', between 99% and 100% '> 99%'; exactly 0 and 1 read 0% and 100%. Worked example (Italian):
 * 0.7349 -> '73%', 0.996 -> '> 99%', 0.003 -> '< 1%'.
 */
export function formatProbability(p: number | null | undefined, locale: Locale = currentLocale()): string {
  if (typeof p !== 'number' || !Number.isFinite(p)) return DASH;
  const f = new Intl.NumberFormat(numberLocale(locale), { maximumFractionDigits: 0 });
  if (p > 0 && p < 0.01) return `< ${f.format(1)}%`;
  if (p > 0.99 && p < 1) return `> ${f.format(99)}%`;
  return `${f.format(Math.round(Math.min(1, Math.max(0, p)) * 100))}%`;
}
