// Worked examples for the codice fiscale and partita IVA checks.
import { describe, expect, test } from 'vitest';
import {
  birthDateFromTaxCode,
  checkTaxCode,
  checkVat,
  deOmocodia,
  normalizeTaxCode,
  normalizeVat,
  taxCodeCheckChar,
  vatCheckDigit,
} from './italian-ids.ts';

describe('codice fiscale', () => {
  test.each(['RSSMRA80A01H501U', 'BNCGLI75M45F205M', 'VRDLCU62C12L219G', 'FRRGNN58T10D612I'])('%s is valid', (c) => {
    expect(checkTaxCode(c)).toBeNull();
  });

  test('lower case and blanks are normalized before checking', () => {
    expect(normalizeTaxCode(' rssmra80a01 h501u ')).toBe('RSSMRA80A01H501U');
    expect(checkTaxCode('rssmra80a01h501u')).toBeNull();
  });

  test('the check character: worked example for RSSMRA80A01H501', () => {
    // Odd positions (1st, 3rd, ...) R S R 8 A 1 5 1 -> 8+12+8+19+1+0+13+0 = 61;
    // even positions S M A 0 0 H 0 -> 18+12+0+0+0+7+0 = 37; (61 + 37) mod 26 = 20 -> U.
    expect(taxCodeCheckChar('RSSMRA80A01H501')).toBe('U');
  });

  test('a wrong check character is invalid', () => {
    expect(checkTaxCode('RSSMRA80A01H501A')).toBe('invalid_tax_code');
    expect(checkTaxCode('BNCGLI75M45F205N')).toBe('invalid_tax_code');
  });

  test('an omocodic code (last digit 1 -> M, check char recomputed) is valid and maps back to the base code', () => {
    // Position 15 is odd: '1' counts 0, 'M' counts 18; (20 + 18) mod 26 = 12 -> M.
    expect(checkTaxCode('RSSMRA80A01H50MM')).toBeNull();
    expect(deOmocodia('RSSMRA80A01H50MM')).toBe('RSSMRA80A01H501U');
    // Every digit replaced.
    expect(checkTaxCode('RSSMRAULALMHRLMD')).toBeNull();
    expect(deOmocodia('RSSMRAULALMHRLMD')).toBe('RSSMRA80A01H501U');
  });

  test.each([
    ['', 'missing_tax_code'],
    [null, 'missing_tax_code'],
    ['RSSMRA80A01H501', 'invalid_tax_code'], // 15 characters
    ['RSSMRA80A01H501UX', 'invalid_tax_code'], // 17 characters
    ['RSSMRA80Z01H501U', 'invalid_tax_code'], // Z is no month
    ['RSSMRA80A00H501U', 'invalid_tax_code'], // day 00
    ['RSSMRA80A35H501U', 'invalid_tax_code'], // day 35 (neither man nor woman)
    ['RSSMRA8WA01H501U', 'invalid_tax_code'], // W is no omocodia letter
    ['12345678903', 'invalid_tax_code'], // a VAT number is no personal code
  ])('%s -> %s', (code, problem) => {
    expect(checkTaxCode(code)).toBe(problem);
  });
});

describe('birth date from a codice fiscale', () => {
  test('a man born 1 January 1980, a woman born 5 August 1975 (day 45)', () => {
    expect(birthDateFromTaxCode('RSSMRA80A01H501U', '2026-11-26')).toBe('1980-01-01');
    expect(birthDateFromTaxCode('BNCGLI75M45F205M', '2026-11-26')).toBe('1975-08-05');
  });
  test('the century puts the date on or before today; omocodia letters are digits', () => {
    expect(birthDateFromTaxCode('RSSMRA80A01H50MM', '2026-11-26')).toBe('1980-01-01');
    expect(birthDateFromTaxCode('RSSMRAULALMHRLMD', '2026-11-26')).toBe('1980-01-01');
  });
  test('an invalid code has no birth date', () => {
    expect(birthDateFromTaxCode('RSSMRA80A01H501A', '2026-11-26')).toBeNull();
    expect(birthDateFromTaxCode(null, '2026-11-26')).toBeNull();
  });
});

describe('partita IVA', () => {
  test('12345678903: worked example of the check digit', () => {
    // Odd positions 1 3 5 7 9 -> 25; even positions 2 4 6 8 0 doubled (minus 9 above 9) 4 8 3 7 0 -> 22;
    // 47 -> (10 - 7) mod 10 = 3, which is the 11th digit: valid.
    expect(vatCheckDigit('1234567890')).toBe(3);
    expect(checkVat('12345678903')).toBeNull();
  });

  test('00743110157 (a known registered number) is valid, also with an IT prefix and blanks', () => {
    expect(checkVat('00743110157')).toBeNull();
    expect(checkVat('IT 00743110157')).toBeNull();
    expect(normalizeVat('it00743110157')).toBe('00743110157');
  });

  test.each([
    ['', 'missing_vat'],
    [undefined, 'missing_vat'],
    ['00743110158', 'invalid_vat'], // wrong check digit
    ['12345678901', 'invalid_vat'],
    ['0074311015', 'invalid_vat'], // 10 digits
    ['0074311015A', 'invalid_vat'],
    ['00000000000', 'invalid_vat'], // passes Luhn but is no number
  ])('%s -> %s', (vat, problem) => {
    expect(checkVat(vat)).toBe(problem);
  });
});
