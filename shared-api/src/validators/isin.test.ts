// ISIN check worked examples: format and the Luhn check digit.
import { describe, expect, test } from 'vitest';
import { checkIsin, isValidIsin } from './isin.ts';

describe('ISIN check', () => {
  test.each(['IT0005438004', 'US0378331005', 'IE00B4L5Y983'])('%s validates', (isin) => {
    expect(checkIsin(isin)).toEqual({ valid: true, isin });
    expect(isValidIsin(isin)).toBe(true);
  });
  test.each(['IT0005438005', 'US0378331006', 'IE00B4L5Y984', 'I10005438004', 'IT000543800', 'IT000543800A'])(
    '%s is refused',
    (isin) => {
      expect(checkIsin(isin).valid).toBe(false);
      expect(isValidIsin(isin)).toBe(false);
    },
  );
  test('blanks and lower case are normalised', () => {
    expect(checkIsin(' it0005438004 ')).toEqual({ valid: true, isin: 'IT0005438004' });
  });
});
