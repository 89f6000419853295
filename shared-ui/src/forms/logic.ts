// The pure side of the form controls (spec portal-and-report section 5, data-and-admin section 5): reading
// numbers typed in either locale, percent points to fractions, and the date picker's range and year buttons.
import { DATE_MAX, DATE_MIN } from '@patrimonio/shared-api/constants';
import { type Locale, numberLocale } from '../i18n/locale.ts';
import { normalizeText } from '../table/model.ts';

/** Separators as typed: Italian (de-DE numbers) groups with '.' and decimals with ','; English the reverse. */
export const NUMBER_SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  it: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

export type NumberError = 'format' | 'negative' | 'decimals' | 'range';

export interface NumberRules {
  /** Most decimals accepted (money 2, percent 2). */
  decimals: number;
  /** Lowest value; below it the error is 'negative' when min is 0, else 'range'. */
  min?: number;
  /** Highest value ('range' above it). */
  max?: number;
}

export type NumberReading = { value: number | null; error: null } | { value: null; error: NumberError };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a number typed in the given locale: '1.234,56' in Italian and '1,234.56' in English are both 1234.56.
 * Grouping is optional but, when used, must be in threes (so '1.5' in Italian is an error, not 15); a trailing
 * decimal separator ('12,') is accepted while typing. Spaces, '€', '%' and `strip` (a currency symbol) are
 * ignored. Empty text is `null`.
 */
export function readNumber(text: string, locale: Locale, rules: NumberRules, strip = ''): NumberReading {
  const { group, decimal } = NUMBER_SEPARATORS[locale];
  let s = text.replace(/[\s\u00a0\u202f€%]/g, '');
  if (strip) s = s.split(strip).join('');
  if (s === '') return { value: null, error: null };
  const g = escapeRe(group);
  const d = escapeRe(decimal);
  const m = new RegExp(`^([-+]?)((?:\\d{1,3}(?:${g}\\d{3})+)|\\d*)(?:${d}(\\d*))?$`).exec(s);
  const [, sign = '', whole = '', fraction = ''] = m ?? [];
  if (!m || (whole === '' && fraction === '')) return { value: null, error: 'format' };
  const value = Number(`${sign}${whole.split(group).join('') || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return { value: null, error: 'format' };
  if (rules.min !== undefined && value < rules.min)
    return { value: null, error: rules.min === 0 ? 'negative' : 'range' };
  if (rules.max !== undefined && value > rules.max) return { value: null, error: 'range' };
  if (fraction.length > rules.decimals) return { value: null, error: 'decimals' };
  return { value: value === 0 ? 0 : value, error: null };
}

const formatters = new Map<string, Intl.NumberFormat>();

/** A number as the input shows it when not being edited: grouped, with `minDecimals` to `maxDecimals` digits. */
export function formatForInput(
  value: number | null | undefined,
  locale: Locale,
  minDecimals: number,
  maxDecimals: number,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const key = `${locale}|${minDecimals}|${maxDecimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(locale), {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
    });
    formatters.set(key, f);
  }
  return f.format(value);
}

/** Percent points (25) to the stored fraction (0.25), exact to the 2 decimals of the points. */
export const percentToFraction = (points: number): number => Math.round(points * 100) / 10_000;

/** The stored fraction (0.25) to percent points (25), rounded to 2 decimals. */
export const fractionToPercent = (fraction: number): number => Math.round(fraction * 10_000) / 100;

/** Percent bounds (spec: maximum 100; the hint says 'tra 0 e 100'). */
export const PERCENT_MIN = 0;
export const PERCENT_MAX = 100;
export const PERCENT_DECIMALS = 2;
/** Money: 2 decimals, no negatives, € unless the owner's currency says otherwise. */
export const MONEY_DECIMALS = 2;
export const DEFAULT_CURRENCY_SYMBOL = '€';

/**
 * Date picker range (spec section 9: years 1950 to 2100), the contract's (every date a request carries is in it:
 * shared-api/src/contract/limits.ts), and its quick buttons (+5, +10, +15, +20 years).
 */
export { DATE_MAX, DATE_MIN };
export const QUICK_YEARS = [5, 10, 15, 20] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Whether `s` is a real calendar date written YYYY-MM-DD ('2023-02-29' is not). */
export function isIsoDate(s: string | null | undefined): s is string {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** YYYY-MM-DD plus whole years; 29 February becomes 28 February in a common year (2024-02-29 + 5 = 2029-02-28). */
export function addYearsIso(iso: string, years: number): string {
  const [y, mo, d] = iso.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const lastDay = new Date(Date.UTC(year, mo, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(mo)}-${pad(Math.min(d, lastDay))}`;
}

export type DateError = 'invalid' | 'range';

/** Null when `s` is empty or a valid date in [min, max]; otherwise why not. ISO dates compare as strings. */
export function dateError(s: string, min = DATE_MIN, max = DATE_MAX): DateError | null {
  if (s === '') return null;
  if (!isIsoDate(s)) return 'invalid';
  return s < min || s > max ? 'range' : null;
}

export type DateReading = { value: string | null; error: null } | { value: null; error: DateError };

/** Day first: d/m/yyyy or dd/mm/yyyy, the same separator ('/', '.' or '-') twice. */
const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
/** ISO, the year first (never read as a day): yyyy-mm-dd. */
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a date as typed in the date picker, in both languages (day first, as shown: issue 22): '31/12/2025',
 * '1.2.2025', '31-12-2025' and the ISO '2025-12-31' are dates; a two-digit year ('31/12/25'), a month-first
 * reading ('12/31/2025'), an impossible day ('31/02/2025') or anything else is 'invalid', never guessed; a date
 * outside [min, max] is 'range'. The value is YYYY-MM-DD; empty text is `null` without an error.
 */
export function readDate(text: string, min = DATE_MIN, max = DATE_MAX): DateReading {
  const s = text.trim();
  if (s === '') return { value: null, error: null };
  const day = DAY_FIRST.exec(s);
  const year = YEAR_FIRST.exec(s);
  const iso = day
    ? `${day[4]}-${pad(Number(day[3]))}-${pad(Number(day[1]))}`
    : year
      ? `${year[1]}-${year[2]}-${year[3]}`
      : '';
  const error = iso ? dateError(iso, min, max) : 'invalid';
  return error ? { value: null, error } : { value: iso, error: null };
}

/**
 * The options of a searchable select matching what was typed: every word of `term` in the option's label (lower case,
 * without accents, as the tables search), in their order; the chosen option (`keep`) always stays, so the select
 * never shows another value than the one chosen. An empty term keeps them all.
 */
export function matchOptions<O extends { value: string; label: string }>(
  options: readonly O[],
  term: string,
  keep: string | null = null,
): O[] {
  const words = normalizeText(term).split(/\s+/).filter(Boolean);
  if (!words.length) return [...options];
  return options.filter((o) => {
    if (keep && o.value === keep) return true;
    const label = normalizeText(o.label);
    return words.every((w) => label.includes(w));
  });
}
