// Number formats (spec section 9): 2 decimals for money, 3 for quantities, 4 for prices; locale de-DE for
// Italian and en-US for English; K above 999, M above 999,999, B and T above 1e9 and 1e12; file sizes in kb,
// or mb above 1000 kb. Null, undefined and non-finite values show as a dash.
import { currentLocale, type Locale, numberLocale } from '../i18n/i18n.ts';

export const DASH = '–';

const cache = new Map<string, Intl.NumberFormat>();
function formatter(locale: Locale, digits: number, extra: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${digits}|${JSON.stringify(extra)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(locale), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...extra,
    });
    cache.set(key, f);
  }
  return f;
}

const usable = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** A number with fixed decimals (default 2). Worked example: formatNumber(1234.5, 2, 'it') = '1.234,50'. */
export function formatNumber(v: number | null | undefined, digits = 2, locale: Locale = currentLocale()): string {
  return usable(v) ? formatter(locale, digits).format(v) : DASH;
}

/** Money, 2 decimals, with the symbol after the number (default €): formatMoney(1234.5) = '1.234,50 €' in Italian, '1,234.50 €' in English. */
export function formatMoney(v: number | null | undefined, symbol = '€', locale: Locale = currentLocale()): string {
  return usable(v) ? `${formatter(locale, 2).format(v)} ${symbol}` : DASH;
}

export const formatQuantity = (v: number | null | undefined, locale: Locale = currentLocale()) =>
  formatNumber(v, 3, locale);
export const formatPrice = (v: number | null | undefined, locale: Locale = currentLocale()) =>
  formatNumber(v, 4, locale);

/** Percent points with 2 decimals: formatPercent(12.345) = '12,35%' (Italian). */
export function formatPercent(v: number | null | undefined, locale: Locale = currentLocale()): string {
  return usable(v) ? `${formatter(locale, 2).format(v)}%` : DASH;
}

const UNITS: ReadonlyArray<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * Abbreviated: K above 999, M above 999,999, B from 1e9, T from 1e12, with up to 2 decimals.
 * Worked example: abbreviate(1500) = '1,5K' (Italian), abbreviate(2_340_000, 'en') = '2.34M', abbreviate(999) = '999'.
 */
export function abbreviate(v: number | null | undefined, locale: Locale = currentLocale()): string {
  if (!usable(v)) return DASH;
  const abs = Math.abs(v);
  for (const [size, unit] of UNITS) {
    if (abs >= size) return `${formatter(locale, 0, { maximumFractionDigits: 2 }).format(v / size)}${unit}`;
  }
  return formatter(locale, 0, { maximumFractionDigits: 2 }).format(v);
}

/** File sizes: kb, or mb above 1000 kb (decimal units). formatFileSize(2_500_000) = '2,5 mb'. */
export function formatFileSize(bytes: number, locale: Locale = currentLocale()): string {
  const kb = bytes / 1000;
  const f = formatter(locale, 0, { maximumFractionDigits: 1 });
  return kb > 1000 ? `${f.format(kb / 1000)} mb` : `${f.format(kb)} kb`;
}
