// Form rules of spec section 5: numbers typed in either locale, percent fractions, the date range and the
// quick year buttons, and request bodies through shared-api's normaliseBody.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../format/dates.ts';
import { toRequestBody } from './body.ts';
import {
  addYearsIso,
  DATE_MAX,
  DATE_MIN,
  dateError,
  formatForInput,
  fractionToPercent,
  isIsoDate,
  matchOptions,
  percentToFraction,
  readDate,
  readNumber,
} from './logic.ts';

const money = { decimals: 2, min: 0 };
const percent = { decimals: 2, min: 0, max: 100 };

describe('readNumber', () => {
  it('reads grouped and decimal numbers with the separators of each locale', () => {
    expect(readNumber('1.234,56', 'it', money)).toEqual({ value: 1234.56, error: null });
    expect(readNumber('1,234.56', 'en', money)).toEqual({ value: 1234.56, error: null });
    expect(readNumber('1234,5', 'it', money)).toEqual({ value: 1234.5, error: null });
    expect(readNumber('1234.5', 'en', money)).toEqual({ value: 1234.5, error: null });
    expect(readNumber('1.234.567', 'it', money).value).toBe(1_234_567);
    expect(readNumber(' 12 ', 'it', money).value).toBe(12);
    expect(readNumber(',5', 'it', money).value).toBe(0.5);
    // A trailing separator while typing.
    expect(readNumber('12,', 'it', money).value).toBe(12);
  });

  it('treats the other locale as a format error rather than guessing', () => {
    // '1.5' in Italian would be 15 if dots were dropped: not in threes, so an error.
    expect(readNumber('1.5', 'it', money).error).toBe('format');
    expect(readNumber('1,234.56', 'it', money).error).toBe('format');
    expect(readNumber('1.234,56', 'en', money).error).toBe('format');
    // '1.500' is one thousand five hundred in Italian and one and a half in English.
    expect(readNumber('1.500', 'it', money).value).toBe(1500);
    expect(readNumber('1.500', 'en', { decimals: 3 }).value).toBe(1.5);
    expect(readNumber('abc', 'en', money).error).toBe('format');
    expect(readNumber('1,2,3', 'it', money).error).toBe('format');
    expect(readNumber('-', 'it', money).error).toBe('format');
  });

  it('ignores the symbols a pasted amount may carry', () => {
    expect(readNumber('1.234,56 €', 'it', money).value).toBe(1234.56);
    expect(readNumber('CHF 10.5', 'en', money, 'CHF').value).toBe(10.5);
    expect(readNumber('25%', 'it', percent).value).toBe(25);
    expect(readNumber('1\u00a0234,5', 'it', money).value).toBe(1234.5);
  });

  it('is empty as null', () => {
    expect(readNumber('', 'it', money)).toEqual({ value: null, error: null });
    expect(readNumber('   ', 'en', money)).toEqual({ value: null, error: null });
  });

  it('rejects negatives for money, too many decimals, and values out of range', () => {
    expect(readNumber('-5', 'it', money).error).toBe('negative');
    expect(readNumber('-0.01', 'en', money).error).toBe('negative');
    expect(readNumber('-0', 'it', money)).toEqual({ value: 0, error: null });
    expect(readNumber('1,234', 'it', money).error).toBe('decimals');
    expect(readNumber('10.125', 'en', money).error).toBe('decimals');
    expect(readNumber('150', 'it', percent).error).toBe('range');
    expect(readNumber('100', 'it', percent).value).toBe(100);
    expect(readNumber('100,01', 'it', percent).error).toBe('range');
    expect(readNumber('-1', 'it', { decimals: 0, min: 5 }).error).toBe('range');
  });
});

