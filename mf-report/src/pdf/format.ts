// The report's numbers and colours (spec portal-and-report section 9), on shared-ui's formatters so the PDF
// reads like the portal: money 2 decimals, quantities 3, prices 4, de-DE digits for Italian and en-GB for English
// (dates day first in both).
// Performance arrives in percent points (5.23 means 5.23%, the spec's "value divided by 100" as a fraction) and
// is shown with 2 decimals, green (or teal) above zero and red below.
import {
  formatDate,
  formatMoney,
  formatPercent,
  formatPrice,
  formatQuantity,
  type Locale,
  NEGATIVE_COLOR,
  POSITIVE_COLOR,
  POSITIVE_TEAL,
  signColor,
} from '@patrimonio/shared-ui';

export type { Locale };
export { NEGATIVE_COLOR, POSITIVE_COLOR, POSITIVE_TEAL };

/** The report's currency (spec section 9). */
export const REPORT_CURRENCY = 'EUR';
const EURO = '€';

/** money(1234.5, 'it') = '1.234,50 €'; money(1234.5, 'en') = '1,234.50 €'. */
export const money = (v: number | null | undefined, locale: Locale): string => formatMoney(v, EURO, locale);
/** quantity(1234.5, 'it') = '1.234,500'. */
export const quantity = (v: number | null | undefined, locale: Locale): string => formatQuantity(v, locale);
/** price(12.3, 'en') = '12.3000'. */
export const price = (v: number | null | undefined, locale: Locale): string => formatPrice(v, locale);
/** performancePercent(5.234, 'it') = '5,23%' (percent points in, as the API sends them). */
export const performancePercent = (v: number | null | undefined, locale: Locale): string => formatPercent(v, locale);
/** date('2024-10-31', 'it') = '31/10/2024', and the same in English (en-GB). */
export const date = (iso: string | null | undefined, locale: Locale): string => formatDate(iso, locale);

/** The colour of a performance: green (teal when asked, for totals and aggregates) above zero, red below, grey at 0. */
export const performanceColor = (v: number | null | undefined, teal = false): string =>
  signColor(v, teal ? POSITIVE_TEAL : POSITIVE_COLOR);

/** '#14837b' -> [20, 131, 123], for jsPDF and jspdf-autotable colours. */
export function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16), Number.parseInt(m[3]!, 16)];
}
