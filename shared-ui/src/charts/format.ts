// Labels of the charts in a given locale (the chart's own, from its Lingui context, so a widget with a `lang`
// attribute formats in its language): money with 2 decimals, percent points, K/M/B/T on the axes, dates as L.

import { abbreviate, formatMoney, formatNumber, formatPercent } from '../format/numbers.ts';
import { intlLocale, type Locale } from '../i18n/locale.ts';

/** Money, percent points, or a count (whole numbers: files, rows). */
export type ValueFormat = 'money' | 'percent' | 'count';

/** A tooltip or table value: '1.234,50 €', '12,35%' or '1.234'. */
export function formatValue(v: number | null | undefined, format: ValueFormat, locale: Locale, symbol = '€'): string {
  if (format === 'count') return formatNumber(v, 0, locale);
  return format === 'money' ? formatMoney(v, symbol, locale) : formatPercent(v, locale);
}

/** An axis tick: abbreviated, '1,5M €' or '12%'. */
export function formatAxis(v: number, format: ValueFormat, locale: Locale, symbol = '€'): string {
  if (!Number.isFinite(v)) return '';
  if (format === 'count') return abbreviate(v, locale);
  return format === 'money' ? `${abbreviate(v, locale)} ${symbol}` : `${abbreviate(v, locale)}%`;
}

/**
 * The value axis of a count (files, rows): whole-number ticks only, from 0 to the largest value rounded up to a step
 * of 1, 2 or 5 times a power of ten, at most 5 steps (3 files: 0, 1, 2, 3; 23 rows: 0, 5, 10, 15, 20, 25).
 */
export function countAxis(largest: number): { min: number; max: number; tickAmount: number } {
  const top = Math.max(1, Math.ceil(Number.isFinite(largest) ? largest : 0));
  let step = 1;
  for (let power = 1; top / step > 5; power *= 10) {
    step = [1, 2, 5].map((m) => m * power).find((s) => top / s <= 5) ?? 10 * power;
  }
  const max = Math.ceil(top / step) * step;
  return { min: 0, max, tickAmount: max / step };
}

const monthYear = new Map<Locale, Intl.DateTimeFormat>();
/** A date axis tick from a UTC timestamp: 'gen 24' (Italian) or 'Jan 24' (English). */
export function formatMonthTick(t: number, locale: Locale): string {
  if (!Number.isFinite(t)) return '';
  let f = monthYear.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    });
    monthYear.set(locale, f);
  }
  return f.format(new Date(t));
}