describe('percent fractions', () => {
  it('stores 25 as 0.25 and shows 0.25 as 25, exact to 2 decimals', () => {
    expect(percentToFraction(25)).toBe(0.25);
    expect(percentToFraction(12.34)).toBe(0.1234);
    expect(percentToFraction(100)).toBe(1);
    expect(percentToFraction(0)).toBe(0);
    expect(fractionToPercent(0.25)).toBe(25);
    expect(fractionToPercent(0.1234)).toBe(12.34);
    expect(fractionToPercent(0.07)).toBe(7);
    expect(fractionToPercent(percentToFraction(33.33))).toBe(33.33);
  });

  it('formats for the input in each locale', () => {
    expect(formatForInput(25, 'it', 0, 2)).toBe('25');
    expect(formatForInput(12.5, 'it', 0, 2)).toBe('12,5');
    expect(formatForInput(1234.5, 'it', 2, 2)).toBe('1.234,50');
    expect(formatForInput(1234.5, 'en', 2, 2)).toBe('1,234.50');
    expect(formatForInput(null, 'en', 2, 2)).toBe('');
  });
});

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('24-01-01')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('adds years, 29 February becoming 28 February in a common year', () => {
    expect(addYearsIso('2024-02-29', 5)).toBe('2029-02-28');
    expect(addYearsIso('2024-02-29', 20)).toBe('2044-02-29');
    expect(addYearsIso('2026-11-21', 10)).toBe('2036-11-21');
    expect(addYearsIso('1999-12-31', 15)).toBe('2014-12-31');
  });

  it('accepts 1950-01-01 to 2100-12-31 only', () => {
    expect(DATE_MIN).toBe('1950-01-01');
    expect(DATE_MAX).toBe('2100-12-31');
    expect(dateError('')).toBeNull();
    expect(dateError('1950-01-01')).toBeNull();
    expect(dateError('2100-12-31')).toBeNull();
    expect(dateError('1949-12-31')).toBe('range');
    expect(dateError('2101-01-01')).toBe('range');
    expect(dateError('2023-02-29')).toBe('invalid');
    expect(dateError('2024-06-01', '2024-07-01')).toBe('range');
  });

  it('reads a typed date day first with /, . or -, or as ISO, and shows it back as dd/mm/yyyy', () => {
    for (const typed of ['31/12/2025', '31.12.2025', '31-12-2025', ' 31/12/2025 ', '2025-12-31']) {
      expect(readDate(typed), typed).toEqual({ value: '2025-12-31', error: null });
    }
    expect(readDate('1/2/2025')).toEqual({ value: '2025-02-01', error: null });
    expect(readDate('01/02/2025').value).toBe('2025-02-01');
    expect(readDate('29/02/2024').value).toBe('2024-02-29');
    expect(formatDate(readDate('1.2.2025').value)).toBe('01/02/2025');
    expect(readDate('')).toEqual({ value: null, error: null });
    expect(readDate('   ')).toEqual({ value: null, error: null });
  });

  it('never guesses: two-digit years, month first, impossible days and mixed separators are invalid', () => {
    for (const typed of [
      '12/31/2025',
      '31/12/25',
      '31/02/2025',
      '29/02/2023',
      '00/01/2025',
      '31/12-2025',
      '2025/12/31',
      '2025-31-12',
      '2025-1-5',
      '31122025',
      '31/12/2025x',
      'domani',
    ]) {
      expect(readDate(typed), typed).toEqual({ value: null, error: 'invalid' });
    }
  });

  it('refuses a real date outside 1950-2100 or the given bounds as out of range', () => {
    expect(readDate('31/12/1949')).toEqual({ value: null, error: 'range' });
    expect(readDate('2101-01-01')).toEqual({ value: null, error: 'range' });
    expect(readDate('01/01/1950').value).toBe('1950-01-01');
    expect(readDate('30/06/2024', '2024-07-01')).toEqual({ value: null, error: 'range' });
    expect(readDate('02/07/2024', '2024-07-01', '2024-07-01')).toEqual({ value: null, error: 'range' });
    expect(readDate('1/7/2024', '2024-07-01', '2024-07-01').value).toBe('2024-07-01');
  });
});

describe('toRequestBody', () => {
  it('turns empty strings into null and dates into zone-less date-times, at any depth', () => {
    const body = toRequestBody({
      description: 'Casa al mare',
      note: '',
      amount: 250000,
      percOwned: 0.5,
      when: new Date(2026, 0, 2, 9, 30, 0),
      users: [{ name: '', weight: 1 }],
      initDate: '2026-01-02',
    });
    expect(body).toEqual({
      description: 'Casa al mare',
      note: null,
      amount: 250000,
      percOwned: 0.5,
      when: '2026-01-02T09:30:00',
      users: [{ name: null, weight: 1 }],
      initDate: '2026-01-02',
    });
    // Idempotent: the API client applies the same rule again when sending.
    expect(toRequestBody(body)).toEqual(body);
  });
});

describe('matchOptions (the searchable select)', () => {
  const clients = [
    { value: '1', label: 'Mario Rossi · RSSMRA80A01H501U' },
    { value: '2', label: 'Anna Bianchi · BNCNNA75B41F205X' },
    { value: '3', label: 'Società Agricola Rossi S.r.l. · 01234567890' },
  ];
  it('keeps the options holding every word typed, in any case and without accents, in their order', () => {
    expect(matchOptions(clients, 'rossi').map((o) => o.value)).toEqual(['1', '3']);
    expect(matchOptions(clients, '  SOCIETA  rossi ').map((o) => o.value)).toEqual(['3']);
    expect(matchOptions(clients, 'bnc').map((o) => o.value)).toEqual(['2']);
    expect(matchOptions(clients, 'verdi')).toEqual([]);
  });
  it('an empty term keeps them all; the chosen option always stays', () => {
    expect(matchOptions(clients, '   ')).toEqual(clients);
    expect(matchOptions(clients, 'anna', '1').map((o) => o.value)).toEqual(['1', '2']);
  });
});
