// Number formats (spec section 9): 2 decimals for money, 3 for quantities, 4 for prices; locale de-DE for
// Italian and en-GB for English; K above 999, M above 999,999, B and T above 1e9 and 1e12; file sizes in kb,
// or mb above 1000 kb. Null, undefined and non-finite values show as a dash.
import { currentLocale, type Locale, numberLocale } from '../i18n/locale.ts';

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

/**
 * Percent points with 2 decimals: formatPercent(12.345) = '12,35%' (Italian). A figure that rounds to zero shows
 * without a sign (formatPercent(-0.004) = '0,00%'), as signAsShown reads it.
 */
export function formatPercent(v: number | null | undefined, locale: Locale = currentLocale()): string {
  return usable(v) ? `${formatter(locale, 2, { signDisplay: 'negative' }).format(v)}%` : DASH;
}

/**
 * The sign of a figure as shown with `digits` decimals (2 for returns and money): 1, -1, or 0 when it shows as
 * zero or is missing. Gain and loss colours follow it, so a return of 1e-7 (shown '0,00%') is neither green nor red.
 * It rounds as the display does: signAsShown(0.004) = 0, signAsShown(0.005) = 1 ('0,01%'), signAsShown(-0.004) = 0.
 */
export function signAsShown(v: number | null | undefined, digits = 2): -1 | 0 | 1 {
  if (!usable(v)) return 0;
  const shown = Number(formatter('en', digits, { useGrouping: false }).format(v));
  return shown > 0 ? 1 : shown < 0 ? -1 : 0;
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
