// The charts' labels: a count (files, rows) reads as a whole number, without a symbol, abbreviated on the axis.
import { describe, expect, it } from 'vitest';
import { formatAxis, formatValue } from './format.ts';

describe('the count format', () => {
  it('whole numbers in the locale, no symbol', () => {
    expect(formatValue(1234, 'count', 'it')).toBe('1.234');
    expect(formatValue(1234, 'count', 'en')).toBe('1,234');
    expect(formatValue(1234.5, 'money', 'it')).toBe('1.234,50 €');
  });
  it('abbreviated on the axis', () => {
    expect(formatAxis(1500000, 'count', 'it')).toBe('1,5M');
    expect(formatAxis(12, 'count', 'en')).toBe('12');
  });
});
