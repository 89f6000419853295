// The number and date formats of spec section 9, in both locales.
import { describe, expect, test } from 'vitest';
import { formatMonthTick } from '../charts/format.ts';
import { intlLocale, numberLocale } from '../i18n/locale.ts';
import { addDaysIso, formatDate, formatDateTime } from './dates.ts';
import {
  abbreviate,
  formatFileSize,
  formatMoney,
  formatPercent,
  formatPrice,
  formatQuantity,
  signAsShown,
} from './numbers.ts';
import { formatProbability, probabilityLevel } from './probability.ts';

// Intl puts a narrow no-break space in some outputs; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers', () => {
  test('money 2 decimals, quantities 3, prices 4, by locale', () => {
    expect(plain(formatMoney(1234.5, '€', 'it'))).toBe('1.234,50 €');
    expect(plain(formatMoney(1234.5, '$', 'en'))).toBe('1,234.50 $');
    expect(formatQuantity(10.12345, 'it')).toBe('10,123');
    expect(formatPrice(98.7, 'en')).toBe('98.7000');
    expect(formatPercent(-12.345, 'it')).toBe('-12,35%');
    expect(formatMoney(null, '€', 'it')).toBe('–');
    expect(formatMoney(Number.NaN, '€', 'it')).toBe('–');
  });
  test('the sign of a figure is the sign of what is shown with 2 decimals', () => {
    // Returns come with 8 decimals: 1e-7 shows as '0,00%' and must not be coloured as a gain.
    expect([formatPercent(0.004, 'it'), signAsShown(0.004)]).toEqual(['0,00%', 0]);
    expect([formatPercent(0.005, 'it'), signAsShown(0.005)]).toEqual(['0,01%', 1]);
    expect([formatPercent(-0.004, 'it'), signAsShown(-0.004)]).toEqual(['0,00%', 0]);
    expect([formatPercent(-0.005, 'it'), signAsShown(-0.005)]).toEqual(['-0,01%', -1]);
    expect(signAsShown(1e-7)).toBe(0);
    // Rounded as the display rounds (1.005 shows as '1,01'), with 3 decimals on request.
    expect(signAsShown(-1.005)).toBe(-1);
    expect(signAsShown(0.0004, 3)).toBe(0);
    expect(signAsShown(0.0005, 3)).toBe(1);
    expect(signAsShown(null)).toBe(0);
    expect(signAsShown(Number.NaN)).toBe(0);
  });
  test('abbreviations: K above 999, M above 999,999, B and T', () => {
    expect(abbreviate(999, 'en')).toBe('999');
    expect(abbreviate(1000, 'en')).toBe('1K');
    expect(abbreviate(1500, 'it')).toBe('1,5K');
    expect(abbreviate(999_999, 'en')).toBe('1,000K');
    expect(abbreviate(2_340_000, 'en')).toBe('2.34M');
    expect(abbreviate(-3_000_000_000, 'en')).toBe('-3B');
    expect(abbreviate(1.25e12, 'en')).toBe('1.25T');
  });
  test('file sizes in kb, mb above 1000 kb', () => {
    expect(formatFileSize(999_000, 'en')).toBe('999 kb');
    expect(formatFileSize(1_000_000, 'en')).toBe('1,000 kb');
    expect(formatFileSize(2_500_000, 'it')).toBe('2,5 mb');
  });
});

describe('dates', () => {
  test('L in each locale, LT 24-hour', () => {
    expect(formatDate('2026-11-21', 'it')).toBe('21/11/2026');
    expect(formatDate('2026-11-21', 'en')).toBe('21/11/2026');
    expect(formatDateTime('2026-11-21 09:05', 'it')).toBe('21/11/2026 09:05');
    expect(formatDateTime('2026-11-21 09:05', 'en')).toBe('21/11/2026 09:05');
    expect(formatDate('garbage', 'it')).toBe('–');
  });
  test("English is British (en-GB), as the language switcher's UK flag: day first, en digits, month names", () => {
    expect(intlLocale('en')).toBe('en-GB');
    expect(numberLocale('en')).toBe('en-GB');
    expect(formatDate('2026-02-03', 'en')).toBe('03/02/2026');
    expect(plain(formatMoney(1234567.891, '€', 'en'))).toBe('1,234,567.89 €');
    expect(formatMonthTick(Date.UTC(2026, 0, 15), 'en')).toBe('Jan 26');
    expect(formatMonthTick(Date.UTC(2026, 0, 15), 'it')).toBe('gen 26');
    // The Italian formats stay as they were.
    expect([intlLocale('it'), numberLocale('it')]).toEqual(['it-IT', 'de-DE']);
  });
  test('day arithmetic across month and year ends', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('goal probability', () => {
  test('a whole percentage that never rounds to certainty; levels at 40% and 70%', () => {
    expect(formatProbability(0.7349, 'it')).toBe('73%');
    expect(formatProbability(0.996, 'it')).toBe('> 99%');
    expect(formatProbability(0.003, 'en')).toBe('< 1%');
    expect(formatProbability(0, 'it')).toBe('0%');
    expect(formatProbability(1, 'it')).toBe('100%');
    expect(formatProbability(null, 'it')).toBe('–');
    expect([0.7, 0.6999, 0.4, 0.3999].map(probabilityLevel)).toEqual(['high', 'medium', 'medium', 'low']);
  });
});
