// Number formats and colours of spec section 9 as the PDF shows them.
import { describe, expect, test } from 'vitest';
import {
  date,
  hexToRgb,
  money,
  NEGATIVE_COLOR,
  POSITIVE_COLOR,
  POSITIVE_TEAL,
  performanceColor,
  performancePercent,
  price,
  quantity,
} from './format.ts';

describe('number formats', () => {
  test('money 2 decimals, quantity 3, price 4, in de-DE for Italian and en-GB for English', () => {
    expect(money(1234.5, 'it')).toBe('1.234,50 €');
    expect(money(1234.5, 'en')).toBe('1,234.50 €');
    expect(quantity(1234.5, 'it')).toBe('1.234,500');
    expect(price(12.3, 'en')).toBe('12.3000');
    expect(money(null, 'it')).toBe('–');
  });
  test('performance in percent points with 2 decimals', () => {
    expect(performancePercent(5.234, 'it')).toBe('5,23%');
    expect(performancePercent(-0.5, 'en')).toBe('-0.50%');
  });
});

describe('dates', () => {
  test('day first in both languages: English is British (en-GB, under the UK flag)', () => {
    expect(date('2024-10-31', 'it')).toBe('31/10/2024');
    expect(date('2024-10-31', 'en')).toBe('31/10/2024');
  });
});

describe('performance colours', () => {
  test('green or teal above zero, red below, grey at zero and missing', () => {
    expect(performanceColor(1.2)).toBe(POSITIVE_COLOR);
    expect(performanceColor(1.2, true)).toBe(POSITIVE_TEAL);
    expect(performanceColor(-0.01)).toBe(NEGATIVE_COLOR);
    expect(performanceColor(0)).toBe('#9aa5ad');
    expect(performanceColor(null)).toBe('#9aa5ad');
  });
  test('hex to RGB for jsPDF', () => {
    expect(hexToRgb('#14837b')).toEqual([20, 131, 123]);
    expect(() => hexToRgb('hsl(0,0%,0%)')).toThrow();
  });
});
